import numpy as np
import torch
t = torch.arange(6.0).reshape(2, 3)
n = t.numpy()
print(n[1, 2], type(n[1, 2]).__name__, repr(n[1, 2]))
print(n[0], n[-1, -1], n[1][0])
n[0, 1] = 7.5
print(t[0, 1].item(), t)
n[1] = -1.0
print(t)
print(n.item(4), n[0, 2].item(), type(n[0, 2].item()).__name__)
print(np.array([42]).item(), np.array(3.5).item(), type(np.array(7).item()).__name__)
i = np.arange(6).reshape(3, 2)
print(i[2, 1], type(i[2, 1]).__name__, repr(i[2, 1]), repr(i[0]))
b = np.array([True, False])
print(b[0], repr(b[1]), type(b[0]).__name__)
f = np.array([1.5], dtype=np.float32)
print(f[0], repr(f[0]))
print(n.tolist(), i.tolist(), b.tolist(), np.array(2.0).tolist())
print(type(n.tolist()[0][0]).__name__, type(i.tolist()[0][0]).__name__)
try:
    np.zeros(3).item()
except ValueError as e:
    print(e)
