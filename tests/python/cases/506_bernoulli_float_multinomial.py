# bernoulli_(float p) draws a double uniform per element (no MKL stream in
# PyTorch 2.15); bernoulli(p) is a new contiguous tensor; multinomial
# without replacement, or of one sample, is argmax/topk of p / exponential_.
import torch
for n in [3, 40]:
    for dt in [torch.float32, torch.float64, torch.int64, torch.bool, torch.float16]:
        torch.manual_seed(0)
        print(n, dt, torch.empty(n, dtype=dt).bernoulli_(0.3).tolist(), torch.rand(2).tolist())
torch.manual_seed(4)
x = torch.full((2, 3), 0.5)
print(x.bernoulli(0.9), torch.bernoulli(x, 0.2), torch.bernoulli(x, p=0.7), x.t().bernoulli(0.5).stride())
print(torch.empty(4, 3).t().bernoulli_(0.3), torch.empty(3).bernoulli_(), torch.empty(3).bernoulli_(True))
for p in [-0.1, 1.5, float("nan"), 0, 1]:
    try:
        print(torch.empty(5).bernoulli_(p))
    except Exception as e:
        print(type(e).__name__, e)
torch.manual_seed(1)
print(torch.tensor([0.1, 0.2, 0.7]).multinomial(1))
print(torch.tensor([0.1, 0.2, 0.3, 0.4]).multinomial(3))
print(torch.tensor([[0.1, 0.2, 0.3, 0.4], [1, 0, 1, 0.]]).multinomial(2))
print(torch.tensor([[0.1, 0.2, 0.3, 0.4], [1, 0, 1, 0.]]).multinomial(1, replacement=True))
print(torch.multinomial(torch.arange(1., 11.), 10), torch.rand(2))
print(torch.tensor([0.1, 0.2, 0.7], dtype=torch.float64).multinomial(2), torch.tensor([0.1, 0.2, 0.7], dtype=torch.float16).multinomial(2))
