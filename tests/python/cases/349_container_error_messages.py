try:
    'abc'.index('z')
except ValueError as e:
    print(e)
try:
    'abc'.index('zz')
except ValueError as e:
    print(e)
try:
    {1, 2}.remove(3)
except KeyError as e:
    print('KeyError', e)
try:
    set().pop()
except KeyError as e:
    print('KeyError', e)
try:
    {}.popitem()
except KeyError as e:
    print('KeyError', e)
try:
    {'a': 1}.pop('b')
except KeyError as e:
    print('KeyError', e)
try:
    d = {}
    d[[1]] = 2
except TypeError as e:
    print(e)
try:
    {[]}
except TypeError as e:
    print(e)
