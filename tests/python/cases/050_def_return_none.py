def no_return():
    x = 1
def bare_return():
    return
print(no_return(), bare_return())
print(no_return() is None)
