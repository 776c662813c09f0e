def f():
    return f.calls
f.calls = 3
print(f())
f.calls += 1
print(f())
