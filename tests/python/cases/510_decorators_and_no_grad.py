# Decorators: evaluated top first, applied bottom first; @torch.no_grad()
# and @torch.enable_grad() run the body in that grad mode and restore the
# caller's, exceptions included.
import torch
def deco(fn):
    print("decorating", fn.__name__)
    return lambda *a: ('wrapped', fn(*a))
@deco
def add(a, b):
    return a + b
print(add(1, 2))
def twice(fn):
    def inner(x):
        return fn(fn(x))
    return inner
def tag(t):
    def d(fn):
        def w(*a, **k):
            return t + str(fn(*a, **k))
        return w
    return d
@tag("<")
@twice
def inc(x):
    return x + 1
print(inc(3))
x = torch.ones(3, requires_grad=True)
@torch.no_grad()
def evaluate(t):
    y = t * 2
    return y.requires_grad, torch.is_grad_enabled()
print(evaluate(x), torch.is_grad_enabled(), (x * 2).requires_grad)
@torch.enable_grad()
def g(t):
    return (t * 2).requires_grad
with torch.no_grad():
    print(g(x), (x * 3).requires_grad)
@torch.no_grad()
def bad(t):
    raise ValueError("boom")
try:
    bad(x)
except ValueError as e:
    print("caught", e, torch.is_grad_enabled())
print(evaluate.__name__, add.__name__)
