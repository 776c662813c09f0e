for v in [0, 0.0, "", [], (), {}, set(), None, True, len]:
    print(repr(v) if not callable(v) else "fn", "->", type(v).__name__)
print(type(1) == int, type("a") is str, type([]) == list)
