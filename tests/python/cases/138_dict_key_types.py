d = {1: "int", 1.5: "float", "s": "str", (1, 2): "tuple", None: "none", True: "bool?"}
print(d)
print(d[1], d[(1, 2)], len(d))
print({1: "a", 1.0: "b"})
