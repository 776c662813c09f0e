# _base and _is_view(): a view op's result remembers the tensor it views
# (the root of a chain of views); detach(), .data and view(dtype) do not,
# nor an op that returns its input. view(dtype) between element sizes
# scales the last dim, the other strides and the offset (ATen's view_dtype).
import torch
x = torch.arange(12.).view(3, 4)
print(x._base is None, x._is_view())
a = torch.arange(12.)
v = a.view(3, 4)
print(v._base is a, v._is_view(), v[0]._base is a, v.t()._base is a, v.T._base is a, v.mT._base is a)
print(a.detach()._base, a.detach()._is_view(), a.data._base, a.data._is_view())
print(a[[0, 1]]._base, a.reshape(3, 4)._base is a, v.t().reshape(12)._base)
print(a.contiguous() is a, a.contiguous()._base, a.to(torch.float32)._base, a.float() is a)
print(a.split(4)[1]._base is a, a.unbind(0)[0]._base is a, a.chunk(2)[0]._base is a, [r._base is v._base for r in v])
print(a.expand(2, 12)._base is a, a.unsqueeze(0)._base is a, a.flatten()._base, v.flatten()._base is a)
print(a.narrow(0, 1, 3)._base is a, a.as_strided((2,), (1,))._base is a, a.squeeze()._base is a)
print(a.view(torch.int32)._base, a.view(torch.int32)._is_view(), a.view(torch.float32)._base, a.view(torch.int16)._base)
b = torch.arange(6.)
c = b[1:]
d = c[1:]
print(d._base is b, c._base is b, b[...]._base is b, b[None]._base is b, b[:]._base is b)
print(v.movedim(0, 1)._base is a, v.unflatten(1, (2, 2))._base is a, torch.einsum("i->i", a)._base is a)
e = torch.ones(3, requires_grad=True)
f = e[:2]
print(f._base is e, type(f.grad_fn).__name__)
print(a.view_as(v)._base is a, v.view(-1)._base is a, v.swapaxes(0, 1)._base is a, v.select(0, 1)._base is a)
print(a.unfold(0, 2, 1)._base is a, torch.split(a, [6, 6])[0]._base is a, a.tensor_split(3)[0]._base is a)
print(v.clone()._base, (v + 0)._base, v.t().contiguous()._base, torch.transpose(v, 0, 1)._base is a)
with torch.no_grad():
    h = a[1:]
print(h._base is a)
m = torch.meshgrid(a[:3], a[:2], indexing="ij")
print(m[0]._base is not None, torch.broadcast_to(a, (2, 12))._base is a)
# view(dtype) between element sizes
y = torch.arange(12.).view(3, 4)
p = y.view(torch.int16)
print(p.shape, p.stride(), p.storage_offset(), p[0, :4], p.dtype)
q = y.view(torch.float64)
print(q.shape, q.stride(), q)
r = y[1:, 2:].view(torch.uint8)
print(r.shape, r.stride(), r.storage_offset())
s = torch.arange(16, dtype=torch.int8).view(2, 8)[:, 4:].view(torch.int32)
print(s, s.stride(), s.storage_offset(), s._base is not None)
for g in [lambda: y.t().view(torch.int16), lambda: y[:, :3].view(torch.float64), lambda: y[:, 1:].view(torch.float64),
          lambda: torch.tensor(1.0).view(torch.int16), lambda: y[::2, :].view(torch.float64), lambda: torch.arange(12.).view(6, 2)[::3].view(torch.float64),
          lambda: torch.arange(8, dtype=torch.int8).view(2, 4)[:, ::2].view(torch.int16), lambda: torch.arange(8, dtype=torch.int8)[1:7].view(torch.int16),
          lambda: torch.tensor(1.0).view(torch.int32), lambda: y.view(torch.bool)]:
    try:
        o = g()
        print(o.shape, o.stride(), o.storage_offset(), o.dtype)
    except Exception as ex:
        print(type(ex).__name__, ex)
z = torch.ones(4, requires_grad=True)
print(z.view(torch.int32))
w = (z * 2).view(torch.float16)
print(w.requires_grad, w.grad_fn, w.shape)
# a size-1 dim's stride may be anything; the scaled stride wraps as int64
big = torch.empty(2).as_strided((1, 2), (2**62, 1))
print(big.view(torch.int8).stride(), torch.empty(4, dtype=torch.int8).as_strided((1, 4), (2**62, 1)).view(torch.float32).stride())
