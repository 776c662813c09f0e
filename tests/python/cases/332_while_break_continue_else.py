n = 0
while True:
    n += 1
    if n % 2: continue
    if n > 8: break
    print(n, end=' ')
print()
i = 0
while i < 10:
    i += 3
else:
    print('else', i)
found = None
for x in [1, 3, 5, 6, 7]:
    if x % 2 == 0:
        found = x
        break
else:
    found = -1
print(found)
for i in range(3):
    for j in range(3):
        if j == 1: break
    else:
        print('inner else never')
    print(i, j)
