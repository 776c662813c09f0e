s = "  a b  c  "
print(s.split())
print(s.split(" "))
print("a,b,,c".split(","))
print("a,b,c,d".split(",", 2))
print("a b c".split(maxsplit=1))
print("".split(), "".split(","))
print("a,b,c".rsplit(",", 1))
