a = [5, 3, 8]
a.sort(reverse=True)
print(a)
b = sorted([('b', 2), ('a', 2), ('c', 1)], key=lambda t: t[1])
print(b)
c = sorted(['aa', 'B', 'c', 'A'], key=lambda s: (s.lower(), s))
print(c)
d = [[3, 'x'], [1, 'y'], [3, 'a']]
d.sort()
print(d)
try:
    sorted([1, None, 2])
except TypeError as e:
    print(e)
try:
    sorted([{'a': 1}, {'a': 2}])
except TypeError as e:
    print(e)
print(sorted([3, 1, 2], key=None), sorted([], reverse=True), sorted('cba', key=lambda c: ord(c) % 3))
