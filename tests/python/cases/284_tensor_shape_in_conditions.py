import torch
for shape in [(2, 3), (3, 3), (1,)]:
    t = torch.zeros(*shape)
    if t.dim() == 2 and t.shape[0] == t.shape[1]:
        print(shape, "square")
    elif t.dim() == 2:
        print(shape, "rectangle", t.shape[0] * t.shape[1])
    else:
        print(shape, "vector", len(t))
