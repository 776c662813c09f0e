import torch
x, xt, sub = torch.load("../../io/files/views.pt")
print(x.shape, xt.shape, sub.shape)
print(x.stride(), xt.stride(), sub.stride())
print(x.storage_offset(), xt.storage_offset(), sub.storage_offset())
print(x.is_contiguous(), xt.is_contiguous(), sub.is_contiguous())
p = x.untyped_storage().data_ptr()
print(xt.untyped_storage().data_ptr() == p, sub.untyped_storage().data_ptr() == p)
print(sub.data_ptr() - x.data_ptr() == sub.storage_offset() * x.element_size())
print(x.untyped_storage().nbytes(), sub.untyped_storage().nbytes())
print((xt == x.t()).all().item(), (sub == x[1:, 1:]).all().item())
x[1, 1] = -7
print(sub[0, 0].item(), xt[1, 1].item())
print(sub)
