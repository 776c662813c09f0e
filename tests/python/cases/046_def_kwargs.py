def show(**kwargs):
    for k, v in kwargs.items():
        print(k, "=", v)
    return len(kwargs)
print(show(a=1, b="two"))
print(show())
print(show(**{"x": 1, "y": 2}))
