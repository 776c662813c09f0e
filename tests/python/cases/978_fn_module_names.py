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
print(F.gelu, F.one_hot, F.linear, [type(getattr(F, n)).__name__ for n in ['relu', 'gelu', 'silu', 'softmax', 'pad', 'linear', 'cross_entropy', 'sigmoid', 'tanh', 'one_hot']])
print(callable(F.pad), F.sigmoid(x).grad_fn, F.tanh(x.requires_grad_()).grad_fn.name())
i = torch.tensor([0])
for f in [lambda: F.sigmoid(3), lambda: F.tanh([1.0]), lambda: F.sigmoid(x, 1), lambda: F.one_hot(i, 3, 4), lambda: F.linear(x, x, x, 1), lambda: F.relu_(x, 1),
          lambda: F.relu(x, 1, 2), lambda: F.pad(x, (1, 1), 'constant', 0, 1), lambda: F.cross_entropy(x, i, None, None, -100, None, 'mean', 0.0, 1),
          lambda: F.softmax(x, 0, 3, None, 1), lambda: F.normalize(x, 2, 1, 1e-12, None, 1), lambda: F.mse_loss(x, x, None, None, 'mean', None, 1),
          lambda: F.nll_loss(x, i, None, None, -100, None, 'mean', 1), lambda: F.silu(x, False, 1), lambda: F.tanh(x, 1)]:
    try: print(f())
    except Exception as e: print(type(e).__name__, e)
