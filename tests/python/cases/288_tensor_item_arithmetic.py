import torch
a = torch.tensor(3).item()
b = torch.tensor(0.5).item()
print(a + 1, a * b, a / 2, a // 2, type(a).__name__, type(b).__name__)
print(f"{b:.3f} {a:03d}")
