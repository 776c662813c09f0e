import torch
x = torch.arange(12).view(3, 4)
sums = []
for i in range(len(x)):
    sums.append(x[i].sum().item())
print(sums)
print([int(row.sum()) for row in x])
print(sum(float(v) for v in x[0]))
