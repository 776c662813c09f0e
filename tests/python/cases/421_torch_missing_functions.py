import torch
for name in ['equal', 'allclose', 'cumsum', 'softmax', 'argsort', 'topk', 'norm']:
    print(name, hasattr(torch, name))
