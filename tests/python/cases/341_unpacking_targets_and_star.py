a, b = 1, 2
a, b = b, a + b
print(a, b)
(x, y), z = (1, 2), 3
print(x, y, z)
[p, q] = 'pq'
print(p, q)
for i, (k, v) in enumerate({'a': 1, 'b': 2}.items()):
    print(i, k, v)
head, *tail = [1]
print(head, tail)
*a, b, c = range(5)
print(a, b, c)
first, *_, last = 'hello'
print(first, last, _)
m = n = []
m.append(1)
print(n)
i = j = 0
i += 1
print(i, j)
