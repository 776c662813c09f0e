print(str(1), str(1.0), str("s"), str([1, "a"]), str(None))
print(repr(1), repr(1.0), repr("s"), repr([1, "a"]), repr(None))
print(str(True), repr(False), str((1, "x")), repr({"k": "v"}))
print(repr(repr("q")))
