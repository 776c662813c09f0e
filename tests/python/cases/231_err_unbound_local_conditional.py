def f(flag):
    if flag:
        value = 1
    return value
print(f(True))
try:
    f(False)
except UnboundLocalError as e:
    print(type(e).__name__, e)
