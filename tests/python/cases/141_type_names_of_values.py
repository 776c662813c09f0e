for v in [1, 1.5, "s", [], (), {}, set(), None, True, range(3)]:
    print(type(v).__name__, end=" ")
print()
print(type(type(1)).__name__)
