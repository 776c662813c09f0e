def g():
    try:
        raise KeyError('lost')
    finally:
        return 'swallowed'
print(g())
try:
    try:
        1/0
    finally:
        print('inner fin')
except ZeroDivisionError as e:
    print('outer', e)
try:
    try:
        raise ValueError('a')
    except ValueError:
        raise TypeError('b')
except TypeError as e:
    print(type(e).__name__, e)
