# x.H and x.mH (transposes for real tensors, with PyTorch's rank errors and
# 0-dim warnings), the is_* flags, is_complex()/is_signed().
import torch
x = torch.arange(6.).view(2, 3).requires_grad_()
print(x.H.grad_fn.name(), x.mH.grad_fn.name(), x.H.stride(), x.mH.stride(), x.H._is_view(), x.mH._base is None)
y = torch.zeros(2, 3, 4)
print(y.mH.shape, y.mH.stride(), y.mH._base is y, y.H if False else '')
for bad in [lambda: y.H, lambda: torch.zeros(3).mH, lambda: torch.zeros(3).H]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
print(torch.tensor(1.).mH, torch.tensor(2.).H)
print(x.is_cpu, x.is_sparse, x.is_quantized, x.is_meta, x.is_mkldnn, x.is_nested, x.is_complex(), x.is_signed())
print(torch.is_signed(torch.zeros(1, dtype=torch.uint8)), torch.is_complex(x), torch.zeros(1, dtype=torch.int8).is_signed(), torch.zeros(1, dtype=torch.bool).is_signed())
