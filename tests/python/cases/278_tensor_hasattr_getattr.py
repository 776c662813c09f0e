import torch
x = torch.ones(2, 3)
print(hasattr(x, "shape"), hasattr(x, "no_such_attribute"))
print(getattr(x, "shape"), getattr(x, "missing", "dflt"))
print(getattr(x, "sum")().item(), callable(getattr(x, "view")))
