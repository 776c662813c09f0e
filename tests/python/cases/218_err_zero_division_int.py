try:
    1 / 0
except ZeroDivisionError as e:
    print(type(e).__name__, e)
try:
    5 // 0
except ZeroDivisionError as e:
    print(type(e).__name__, e)
try:
    5 % 0
except ZeroDivisionError as e:
    print(type(e).__name__, e)
