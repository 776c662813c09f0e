# float32 expm1, log1p, exp2, atanh and sigmoid bit for bit: PyTorch's CPU
# kernels use SLEEF's vectorised routines on the elements their loop covers
# in steps of 32 and (exp2, atanh, sigmoid) the C++ scalar function on each
# loop's tail. The inputs are ones where the result is not the correctly
# rounded value, or where the vector routine and the scalar tail differ.
import torch
torch.set_printoptions(precision=8)
cases = {
    "expm1": [-17.11203384399414, -16.756710052490234, -0.5, 0.001, 0.3, 10.0],
    "log1p": [5866.833984375, 7343.2490234375, 277.6440124511719, -0.5, 1e-05],
    "exp2": [25.421417236328125, 30.787796020507812, 50.27561950683594, -97.51850891113281],
    "atanh": [-0.09321153163909912, -0.4579503536224365, 0.43782126903533936, 0.1396653652191162, -0.4735546112060547],
    "sigmoid": [-28.27542495727539, -41.227210998535156, -44.66395568847656, 0.51318359375, 3.0],
}
for name, vals in cases.items():
    f = getattr(torch, name)
    x = torch.tensor(vals)
    k = len(vals)
    print(name, f(x))
    # 8 copies: the first 32 elements are vector lanes, the rest a tail
    r = f(x.repeat(8))
    print(name, r[:k], r[-k:])
    # a transposed (k, 8) view: laid out like the copies, so alike
    print(name, f(x.repeat(8).view(8, k).t()).t().reshape(-1)[-k:])
    # rows of k inside wider rows: every row a loop of its own
    wide = torch.zeros(40, k + 1)
    wide[:, :k] = x
    print(name, f(wide[:, :k])[-1])
    y = x.repeat(8)
    getattr(y, name + "_")()
    print(name, torch.equal(y, r))
print(torch.sigmoid(torch.tensor([-200.0, 200.0, 0.0, -0.0])), torch.expm1(torch.tensor([-0.0, 100.0])))
print(torch.log1p(torch.tensor([-1.0, -2.0, 3.4028234663852886e38])), torch.atanh(torch.tensor([1.0, -1.0, 1.5])))
print(torch.exp2(torch.arange(-3, 4)), torch.nn.functional.sigmoid(torch.tensor([-28.27542495727539] * 33))[31:])
