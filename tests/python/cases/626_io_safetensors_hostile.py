import torch
from safetensors.torch import load_file
from safetensors import safe_open
F = "../../io/files/"
for name in ["st_overlap", "st_oob", "st_hugeheader", "st_badjson"]:
    try:
        load_file(F + name + ".safetensors")
        print(name, "loaded!")
    except Exception as e:
        print(name, type(e).__name__, str(e).strip().splitlines()[-1])
for name in ["st_overlap", "st_hugeheader"]:
    try:
        with safe_open(F + name + ".safetensors", framework="pt") as f:
            print(list(f.keys()))
    except Exception as e:
        print(name, type(e).__name__, str(e).strip().splitlines()[-1])
