import torch
x = torch.zeros(2)
shared, copies = [], []
for i in range(3):
    x += 1
    shared.append(x)
    copies.append(x.clone())
print(shared)
print(copies)
print(all(s is x for s in shared))
print(shared[0].untyped_storage().data_ptr() == shared[2].untyped_storage().data_ptr())
print(copies[0].untyped_storage().data_ptr() == copies[1].untyped_storage().data_ptr())
print(copies[0].data_ptr() == x.data_ptr())
v = []
for i in range(3):
    v.append(x[i % 2:])
x[1] = -1.0
print(v)
print(len({p.untyped_storage().data_ptr() for p in v}))
print(torch.stack(copies).tolist())
y = torch.zeros(2)
hist = [y.detach()]
y.add_(5)
print(hist, hist[0] is y, hist[0].data_ptr() == y.data_ptr())
