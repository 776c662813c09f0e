# logsumexp as ATen's composite computes it: amax with infinite maxes set
# to 0, (x - maxes).exp_() in TensorIterator's layout, the cascade sum into
# the result's dtype (a wider out= sums, logs and adds in it; a narrower one
# reads the exps in it), then log_().add_(maxes); dims=[] without keepdim
# is refused as PyTorch's add_ refuses it. (exp/log are MKL's in PyTorch's
# build, where a few results differ from correctly rounded ones in the
# last bit: two lines round.)
import torch
torch.manual_seed(0)
a = torch.randn(37, 300) * 20
for t in [a, a.t(), a[::2, ::3], a.double(), a.half(), a.bfloat16(), a.double().t()]:
    print(torch.logsumexp(t, 1).tolist()[:8])
    print(torch.logsumexp(t, 0).tolist()[:8])
    print(torch.logsumexp(t, (0, 1)).item(), torch.logsumexp(t, 0, keepdim=True).shape, torch.logsumexp(t, [], True).tolist())
    try:
        torch.logsumexp(t, [])
    except RuntimeError as e:
        print(e)
b = torch.randn(4, 5, 6)
print(torch.logsumexp(b, (0, 2)).tolist(), torch.logsumexp(b.permute(2, 0, 1), 1).mul(1e6).round().tolist())
i = torch.arange(12).view(3, 4)
print(torch.logsumexp(i, 1), torch.logsumexp(torch.tensor(3.), 0), torch.logsumexp(torch.tensor(3.), []), torch.logsumexp(torch.zeros(0, 3), 0), torch.logsumexp(torch.zeros(2, 0), 1))
s = torch.tensor([[float('inf'), 1.], [float('-inf'), float('-inf')], [float('nan'), 2.], [float('-inf'), 0.]])
print(torch.logsumexp(s, 1), torch.logsumexp(s, 0))
# (MKL's exp differs from a correctly rounded one in the last bit of a few
# exps here, so the float64 sums are printed to 12 digits.)
print([round(v, 12) for v in torch.logsumexp(a, 1, out=torch.empty(37, dtype=torch.float64)).tolist()])
print([round(v, 12) for v in torch.logsumexp(a.t(), 0, out=torch.empty(0, dtype=torch.float64)).tolist()])
for dt in [torch.float16, torch.bfloat16]:
    print(torch.logsumexp(a, 1, out=torch.empty(37, dtype=dt)).tolist()[:6])
    print(torch.logsumexp(a.t(), 0, out=torch.empty(0, dtype=dt)).tolist()[:6])
print(torch.logsumexp(a.double(), 1, out=torch.empty(37)).tolist()[:6])
print(torch.logsumexp(i, 1, out=torch.empty(3, dtype=torch.float64)))
