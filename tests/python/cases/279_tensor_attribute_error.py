import torch
x = torch.zeros(2)
try:
    x.no_such_method()
except AttributeError as e:
    print(type(e).__name__, e)
