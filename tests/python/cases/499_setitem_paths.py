# Which op a write x[idx] = v runs, as THPVariable_setitem decides: a slice
# with start 0, stop >= the length and step 1 is skipped (the write goes
# into x itself), any other slice is a view (CopySlices); a number through
# one mask is masked_fill_ (a uint8 mask is refused), through one index
# tensor index_fill_, otherwise index_put_.
import torch
def grad_fn_after(write):
    a = torch.arange(6.).view(3, 2).requires_grad_()
    b = a * 1
    write(b)
    return b.grad_fn.name(), b._version
def w1(b): b[-3:] = 1.
def w2(b): b[0:] = 1.
def w3(b): b[:] = 1.
def w4(b): b[0:100] = 1.
def w5(b): b[:3] = 1.
def w6(b): b[::1] = 1.
def w7(b): b[0:2] = 1.
def w8(b): b[...] = 1.
def w9(b): b[..., 0:] = 1.
def w10(b): b[1:] = 1.
def w11(b): b[-3:, 0:2] = 1.
def w12(b): b[torch.tensor([True, False, True])] = 2.
def w13(b): b[[0, 2]] = 2.
def w14(b): b[[0, 2]] = torch.tensor(2.)
def w15(b): b[torch.tensor([True, False, True])] = torch.tensor(2.)
def w16(b): b[[0, 2], [1, 0]] = 2.
for i, w in enumerate([w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11, w12, w13, w14, w15, w16]):
    print(i + 1, *grad_fn_after(w))
def run(label, f):
    y = torch.arange(3.).expand(2, 3)
    try:
        f(y)
        print(label, y.tolist(), y._version)
    except Exception as e:
        print(label, type(e).__name__, e)
def f1(y): y[:, torch.tensor([True, False, True])] = 5
def f2(y): y[[0]] = torch.tensor(5.)
def f3(y): y[:, torch.tensor([1, 0, 1], dtype=torch.uint8)] = 5
def f4(y): y[torch.tensor([1, 0], dtype=torch.uint8)] = torch.tensor(4.)
def f5(y): y[0, torch.tensor([True, False, True])] = 5
def f6(y): y[[0], [1]] = 5
def f7(y): y[torch.tensor([1, 0], dtype=torch.uint8)] = torch.ones(3)
def f8(y): print(y[torch.tensor([1, 0], dtype=torch.uint8)])
for i, f in enumerate([f1, f2, f3, f4, f5, f6, f7, f8]):
    run(i + 1, f)
