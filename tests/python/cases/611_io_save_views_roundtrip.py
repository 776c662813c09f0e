import torch
p = "/tmp/tsr_case_611_io_save_views_roundtrip_a.pt"
x = torch.arange(12, dtype=torch.float32).reshape(3, 4)
torch.save([x, x.t(), x[1:, 1:], x[2]], p)
a, at, sub, row = torch.load(p)
print([t.shape for t in (a, at, sub, row)])
print([t.stride() for t in (a, at, sub, row)])
print([t.storage_offset() for t in (a, at, sub, row)])
sp = a.untyped_storage().data_ptr()
print([t.untyped_storage().data_ptr() == sp for t in (at, sub, row)])
print(row.untyped_storage().nbytes(), (sub == x[1:, 1:]).all().item())
a[2, 3] = 99
print(sub[1, 2].item(), at[3, 2].item(), row[3].item())
q = "/tmp/tsr_case_611_io_save_views_roundtrip_b.pt"
torch.save(x[1:2, 1:3], q)
s = torch.load(q)
print(s, s.storage_offset(), s.untyped_storage().nbytes())
