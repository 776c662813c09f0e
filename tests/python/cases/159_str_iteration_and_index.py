s = "hey"
for i, ch in enumerate(s):
    print(i, ch)
print(list(s), s[1], s[-1])
print(sorted("python"), "".join(reversed("abc")))
