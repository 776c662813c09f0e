a = [1, [2, 3]]
b = [1, [2, 3]]
print(a == b, a is b, [2, 3] in a)
print([1, 2] + [3], [1] * 3, [] + [])
print(list("abc") == ["a", "b", "c"])
