# A write through an expanded view (stride 0 over several elements) is
# recorded as CopySlices; its backward copies the slice's gradient into a
# view laid out like it, which copy_ refuses (PyTorch's internal-overlap
# error); a view without overlap (a row of the expand) passes.
import torch
def run(label, f):
    a = torch.arange(3.).requires_grad_()
    b = a * 1
    bv = b.expand(2, 3)
    try:
        f(bv)
        b.sum().backward()
        print(label, a.grad)
    except Exception as e:
        print(label, type(e).__name__, e)
def f1(bv): bv[[0]] = torch.ones(3)
def f2(bv): bv.fill_(1)
def f3(bv): bv[0] = 5
def f4(bv): bv[:, 1] = 5
def f5(bv): bv[0, [1]] = torch.tensor([5.])
def f6(bv): bv[torch.tensor([True, False])] = 2.
for i, f in enumerate([f1, f2, f3, f4, f5, f6]):
    run(i + 1, f)
