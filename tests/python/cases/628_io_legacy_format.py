import torch
d = torch.load("../../io/files/legacy.pt")
print(type(d).__name__, list(d.keys()))
for k, v in d.items():
    print(k, v.shape, v.stride(), v.storage_offset(), v.dtype)
print(d["w"].untyped_storage().data_ptr() == d["wt"].untyped_storage().data_ptr())
print(d)
