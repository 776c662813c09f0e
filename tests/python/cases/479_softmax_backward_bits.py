# The gradients of softmax and log_softmax in float32 and float64, bit for
# bit: PyTorch sums g * y (or g) in vector lanes per row, or down each column
# in blocks along another dim (there fused with the product), and computes
# (g - sum) * y or g - exp(y) * sum (a fused multiply-add, SLEEF's exp).
import torch
import torch.nn.functional as F

torch.manual_seed(3)


def bits(t):
    nans = t.isnan().sum().item()
    t = torch.where(t.isnan(), 0, t).reshape(-1)
    b = t.view(torch.int32 if t.dtype == torch.float32 else torch.int64)
    return nans, (b % 1000003).sum().item(), b[:3].tolist()


for shape, dim in [((4, 1), 1), ((4, 5), 1), ((6, 16), 1), ((6, 17), 1), ((6, 15), 0), ((2, 700, 17), 1),
                   ((5, 8), 0), ((2, 9, 3), 2), ((300, 20), 0), ((7, 2, 70), 1), ((1, 33), 1)]:
    for dt in (torch.float32, torch.float64):
        x = (torch.randn(shape) * 4).to(dt)
        g = torch.randn(shape).to(dt)
        if x.numel() > 20:
            x.view(-1)[5] = float("inf")
            x.view(-1)[9] = -float("inf")
            g.view(-1)[2] = float("nan")
            g.view(-1)[12] = 1e30
        x.requires_grad_()
        for log in (False, True):
            x.grad = None
            y = torch.log_softmax(x, dim) if log else torch.softmax(x, dim)
            y.backward(g)
            print(shape, dim, dt, "log" if log else "softmax", bits(x.grad))

# A classifier's loss: cross_entropy's gradient goes through log_softmax's.
x = (torch.randn(64, 10) * 3).requires_grad_()
t = torch.randint(0, 10, (64,))
loss = F.cross_entropy(x, t)
loss.backward()
print(loss.item(), bits(x.grad))
torch.set_printoptions(precision=8)
print(x.grad[:2])
