try:
    1 + "a"
except TypeError as e:
    print(type(e).__name__, e)
try:
    [1] - [1]
except TypeError as e:
    print(type(e).__name__, e)
try:
    None * 2
except TypeError as e:
    print(type(e).__name__, e)
