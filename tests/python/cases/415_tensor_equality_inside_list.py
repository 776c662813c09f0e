import torch
t = torch.tensor(2)
print([t] == [2], 2 in [t], [t].count(2), [1, 2].index(t))
