xs = [3, 1, 4, 1, 5, 9, 2, 6]
xs.sort()
print(xs)
xs.sort(reverse=True)
print(xs)
words = ["banana", "Apple", "cherry", "date"]
words.sort(key=len)
print(words)
words.sort(key=str.lower)
print(words)
words.sort(key=lambda w: w[-1], reverse=True)
print(words)
