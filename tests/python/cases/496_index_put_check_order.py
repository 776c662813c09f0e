# index_put_'s checks come in its order: the indices (broadcast, too many,
# an indexed dim of size 0), then the value's shape, then its dtype; a
# number into one index tensor is index_fill_, whose bounds error names
# the dim of the indexed view (and into a dim of size 0 fails at its
# setStorage check).
import torch
def run(label, f):
    try:
        f()
        print(label, "ok")
    except Exception as e:
        print(label, type(e).__name__, str(e).split("\n")[0])
x = torch.arange(60).view(3, 4, 5)
def s1(): x[[0, 1], [0, 1, 2]] = torch.ones(2)
def s2(): x[[0], :, [1], [2]] = torch.ones(5)
def s3(): x[[0, 1]] = torch.zeros(3, 4, 5)
def s4(): x[[0, 1]] = torch.zeros(2, 4, 5)
def s5(): x[[5]] = torch.zeros(1, 4, 5)
def s6(): x[None, [3]] = -1
def s7(): x[:, :, [9]] = -1
def s8(): x[[0], :, [9]] = -1
def s9(): x[0, :, [7]] = torch.tensor(-1)
z = torch.zeros(3, 0, 5)
def s10(): z[:, [0]] = 1.
def s11(): print(z[1:0, [0, 0]])
def s12(): print(z[:, [0]].shape)
def s13(): print(z[:, []].shape)
def s14(): z[10:2, [0, 0, 3]] = 7.5
def s15(): print(z._version)
for i, f in enumerate([s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15]):
    run(i + 1, f)
print(x._version, x.sum().item())
