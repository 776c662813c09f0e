import numpy as np
import torch
t = torch.arange(12.0).reshape(3, 4)
print(t.stride(), t.numpy().strides, t.element_size())
tt = t.t()
print(tt.stride(), tt.numpy().strides, tt.numpy().shape)
print(tt.is_contiguous(), tt.numpy().flags['C_CONTIGUOUS'], tt.numpy().flags['F_CONTIGUOUS'])
s = t[:, 1:3]
print(s.stride(), s.numpy().strides, s.numpy().flags['C_CONTIGUOUS'])
print(s.numpy().ctypes.data - t.data_ptr(), s.storage_offset() * t.element_size())
e = t[::2, ::3]
print(e.stride(), e.numpy().strides, e.numpy().tolist())
i = torch.arange(6, dtype=torch.int32).reshape(2, 3)
print(i.stride(), i.numpy().strides, i.numpy().dtype)
d = torch.zeros(2, 3, 4, dtype=torch.float64)
print(d.stride(), d.numpy().strides, d.permute(2, 0, 1).numpy().strides)
n = np.zeros((2, 5), dtype=np.int16)
print(n.strides, torch.from_numpy(n).stride(), n.T.strides, torch.from_numpy(n.T).stride())
print(torch.from_numpy(n[:, ::2]).stride(), n[:, ::2].strides)
print(torch.tensor(5.0).numpy().strides, torch.tensor(5.0).numpy().shape)
