try:
    1.0 / 0
except ZeroDivisionError as e:
    print(type(e).__name__, e)
try:
    2.5 / 0.0
except ZeroDivisionError as e:
    print(type(e).__name__, e)
try:
    divmod(1, 0)
except ZeroDivisionError as e:
    print(type(e).__name__, e)
