total = 10
count = 0
print("computing")
print(total / count)
