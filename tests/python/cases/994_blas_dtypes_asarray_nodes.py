import torch
D, F, I = torch.float64, torch.float32, torch.int64
def attempt(label, f):
    try:
        r = f()
        print(label, r.dtype, r.tolist())
    except (RuntimeError, ValueError, NotImplementedError) as e:
        print(label, type(e).__name__, e)
# addmm/addmv/baddbmm/addbmm need one dtype (PyTorch's checks, in its order);
# addr is element-wise and promotes.
for a in (D, F):
    for b in (D, F):
        for c in (D, F):
            k = "".join("D" if t == D else "F" for t in (a, b, c))
            attempt("addmm " + k, lambda: torch.zeros(2, 2, dtype=a).addmm(torch.ones(2, 3, dtype=b), torch.ones(3, 2, dtype=c)))
            attempt("addmv " + k, lambda: torch.zeros(2, dtype=a).addmv(torch.ones(2, 3, dtype=b), torch.ones(3, dtype=c)))
            attempt("addr " + k, lambda: torch.zeros(2, 2, dtype=a).addr(torch.ones(2, dtype=b), torch.ones(2, dtype=c)))
            attempt("baddbmm " + k, lambda: torch.zeros(2, 2, 2, dtype=a).baddbmm(torch.ones(2, 2, 3, dtype=b), torch.ones(2, 3, 2, dtype=c)))
            attempt("addbmm " + k, lambda: torch.zeros(2, 2, dtype=a).addbmm(torch.ones(2, 2, 3, dtype=b), torch.ones(2, 3, 2, dtype=c)))
attempt("addmm long+float", lambda: torch.zeros(2, 2, dtype=I).addmm(torch.ones(2, 3), torch.ones(3, 2)))
attempt("addmm long", lambda: torch.zeros(2, 2, dtype=I).addmm(torch.ones(2, 3, dtype=I), torch.ones(3, 2, dtype=I)))
attempt("addr long+float", lambda: torch.zeros(2, 2, dtype=I).addr(torch.ones(2), torch.ones(2), beta=0.5))
attempt("addr long alpha", lambda: torch.zeros(2, 2, dtype=I).addr(torch.ones(2, dtype=I), torch.ones(2, dtype=I), alpha=1.5))
attempt("addr long beta", lambda: torch.zeros(2, 2, dtype=I).addr(torch.ones(2, dtype=I), torch.ones(2, dtype=I), beta=0.5))
attempt("addmv 1-d self", lambda: torch.zeros(1).addmv(torch.ones(2, 3), torch.ones(3)))
attempt("addmv 0-d self", lambda: torch.zeros(()).addmv(torch.ones(2, 3), torch.ones(3)))
attempt("addmv 2-d self", lambda: torch.zeros(2, 2).addmv(torch.ones(2, 3), torch.ones(3)))
attempt("addmv 3-d mat", lambda: torch.zeros(2).addmv(torch.ones(2, 3, 1), torch.ones(3)))
# as_tensor/asarray convert with .to(): strides kept, ToCopyBackward0 recorded.
x = torch.arange(6.).view(2, 3).t()
print(torch.as_tensor(x, dtype=D).stride(), torch.asarray(x, dtype=D).stride())
c = torch.asarray(x, copy=True)
print(c.stride(), c.data_ptr() == x.data_ptr(), torch.asarray(x, copy=False) is x)
attempt("asarray copy=False", lambda: torch.asarray(x, dtype=D, copy=False))
y = torch.ones(2, requires_grad=True)
print(torch.as_tensor(y, dtype=D).grad_fn.name(), torch.as_tensor(y) is y)
z = torch.asarray(y)
print(z is y, z.requires_grad)
print(torch.asarray(y, dtype=D).grad_fn.name(), torch.asarray(y, copy=True).grad_fn.name())
with torch.no_grad():
    print(torch.asarray(y, dtype=D).requires_grad)
z = torch.asarray(y, requires_grad=False, dtype=D)
print(z.requires_grad, z.grad_fn)
w = torch.ones(2)
z = torch.asarray(w, requires_grad=True)
print(z is w, w.requires_grad, w.is_leaf)
z = torch.asarray(y, requires_grad=False)
print(z is y, y.requires_grad)
# A node's class is its name.
y = torch.ones(2, requires_grad=True)
g = y.exp().grad_fn
print(type(g), type(g).__name__, type(g) == type(y.exp().grad_fn), type(g) == type(y.sin().grad_fn), isinstance(g, type(g)))
print(torch.floor_divide(y, 2).grad_fn.name())
# In-place scans record their node; acosh_/asinh_/atanh_ record a node
# whose derivative PyTorch has not implemented.
x = torch.arange(6.).view(2, 3).requires_grad_()
y = x * 2
y.cumsum_(1)
print(y.grad_fn.name(), y.grad_fn.next_functions[0][0].name())
y.sum().backward()
print(x.grad)
for f in ["acosh_", "asinh_", "atanh_"]:
    x = torch.tensor([0.5, 0.25], requires_grad=True) + (1 if f == "acosh_" else 0)
    y = x * 1
    getattr(y, f)()
    print(f, y.grad_fn.name())
    try:
        y.sum().backward()
    except NotImplementedError as e:
        print("NotImplementedError", e)
