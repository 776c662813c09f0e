print(list(reversed([1, 2, 3])))
print("".join(reversed("stressed")))
print(list(reversed(range(4))), tuple(reversed((1, 2))))
for x in reversed(["a", "b"]):
    print(x)
