import torch as t
z = t.zeros(2, 3)
print(z.shape)
print(z.sum().item())
