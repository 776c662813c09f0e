# In-place variants PyTorch has for scope names: pow_, remainder_,
# floor_divide_, clamp_, the comparisons (eq_ … ge_), the logical ops,
# addmm_/addmv_/addr_/baddbmm_/addbmm_ and as_strided_: values written
# into self (cast to its dtype), the same storage, a version bump, the
# cast and shape errors, and the nodes autograd records.
import torch

def show(f):
    try:
        r = f()
        print(r if isinstance(r, str) else (r.dtype, r.tolist()))
    except Exception as e:
        print(type(e).__name__, e)

def run(name, make, *args, **kw):
    x = make()
    p = x.data_ptr()
    v = x._version
    try:
        r = getattr(x, name)(*args, **kw)
        print(name, r is x, x.data_ptr() == p, x._version - v, x.dtype, x.tolist())
    except Exception as e:
        print(name, type(e).__name__, e)

f = lambda: torch.tensor([[1.5, -2.0, 3.0], [0.0, 4.5, -1.0]])
i = lambda: torch.tensor([[1, -2, 3], [0, 4, -1]])
run('pow_', f, 2)
run('pow_', f, torch.tensor([1., 2., 3.]))
run('pow_', i, 2)
run('pow_', i, 0.5)
run('pow_', i, -1)
run('remainder_', f, 1.25)
run('remainder_', i, torch.tensor([2, 3, -2]))
run('floor_divide_', f, 2)
run('floor_divide_', i, 0)
run('clamp_', f, -1, 2)
run('clamp_', f, min=0.5)
run('clamp_', f, max=torch.tensor([0., 1., 2.]))
run('clamp_', i, 0.5)
run('clamp_', i, min=0, max=2)
run('clamp_', f)
for n in ['eq_', 'ne_', 'lt_', 'le_', 'gt_', 'ge_']:
    run(n, f, 1.5)
    run(n, i, torch.tensor([1, 0, 3]))
run('eq_', f, torch.ones(2, 2, 3))
run('lt_', torch.tensor([True, False]).clone, torch.tensor([1, 0]))
for n in ['logical_and_', 'logical_or_', 'logical_xor_']:
    run(n, f, torch.tensor([1., 0., 0.]))
    run(n, i, torch.tensor([True, False, True]))
run('logical_not_', f)
run('logical_not_', i)
run('logical_not_', torch.tensor([True, False]).clone)
m = lambda: torch.ones(2, 2)
a, b = torch.arange(6.).view(2, 3), torch.arange(6.).view(3, 2)
run('addmm_', m, a, b)
run('addmm_', m, a, b, beta=0.5, alpha=2)
run('addmm_', lambda: torch.ones(2, 1), a, b)
run('addmv_', lambda: torch.ones(2), a, torch.ones(3))
run('addr_', lambda: torch.zeros(2, 3), torch.ones(2), torch.arange(3.))
run('baddbmm_', lambda: torch.zeros(2, 2, 2), torch.ones(2, 2, 3), torch.ones(2, 3, 2))
run('addbmm_', lambda: torch.zeros(2, 2), torch.ones(4, 2, 3), torch.ones(4, 3, 2), alpha=0.5)
run('addmm_', lambda: torch.ones(2, 2, dtype=torch.int64), a.long(), b.long())
y = torch.arange(6.)
z = y.as_strided_((2, 2), (1, 2), 1)
print(z is y, y.shape, y.stride(), y.storage_offset(), y.tolist(), y._version)

# autograd
w = torch.tensor([1.5, -2.0, 3.0], requires_grad=True)
for n, args in [('pow_', (2,)), ('clamp_', (-1, 2)), ('eq_', (1.5,)), ('lt_', (torch.zeros(3),)), ('logical_not_', ()), ('remainder_', (1.25,)), ('floor_divide_', (2,))]:
    h = w * 1
    try:
        getattr(h, n)(*args)
        print(n, h.grad_fn.name(), h.requires_grad)
        h.sum().backward()
        print(' grad', w.grad)
    except Exception as e:
        print(n, type(e).__name__, e)
    w.grad = None
try:
    w.pow_(2)
except Exception as e:
    print(type(e).__name__, e)
mm = torch.ones(2, 2, requires_grad=True)
q = mm * 1
q.addmm_(a, b, beta=0.5)
print(q.grad_fn.name())
q.sum().backward()
print(mm.grad)
w2 = torch.arange(6., requires_grad=True)
x = w2 * 1
x.as_strided_((2, 2), (1, 1), 1)
print(x.grad_fn.name(), x, x._version)
(x * torch.tensor([[1., 2.], [3., 4.]])).sum().backward()
print(w2.grad)
y = torch.arange(6.)
v = y[1:]
v.as_strided_((2,), (2,))
print(v, v.storage_offset(), y)
