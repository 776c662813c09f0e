def f(n):
    if n <= 1:
        return [[n]]
    return [[n] + p for p in f(n - 1)] + [[n]]
print(f(3))
def perms(xs):
    if len(xs) <= 1:
        return [xs]
    out = []
    for i in range(len(xs)):
        for p in perms(xs[:i] + xs[i+1:]):
            out.append([xs[i]] + p)
    return out
print(perms([1, 2, 3]))
def subsets(s):
    if not s:
        return [[]]
    rest = subsets(s[1:])
    return rest + [[s[0]] + r for r in rest]
print(subsets('abc'))
def depth(x):
    return 1 + max((depth(v) for v in x), default=0) if isinstance(x, list) else 0
print(depth([1, [2, [3, [4]]], []]))
