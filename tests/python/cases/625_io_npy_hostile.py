import torch
import numpy as np
F = "../../io/files/"
for name in ["npy_short", "npy_huge", "npy_badmagic"]:
    try:
        np.load(F + name + ".npy")
        print(name, "loaded!")
    except Exception as e:
        print(name, type(e).__name__, str(e).strip().splitlines()[-1])
try:
    np.load(F + "missing.npy")
except FileNotFoundError as e:
    print(type(e).__name__, e)
