import torch
x = torch.arange(20).view(4, 5)
print(x[1].tolist(), x[-1, -1].item(), x[2, 3].item())
print(x[1:3].tolist())
print(x[:, 1].tolist(), x[:, 1].stride(), x[:, 1].storage_offset())
print(x[::2, ::2].tolist(), x[::2, ::2].stride())
print(x[1:, 2:].shape, x[1:, 2:].storage_offset())
