# applySlice's shortcut inside an index: a slice with start 0 (or none),
# stop at least the dim's length (or none) and step 1 is no view, so
# x[0:, [1]] indexes x itself (IndexBackward0 right on x's node) and
# b[0:, idx] = v is index_put_ on b (IndexPutBackward0, not CopySlices).
import torch
a = torch.arange(12.).view(3, 4).requires_grad_()
x = a * 1
for name, y in [("x[0:, [1]]", x[0:, [1]]), ("x[:100, [1]]", x[:100, [1]]), ("x[-3:, [1]]", x[-3:, [1]]), ("x[0:2, [1]]", x[0:2, [1]]),
                ("x[::1, [1]]", x[::1, [1]]), ("x[[0], 0:]", x[[0], 0:]), ("x[..., 0:, [2]]", x[..., 0:, [2]]), ("x[None, 0:3, [0, 1]]", x[None, 0:3, [0, 1]])]:
    print(name, y.grad_fn.name(), [f[0].name() for f in y.grad_fn.next_functions if f[0] is not None])
for idx in ["0:", "-3:", ":2", "1:"]:
    b = a * 1
    v = torch.tensor(5., requires_grad=True)
    if idx == "0:":
        b[0:, [1, 2]] = v
    elif idx == "-3:":
        b[-3:, [1, 2]] = v
    elif idx == ":2":
        b[:2, [1, 2]] = v
    else:
        b[1:, [1, 2]] = v
    (b * torch.arange(12.).view(3, 4)).sum().backward()
    print(idx, b.grad_fn.name(), v.grad)
