import torch
w = torch.tensor([1.0, 2.0], requires_grad=True)
loss = (w * w).sum()
loss.backward()
print(w.grad, loss, loss.item(), w.requires_grad, loss.requires_grad, w.grad.tolist())
with torch.no_grad():
    w -= 0.1 * w.grad
print(w)
w.grad.zero_()
print(w.grad)
print(w.detach(), w.detach().requires_grad)
