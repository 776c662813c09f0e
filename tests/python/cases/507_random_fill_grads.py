# An in-place random fill of a tensor in the graph records its node
# (UniformBackward0, RandomBackward0/1/2, BernoulliBackward1/2, ...), whose
# gradient is zero; bernoulli(float p) has no derivative.
import torch
y = torch.zeros(3, requires_grad=True)
z = y * 1
names = []
for f in [lambda t: t.uniform_(), lambda t: t.normal_(), lambda t: t.random_(), lambda t: t.random_(5), lambda t: t.random_(1, 5),
          lambda t: t.exponential_(), lambda t: t.cauchy_(), lambda t: t.log_normal_(), lambda t: t.geometric_(0.5),
          lambda t: t.bernoulli_(0.5), lambda t: t.bernoulli_(torch.full((3,), 0.5))]:
    names.append(type(f(z).grad_fn).__name__)
print(names)
z.sum().backward()
print(y.grad)
y.grad = None
z = y * 2
z[1:].uniform_()
print(type(z.grad_fn).__name__)
z.sum().backward()
print(y.grad)
w = y.bernoulli(0.5)
print(w.requires_grad, type(w.grad_fn).__name__)
p = torch.full((3,), 0.5, requires_grad=True)
q = torch.empty(3)
q.bernoulli_(p)
print(type(q.grad_fn).__name__, q.requires_grad)
q.sum().backward()
print(p.grad)
try:
    y.uniform_()
except Exception as e:
    print(type(e).__name__, e)
with torch.no_grad():
    z = y * 1
    z.normal_()
print(z.grad_fn, z.requires_grad)
