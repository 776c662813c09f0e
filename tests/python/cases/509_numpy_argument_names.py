# PyTorch's argument parser takes NumPy's names: axis for dim, keepdims
# for keepdim, x1/x2 for input/other (numpy_compatibility_arg_names).
import torch
A = torch.arange(20, dtype=torch.float32).reshape(5, 4)
print(A.sum(axis=0), A.sum(axis=1, keepdims=True), A.sum(axis=[0, 1]))
print(A.mean(axis=0), torch.sum(A, axis=1), torch.mean(A, axis=0, keepdims=True).shape)
print(A.cumsum(axis=0)[-1], A.max(axis=1), A.argmax(axis=1), A.std(axis=0))
print(torch.cat([A, A], axis=1).shape, torch.stack([A, A], axis=0).shape, A.softmax(axis=1).sum(axis=1))
print(torch.add(x1=torch.ones(2) if False else torch.ones(2), other=torch.ones(2)) if False else torch.maximum(torch.ones(2), other=torch.zeros(2)))
for f in [lambda: A.sum(axis=0, dim=1), lambda: A.sum(axes=0), lambda: A.flip(axis=0)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, str(e).split("\n")[0])
