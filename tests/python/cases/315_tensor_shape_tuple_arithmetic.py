import torch
x = torch.zeros(2, 3, 4)
print(x.shape, x.shape == (2, 3, 4), x.shape[1:], x.shape[-1], x.size(0), x.size())
print(x.shape == [2, 3, 4], tuple(x.shape), list(x.shape), x.shape + (5,), len(x.shape))
a, b, c = x.shape
print(a * b * c, x.numel(), x.dim(), x.ndim)
print(x.shape[0] * 2, x.shape[::-1], x.shape != (2, 3), max(x.shape), sum(x.shape))
print(type(x.shape).__name__, type(x.shape[0]).__name__, isinstance(x.shape, tuple))
print(x.shape < (3,), (2, 3, 4) == x.shape, x.shape.numel())
