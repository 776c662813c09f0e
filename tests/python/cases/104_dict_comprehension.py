print({x: x ** 2 for x in range(5)})
words = ["apple", "bob", "cat"]
print({w: len(w) for w in words if len(w) > 2})
d = {"a": 1, "b": 2}
print({v: k for k, v in d.items()})
