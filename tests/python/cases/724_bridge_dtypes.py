import numpy as np
import torch
n = np.arange(3.0)
print(n.dtype, repr(n.dtype))
print(np.float32, np.int64, np.bool_)
print(np.dtype(np.float32), repr(np.dtype(np.int32)), np.dtype("float16"))
print(n.dtype == np.float64, n.dtype == np.float32, n.dtype == "float64")
for dt in [torch.float32, torch.float64, torch.float16, torch.int64, torch.int32, torch.int16, torch.int8, torch.uint8, torch.bool]:
    a = torch.zeros(2, dtype=dt).numpy()
    print(dt, a.dtype, repr(a.dtype), a.itemsize, a.dtype.itemsize)
for nd in [np.float32, np.float64, np.int64, np.int32, np.uint8, np.bool_]:
    print(nd.__name__, torch.from_numpy(np.zeros(1, dtype=nd)).dtype)
print(np.array([1, 2]).dtype, np.array([1.0, 2]).dtype, np.array([True]).dtype)
print(np.zeros(2).dtype, np.ones(2, dtype=np.int32).dtype, np.arange(3).dtype)
print(n.dtype.name, n.itemsize, n.nbytes, n.ndim, n.size)
