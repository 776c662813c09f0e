# PyTorch's float32 exp and log (like sqrt, sin, cos, tan, asin, acos, atan,
# tanh, erf, log2 and log10) go through MKL's VML on a build with MKL: its
# log(2.7182817) is 1.0 where the correctly rounded value is 0.99999994.
import torch
print(torch.arange(4.).exp().log())
