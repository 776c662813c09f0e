import torch
p = "/tmp/tsr_case_631_io_save_expand_scalar_empty.pt"
base = torch.tensor([1.0, 2.0])
ex = base.expand(3, 2)
z = torch.tensor(-4.25, dtype=torch.float64)
e = torch.zeros(0, 3, dtype=torch.int64)
torch.save((ex, z, e, base), p)
r = torch.load(p, weights_only=True)
print(type(r).__name__, len(r))
for t in r:
    print(tuple(t.shape), t.stride(), t.storage_offset(), t.untyped_storage().nbytes(), t.dtype)
print(r[0].untyped_storage().data_ptr() == r[3].untyped_storage().data_ptr())
r[3][0] = 10.0
print(r[0])
print(r[1], r[1].item(), r[2], r[2].shape)
