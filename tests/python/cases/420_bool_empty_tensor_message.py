import torch
try:
    bool(torch.tensor([]))
except RuntimeError as e:
    print(e)
