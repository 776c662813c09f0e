# Random draws as PyTorch 2.15 makes them: uniform_ is one fused
# multiply-add x * (to - from) + from; float16/bfloat16 draw 24-bit float
# uniforms, computed in float, and a value that rounds up to `to` wraps to
# `from`; their normals are float32's, rounded, but draw the tail block's
# uniforms right after the whole blocks';
# and randint refuses ends outside an integer dtype.
import torch
for dt in [torch.float16, torch.bfloat16, torch.float32, torch.float64]:
    for n in [3, 40]:
        torch.manual_seed(n)
        print(dt, n, torch.rand(n, dtype=dt).tolist())
        torch.manual_seed(n)
        print(torch.empty(n, dtype=dt).uniform_(-2, 3).tolist())
        torch.manual_seed(n)
        print(torch.empty(2, n, dtype=dt).t().uniform_(0.5, 0.75).tolist())
    for n in [3, 16, 17, 32, 40]:
        torch.manual_seed(n)
        print(dt, n, torch.randn(n, dtype=dt).tolist(), torch.rand(2).tolist())
        torch.manual_seed(n)
        print(torch.empty(n, dtype=dt).normal_(1.5, 0.25).tolist(), torch.rand(2).tolist())
torch.manual_seed(5)
print(torch.empty(80, dtype=torch.float16).uniform_(0.5, 0.75).tolist())
torch.manual_seed(1)
print(torch.rand(400, dtype=torch.bfloat16).max().item(), torch.rand(400, dtype=torch.float16).max().item())
for f in [lambda: torch.randint(0, 2**40, (2,), dtype=torch.int32), lambda: torch.randint(0, 257, (2,), dtype=torch.uint8),
          lambda: torch.randint(-1, 5, (2,), dtype=torch.uint8), lambda: torch.randint(-129, 0, (2,), dtype=torch.int8),
          lambda: torch.randint(0, 256, (3,), dtype=torch.uint8)]:
    try:
        print(f().dtype)
    except Exception as e:
        print(type(e).__name__, str(e)[:60])
# randint: a range of 2^28 or more takes a 64-bit draw; a float dtype moves
# `from`/`to` to values it holds (update_from / update_to).
for lo, hi, dt in [(0, 2**28 - 1, torch.int64), (0, 2**28, torch.int64), (0, 2**28, torch.int32), (-(2**31), 7, torch.int64),
                   (3, 2**40, torch.float32), (-5, 2**40, torch.float32), (0, 2**25 + 1, torch.float32), (0, 2**60, torch.float64),
                   (-(2**30) - 3, 7, torch.float32), (0, 3000, torch.float16)]:
    torch.manual_seed(1)
    print(lo, hi, dt, torch.randint(lo, hi, (4,), dtype=dt).tolist(), torch.rand(1).tolist())
