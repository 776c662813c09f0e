total = 0
for i in range(10):
    if i % 3 == 0:
        continue
    total += i
    print(i, end=" ")
print()
print("total", total)
