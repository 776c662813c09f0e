import torch
x = torch.tensor([3.0, 9.0, 4.0])
i = x.argmax()
print(x[i], [10, 20, 30][i])
