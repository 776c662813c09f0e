import numpy as np
import torch
t = torch.arange(8.0)
n = t.numpy()
a, b = n[:4], n[4:]
print(np.shares_memory(a, b), np.may_share_memory(a, b))
print(np.shares_memory(n[::2], n[1::2]), np.may_share_memory(n[::2], n[1::2]))
print(np.shares_memory(n, n[3:5]), np.may_share_memory(n[3:5], n))
print(np.shares_memory(n, n.copy()), np.may_share_memory(n, n.copy()))
print(np.shares_memory(n, t[2:].numpy()), np.shares_memory(n, t.clone().numpy()))
print(np.shares_memory(n, np.asarray(t)), np.shares_memory(n, np.array(t)))
print(np.shares_memory(n, torch.tensor(n).numpy()), np.shares_memory(n, torch.as_tensor(n).numpy()))
m = n.reshape(2, 4)
print(np.shares_memory(m[:, :2], m[:, 2:]), np.may_share_memory(m[:, :2], m[:, 2:]))
print(np.shares_memory(m.T, n), np.shares_memory(np.zeros(3), np.zeros(3)))
print(n[3:].ctypes.data - n.ctypes.data, t[3:].data_ptr() - t.data_ptr())
print(t[3:].numpy().ctypes.data == t[3:].data_ptr())
print(m[1, 1:].ctypes.data - n.ctypes.data, m.T.ctypes.data == n.ctypes.data)
