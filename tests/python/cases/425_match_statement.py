def f(x):
    match x:
        case [a, b]:
            return a + b
        case _:
            return 0
print(f([1, 2]), f(3))
