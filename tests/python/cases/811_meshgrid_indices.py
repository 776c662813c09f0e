import torch
def same(a, b):
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()
a = torch.arange(3.0)
b = torch.arange(4.0)
for ix in ['ij', 'xy']:
    g = torch.meshgrid(a, b, indexing=ix)
    print(ix, [(tuple(m.shape), m.stride(), m.storage_offset()) for m in g], same(g[0], a), same(g[1], b))
print(torch.meshgrid([a, b], indexing='ij')[1], torch.meshgrid((a,), indexing='xy')[0].stride())
g = torch.meshgrid(a, b, torch.tensor(5.0), indexing='xy')
print([(tuple(m.shape), m.stride()) for m in g])
g = torch.meshgrid(a[::2], b, torch.arange(2.0), indexing='ij')
print([(tuple(m.shape), m.stride(), m.storage_offset()) for m in g], g[0][1, 2, 1])
for f in [lambda: torch.meshgrid(a, b, indexing='foo'), lambda: torch.meshgrid(a, torch.arange(2), indexing='ij'),
          lambda: torch.tril_indices(3, 3, -1, dtype=torch.float32), lambda: torch.triu_indices(-1, 3), lambda: torch.tril_indices(2, -2)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
p = torch.arange(3.0, requires_grad=True)
q = torch.arange(2.0, requires_grad=True)
x, y = torch.meshgrid(p, q, indexing='xy')
print(x.grad_fn.name(), x.grad_fn.next_functions[0][0].name(), x.shape)
(x * y).sum().backward()
print(p.grad, q.grad)
print(torch.tril_indices(3, 3), torch.triu_indices(3, 4, 1), torch.tril_indices(3, 3, -1, dtype=torch.int32))
print(torch.tril_indices(3, 3, 5).shape, torch.tril_indices(0, 3), torch.tril_indices(4, 2, -1), torch.triu_indices(2, 4, -1))
print(torch.triu_indices(3, 3).stride(), torch.triu_indices(row=2, col=2, offset=1))
