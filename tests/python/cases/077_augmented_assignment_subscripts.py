counts = {"a": 0}
for ch in "banana":
    if ch == "a":
        counts["a"] += 1
print(counts)
xs = [1, 2, 3]
xs[0] += 10
xs[-1] *= 5
print(xs)
m = [[1, 2], [3, 4]]
m[1][0] -= 3
print(m)
