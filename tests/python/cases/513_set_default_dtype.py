# torch.set_default_dtype: the dtype of float tensors made without one, of
# Python floats in arithmetic with integer tensors, of int / int, and the
# dtype a tensor's repr leaves out.
import torch

print(torch.get_default_dtype(), torch.tensor([1.5]).dtype)
for d in [torch.float64, torch.float16, torch.bfloat16]:
    torch.set_default_dtype(d)
    print(torch.get_default_dtype(), torch.finfo().dtype)
    print(torch.tensor([1.5, 2]), torch.zeros(2), torch.arange(3.), torch.arange(3), torch.tensor([1, 2]) / 3)
    print(torch.tensor([1]) * 1.5, torch.linspace(0, 1, 3), torch.full((2,), 1.5), torch.full((2,), 1), torch.tensor(2.5))
    print(torch.ones(2, dtype=torch.float32), torch.empty(0), torch.randn(2).dtype, torch.rand(1).dtype, torch.eye(2).dtype)
    print(torch.tensor([1, 2]).float().dtype, torch.sqrt(torch.tensor([4])), torch.tensor([True]) + 0.5, torch.logspace(0, 1, 2))
    print(torch.tensor([3]).to(torch.get_default_dtype()), torch.tensor([1, 2]).mean(dtype=torch.get_default_dtype()))
    print(torch.ones(2, requires_grad=True), torch.zeros(2, dtype=torch.float32).sum())
torch.set_default_dtype(torch.float64)
torch.manual_seed(0)
print(torch.rand(3), torch.randn(2))
torch.set_default_dtype(torch.float32)
torch.manual_seed(0)
print(torch.rand(3), torch.randn(2))
for bad in [lambda: torch.set_default_dtype(torch.int32), lambda: torch.set_default_dtype(3), lambda: torch.set_default_dtype(None)]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e)
print(torch.get_default_dtype(), torch.tensor([1.5]))
