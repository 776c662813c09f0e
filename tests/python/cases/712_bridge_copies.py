import numpy as np
import torch
n = np.array([1.0, 2.0, 3.0])
t = torch.tensor(n)
print(t, t.dtype)
print(t.data_ptr() == n.ctypes.data, np.shares_memory(n, t.numpy()))
t[0] = 50.0
print(n)
src = torch.tensor([4, 5, 6])
a = np.array(src)
print(a, a.dtype, a.flags.owndata)
a[0] = 0
print(src)
b = np.asarray(src)
print(np.shares_memory(a, b), np.shares_memory(b, src.numpy()))
print(b.flags.owndata, type(b.base).__name__)
c = n.copy()
c[2] = -3.0
print(n, c, c.flags.owndata)
print(np.shares_memory(n, c), np.may_share_memory(n, c))
