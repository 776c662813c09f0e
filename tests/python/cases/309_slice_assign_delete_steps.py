a = list(range(10))
a[::2] = [0] * 5; print(a)
a = list(range(10)); del a[::3]; print(a)
a = list(range(10)); a[1:3] = []; print(a)
a = list(range(5)); a[1:1] = ['x', 'y']; print(a)
a = list(range(5)); a[::-1] = 'abcde'; print(a)
a = list(range(10)); del a[-2:]; del a[:2]; print(a)
a = [1, 2, 3]; a[5:] = [9]; print(a)
try:
    a = list(range(6)); a[::2] = [1, 2]
except ValueError as e:
    print(e)
a = list(range(8)); print(a[::-2], a[6:1:-2], a[-3:], a[:-5:-1], a[100:], a[-100:2])
