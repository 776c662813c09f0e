x = 0.1
print(str(x), repr(x), x)
print(str(1.0), repr(1e22), repr(1e21), 1e-7)
print([0.1, 0.25, 1 / 3])
print(3.0, 3.10, 3.14000)
