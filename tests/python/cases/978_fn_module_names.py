import torch
import torch.nn.functional as F
from torch.nn.functional import gelu, pad
x = torch.tensor([[1.0, -2.0], [0.5, 2.5]])
print(gelu(x), pad(x, (1, 0)), torch.nn.functional.silu(x), torch.nn.functional.one_hot(torch.tensor([1, 0])), F.sigmoid(x), F.tanh(x), F.relu(x))
print(torch.relu(x), torch.softmax(x, 0), x.relu(), torch.relu_(x.clone()))
for f in [lambda: torch.gelu(x), lambda: torch.silu(x), lambda: torch.pad(x, (1, 1)), lambda: torch.one_hot(x), lambda: torch.linear(x, x), lambda: torch.mse_loss(x, x),
          lambda: torch.cross_entropy(x, x), lambda: torch.normalize(x), lambda: x.gelu(), lambda: x.pad((1, 1)), lambda: x.one_hot(), lambda: x.silu(),
          lambda: F.arange(3), lambda: F.exp(x), lambda: torch.nn.functional.zeros(2)]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
