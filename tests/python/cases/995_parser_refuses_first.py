import torch
# PyTorch's argument parser refuses these before the op runs; tsr checks
# every call against the rows' signatures first, so they are refused too.
x = torch.arange(6.).view(2, 3)
def attempt(label, f):
    try:
        print(label, f())
    except TypeError as e:
        print(label, "TypeError", e)
attempt("cumsum bool dim", lambda: torch.cumsum(x, True))
attempt("method cumsum bool dim", lambda: x.cumsum(True))
attempt("roll twice", lambda: x.roll(1, shifts=2))
attempt("reshape varargs fn", lambda: torch.reshape(x, 3, 2))
attempt("reshape varargs method", lambda: x.reshape(3, 2))
attempt("permute varargs fn", lambda: torch.permute(x, 1, 0))
attempt("permute varargs method", lambda: x.permute(1, 0))
attempt("sum float dim", lambda: x.sum(1.0))
attempt("transpose str", lambda: x.transpose(0, "1"))
attempt("flip int", lambda: torch.flip(x, 0))
attempt("topk float k", lambda: x.topk(1.5))
attempt("softmax no dim kw typo", lambda: x.softmax(dims=1))
attempt("gather bool index", lambda: x.gather(1, True))
attempt("clamp str", lambda: x.clamp("a"))
attempt("ok calls", lambda: (x.sum(1).tolist(), torch.flip(x, (0,)).tolist(), x.roll(1).tolist(), x.topk(1).values.tolist()))
