import torch
t = torch.tensor([1.0, 2.0, 3.0])
print([t, t * 2])
print({'w': t, 'n': 3})
print(f"value: {t}")
print(f"sum={t.sum()} item={t.sum().item()} {t[0]!r}")
print((t,))
print(f"{t.sum().item():.2f}", f"{float(t[1]):6.1f}")
