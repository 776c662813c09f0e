xs = [10, 20, 30, 20, 40]
print(xs.pop(), xs)
print(xs.pop(0), xs)
print(xs.pop(-2), xs)
xs.remove(20)
print(xs)
try:
    xs.remove(99)
except ValueError as e:
    print(type(e).__name__, e)
