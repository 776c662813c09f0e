for i in range(5):
    if i == 3:
        print('break at', i); break
else:
    print('no break')
for i in range(3):
    pass
else:
    print('completed', i)
n = 0
while n < 3:
    n += 1
else:
    print('while done', n)
while True:
    n -= 1
    if n == 0: break
else:
    print('never')
print(n)
for x in []:
    pass
else:
    print('empty else')
