# div(rounding_mode=): 'trunc' and 'floor' with ints and floats, in place,
# the error, DivBackward2's zero gradients; floor division computed in the
# dtype (float32 in float, float16/bfloat16 rounded after each step), and
# float16/bfloat16 mul/div with a scalar second operand in float (PyTorch's
# original_scalar_value<opmath_t>), rounded once.
import torch

def show(f):
    try:
        r = f()
        print(r if isinstance(r, str) else (r.dtype, r.tolist()))
    except Exception as e:
        print(type(e).__name__, e)

a = torch.tensor([5, -5, 7])
b = torch.tensor([2, 2, -2])
show(lambda: torch.div(a, 2, rounding_mode='floor'))
show(lambda: torch.div(a, b, rounding_mode='floor'))
show(lambda: a.div(b, rounding_mode='trunc'))
show(lambda: a.div(b, rounding_mode=None))
show(lambda: a.float().div(b, rounding_mode='floor'))
show(lambda: a.div(2.5, rounding_mode='floor'))
show(lambda: a.clone().div_(b, rounding_mode='floor'))
show(lambda: a.div(b, rounding_mode='bad'))
show(lambda: a.float().div_(2, rounding_mode='trunc'))
show(lambda: a.div(0, rounding_mode='floor'))
show(lambda: a.div(0, rounding_mode='trunc'))
show(lambda: a.float().div(0, rounding_mode='floor'))
show(lambda: torch.div(7, a, rounding_mode='floor'))
show(lambda: torch.div(a, b, rounding_mode='floor', out=torch.empty(3, dtype=torch.int64)))
show(lambda: torch.tensor([-0.0, 0.5, -0.5]).div(1, rounding_mode='floor'))
show(lambda: torch.tensor([-0.0, 0.5, -0.5]).div(1, rounding_mode='trunc'))
show(lambda: torch.tensor([5.5, -5.5]).div(torch.tensor([2.0, 2.0]), rounding_mode='floor'))
show(lambda: torch.tensor([1e308]).double().div(1e-10, rounding_mode='floor'))
show(lambda: torch.tensor([True, False]).div(True, rounding_mode='floor'))
show(lambda: torch.tensor([200, 7], dtype=torch.uint8).div(-3, rounding_mode='trunc'))
show(lambda: a.int().div(b, rounding_mode='floor'))
x = torch.tensor([7., -3.], requires_grad=True)
w = torch.tensor([2., 4.], requires_grad=True)
y = x.div(w, rounding_mode='floor')
print(y.grad_fn.name(), len(y.grad_fn.next_functions))
(y * torch.tensor([1., float('inf')])).sum().backward()
print(x.grad, w.grad)
z = x.div(2, rounding_mode='trunc')
print(z.grad_fn.name(), z.grad_fn.next_functions[1])
h = x.detach().clone().requires_grad_()
k = h * 1
k.div_(3, rounding_mode='floor')
print(k.grad_fn.name())
k.sum().backward()
print(h.grad)

torch.manual_seed(0)
p = torch.randn(300) * torch.tensor([1e-3, 0.1, 10., 1e3, 3e4]).repeat(60)
q = torch.randn(300) * torch.tensor([1e-2, 1., 3., 50.]).repeat(75)
print((p // q).tolist())
print(torch.div(p, q, rounding_mode='trunc').tolist())
for dt in [torch.float16, torch.bfloat16]:
    ph, qh = p.to(dt), q.to(dt)
    print(dt)
    print((ph // qh).tolist())
    print(torch.div(ph, qh, rounding_mode='trunc').tolist())
    print((ph * 0.3).tolist())
    print((ph / 0.3).tolist())
    print((ph // 0.3).tolist())
    print((0.3 / ph).tolist())
    print((ph * torch.tensor(0.3)).tolist())
    print(torch.mul(torch.tensor(0.3), ph).tolist())
    print((ph + 0.3).tolist())
    print(ph.clone().mul_(0.7).tolist())
