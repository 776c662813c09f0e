import numpy as np
import torch
t = torch.arange(6.0).reshape(2, 3)
n = t.numpy()
print(type(n).__name__, n.dtype, n.shape)
print(n.ctypes.data == t.data_ptr())
print(np.shares_memory(n, t.numpy()), t.numpy() is n)
n[0, 0] = 100.0
print(t)
t[1, 2] = -1.0
print(n)
t.add_(1)
print(n[1, 2], n[0, 0])
print(n.tolist())
print(type(n.base).__name__, n.base is t, n.base.data_ptr() == t.data_ptr())
print(n.flags.owndata, n.flags['C_CONTIGUOUS'], n.flags.writeable)
