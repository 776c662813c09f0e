import torch
x = torch.arange(12.).reshape(3, 4)
xt = x.t()
s = xt.index_select(0, torch.tensor([1, 3]))
print(s, s.stride(), s.untyped_storage().data_ptr() == x.untyped_storage().data_ptr())
s = xt.index_select(1, torch.tensor([2, 0], dtype=torch.int32))
print(s, s.stride())
print(torch.index_select(x, dim=0, index=torch.tensor([1, 1])))
print(torch.arange(4.).index_select(0, torch.tensor(2)), torch.tensor(5.).index_select(0, torch.tensor([0])))
print(torch.arange(6).reshape(2, 3).index_select(-1, torch.tensor([], dtype=torch.long)))
w = x.clone().requires_grad_()
y = w.index_select(1, torch.tensor([0, 0, 3]))
print(y.grad_fn.name())
(y * torch.arange(1., 10.).reshape(3, 3)).sum().backward()
print(w.grad)
for f in [lambda: x.index_select(0, torch.tensor([[0]])),
          lambda: x.index_select(0, torch.tensor([7])),
          lambda: x.index_select(0, torch.tensor([-1])),
          lambda: x.index_select(0, torch.tensor([0.])),
          lambda: x.index_select(2, torch.tensor([0])),
          lambda: torch.tensor(5.).index_select(0, torch.tensor([0, 0])),
          lambda: x.index_select(0, [0])]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
