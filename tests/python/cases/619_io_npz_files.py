import torch
import numpy as np
for name in ["arrays.npz", "compressed.npz"]:
    d = {k: torch.from_numpy(v) for k, v in np.load("../../io/files/" + name).items()}
    print(name, list(d.keys()))
    for k, v in d.items():
        print(k, v.dtype, tuple(v.shape), v.stride())
        print(v)
