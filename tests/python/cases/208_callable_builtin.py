def f():
    pass
print(callable(f), callable(lambda: 0), callable(print), callable(int))
print(callable(1), callable("f"), callable([f]), callable(None))
