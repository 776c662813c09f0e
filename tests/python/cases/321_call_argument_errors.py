def kw(*, a): return a
def two(x, y): return x
def va(x, *r, k=0): return r
for call in [lambda: kw(1), lambda: kw(), lambda: two(1), lambda: two(), lambda: two(y=1), lambda: va(), lambda: va(1, 2, kk=3), lambda: two(1, 2, x=3), lambda: two(*[1, 2, 3]), lambda: two(**{'x': 1, 'z': 2})]:
    try:
        print(call())
    except TypeError as e:
        print(e)
