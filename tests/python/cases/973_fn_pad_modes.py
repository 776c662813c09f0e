import torch
import torch.nn.functional as F
x = torch.arange(12.0).view(1, 3, 4)
for m in ['reflect', 'replicate', 'circular']:
    print(m, F.pad(x, (2, 1), mode=m), F.pad(x, (1, 1, 2, 0), mode=m), F.pad(x.view(1, 1, 3, 4), (1, 2, 1, 1), mode=m)[0, 0])
    print(F.pad(x, (-1, 2), mode=m), F.pad(x, (2, -1), mode=m), F.pad(x.view(1, 1, 1, 3, 4), (1, 1, 1, 0, 0, 0), mode=m).shape)
    print(F.pad(x.view(3, 4), (1, 1), mode=m))
x4 = torch.arange(24.0).view(1, 2, 3, 4)
cl = x4.contiguous(memory_format=torch.channels_last)
for m in ['reflect', 'replicate', 'circular']:
    print(m, F.pad(cl, (1, 1, 1, 1), mode=m).stride(), F.pad(x4.transpose(2, 3), (1, 1, 1, 1), mode=m).stride(), F.pad(x4[0].transpose(0, 1), (1, 1), mode=m).stride(), F.pad(x4[0, :, :, ::2], (1, 1), mode=m))
i = torch.tensor([[1, 2, 3]])
print(F.pad(i, (1, 1), mode='reflect'), F.pad(i, (2, 2), mode='replicate'), F.pad(i, (3, 3), mode='circular'), F.pad(torch.tensor([[True, False, True]]), (1, 1), mode='circular'))
print(F.pad(x, (1, 1), mode='reflect', value=0), F.pad(x, (0, 0), mode='replicate').equal(x))
for f in [lambda: F.pad(x, (4, 1), mode='reflect'), lambda: F.pad(x, (1, 1, 3, 1), mode='reflect'), lambda: F.pad(x, (5, 0), mode='circular'),
          lambda: F.pad(x[0, 0], (1, 1), mode='reflect'), lambda: F.pad(x, (1, 1, 1, 1, 1, 1), mode='replicate'), lambda: F.pad(x, (1, 1), mode='reflect', value=2.0),
          lambda: F.pad(torch.tensor([[True, False]]), (1, 1), mode='reflect'), lambda: F.pad(torch.tensor([[True, False]]), (1, 1), mode='replicate'),
          lambda: F.pad(torch.ones(1, 0, 2), (1, 1), mode='replicate'), lambda: F.pad(x, (-4, 0), mode='replicate'), lambda: F.pad(x.view(3, 4), (1, 1, 1, 1), mode='circular')]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
a = torch.arange(8.0).view(1, 2, 4).requires_grad_()
w = torch.arange(1.0, 15.0).view(1, 2, 7)
for m in ['reflect', 'replicate', 'circular']:
    y = F.pad(a, (2, 1), mode=m); print(y.grad_fn.name()); (y * w).sum().backward(); print(a.grad); a.grad = None
    y = F.pad(a.view(1, 1, 2, 4), (1, 1, 1, 0), mode=m); print(y.grad_fn.name()); (y * torch.arange(18.0).view(1, 1, 3, 6)).sum().backward(); print(a.grad); a.grad = None
    y = F.pad(a.view(1, 1, 1, 2, 4), (1, 0, 1, 1, 0, 0), mode=m); print(y.grad_fn.name()); (y * y).sum().backward(); print(a.grad); a.grad = None
