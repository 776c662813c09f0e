# sort/argsort/topk/kthvalue/mode with ties: PyTorch's CPU kernels run libstdc++'s
# std::sort, nth_element and partial_sort and ATen's quickselect, which are not
# stable; indices of equal values land where those leave them.
import torch
torch.manual_seed(0)
for dt in [torch.float32, torch.float64, torch.int64, torch.int32, torch.int16, torch.uint8, torch.bool, torch.float16, torch.bfloat16]:
    for n in [10, 17, 200, 5000]:
        x = torch.randint(0, 3, (n,)).to(dt)
        a = x.sort().indices
        b = x.sort(descending=True).indices
        c = x.argsort()
        print(dt, n, a.tolist()[:40], b.tolist()[:40], torch.equal(a, c))
    y = torch.randint(0, 3, (4, 300)).to(dt)
    print(y.sort(1).indices[:, :30], y.sort(0).indices[:, :30], y.t().sort(0).indices[:30])
torch.manual_seed(0)
for n, k in [(12, 4), (12, 1), (7, 7), (200, 3), (300, 2), (40, 5), (129, 2)]:
    x = torch.randint(0, 4, (n,)).float()
    if n == 12: x[3] = float('nan')
    for largest in [True, False]:
        print(n, k, largest, x.topk(k, largest=largest).indices.tolist(), x.topk(k, largest=largest, sorted=False).indices.tolist())
    print(x.kthvalue(k).indices.item(), x.median().item(), x.median(0).indices.item(), x.nanmedian(0).indices.item(), x.mode().indices.item())
y = torch.randint(0, 3, (3, 50)).double()
print(y.topk(3, dim=1).indices, y.kthvalue(5, dim=1).indices, y.t().topk(2, dim=0, largest=False).indices)
x = torch.randint(0, 3, (40000,))
print(x.sort().indices[:20], x.sort(descending=True).indices[:20])
e = torch.tensor([[2.], [1.], [2.]]).expand(3, 40).t()
print(e.sort(0).indices[:20, 0])
print(torch.tensor([1., 0., 1., 0.] * 10).sort(stable=True).indices[:20], torch.tensor([3, 1, 3] * 9).argsort(stable=True, descending=True))
