import torch
b = torch.load("../../io/files/memo_bomb.pt")
levels = 0
cur = b
while cur:
    if levels < 3:
        print(levels, len(cur), all(c is cur[0] for c in cur))
    cur = cur[0]
    levels += 1
print("memo", levels, type(b).__name__, cur)
