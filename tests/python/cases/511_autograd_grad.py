# torch.autograd.grad: the gradients of one output with respect to leaves
# and non-leaves, as a tuple, with no .grad changed; grad_outputs,
# retain_graph, allow_unused, materialize_grads and PyTorch's errors.
import torch
w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
loss = (w ** 2).sum()
grads = torch.autograd.grad(loss, w)
print(grads, w.grad)
x = torch.tensor([0.5, -1.0], requires_grad=True)
y = torch.tensor([2.0, 3.0], requires_grad=True)
h = x * y
z = (h.exp() + y).sum()
gx, gy, gh = torch.autograd.grad(z, [x, y, h], retain_graph=True)
print(gx, gy, gh)
print(torch.autograd.grad(z, (x,)), x.grad, y.grad)
out = x * 2
print(torch.autograd.grad(out, x, grad_outputs=torch.tensor([1.0, 10.0])))
u = torch.ones(2, requires_grad=True)
v = (x * 3).sum()
try:
    torch.autograd.grad(v, [x, u])
except RuntimeError as e:
    print("RuntimeError:", e)
v = (x * 3).sum()
print(torch.autograd.grad(v, [x, u], allow_unused=True))
v = (x * 3).sum()
print(torch.autograd.grad(v, [x, u], materialize_grads=True))
try:
    torch.autograd.grad((x * 3).sum(), torch.ones(2))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.autograd.grad(torch.ones(2).sum(), x)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.autograd.grad(x * 2, x)
except RuntimeError as e:
    print("RuntimeError:", e)
p = (x ** 3).sum()
torch.autograd.grad(p, x)
try:
    torch.autograd.grad(p, x)
except RuntimeError as e:
    print("RuntimeError:", str(e)[:60])
a = torch.tensor(2.0, requires_grad=True)
b = a * a
c = b * 3
print(torch.autograd.grad(c, b), torch.autograd.grad(a * 5, a)[0].requires_grad, a.grad)
from torch.autograd import grad
print(grad((x * x).sum(), x))
