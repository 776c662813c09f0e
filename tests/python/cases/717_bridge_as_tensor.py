import numpy as np
import torch
t = torch.tensor([1.0, 2.0, 3.0])
print(torch.as_tensor(t) is t)
print(torch.as_tensor(t, dtype=torch.float32) is t, torch.as_tensor(t, device="cpu") is t)
d = torch.as_tensor(t, dtype=torch.float64)
print(d is t, d.dtype, d.data_ptr() == t.data_ptr())
d[0] = 10.0
print(t, d)
l = [1, 2, 3]
a = torch.as_tensor(l)
print(a, a.dtype, torch.as_tensor(l) is a)
print(torch.as_tensor([1.5, 2.5], dtype=torch.float16))
print(torch.as_tensor(3.0), torch.as_tensor([[True], [False]]))
n = np.array([4.0, 5.0])
s = torch.as_tensor(n)
print(s.dtype, s.data_ptr() == n.ctypes.data)
s[1] = -5.0
print(n)
c = torch.as_tensor(n, dtype=torch.float32)
print(c.dtype, c.data_ptr() == n.ctypes.data)
c[0] = 0.0
print(n, c)
print(torch.as_tensor(n, device="cpu").data_ptr() == n.ctypes.data)
