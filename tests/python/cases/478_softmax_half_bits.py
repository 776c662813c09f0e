# softmax/log_softmax of float16 and bfloat16, bit for bit: PyTorch computes
# them in float (SLEEF's exp in the vector lanes, the C library's in the
# tails) and rounds where its reduced-precision kernels store: log_softmax
# rounds the sum and its log to the dtype, softmax along a dim that is not
# the last rounds each scalar column's exps first. NaN, inf and a huge value
# included (NaN payloads aside: the NaNs are counted, then zeroed, before
# the bits are summed).
import torch
torch.set_printoptions(precision=6)


def data(shape, dt, r):
    n = 1
    for s in shape:
        n *= s
    k = torch.arange(n)
    x = (((k * 37 + r * 11) % 23).to(torch.float32) * 0.731 - 7.9) * (r + 1)
    if n > 20:
        x[3] = float("nan")
        x[7] = float("inf")
        x[11] = float("-inf")
        x[13] = 60000.0 if dt == torch.float16 else 1e30
    return x.reshape(shape).to(dt)


def bits(t):
    nans = t.isnan().sum().item()
    b = torch.where(t.isnan(), 0, t).reshape(-1).view(torch.int16).to(torch.int64)
    return nans, b.sum().item(), b[:6].tolist(), b[-3:].tolist()


for dt in (torch.float16, torch.bfloat16):
    for r, (shape, dim) in enumerate([((5,), 0), ((3, 20), 1), ((2, 40), 1), ((4, 70), 1), ((2, 33), 1),
                                      ((6, 40), 0), ((1, 7, 64), 1), ((1, 5, 96), 1), ((4, 3, 1), 1), ((3, 50, 5), 0)]):
        x = data(shape, dt, r)
        print(dt, shape, dim, "softmax", bits(torch.softmax(x, dim)))
        print(dt, shape, dim, "log_softmax", bits(torch.log_softmax(x, dim)))
x = torch.tensor([[1.0, 2.0, 3.0], [0.5, 0.25, -1.0]], dtype=torch.bfloat16)
print(torch.softmax(x, 1))
print(torch.log_softmax(x, 0))
print(torch.nn.functional.softmax(x.half(), dim=1))
