print([], (), {}, set(), "")
print(repr(""), repr([]), repr(set()), repr({}))
print(list(), tuple(), dict(), str(), set())
print(len([]), len({}), len(set()), bool(set()))
