import torch
t = torch.load("../../io/files/transposed.pt")
print(t)
print(t.shape, t.stride(), t.storage_offset(), t.is_contiguous())
print(t.untyped_storage().nbytes())
print(t.t().is_contiguous(), t.t().stride())
print(t.contiguous().stride(), t.tolist())
print(t.view(-1) if t.is_contiguous() else t.reshape(-1))
