import math
try:
    math.sqrt(-1)
except ValueError as e:
    print(type(e).__name__, e)
try:
    math.log(0)
except ValueError as e:
    print(type(e).__name__, e)
