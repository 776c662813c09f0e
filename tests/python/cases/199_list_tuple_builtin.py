print(list("abc"), list((1, 2)), list(range(3)), list({"a": 1, "b": 2}))
print(tuple([1, 2]), tuple("hi"), tuple(), tuple(range(2)))
print(list({"x": 0}.items()), list(x * 2 for x in range(3)))
