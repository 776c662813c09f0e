# out= of another dtype than the result: each kernel's own rule and words.
# TensorIterator casts when it can; cat casts or raises a TypeError; the
# structured linear-algebra and indexing kernels want the exact dtype; sum,
# prod and the scans compute in out's dtype (inputs cast first).
import torch
x = torch.tensor([[0.5, 1.5, 2.25], [3.0, -4.5, 5.75]])
e = torch.eye(3)
cases = [
    ("cat", lambda o: torch.cat([x, x], out=o)),
    ("stack", lambda o: torch.stack([x, x], out=o)),
    ("hstack", lambda o: torch.hstack([x, x], out=o)),
    ("vstack", lambda o: torch.vstack([x, x], out=o)),
    ("dstack", lambda o: torch.dstack([x, x], out=o)),
    ("column_stack", lambda o: torch.column_stack([x, x], out=o)),
    ("mm", lambda o: torch.mm(x, x.t(), out=o)),
    ("matmul", lambda o: torch.matmul(x, x.t(), out=o)),
    ("bmm", lambda o: torch.bmm(x[None], x.t()[None], out=o)),
    ("mv", lambda o: torch.mv(x, x[0], out=o)),
    ("dot", lambda o: torch.dot(x[0], x[1], out=o)),
    ("addmm", lambda o: torch.addmm(x, x, e, out=o)),
    ("addmv", lambda o: torch.addmv(x[:, 0], x, x[0], out=o)),
    ("baddbmm", lambda o: torch.baddbmm(x[None], x[None], e[None], out=o)),
    ("inner", lambda o: torch.inner(x, x, out=o)),
    ("sum", lambda o: torch.sum(x, 0, out=o)),
    ("sum_all", lambda o: torch.sum(x, (0, 1), out=o)),
    ("prod", lambda o: torch.prod(x, 0, out=o)),
    ("mean", lambda o: torch.mean(x, 0, out=o)),
    ("cumsum", lambda o: torch.cumsum(x, 0, out=o)),
    ("cumprod", lambda o: torch.cumprod(x, 0, out=o)),
    ("gather", lambda o: torch.gather(x, 1, torch.zeros(2, 1, dtype=torch.long), out=o)),
    ("take_along_dim", lambda o: torch.take_along_dim(x, torch.zeros(2, 1, dtype=torch.long), 1, out=o)),
    ("index_select", lambda o: torch.index_select(x, 0, torch.tensor([0]), out=o)),
    ("masked_select", lambda o: torch.masked_select(x, x > 1, out=o)),
    ("where", lambda o: torch.where(x > 1, x, x, out=o)),
    ("amax", lambda o: torch.amax(x, 0, out=o)),
    ("amin", lambda o: torch.amin(x, 0, out=o)),
    ("clamp", lambda o: torch.clamp(x, 0, 1, out=o)),
    ("clip", lambda o: torch.clip(x, 0, 1, out=o)),
    ("nonzero", lambda o: torch.nonzero(x, out=o)),
    ("diag", lambda o: torch.diag(x, out=o)),
    ("cross", lambda o: torch.cross(x, x, dim=1, out=o)),
    ("logcumsumexp", lambda o: torch.logcumsumexp(x, 0, out=o)),
    ("histc", lambda o: torch.histc(x, 4, out=o)),
    ("outer", lambda o: torch.outer(x[0], x[1], out=o)),
    ("add", lambda o: torch.add(x, x, out=o)),
    ("take", lambda o: torch.take(x, torch.tensor([0, 2]), out=o)),
    ("argmax", lambda o: torch.argmax(x, 0, out=o)),
    ("argmin", lambda o: torch.argmin(x, 1, out=o)),
    ("nansum", lambda o: torch.nansum(x, 0, out=o)),
    ("diff", lambda o: torch.diff(x, out=o)),
    ("tensordot", lambda o: torch.tensordot(x, x, ([1], [1]), out=o)),
    ("isin", lambda o: torch.isin(x, x[0], out=o)),
]
for dt in [torch.int64, torch.float64, torch.int32, torch.float32, torch.bool]:
    for name, f in cases:
        o = torch.empty(0, dtype=dt)
        try:
            r = f(o)
            print(dt, name, "ok", r.dtype, r.tolist())
        except Exception as ex:
            print(dt, name, type(ex).__name__ + ":", str(ex).splitlines()[0])

# Computed in out's dtype, not cast after: float32 loses the 1s, float64 keeps them.
big = torch.tensor([1e8, 1.0, -1e8, 1.0])
print(torch.sum(big), torch.sum(big, 0, out=torch.empty(0, dtype=torch.float64)))
print(torch.cumsum(big, 0), torch.cumsum(big, 0, out=torch.empty(0, dtype=torch.float64)))
print(torch.sum(torch.tensor([0.9, 0.9, 0.9]), 0, out=torch.empty(0, dtype=torch.int64)))

# cumsum/cumprod have no bool kernel, asked by dtype= or by out=.
for f in [lambda: torch.cumsum(big, 0, dtype=torch.bool), lambda: torch.cumprod(big, 0, dtype=torch.bool), lambda: torch.cumsum(torch.tensor([True, False]), 0)]:
    try:
        print(f())
    except Exception as ex:
        print(type(ex).__name__, ex)

# In place, the result is self: dtype= must be self's, and bool has no kernel.
for t in [torch.tensor([True, False, True]), torch.tensor([100, 100, 100], dtype=torch.int8), torch.tensor([1., 2.5, 3.])]:
    for f in ["cumsum_", "cumprod_"]:
        y = t.clone()
        try:
            print(f, getattr(y, f)(0), y.dtype)
        except Exception as ex:
            print(f, type(ex).__name__, ex)
    for kw in [dict(dtype=torch.float64), dict(dtype=torch.int16), dict(dtype=t.dtype)]:
        y = t.clone()
        try:
            print("cumsum_", kw, y.cumsum_(0, **kw))
        except Exception as ex:
            print("cumsum_", kw, type(ex).__name__, ex)
