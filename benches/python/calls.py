def add(a, b=1):
    return a + b

acc = 0
for i in range(300000):
    acc = add(acc, i)
print(acc)
