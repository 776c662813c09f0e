import torch
x = torch.arange(10)
a = x[3:]
b = x[3:7]
print(a.data_ptr() == b.data_ptr(), a.data_ptr() == x.data_ptr())
print(a.data_ptr() == x.data_ptr() + 3 * 8)
print(x.view(2, 5)[1].data_ptr() == x[5:].data_ptr())
