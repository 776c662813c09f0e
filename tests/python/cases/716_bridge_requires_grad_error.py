import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
try:
    x.numpy()
except RuntimeError as e:
    print(e)
y = x * 2
try:
    y.numpy()
except RuntimeError as e:
    print(type(e).__name__, e)
n = y.detach().cpu().numpy()
print(n, n.dtype)
print(n.ctypes.data == y.data_ptr(), y.detach().cpu() is y.detach())
n[0] = 40.0
print(y)
print(x.detach().numpy(), x.grad)
print(x.detach().requires_grad, y.detach().grad_fn)
import numpy as np
try:
    np.asarray(x)
except RuntimeError as e:
    print("asarray:", e)
x.numpy()
