print(isinstance(1, int), isinstance(1.0, int), isinstance("s", str))
print(isinstance(1, (int, float)), isinstance("x", (int, float)), isinstance([], (list, tuple)))
print(isinstance(True, int), isinstance(None, type(None)), isinstance({}, dict))
print(isinstance(1.5, float), isinstance((1,), tuple), isinstance({1}, set))
