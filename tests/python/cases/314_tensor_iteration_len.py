import torch
m = torch.arange(6).reshape(2, 3)
print(len(m), len(m[0]))
for row in m:
    print(row, row.shape, len(row))
for v in m[1]:
    print(v, int(v), float(v), bool(v))
print([int(x) for x in m.flatten()])
print(sum(m.flatten()))
print(list(m[0]))
