import numpy as np
import torch
n = np.arange(6, dtype=np.float32)
t = torch.from_numpy(n)
print(t, t.dtype)
print(t.data_ptr() == n.ctypes.data)
t[0] = 9.0
print(n)
n[5] = -2.5
print(t)
a = torch.as_tensor(n)
print(a.data_ptr() == n.ctypes.data, a is t)
b = np.asarray(t)
print(np.shares_memory(b, n), b.ctypes.data == t.data_ptr())
b[1] = 7.0
print(t[1].item(), n[1])
i = torch.from_numpy(np.arange(3))
print(i, i.dtype)
print(torch.from_numpy(np.zeros((2, 2), dtype=np.int32)).dtype)
print(torch.from_numpy(np.array([True, False])))
print(torch.from_numpy(np.ones(2)).dtype)
