import math
for f in [lambda: math.floor(9.3e18), lambda: round(-1e19)]:
    try:
        print(f())
    except OverflowError:
        print('OverflowError')
