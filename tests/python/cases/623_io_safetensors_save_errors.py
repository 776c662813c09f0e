import torch
from safetensors.torch import save_file
P = "/tmp/tsr_case_623_io_safetensors_save_errors_"
w = torch.ones(2, 2)
try:
    save_file({"a": w, "b": w}, P + "tied.safetensors")
except Exception as e:
    print(type(e).__name__)
    print(str(e).strip().splitlines()[0])
try:
    save_file({"t": torch.arange(6.0).reshape(2, 3).t()}, P + "nc.safetensors")
except Exception as e:
    print(type(e).__name__)
    print(str(e).strip().splitlines()[0])
save_file({"a": w, "b": w.clone()}, P + "ok.safetensors")
print("saved ok")
