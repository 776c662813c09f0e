data = [1, 5, 3, 8]
if (n := len(data)) > 3:
    print("long list", n)
print([y for x in data if (y := x * 2) > 5])
i = 0
while (i := i + 1) < 4:
    print("i", i)
