try:
    raise ValueError("x")
except ValueError as err:
    msg = str(err)
print(msg)
try:
    print(err)
except NameError as e:
    print(type(e).__name__, e)
