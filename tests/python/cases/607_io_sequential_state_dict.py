import torch
sd = torch.load("../../io/files/seq_state.pt")
print(type(sd).__name__, list(sd.keys()))
print(sd._metadata)
print(list(sd._metadata.keys()))
for k, v in sd.items():
    print(k, v.shape, v.requires_grad)
h = torch.relu(torch.tensor([[1.0, -1.0]]) @ sd["0.weight"].t() + sd["0.bias"])
print(h @ sd["2.weight"].t() + sd["2.bias"])
print(sd["2.bias"])
