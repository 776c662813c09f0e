a = [1, 2, 3]
a.extend(range(2)); a.extend('xy'); a.extend((9,))
print(a)
a.remove('x')
print(a, a.pop(), a.pop(0), a)
a.clear(); print(a, len(a))
b = [3, 1, 2]
print(b.index(1), b.count(5), b.copy(), b + b, b * 0)
del b[0]; print(b)
b.insert(-100, 'first'); b.insert(100, 'last'); print(b)
try:
    [].remove(1)
except ValueError as e:
    print(e)
try:
    [1, 2].index(9)
except ValueError as e:
    print(e)
try:
    ['a'].index('b')
except ValueError as e:
    print(e)
try:
    [].pop(0)
except IndexError as e:
    print(e)
try:
    [1].pop(3)
except IndexError as e:
    print(e)
