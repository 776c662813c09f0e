# out= of the reductions whose kernels choose the dtype themselves: var/std
# read their input in a float out's dtype, vdot (dot for real tensors,
# VdotBackward0), addbmm's addmm_out check, and the (values, indices) tuples
# of cummax/cummin/median/nanmedian/kthvalue/mode each refused in its own
# kernel's words and order (sort/topk/max/min/aminmax: structured kernels).
import torch
torch.manual_seed(0)
x = torch.arange(6.).view(2, 3)
def tr(f):
    try:
        r = f()
        print(r)
    except Exception as e:
        print(type(e).__name__, str(e).split('\n')[0])
a = torch.tensor([1., 2., 3.]); b = torch.tensor([4., 5., 6.])
o = torch.empty(())
tr(lambda: torch.vdot(a, b, out=o))
tr(lambda: torch.vdot(a, b, out=torch.empty((), dtype=torch.float64)))
tr(lambda: torch.vdot(a, b, out=torch.empty(3)))
m = torch.randn(2, 3, 4); n = torch.randn(2, 4, 5)
tr(lambda: torch.addbmm(torch.zeros(3, 5), m, n, out=torch.empty(3, 5, dtype=torch.float64)))
tr(lambda: torch.addbmm(torch.zeros(3, 5), m, n, out=torch.empty(3, 5, dtype=torch.int64)))
tr(lambda: torch.cummax(x, 0, out=(torch.empty(0), torch.empty(0))))
tr(lambda: torch.cummax(x, 0, out=(torch.empty(0, dtype=torch.int64), torch.empty(0, dtype=torch.int64))))
tr(lambda: torch.cummax(x, 0, out=(torch.empty(0, dtype=torch.float64), torch.empty(0, dtype=torch.int64))))
tr(lambda: torch.median(x, 0, out=(torch.empty(0), torch.empty(0))))
tr(lambda: torch.median(x, 0, out=(torch.empty(0, dtype=torch.float64), torch.empty(0, dtype=torch.int64))))
tr(lambda: torch.median(x, 0, out=(torch.empty(0, dtype=torch.int64), torch.empty(0, dtype=torch.int64))))
tr(lambda: torch.cummin(x, 0, out=(torch.empty(0), torch.empty(0, dtype=torch.int32))))
y = torch.randn(5, 7) * 30
for f in ['logsumexp', 'std', 'var']:
    o = torch.empty(5, dtype=torch.float64)
    tr(lambda: getattr(torch, f)(y, 1, out=o).tolist())
    tr(lambda: getattr(torch, f)(y, 1, out=torch.empty(5, dtype=torch.float16)).tolist())
    tr(lambda: getattr(torch, f)(y, 1, out=torch.empty(5, dtype=torch.int64)).tolist())
    tr(lambda: getattr(torch, f)(y.double(), 1, out=torch.empty(5)).tolist())
x = torch.arange(6.).view(2, 3)
F = torch.float32; D = torch.float64; L = torch.int64; I = torch.int32; H = torch.float16
e = lambda d: torch.empty(0, dtype=d)
for name, args in [('cummax', (0,)), ('cummin', (0,)), ('median', (0,)), ('nanmedian', (0,)), ('sort', (0,)), ('topk', (1,)), ('max', (0,)), ('min', (0,)), ('kthvalue', (1,)), ('mode', (0,)), ('aminmax', ())]:
    for vd, idd in [(F, F), (L, L), (D, L), (F, I), (H, H), (I, L)]:
        kw = {'dim': 0} if name == 'aminmax' else {}
        tr(lambda: getattr(torch, name)(x, *args, **kw, out=(e(vd), e(idd))) and None)
tr(lambda: torch.median(torch.arange(6), 0, out=(e(L), e(F))))
tr(lambda: torch.cummax(torch.arange(6), 0, out=(e(F), e(L))))
a = torch.tensor([1., 2., 3.], requires_grad=True); b = torch.tensor([4., 5., 6.])
r = torch.vdot(a, b); print(r, r.grad_fn.name()); r.backward(); print(a.grad)
print(a.vdot(b), torch.vdot(torch.arange(3), torch.arange(3)), torch.vdot(b[::2], b[1:]))
tr(lambda: torch.vdot(b, b.double()))
tr(lambda: torch.vdot(b.view(3, 1), b.view(3, 1)))
tr(lambda: torch.vdot(b, b[:2]))
tr(lambda: torch.dot(b, b.double()))
tr(lambda: torch.vdot(b, b, out=torch.empty((), dtype=torch.float64)))
tr(lambda: torch.vdot(b, b, out=torch.empty(2)))
tr(lambda: torch.vdot(b, other=b))
tr(lambda: torch.vdot(b))
tr(lambda: torch.vdot(torch.tensor([True]), torch.tensor([True])))
tr(lambda: torch.dot(torch.tensor([True]), torch.tensor([True])))
tr(lambda: torch.vdot(b.half(), b.half()))
