def f():
    try:
        return 'try'
    finally:
        print('finally runs')
print(f())
def g():
    try:
        return 1
    finally:
        return 2
print(g())
def h():
    for i in range(3):
        try:
            if i == 1: continue
            if i == 2: break
        finally:
            print('fin', i)
    return i
print(h())
def k():
    try:
        raise ValueError('x')
    except ValueError:
        print('caught')
        return 'exc'
    else:
        print('else')
    finally:
        print('fin')
print(k())
def m():
    try:
        pass
    except Exception:
        print('no')
    else:
        print('else')
        return 'else-ret'
    finally:
        print('fin')
print(m())
