def f():
    for i in range(5):
        try:
            if i == 2:
                return i
        finally:
            print('cleanup', i)
print(f())
def g():
    try:
        try:
            raise ValueError('v')
        finally:
            print('inner finally')
    except ValueError:
        print('outer caught')
        return 'r'
    finally:
        print('outer finally')
print(g())
def h():
    x = 0
    try:
        x = 1
        return x
    finally:
        x = 2
        print('x in finally', x)
print(h())
