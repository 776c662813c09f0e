keys = ["a", "b", "c"]
vals = [1, 2, 3]
d = dict(zip(keys, vals))
for i, (k, v) in enumerate(d.items(), start=1):
    print(f"{i}: {k}={v}")
print({k: v for k, v in zip(keys, reversed(vals))})
