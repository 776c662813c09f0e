print(float(), float(1), float("3"), float("1.5"), float("-.5"), float("1e-3"))
print(float("nan"), float("inf"), float("-Infinity"), float("NaN"))
try:
    float("abc")
except ValueError as e:
    print(type(e).__name__, e)
