import torch
import numpy as np
P = "/tmp/tsr_case_617_io_npy_save_roundtrip_"
x = torch.arange(6, dtype=torch.float64).reshape(2, 3)
tests = {"c": x, "f": x.t(), "h": torch.tensor([0.5, -2.0, 65504.0], dtype=torch.float16),
         "b": torch.tensor([True, False, True]), "z": torch.tensor(3.5), "i": torch.tensor([[1, -2]], dtype=torch.int32)}
for k, t in tests.items():
    np.save(P + k + ".npy", t)
    r = torch.from_numpy(np.load(P + k + ".npy"))
    print(k, r.dtype, tuple(r.shape), r.stride(), (r == t).all().item())
    print(r)
np.save(P + "noext", x)
r = torch.from_numpy(np.load(P + "noext.npy"))
print(r.shape, (r == x).all().item())
