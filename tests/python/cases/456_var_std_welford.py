# var/std as PyTorch computes them: std_var_all_cpu for one value (the mean as
# mean() gives it, squared deviations in double), Welford in double otherwise.
import torch
for dt in [torch.float32, torch.float64]:
    for shape in [(7,), (100,), (33, 40), (1000, 70), (70001,)]:
        n = torch.Size(shape).numel()
        x = ((torch.arange(float(n), dtype=dt) * 0.37) % 1.7 - 0.6).reshape(shape)
        print(dt, shape, x.var().item(), x.std().item(), x.var(-1).flatten()[:3].tolist(), x.std(0, correction=0).flatten()[:3].tolist())
print(torch.zeros(0).var(), torch.ones(1).std(), torch.tensor([1., 2.]).var(correction=0), torch.arange(10.).view(2, 5).std(1, keepdim=True))
