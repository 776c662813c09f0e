import torch
r = torch.unravel_index(torch.tensor([5, 7]), (3, 4))
print(r, [t.stride() for t in r], [t.storage_offset() for t in r], r[0].untyped_storage().data_ptr() == r[1].untyped_storage().data_ptr())
print(torch.unravel_index(torch.tensor(5), (3, 4)), torch.unravel_index(torch.tensor([12]), (3, 4)), torch.unravel_index(torch.tensor([-1]), [3, 4]))
print(torch.unravel_index(torch.tensor([[1234], [5678]]), (100, 100)), torch.unravel_index(torch.tensor([1], dtype=torch.int32), 4))
print(torch.unravel_index(torch.tensor([7, 23]), torch.Size([2, 3, 4])), torch.unravel_index(torch.tensor([], dtype=torch.long), (3, 0)))
print(torch.unravel_index(torch.arange(6).view(2, 3), (2, 3))[1].shape, torch.unravel_index(torch.tensor([3]), ())[0:0])
for f in [lambda: torch.unravel_index(5, (3, 4)), lambda: torch.unravel_index(torch.tensor([1.]), (3, 4)),
          lambda: torch.unravel_index(torch.tensor([True]), (3, 4)), lambda: torch.unravel_index(torch.tensor([1]), (3, -4)),
          lambda: torch.unravel_index(torch.tensor([1]), (3, 0)), lambda: torch.unravel_index(torch.tensor([1]), (3, 1.5)),
          lambda: torch.unravel_index(torch.tensor([1]), 'ab')]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
