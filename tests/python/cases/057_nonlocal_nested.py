def outer():
    x = "outer"
    def middle():
        nonlocal x
        x = "changed by middle"
    middle()
    return x
print(outer())
