try:
    a, b = [1, 2, 3]
except ValueError as e:
    print(e)
try:
    a, b, c = (1,)
except ValueError as e:
    print(e)
try:
    a, *b, c = [1]
except ValueError as e:
    print(e)
try:
    a, b = 5
except TypeError as e:
    print(e)
try:
    (a, b), c = [1, 2], 3
    print(a, b, c)
    (a, b), c = 1, 2
except TypeError as e:
    print(e)
try:
    x, y = 'abc'
except ValueError as e:
    print(e)
try:
    k, v = {'a': 1, 'b': 2, 'c': 3}
except ValueError as e:
    print(e)
