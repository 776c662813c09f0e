try:
    (5).nothing
except AttributeError as e:
    print(type(e).__name__, e)
try:
    {}.append(1)
except AttributeError as e:
    print(type(e).__name__, e)
try:
    None.foo
except AttributeError as e:
    print(type(e).__name__, e)
