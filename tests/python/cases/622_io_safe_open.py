import torch
from safetensors import safe_open
from safetensors.torch import save_file
p = "/tmp/tsr_case_622_io_safe_open.safetensors"
save_file({"b": torch.ones(2, 2), "a": torch.arange(3)}, p, metadata={"author": "me"})
with safe_open(p, framework="pt") as f:
    print(list(f.keys()))
    print(f.metadata())
    print(f.get_tensor("a"), f.get_tensor("b").shape)
with safe_open("../../io/files/model.safetensors", framework="pt") as f:
    print(list(f.keys()))
    print(f.metadata())
    print(f.get_tensor("bf"))
    m = f.get_tensor("mask")
print(m, m.dtype)
