import torch
data = [(1.0, 2.0), (2.0, 4.1), (3.0, 5.9), (4.0, 8.2)]
xs = torch.tensor([d[0] for d in data])
ys = torch.tensor([d[1] for d in data])
w = torch.tensor(0.0, requires_grad=True)
b = torch.tensor(0.0, requires_grad=True)
lr = 0.01
history = []
for epoch in range(5):
    pred = w * xs + b
    loss = ((pred - ys) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= lr * w.grad
        b -= lr * b.grad
        w.grad.zero_()
        b.grad.zero_()
    history.append(round(loss.item(), 4))
    if epoch % 2 == 0:
        print(f"epoch {epoch:2d} | loss {loss.item():8.4f} | w {w.item():+.3f} b {b.item():+.3f}")
print(history)
print(f"final: {w.item():.5f}, {b.item():.5f}")
