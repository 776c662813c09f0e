import torch
from safetensors.torch import load_file, save_file
p = "/tmp/tsr_case_621_io_safetensors_roundtrip.safetensors"
src = {"zeta": torch.arange(4, dtype=torch.int64), "alpha": torch.tensor([[1.5, -2.0]]),
       "mid": torch.tensor([True, False]), "half": torch.tensor([0.5], dtype=torch.bfloat16),
       "scalar": torch.tensor(7.0), "none": torch.zeros(0, 2)}
save_file(src, p, metadata={"format": "pt", "step": "3"})
r = load_file(p)
print(list(r.keys()))
for k in src:
    print(k, r[k].dtype, tuple(r[k].shape), (r[k] == src[k]).all().item())
print(r["alpha"], r["scalar"], r["none"])
