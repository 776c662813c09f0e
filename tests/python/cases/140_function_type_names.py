def f():
    return 1
g = lambda: 2
print(type(f).__name__, type(g).__name__)
print(callable(f), callable(g), callable(len), callable("s"))
print(type(len).__name__, type(print).__name__)
print(f.__name__, g.__name__)
