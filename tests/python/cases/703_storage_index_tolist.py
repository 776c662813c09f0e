import torch
x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
s = x.t().storage()
print(s[0], s[1], s[5], s[-1])
print(type(s[0]).__name__)
print(s.tolist())
print(x[1].storage().tolist())
i = torch.tensor([10, 20, 30])
print(i.storage()[1], type(i.storage()[1]).__name__, i.storage().tolist())
b = torch.tensor([True, False])
print(b.storage()[0], b.storage().tolist())
s[0] = 100.0
print(x)
x[1, 2] = -1.0
print(s[5], x.storage()[5])
print(s.untyped().nbytes(), type(s.untyped()).__name__)
try:
    s[6]
except IndexError as e:
    print("IndexError:", e)
