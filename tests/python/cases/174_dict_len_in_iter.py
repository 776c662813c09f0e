d = {"x": 1, "y": 2}
print(len(d), "x" in d, "z" not in d, 1 in d.values())
for k in d:
    print(k, d[k])
print(sorted(d, reverse=True), list(d))
