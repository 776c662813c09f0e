a, b = 7, 2.0
print(f"{a} / {b} = {a / b}")
print(f"{True} {None} {a > b}")
print(f"{a:d} {b:f} {b}")
print(f"{a!r:>4}|")
