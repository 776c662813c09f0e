def stats(xs):
    return min(xs), max(xs), sum(xs) / len(xs)
lo, hi, mean = stats([4, 8, 15, 16, 23, 42])
print(lo, hi, mean)
r = stats([1, 2])
print(type(r).__name__, r)
