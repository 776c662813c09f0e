import math
for f in [lambda: math.exp(1000), lambda: 10.0 ** 400, lambda: math.pow(0, -1)]:
    try:
        print(f())
    except (OverflowError, ValueError) as e:
        print(type(e).__name__, e)
