xs = ["a", "b", "c", "b"]
print(xs.index("b"), xs.index("b", 2), xs.count("b"), xs.count("z"))
try:
    xs.index("z")
except ValueError as e:
    print(type(e).__name__, e)
