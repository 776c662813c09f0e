import torch
x = torch.tensor([[3., 1., 2.], [0., 5., 4.]])
# out=(values, indices): the results go into the given tensors, which come
# back as torch.return_types.NAME_out.
v = torch.empty(0)
i = torch.empty(0, dtype=torch.long)
r = torch.sort(x, out=(v, i))
print(r)
print(r.values is v, r.indices is i, v.stride(), i.stride(), type(r).__name__)
for name, call in [
    ("sort", lambda o: torch.sort(x, 1, True, out=o)),
    ("sort_stable", lambda o: torch.sort(x, stable=True, out=o)),
    ("topk", lambda o: torch.topk(x, 2, out=o)),
    ("max", lambda o: torch.max(x, 0, out=o)),
    ("min", lambda o: torch.min(x, 1, True, out=o)),
    ("median", lambda o: torch.median(x, 1, out=o)),
    ("nanmedian", lambda o: torch.nanmedian(x, 1, out=o)),
    ("kthvalue", lambda o: torch.kthvalue(x, 2, 1, out=o)),
    ("mode", lambda o: torch.mode(x, 1, out=o)),
    ("cummax", lambda o: torch.cummax(x, 1, out=o)),
    ("cummin", lambda o: torch.cummin(x, 1, out=o)),
]:
    o = [torch.empty(0), torch.empty(0, dtype=torch.long)]
    r = call(o)
    print(name, type(r).__name__, r[0] is o[0], r[1] is o[1], o[0].shape, o[0].stride(), o[1].dtype, o[0].tolist(), o[1].tolist())
r = torch.aminmax(x, out=(torch.empty(0), torch.empty(0)))
print(r, r.min, r.max)
# A transposed input: the outs take the strides the op's result has.
v = torch.empty(0)
i = torch.empty(0, dtype=torch.long)
torch.sort(x.t(), 0, out=(v, i))
print(v.stride(), i.stride(), torch.sort(x.t(), 0).values.stride())
v = torch.empty(0)
i = torch.empty(0, dtype=torch.long)
torch.max(x.t(), 0, out=(v, i))
print(v, i, v.stride())
# An out of the right shape keeps its storage.
v = torch.empty(2, 3)
i = torch.empty(2, 3, dtype=torch.long)
p = v.data_ptr()
torch.sort(x, out=(v, i))
print(v.data_ptr() == p, v._version, i._version)
# Errors: exact dtypes (no cast), the tuple's length and items, autograd,
# the method form, and a single tensor where a tuple is wanted.
def attempt(f):
    try:
        print(f())
    except (RuntimeError, TypeError) as e:
        print(type(e).__name__, e)
attempt(lambda: torch.sort(x, out=(torch.empty(0), torch.empty(0))))
attempt(lambda: torch.sort(x, out=(torch.empty(0, dtype=torch.float64), torch.empty(0, dtype=torch.long))))
attempt(lambda: torch.max(x, 0, out=(torch.empty(0), torch.empty(0, dtype=torch.int32))))
attempt(lambda: torch.topk(x, 2, out=(torch.empty(0, dtype=torch.int64), torch.empty(0, dtype=torch.long))))
attempt(lambda: torch.sort(x, out=(torch.empty(0),)))
attempt(lambda: torch.sort(x, out=(1, 2)))
attempt(lambda: torch.topk(x, 1, out=(1, 2)))
attempt(lambda: torch.max(x, 1, out=(torch.empty(0), 2)))
attempt(lambda: torch.cummax(x.clone().requires_grad_(), 1, out=(torch.empty(0), torch.empty(0, dtype=torch.long))))
attempt(lambda: x.sort(out=(v, i)))
attempt(lambda: torch.sort(x, out=torch.empty(0)))
attempt(lambda: torch.max(x, 0, out=torch.empty(0)))
with torch.no_grad():
    xg = x.clone().requires_grad_()
    print(torch.sort(xg, out=(torch.empty(0), torch.empty(0, dtype=torch.long))).values)
