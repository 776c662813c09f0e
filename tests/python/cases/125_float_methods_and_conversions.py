print(float(3), float("1.5"), float(" 2.25 "), float("-7"))
print(float("nan"), float("inf"), float("-inf"), float("1e3"))
print((2.5).is_integer(), (2.0).is_integer())
print(int(2.9), int(-2.9), int(1e10))
