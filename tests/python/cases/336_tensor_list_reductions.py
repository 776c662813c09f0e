import torch
batch = [torch.tensor([1., 2.]), torch.tensor([3., 4.]), torch.tensor([5., 6.])]
total = sum(batch)
print(total, sum(b.sum() for b in batch), max(b.max() for b in batch))
means = [b.mean().item() for b in batch]
print(means, sum(means) / len(means))
print(sorted(batch, key=lambda b: -b.sum().item())[0])
print(any(b.sum() > 10 for b in batch), all(b.min() > 0 for b in batch))
print([i for i, b in enumerate(batch) if b[0] > 2])
