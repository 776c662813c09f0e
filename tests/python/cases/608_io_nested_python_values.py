import torch
obj = torch.load("../../io/files/nested.pt")
print(type(obj).__name__, list(obj.keys()))
print(obj)
for k, v in obj.items():
    print(k, type(v).__name__)
print(obj["flags"], type(obj["flags"]).__name__)
print(obj["step"] + 1, obj["lr"] * 10, obj["name"].upper())
