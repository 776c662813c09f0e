try:
    float("1.2.3")
except ValueError as e:
    print(type(e).__name__, e)
try:
    int(float("nan"))
except ValueError as e:
    print(type(e).__name__, e)
try:
    int(float("inf"))
except OverflowError as e:
    print(type(e).__name__, e)
