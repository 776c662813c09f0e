import torch
try:
    bool(torch.ones(2))
except RuntimeError as e:
    print(type(e).__name__, e)
try:
    if torch.zeros(3):
        print("no")
except RuntimeError as e:
    print(type(e).__name__, e)
