# An empty view can start past the end of its storage (zeros(3, 0, 5)[-1]
# starts at element 10 of an empty storage); the dense paths and cummax
# handle it.
import torch
x = torch.zeros(3, 0, 5)
y = x[-1]
print(y.shape, y.stride(), y.storage_offset())
m = torch.zeros(0, dtype=torch.bool)
print("y[m, None]", y[m, None].shape)  # its strides: see the README, empty results
for name, r in [("y[:, [0, 1]]", y[:, [0, 1]]), ("y.index_select(1, [0, 1])", y.index_select(1, torch.tensor([0, 1]))),
                ("y[y > 0]", y[y > 0]), ("y.gather(1, ...)", y.gather(1, torch.zeros(0, 5, dtype=torch.long))), ("y.flip(0)", y.flip(0)),
                ("y.cumsum(1)", y.cumsum(1)), ("y.softmax(1)", y.softmax(1)), ("y.sort(1).values", y.sort(1).values), ("y.topk(0, 1).values", y.topk(0, 1).values),
                ("torch.where(y > 0, y, y)", torch.where(y > 0, y, y)), ("y.masked_select(y > 0)", y.masked_select(y > 0)), ("y.long().unique()", y.long().unique()),
                ("y.cummax(1).indices", y.cummax(1).indices), ("y.cummin(0).values", y.cummin(0).values), ("y.exp()", y.exp()), ("y.clamp(0, 1)", y.clamp(0, 1))]:
    print(name, r, r.shape, r.stride())
