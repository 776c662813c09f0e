import torch
p = "/tmp/tsr_case_615_io_save_requires_grad_size.pt"
w = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
y = w * 2
torch.save({"w": w, "y": y.detach(), "shape": w.shape, "size": torch.Size([4, 1])}, p)
r = torch.load(p)
print(r["w"].requires_grad, r["w"].is_leaf, r["w"].grad_fn, r["w"].grad)
print(r["y"].requires_grad, r["y"].is_leaf)
print(r["w"])
print(r["shape"], r["size"], type(r["size"]).__name__, r["size"] == (4, 1))
(r["w"] ** 2).sum().backward()
print(r["w"].grad)
print(w.grad)
