import torch
x = torch.ones(3, 4)
i = torch.tensor([[0, 1], [2, 0]])
s = torch.arange(1., 7.).reshape(2, 3)
print(x.scatter(0, i, s, reduce='add'))
print(x.scatter(1, i, 2., reduce='multiply'))
y = torch.ones(2, 2, requires_grad=True).scatter(0, torch.tensor([[1, 0]]), torch.tensor([[2., 3.]]), reduce='multiply')
try:
    y.sum().backward()
except Exception as e:
    print(type(e).__name__, e)
try:
    x.scatter(0, i, s, reduce='max')
except Exception as e:
    print(type(e).__name__, e)
