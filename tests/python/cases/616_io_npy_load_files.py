import torch
import numpy as np
F = "../../io/files/"
for name in ["c_f64", "fortran", "f16", "bool", "scalar", "u8", "v2", "v3", "empty"]:
    t = torch.from_numpy(np.load(F + name + ".npy"))
    print(name, t.dtype, tuple(t.shape), t.stride(), t.is_contiguous())
for name in ["c_f64", "fortran", "f16", "bool", "scalar", "u8", "v2", "v3", "empty"]:
    print(torch.from_numpy(np.load(F + name + ".npy")))
