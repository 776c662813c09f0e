# In-place ops and memory overlap, as TensorIterator decides: an operand
# that partly overlaps the written tensor (both dense) is refused; one it
# cannot check (not dense), or a written tensor whose elements share memory
# (unfold's windows), runs element by element, each read after the writes
# before it: an element in two windows is updated twice.  (2026-12-05 sweep)
import torch
def fresh():
    return torch.arange(9.).view(3, 3)
x = fresh()
try:
    r = x.add_(x[0])
    print('x.add_(x[0])', x)
except Exception as ex:
    print('x.add_(x[0])', 'ERR', type(ex).__name__, str(ex).split(chr(10))[0])
x = fresh()
try:
    r = x.add_(x)
    print('x.add_(x)', x)
except Exception as ex:
    print('x.add_(x)', 'ERR', type(ex).__name__, str(ex).split(chr(10))[0])
x = fresh()
try:
    r = x.add_(x.t())
    print('x.add_(x.t())', x)
except Exception as ex:
    print('x.add_(x.t())', 'ERR', type(ex).__name__, str(ex).split(chr(10))[0])
x = fresh()
try:
    r = x.mul_(x[:, ::2].sum())
    print('x.mul_(x[:, ::2].sum())', x)
except Exception as ex:
    print('x.mul_(x[:, ::2].sum())', 'ERR', type(ex).__name__, str(ex).split(chr(10))[0])
x = fresh()
try:
    r = x.add_(x[:, ::2][:, :1])
    print('x.add_(x[:, ::2][:, :1])', x)
except Exception as ex:
    print('x.add_(x[:, ::2][:, :1])', 'ERR', type(ex).__name__, str(ex).split(chr(10))[0])
x = fresh()
try:
    r = x.copy_(x.t())
    print('x.copy_(x.t())', x)
except Exception as ex:
    print('x.copy_(x.t())', 'ERR', type(ex).__name__, str(ex).split(chr(10))[0])
x = fresh()
try:
    r = x.copy_(x[0])
    print('x.copy_(x[0])', x)
except Exception as ex:
    print('x.copy_(x[0])', 'ERR', type(ex).__name__, str(ex).split(chr(10))[0])
x = fresh()
try:
    r = x.copy_(x)
    print('x.copy_(x)', x)
except Exception as ex:
    print('x.copy_(x)', 'ERR', type(ex).__name__, str(ex).split(chr(10))[0])
x = fresh()
try:
    r = x[0].copy_(x[1])
    print('x[0].copy_(x[1])', x)
except Exception as ex:
    print('x[0].copy_(x[1])', 'ERR', type(ex).__name__, str(ex).split(chr(10))[0])
x = fresh()
try:
    r = x[0:2].copy_(x[1:3])
    print('x[0:2].copy_(x[1:3])', x)
except Exception as ex:
    print('x[0:2].copy_(x[1:3])', 'ERR', type(ex).__name__, str(ex).split(chr(10))[0])
x = fresh()
try:
    r = x.sub_(x.view(9)[:3])
    print('x.sub_(x.view(9)[:3])', x)
except Exception as ex:
    print('x.sub_(x.view(9)[:3])', 'ERR', type(ex).__name__, str(ex).split(chr(10))[0])
x = fresh()
try:
    r = x.view(9)[1:4].add_(x.view(9)[0:3])
    print('x.view(9)[1:4].add_(x.view(9)[0:3])', x)
except Exception as ex:
    print('x.view(9)[1:4].add_(x.view(9)[0:3])', 'ERR', type(ex).__name__, str(ex).split(chr(10))[0])
x = fresh()
try:
    r = x[0].add_(x[0])
    print('x[0].add_(x[0])', x)
except Exception as ex:
    print('x[0].add_(x[0])', 'ERR', type(ex).__name__, str(ex).split(chr(10))[0])
x = fresh()
try:
    r = x.addcmul_(x[0], x[1])
    print('x.addcmul_(x[0], x[1])', x)
except Exception as ex:
    print('x.addcmul_(x[0], x[1])', 'ERR', type(ex).__name__, str(ex).split(chr(10))[0])
x = fresh()
try:
    r = x.lerp_(x.t(), 0.5)
    print('x.lerp_(x.t(), 0.5)', x)
except Exception as ex:
    print('x.lerp_(x.t(), 0.5)', 'ERR', type(ex).__name__, str(ex).split(chr(10))[0])
x = fresh()
try:
    r = x.clamp_(x[0], x[1])
    print('x.clamp_(x[0], x[1])', x)
except Exception as ex:
    print('x.clamp_(x[0], x[1])', 'ERR', type(ex).__name__, str(ex).split(chr(10))[0])
x = fresh()
try:
    r = x.masked_fill_(x > 3, x[0, 0])
    print('x.masked_fill_(x > 3, x[0, 0])', x)
except Exception as ex:
    print('x.masked_fill_(x > 3, x[0, 0])', 'ERR', type(ex).__name__, str(ex).split(chr(10))[0])
x = fresh()
try:
    r = x.pow_(x[0])
    print('x.pow_(x[0])', x)
except Exception as ex:
    print('x.pow_(x[0])', 'ERR', type(ex).__name__, str(ex).split(chr(10))[0])
x = fresh()
try:
    r = x.div_(x.flip(0))
    print('x.div_(x.flip(0))', x)
except Exception as ex:
    print('x.div_(x.flip(0))', 'ERR', type(ex).__name__, str(ex).split(chr(10))[0])
x = fresh()
try:
    r = x.fmod_(x[0])
    print('x.fmod_(x[0])', x)
except Exception as ex:
    print('x.fmod_(x[0])', 'ERR', type(ex).__name__, str(ex).split(chr(10))[0])
x = fresh()
try:
    r = x.maximum(x[0])
    print('x.maximum(x[0])', x)
except Exception as ex:
    print('x.maximum(x[0])', 'ERR', type(ex).__name__, str(ex).split(chr(10))[0])
x = fresh()
try:
    r = x.add_(x[0].int())
    print('x.add_(x[0].int())', x)
except Exception as ex:
    print('x.add_(x[0].int())', 'ERR', type(ex).__name__, str(ex).split(chr(10))[0])
x = torch.arange(6.)
w = x.unfold(0, 3, 1)
w.add_(1)
print(x, w)
w.mul_(2)
print(x)
y = torch.arange(12).view(3, 4)
y.add_(y[:, :1])
print(y)
e = torch.zeros(3).expand(2, 3)
try:
    e.add_(1)
except RuntimeError as ex:
    print(ex)
q = torch.arange(8.).as_strided((3, 3), (2, 1))
q.add_(10)
print(q, q.storage_offset())
h = torch.arange(6).half().unfold(0, 2, 1)
h.mul_(3)
print(h)
big = torch.arange(100.).unfold(0, 10, 5)
big.add_(1)
print(big.sum())
x = torch.arange(1., 7.)
w = x.unfold(0, 3, 1)
try:
    w.neg_()
    print('neg_()', x)
except Exception as e:
    print('neg_()', type(e).__name__, e)
x = torch.arange(1., 7.)
w = x.unfold(0, 3, 1)
try:
    w.exp_()
    print('exp_()', x)
except Exception as e:
    print('exp_()', type(e).__name__, e)
x = torch.arange(1., 7.)
w = x.unfold(0, 3, 1)
try:
    w.sqrt_()
    print('sqrt_()', x)
except Exception as e:
    print('sqrt_()', type(e).__name__, e)
x = torch.arange(1., 7.)
w = x.unfold(0, 3, 1)
try:
    w.sin_()
    print('sin_()', x)
except Exception as e:
    print('sin_()', type(e).__name__, e)
x = torch.arange(1., 7.)
w = x.unfold(0, 3, 1)
try:
    w.floor_()
    print('floor_()', x)
except Exception as e:
    print('floor_()', type(e).__name__, e)
x = torch.arange(1., 7.)
w = x.unfold(0, 3, 1)
try:
    w.abs_()
    print('abs_()', x)
except Exception as e:
    print('abs_()', type(e).__name__, e)
x = torch.arange(1., 7.)
w = x.unfold(0, 3, 1)
try:
    w.clamp_(0, 3)
    print('clamp_(0, 3)', x)
except Exception as e:
    print('clamp_(0, 3)', type(e).__name__, e)
x = torch.arange(1., 7.)
w = x.unfold(0, 3, 1)
try:
    w.reciprocal_()
    print('reciprocal_()', x)
except Exception as e:
    print('reciprocal_()', type(e).__name__, e)
x = torch.arange(1., 7.)
w = x.unfold(0, 3, 1)
try:
    w.sigmoid_()
    print('sigmoid_()', x)
except Exception as e:
    print('sigmoid_()', type(e).__name__, e)
x = torch.arange(1., 7.)
w = x.unfold(0, 3, 1)
try:
    w.relu_()
    print('relu_()', x)
except Exception as e:
    print('relu_()', type(e).__name__, e)
x = torch.arange(1., 7.)
w = x.unfold(0, 3, 1)
try:
    w.square_()
    print('square_()', x)
except Exception as e:
    print('square_()', type(e).__name__, e)
x = torch.arange(1., 7.)
w = x.unfold(0, 3, 1)
try:
    w.sub_(1, alpha=2)
    print('sub_(1, alpha=2)', x)
except Exception as e:
    print('sub_(1, alpha=2)', type(e).__name__, e)
x = torch.arange(1., 7.)
w = x.unfold(0, 3, 1)
try:
    w.add_(torch.ones(3))
    print('add_(torch.ones(3))', x)
except Exception as e:
    print('add_(torch.ones(3))', type(e).__name__, e)
x = torch.arange(1., 7.)
w = x.unfold(0, 3, 1)
try:
    w.pow_(2)
    print('pow_(2)', x)
except Exception as e:
    print('pow_(2)', type(e).__name__, e)
x = torch.arange(1., 7.)
w = x.unfold(0, 3, 1)
try:
    w.div_(2)
    print('div_(2)', x)
except Exception as e:
    print('div_(2)', type(e).__name__, e)
x = torch.arange(1., 7.)
w = x.unfold(0, 3, 1)
try:
    w.lerp_(torch.zeros(3), 0.5)
    print('lerp_(torch.zeros(3), 0.5)', x)
except Exception as e:
    print('lerp_(torch.zeros(3), 0.5)', type(e).__name__, e)
x = torch.arange(1., 7.)
w = x.unfold(0, 3, 1)
try:
    w.addcmul_(torch.ones(3), torch.ones(3))
    print('addcmul_(torch.ones(3), torch.ones(3))', x)
except Exception as e:
    print('addcmul_(torch.ones(3), torch.ones(3))', type(e).__name__, e)
x = torch.arange(1., 7.)
w = x.unfold(0, 3, 1)
try:
    w.fmod_(2.5)
    print('fmod_(2.5)', x)
except Exception as e:
    print('fmod_(2.5)', type(e).__name__, e)
x = torch.arange(1., 7.)
w = x.unfold(0, 3, 1)
try:
    w.masked_fill_(torch.tensor([True, False, True]), 9)
    print('masked_fill_(torch.tensor([True, False, True]), 9)', x)
except Exception as e:
    print('masked_fill_(torch.tensor([True, False, True]), 9)', type(e).__name__, e)
x = torch.arange(1., 7.)
w = x.unfold(0, 3, 1)
try:
    w.copy_(torch.ones(3))
    print('copy_(torch.ones(3))', x)
except Exception as e:
    print('copy_(torch.ones(3))', type(e).__name__, e)
x = torch.arange(1., 7.)
w = x.unfold(0, 3, 1)
try:
    w.index_fill_(1, torch.tensor([1]), 7)
    print('index_fill_(1, torch.tensor([1]), 7)', x)
except Exception as e:
    print('index_fill_(1, torch.tensor([1]), 7)', type(e).__name__, e)
x = torch.arange(1., 7.)
w = x.unfold(0, 3, 1)
try:
    w.tanh_()
    print('tanh_()', x)
except Exception as e:
    print('tanh_()', type(e).__name__, e)
x = torch.arange(1., 7.)
w = x.unfold(0, 3, 1)
try:
    w.nan_to_num_()
    print('nan_to_num_()', x)
except Exception as e:
    print('nan_to_num_()', type(e).__name__, e)
x = torch.arange(1., 7.)
w = x.unfold(0, 3, 1)
try:
    w.remainder_(3)
    print('remainder_(3)', x)
except Exception as e:
    print('remainder_(3)', type(e).__name__, e)
x = torch.arange(1., 7.)
w = x.unfold(0, 3, 1)
try:
    w.mul_(torch.tensor(2.))
    print('mul_(torch.tensor(2.))', x)
except Exception as e:
    print('mul_(torch.tensor(2.))', type(e).__name__, e)
for op in ["neg_", "exp_", "add_", "sqrt_"]:
    x = torch.arange(1., 7.)
    w = x.unfold(0, 3, 1)
    v = x._version
    getattr(w, op)(*([1] if op == "add_" else []))
    print(op, x._version - v, w._version - v)
x = torch.arange(1., 7.)
w = x.unfold(0, 3, 1)
w.lerp_(w.flip(0), 0.5)
print(x)
x = torch.arange(1., 7.)
w = x.unfold(0, 3, 1)
w.addcmul_(x[:3], x[3:])
print(x)
x = torch.arange(6.)
x[1:].add_(x[:-1][::1].unfold(0, 1, 1)[:, 0] * 0 + 1)
print(x)
x = torch.arange(6.).view(2, 3)
x.t().sub_(x.t()[:1], alpha=2)
print(x)
