import numpy as np
import torch
t = torch.arange(6.0).reshape(2, 3)
n = t.numpy()
print(n.flags)
print(n.T.flags)
print(n.flags['C_CONTIGUOUS'], n.flags['F_CONTIGUOUS'], n.flags['OWNDATA'], n.flags['WRITEABLE'])
print(n.flags.c_contiguous, n.flags.f_contiguous, n.flags.owndata, n.flags.writeable)
a = np.zeros((2, 2))
print(a.flags.owndata, a.copy().flags.owndata, a[0].flags.owndata)
print(a[:, 0].flags['C_CONTIGUOUS'], a[0].flags['C_CONTIGUOUS'])
o = np.ones(3)
print(o.flags['C_CONTIGUOUS'], o.flags['F_CONTIGUOUS'])
print(np.array(t).flags)
