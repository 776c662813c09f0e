import torch
row, ex, z, e = torch.load("../../io/files/views2.pt")
for t in (row, ex, z, e):
    print(t.shape, t.stride(), t.storage_offset(), t.untyped_storage().nbytes(), t.dtype)
print(row)
print(ex)
print(z, z.dim(), z.item())
print(e, e.numel())
print(ex.is_contiguous(), ex.contiguous().stride())
