data = {"name": "x", "tags": ["a", "b"], "pos": (1, 2), "meta": {"ok": True, "n": None}}
print(data)
print([[1, 2], [3, [4, (5, 6)]]])
print(((1,), [()], {"": []}))
print(str(data) == repr(data))
