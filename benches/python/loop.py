total = 0
for i in range(1000000):
    total += i * 2 - 1
print(total)
