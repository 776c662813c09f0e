import torch
from safetensors.torch import load_file
d = load_file("../../io/files/model.safetensors")
print(type(d).__name__, list(d.keys()))
for k, v in d.items():
    print(k, v.dtype, tuple(v.shape), v.stride(), v.is_contiguous())
for k, v in d.items():
    print(k, v)
print(d["w"].untyped_storage().data_ptr() == d["h"].untyped_storage().data_ptr())
