import torch
x = torch.arange(6.).view(2, 3)
y = x
l = [x]
r = x.t_()
print(r is x, y.shape, l[0].shape, x.stride(), x.is_contiguous())
a = torch.ones(2, 3, requires_grad=True)
try:
    a.t_()
    print("ok", a.shape, a.grad_fn, a.is_leaf)
except RuntimeError as e: print("RE", e)
b = torch.ones(2, 3, requires_grad=True) * 2
b.t_(); print(b.grad_fn.name(), b.shape)
b.sum().backward()
c = torch.ones(2, 3, requires_grad=True); d = c * 2; d.unsqueeze_(0); print(d.grad_fn.name(), d.shape)
d.sum().backward(); print(c.grad)
v = torch.arange(6.); w = v.view(2,3); w.squeeze_(); w.unsqueeze_(1); print(w.shape, w.stride(), v.shape)
z = torch.arange(4.); z.resize_(2, 3); print(z.shape, z[:1, :].tolist())
z2 = torch.arange(4.); z2.resize_(1); print(z2, z2.untyped_storage().nbytes())
e = torch.ones(3, 1); e.transpose_(0, 1); print(e.shape, e.stride())
try: torch.ones(2).transpose_(0, 2)
except IndexError as e: print("IE", e)
try: torch.ones(2,3).t_(); torch.ones(2,3,4).t_()
except RuntimeError as e: print("RE", e)
k = torch.ones(2, 3, requires_grad=True)
try: k.resize_(3, 2)
except RuntimeError as e: print("RE", e)
print(x.t_().t_().shape, x.version if hasattr(x,'version') else x._version)
q = torch.arange(6.).view(2,3)
g = q.t()
g.t_(); print(g.shape, g.is_contiguous(), q.shape)
try: k.squeeze_()
except RuntimeError as e: print("RE", e)
print(torch.t_ if hasattr(torch,'t_') else None, hasattr(torch, 'squeeze_'), hasattr(torch,'resize_'))
def mk(): return torch.ones(2, 1, 3, requires_grad=True) * 2
for f in [lambda y: y.squeeze_(), lambda y: y.squeeze_(1), lambda y: y.squeeze_((0, 1)), lambda y: y.unsqueeze_(0), lambda y: y.transpose_(0, 2), lambda y: y.swapaxes_(0, 2), lambda y: y.swapdims_(0,2)]:
    y = mk(); v0 = y._version; r = f(y); print(r is y, y.grad_fn.name(), y.grad_fn.next_functions[0][0].name(), y.shape, y._version - v0)
b = torch.ones(2, 3, requires_grad=True) * 2
v = b[0:1]
v.t_(); print(v.grad_fn.name(), v.shape)
v.sum().backward() if False else None
w = torch.ones(2,3, requires_grad=True) * 1
u = w.view(3, 2); u.t_(); print(u.grad_fn.name(), u.shape); (u * torch.arange(6.).view(2,3)).sum().backward()
l = torch.ones(2,3, requires_grad=True)
with torch.no_grad():
    l.t_()
print(l.shape, l.requires_grad, l.is_leaf)
x = torch.arange(6.).view(2, 3); print(x.t_().t_() is x)
z = torch.arange(6.).view(2, 3); z.resize_(3, 2); print(z.stride())
z = torch.arange(6.).view(2, 3).t(); z.resize_(3, 2); print(z.stride(), z)
z = torch.arange(6.).view(2, 3).t(); z.resize_(2, 3); print(z.stride(), z)
z = torch.arange(6.)[2:]; z.resize_(2, 2); print(z.storage_offset(), z)
z = torch.arange(6.)[2:]; zz = z.resize_(5); print(z.storage_offset(), z.untyped_storage().nbytes())
z = torch.arange(6.); z.resize_(0); print(z, z.untyped_storage().nbytes())
try: torch.arange(6.).resize_(-1)
except RuntimeError as e: print("RE", e)
try: torch.arange(6.).expand(2, 6).resize_(3, 4)
except RuntimeError as e: print("RE", e)
z = torch.arange(6.); print(z.resize_((2, 3)).shape, z.resize_([3, 2]).shape)
z = torch.arange(6.); print(z.resize_(2, 3, memory_format=torch.channels_last).stride() if False else "")
y = torch.ones(2,3); print(y.resize_(2,3) is y, y._version)
y = torch.ones(2,3); y.t_(); print(y._version)
print([hasattr(torch, n) for n in ["t_","transpose_","squeeze_","unsqueeze_","resize_","swapaxes_","swapdims_"]])
y = torch.ones(2,3); y.resize_(3, 4); print(y._version)
for s in [(-2,), (2, -1), (2**62, 4)]:
    try: torch.ones(2).resize_(*s)
    except RuntimeError as e: print("RE", e)
b = torch.ones(2,3, requires_grad=True)*2
try: b.resize_(3,2)
except RuntimeError as e: print("RE", e)
with torch.no_grad():
    try: torch.ones(2, requires_grad=True).resize_(3)
    except RuntimeError as e: print("RE", e)
try: torch.ones(2).resize_("a")
except TypeError as e: print("TE", e)
try: torch.ones(2).t_(1)
except TypeError as e: print("TE", e)
try: torch.ones(2,3,4).t_()
except RuntimeError as e: print("RE", e)
try: torch.ones(2,3).squeeze_(5)
except IndexError as e: print("IE", e)
x = torch.ones(2, 3); print(x.resize_(torch.Size([3])).shape)
v = torch.ones(2,3,requires_grad=True)*1; w = v[0:1]; w.t_(); (w * torch.tensor([[1.],[2.],[3.]])).sum().backward() ; print("bw ok")
l = torch.ones(2,3, requires_grad=True); m = l * 1; p = m.view(3,2); p.t_(); p.mul_(2); print(m.grad_fn.name(), p.grad_fn.name()); p.sum().backward(); print(l.grad)
# Every holder sees the new header: names, lists, dicts, tuples, a bound method.
s = torch.arange(6.).view(2, 3)
holders = {"d": s, "l": [s], "t": (s,)}
f = s.transpose_
f(0, 1)
print(holders["d"].shape, holders["l"][0].stride(), holders["t"][0].is_contiguous(), s._version)
def g(a):
    a.unsqueeze_(0)
g(s); print(s.shape)
# The view's data follows the new header; storage shared with the old views.
base = torch.arange(6.)
w = base.view(2, 3); w.t_(); w[0, 1] = 100.; print(base)
r = torch.arange(3.); alias = r.view(3); r.resize_(5); r[3:] = 7.; print(alias, r, alias.data_ptr() == r.data_ptr())
