import numpy as np
import torch
t = torch.arange(6.0).reshape(2, 3)
n = t.numpy()
print(type(n.base).__name__, n.base.shape, n.base is n.base)
m = n[1:]
print(type(m.base).__name__, m.base is n)
k = m[:, 1:]
print(k.base is n, k.base is m)
print(n.T.base is n, n.reshape(3, 2).base is n, n.reshape(6).base is n)
a = np.arange(4)
print(a.base is None, a.flags.owndata)
v = a[1:]
print(v.base is a, v[1:].base is a, v.flags.owndata)
c = v.copy()
print(c.base is None, c.flags.owndata)
f = torch.from_numpy(a)
print(a.base is None, np.asarray(f).base is a)
print(type(np.asarray(t).base).__name__)
