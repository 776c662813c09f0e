import torch
import numpy as np
P = "/tmp/tsr_case_618_io_npz_roundtrip_"
a = torch.arange(6).reshape(2, 3)
b = torch.tensor([0.25, -1.0], dtype=torch.float32)
np.savez(P + "plain.npz", a=a, b=b)
r = {k: torch.from_numpy(v) for k, v in np.load(P + "plain.npz").items()}
print(list(r.keys()))
print(r["a"], r["a"].dtype, (r["a"] == a).all().item())
print(r["b"], (r["b"] == b).all().item())
np.savez_compressed(P + "comp.npz", first=b, second=a.t())
r = {k: torch.from_numpy(v) for k, v in np.load(P + "comp.npz").items()}
print(list(r.keys()), r["second"].stride(), (r["second"] == a.t()).all().item())
np.savez(P + "noext", q=b)
print(list(np.load(P + "noext.npz").keys()))
