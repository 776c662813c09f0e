# softmax/log_softmax of float32 along the last dim, bit for bit: PyTorch's
# CPU kernel takes the row's max and the sum of its exps over vectors of 16
# lanes folded by a shuffle tree, exp and log are SLEEF's, and softmax
# multiplies by 1 / sum. Printed with 10 digits, and as bits.
import torch
import torch.nn.functional as F
torch.set_printoptions(precision=10)


def rows(r, n):
    k = torch.arange(n)
    x = ((k * 37 + r * 11) % 23).to(torch.float32) * 0.731 - 7.9
    return x * (r + 1)


def bits(t):
    b = t.reshape(-1).view(torch.int32)
    return b.sum().item(), b[:4].tolist(), b[-2:].tolist()


for n in [1, 3, 15, 16, 17, 100, 4096]:
    x = torch.stack([rows(r, n) for r in range(3)])
    s = torch.softmax(x, -1)
    l = torch.log_softmax(x, dim=1)
    print(n, s[:, :5], l[:, -3:])
    print(n, bits(s), bits(l))

x = torch.stack([rows(r, 40) for r in range(6)])
x[1, 7] = float("nan")
x[2, 30] = float("inf")
x[3] = float("-inf")
x[4, 0] = 1e30
x[5] *= 1e4
print(torch.softmax(x, -1)[:, 28:32])
print(torch.log_softmax(x, -1)[:, 28:32])
print(bits(torch.softmax(x, -1)), bits(torch.log_softmax(x, -1)))

# a transposed input is made contiguous first, so it agrees bit for bit
y = torch.stack([rows(r, 33) for r in range(5)]).t().contiguous().t()
print(y.is_contiguous(), torch.equal(torch.softmax(y, -1), torch.softmax(y.contiguous(), -1)))
print(bits(torch.softmax(y, -1)), bits(torch.log_softmax(y, -1)))
print(torch.softmax(y, 1)[:, :4])

# the functional and method spellings
z = torch.stack([rows(r, 17) for r in range(4)])
print(F.softmax(z, dim=-1)[:, :3])
print(F.log_softmax(z, dim=-1)[:, :3])
print(z.softmax(-1)[:, -3:])
print(z.log_softmax(-1)[:, -3:])
print(bits(F.softmax(z, dim=-1)), bits(z.log_softmax(-1)))

# float64: 8 lanes folded lane by lane, SLEEF's double exp and log
w = torch.stack([rows(r, 19) for r in range(3)]).double() / 3
w[2, 4] = float("nan")
b64 = lambda t: (t.reshape(-1).view(torch.int64).sum().item(), t.reshape(-1).view(torch.int64)[:3].tolist())
print(torch.softmax(w, -1)[:, :3])
print(b64(torch.softmax(w, -1)), b64(torch.log_softmax(w, -1)))

# along dim 0 (not the last dim): PyTorch's column kernel; runs of 16
# columns inside each thread's chunk are vector lanes, the rest scalar
c = torch.stack([rows(r, 40) for r in range(3)])
print(torch.softmax(c, 0)[:, 33:38])
print(bits(torch.softmax(c, 0)), bits(torch.log_softmax(c, 0)))
print(bits(torch.softmax(c.t(), 1)), bits(torch.softmax(c.double(), 0).float()))
