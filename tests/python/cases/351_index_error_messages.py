a = [1, 2, 3, 4, 5]
print(a[-1], a[-5], a[len(a) - 1], a[1:100], a[-2:-1], a[3:1:-1], a[::2][::-1])
try:
    a[5]
except IndexError as e:
    print(e)
try:
    a[-6] = 0
except IndexError as e:
    print(e)
try:
    'abc'[3]
except IndexError as e:
    print(e)
try:
    (1, 2)[2]
except IndexError as e:
    print(e)
try:
    range(3)[3]
except IndexError as e:
    print(e)
try:
    del a[10]
except IndexError as e:
    print(e)
