import torch
x = torch.load("../../io/files/deep.pt")
print(type(x).__name__, len(x))
depth = 0
while x:
    x = x[0]
    depth += 1
print("deep", depth, x)
