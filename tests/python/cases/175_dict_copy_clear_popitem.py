d = {"a": 1, "b": 2, "c": 3}
e = d.copy()
print(d.popitem(), d)
e.clear()
print(e, d)
print(dict.fromkeys(["x", "y"], 0))
