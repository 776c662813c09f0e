# arange's values as PyTorch's arange_kernel computes them: the accumulate
# type (double for float32/float64, float for float16/bfloat16, int64 for
# integer dtypes), 32-byte vectors whose first element is start + step*idx
# and the rest base + k*step, scalar tails, and the two-thread split.
import torch

def show(*a, **k):
    try:
        r = torch.arange(*a, **k)
        print(r.dtype, r.shape, r.tolist() if r.numel() <= 64 else r[:5].tolist())
    except Exception as e:
        print(type(e).__name__, e)

# fractional float steps: float32 and float64
show(1e-3, 5, 0.013)
show(1e-3, 5, 0.013, dtype=torch.float64)
show(-3.3, 7.7, 0.11)
show(-3.3, 7.7, 0.11, dtype=torch.float64)
show(2.5, -4, -0.123)
show(0.1, 3, 0.1, dtype=torch.float16)
show(0.1, 3, 0.1, dtype=torch.bfloat16)
show(0, 70000, 10000, dtype=torch.float16)
show(0, 1e39, 1e38)
show(0, 10, 2.5, dtype=torch.float16)

# long ranges: vector blocks, scalar tails and the split over two threads
x = torch.arange(0.5, 70000.5 * 0.37, 0.37)
print(x.shape, x[:40].tolist())
print(x[34990:35020].tolist())
print(x[-37:].tolist())
y = torch.arange(-1.0, 50000 * 0.011 - 1.0, 0.011, dtype=torch.float64)
print(y.shape, y[24990:25010].tolist(), y[-9:].tolist())

# integer dtypes take the integer parts of start and step
show(0.5, 5, 0.7, dtype=torch.int64)
show(-3.7, 5, 1.9, dtype=torch.int32)
show(-1.5, 5, 1.5, dtype=torch.uint8)
show(-300.5, 5, 100.5, dtype=torch.uint8)
show(0, 1000, 300, dtype=torch.int8)
show(0, 2, 0.3, dtype=torch.int16)
show(5, 0.5, -0.7, dtype=torch.int64)
show(0, 10, 2.5, dtype=torch.int32)
show(-5, 5, 3, dtype=torch.uint8)
show(True, 5, 1)

# int64 sizes in exact integer arithmetic
show(2**62, 2**62 + 10, 3)
show(2**62 + 1, 2**62 + 2)
show(10, 0, -3)

# errors, in PyTorch's order
show(0, 5, 1, dtype=torch.bool)
show(0, 1e20, 1e19, dtype=torch.int64)
show(0, 1e20, 0, dtype=torch.int64)
show(0, 1e20, -1, dtype=torch.int64)
show(0, float('inf'), 1, dtype=torch.int64)
show(0, 5, float('nan'))
show(0, 9223372036854775807, 2**62)
show(-9223372036854775807 - 1, -9223372036854775800, 3)
show(0, 5, 9223372036854775807)
show(1e300, 1e301, 1e299, dtype=torch.float16)
