it = iter([1, 2, 3])
print(next(it), next(it), next(it), next(it, "end"))
try:
    next(iter([]))
except StopIteration as e:
    print(type(e).__name__)
