import torch
t = torch.tensor([1.0, 2.0])
try:
    float(torch.tensor([1.0, 2.0]))
except (RuntimeError, ValueError, TypeError) as e:
    print(type(e).__name__, e)
try:
    t.item()
except (RuntimeError, ValueError) as e:
    print(type(e).__name__, e)
try:
    if t: pass
except RuntimeError as e:
    print(e)
try:
    t[5]
except IndexError as e:
    print(e)
try:
    t.view(3)
except RuntimeError as e:
    print(e)
try:
    torch.zeros(2, 3).reshape(4, 2)
except RuntimeError as e:
    print(e)
