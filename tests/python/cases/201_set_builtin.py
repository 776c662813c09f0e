print(set({"a": 1}))
print(set(), set([1, 2, 2]), set((3, 3, 0)), set(range(4)))
print(len(set("aabbcc")), set([1, 2]) == {2, 1})
