i = 0
odds = []
while i < 10:
    i += 1
    if i % 2 == 0:
        continue
    odds.append(i)
print(odds)
