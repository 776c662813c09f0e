g = (print('side', i) for i in range(2))
print('made')
next(g)
xs = [1, 2]
h = (x * 10 for x in xs)
xs.append(3)
print(list(h))
