n = 0
for i in range(100000):
    s = f"{i:>8} {i / 7:.3f} {i:#x}"
    n += len(s)
print(n)
