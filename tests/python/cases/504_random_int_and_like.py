# random_() in every form, randint_like/rand_like/randn_like as PyTorch's
# composites (empty_like, then random_/uniform_/normal_, so a permuted
# input's draws land in its own order), and the ends' checks.
import torch
torch.manual_seed(0)
print(torch.empty(6).random_(), torch.empty(6, dtype=torch.int64).random_(), torch.empty(6, dtype=torch.int32).random_())
print(torch.empty(6, dtype=torch.float16).random_(), torch.empty(6, dtype=torch.bfloat16).random_(), torch.empty(6, dtype=torch.uint8).random_())
print(torch.empty(6, dtype=torch.bool).random_(), torch.empty(6, dtype=torch.int8).random_(), torch.empty(6, dtype=torch.float64).random_())
print(torch.empty(6).random_(5), torch.empty(6).random_(-3, 5), torch.empty(4, 3).t().random_(100))
lowest = -9223372036854775807 - 1
for args in [(0, 70000), (-70000, 3), (5, None), (70000, None), (lowest, None), (0, 2**24 + 2), (5, 2)]:
    for dt in [torch.float16, torch.bfloat16, torch.float32, torch.int8, torch.int64, torch.bool]:
        try:
            print(dt, args, torch.empty(3, dtype=dt).random_(*args).tolist())
        except Exception as e:
            print(dt, args, type(e).__name__, e)
torch.manual_seed(2)
x = torch.empty(4, 3).t()
r = torch.randint_like(x, 100)
print(r, r.stride(), torch.randint_like(x, 3, 5), torch.randint_like(torch.empty(6, dtype=torch.int32), high=3))
print(torch.randint_like(torch.empty(6, dtype=torch.int32), low=1, high=3), torch.randint_like(x, torch.tensor(7)))
y = torch.rand_like(x)
print(y, y.stride(), torch.randn_like(torch.empty(4, 5).t()))
print(torch.rand_like(torch.empty(4, 5, dtype=torch.float64)[:, 1:]))
print(torch.rand_like(x, memory_format=torch.contiguous_format).stride(), torch.randn_like(torch.empty(2, dtype=torch.float16), dtype=torch.bfloat16))
print(torch.randn_like(torch.empty(2, 3), requires_grad=True).requires_grad, torch.zeros_like(x, requires_grad=True))
for f in [lambda: torch.rand_like(torch.empty(3, dtype=torch.int64)), lambda: torch.randn_like(torch.empty(3, dtype=torch.int64)),
          lambda: torch.randint_like(torch.empty(3, dtype=torch.int8), 300), lambda: torch.randint_like(x), lambda: torch.rand_like(x, 3)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
