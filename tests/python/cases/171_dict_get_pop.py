d = {"a": 1, "b": 2}
print(d.get("a"), d.get("z"), d.get("z", 0))
print(d.pop("a"), d)
print(d.pop("z", "default"))
try:
    d.pop("z")
except KeyError as e:
    print(type(e).__name__, e)
