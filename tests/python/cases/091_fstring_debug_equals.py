x = 42
name = "Ada"
print(f"{x=}")
print(f"{name=}")
print(f"{x = }")
print(f"{x * 2=}")
print(f"{x=:>5}")
print(f"{3.5=:.2f}")
