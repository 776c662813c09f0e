import torch
print('%.2f' % torch.tensor(2.5))
