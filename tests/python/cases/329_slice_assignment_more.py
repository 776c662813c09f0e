a = list('abcdefgh')
a[1:7:2] = 'XYZ'
print(a)
del a[::2]
print(a)
a[len(a):] = [1, 2]
print(a)
a[:0] = ['start']
print(a)
a[-1:] = []
print(a)
b = [1, 2, 3, 4, 5]
b[1:4] = b[1:4][::-1]
print(b)
b[::-2] = [0, 0, 0]
print(b)
try:
    b[::2] = [1]
except ValueError as e:
    print(e)
c = [1, 2, 3]
c[1:2] = range(5)
print(c)
