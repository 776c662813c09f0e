import torch
d = torch.load("../../io/files/dtypes.pt")
print(list(d.keys()))
for k, v in d.items():
    print(k, v.dtype, v.shape, v.element_size())
for k, v in d.items():
    print(k, v)
