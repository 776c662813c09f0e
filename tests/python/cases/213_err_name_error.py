try:
    print(undefined_variable)
except NameError as e:
    print(type(e).__name__, e)
try:
    x
except NameError as e:
    print(type(e).__name__, e)
