import torch
pairs = [(torch.tensor(1), "one"), (torch.tensor(2), "two")]
for t, name in pairs:
    print(name, t.item(), t)
print(max(pairs, key=lambda p: p[0].item())[1])
