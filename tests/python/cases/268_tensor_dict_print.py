import torch
x = torch.arange(3)
d = {"a": x, "b": x * 2}
print(d)
print({k: v.tolist() for k, v in d.items()})
print(list(d.keys()), [v.shape for v in d.values()])
