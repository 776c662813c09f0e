s = "banana"
print(s.find("an"), s.find("an", 2), s.find("x"), s.rfind("an"))
print(s.count("a"), s.count("an"), s.count("x"), s.count(""))
print(s.index("n"))
try:
    s.index("z")
except ValueError as e:
    print(type(e).__name__, e)
