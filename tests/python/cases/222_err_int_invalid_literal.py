try:
    int("abc")
except ValueError as e:
    print(type(e).__name__, e)
try:
    int("12", 2)
except ValueError as e:
    print(type(e).__name__, e)
try:
    int("")
except ValueError as e:
    print(type(e).__name__, e)
