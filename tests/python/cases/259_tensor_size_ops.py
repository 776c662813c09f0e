import torch
x = torch.zeros(2, 3, 4)
s = x.shape
print(s[0], s[-1], len(s), s[1:], s[:-1])
a, b, c = s
print(a, b, c, a * b * c)
print(s + (5,), type(s).__name__)
print(list(s), tuple(s), s.numel())
