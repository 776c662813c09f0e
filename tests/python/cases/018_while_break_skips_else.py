i = 0
while True:
    i += 1
    if i * i > 50:
        break
print("first square over 50:", i, i * i)
j = 0
while j < 3:
    if j == 10:
        break
    j += 1
else:
    print("else ran, j =", j)
