# Second batch of the 2026-12-05 sweep: median()/nanmedian() of every
# element go through nth_element over self.clone() in memory order (which
# of 0.0 and -0.0 lands in the middle); float16/bfloat16 logsumexp sums in
# float and rounds each step as ATen's composite does; histc's edges and
# positions in the input's dtype (Half/BFloat16 round each step); float16
# and bfloat16 rsqrt's scalar tail rounds the square root first.
import torch
torch.manual_seed(0)
s = torch.tensor([0., -0., 1., -1., float('inf'), -float('inf'), float('nan'), 0.5, -2.5, 1e-30, 3e38, 2.5])
print(s.half().nanmedian(), s.nanmedian(), s.bfloat16().nanmedian(), s.median())
z = torch.tensor([[0., -0., 0.], [-0., 0., -0.]])
print(z.median(), z.t().median(), z.nanmedian(), z[:, ::2].median())
for dt in [torch.bfloat16, torch.float16, torch.float32]:
    x = (torch.randn(5, 37) * 3).to(dt)
    print(dt, x.logsumexp(0), x.logsumexp(1), x.logsumexp((0, 1)))
    print(torch.histc(x, bins=13), torch.histc(x, bins=257, min=-2.3, max=3.7), torch.histc(x.t(), bins=100))
    y = (torch.rand(3, 45) * 4 + 0.1).to(dt)
    print(y.rsqrt(), y.t().rsqrt(), y[:, ::2].rsqrt())
    y.rsqrt_()
    print(y)
