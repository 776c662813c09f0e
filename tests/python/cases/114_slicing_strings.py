s = "hello world"
print(s[0], s[-1], s[:5], s[6:])
print(s[::-1], s[::2], s[1:8:3])
print(repr(s[5:5]), s[-5:], s[:-6])
print("abc"[::-2], "abc"[10:], repr("abc"[3:]))
