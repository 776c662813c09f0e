d = {"a": 1}
d.update({"b": 2, "a": 10})
print(d)
d.update(c=3)
print(d)
print(d.setdefault("a", 99), d.setdefault("new", []), d)
d.setdefault("new", []).append(5)
print(d["new"])
