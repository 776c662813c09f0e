import torch
s = torch.load("../../io/files/slice_of_big.pt")
print(s)
print(s.shape, s.stride(), s.storage_offset())
print(s.untyped_storage().nbytes(), s.untyped_storage().size())
c = s.clone()
print(c.storage_offset(), c.untyped_storage().nbytes())
print(s.dtype, s.is_contiguous(), s.sum().item())
