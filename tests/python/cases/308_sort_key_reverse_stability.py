people = [('bob', 30), ('al', 25), ('cy', 30), ('di', 25)]
print(sorted(people, key=lambda p: p[1]))
print(sorted(people, key=lambda p: p[1], reverse=True))
print(sorted(people, key=lambda p: (-p[1], p[0])))
print(sorted(['b', 'A', 'c', 'B'], key=str.lower), sorted(['b', 'A', 'c', 'B']))
print(sorted([3, 1, 2], reverse=True), sorted('hello'), sorted({3: 1, 1: 2}))
xs = [5, 2, 8]; xs.sort(key=lambda v: -v); print(xs)
print(sorted([1.5, 1, True, 0.5]), max([1, 5, 3], key=lambda v: -v), min('abc', key=ord))
print(sorted([[2, 1], [1, 2], [1]]), sorted([(1, 'b'), (1, 'a')]))
