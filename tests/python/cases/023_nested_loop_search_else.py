found = None
for i in range(2, 20):
    for d in range(2, i):
        if i % d == 0:
            break
    else:
        if i > 10:
            found = i
            break
print("first prime over 10:", found)
