# Run by scripts/io_roundtrip.py and tests/file_io.rs with tsr (--cuda sim):
# writes every kind of file tsr can write into out/, then prints (last
# line, JSON) the facts the real libraries must read back.
import torch
import numpy as np
import safetensors.torch

x = torch.arange(20.).view(4, 5)
torch.save([x, x.t(), x[1:, 1:]], "out/views.pt")
torch.save({"a": x, "b": x, "n": 3, "s": "hi", "t": (1, 2.5, None, True), "big": -2**40}, "out/dict.pt")
dt = {}
for d in [torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64, torch.float16, torch.bfloat16, torch.float32, torch.float64]:
    dt[str(d)] = torch.tensor([-3.5, 0.0, 2.25, 7.0]).to(d)
torch.save(dt, "out/dtypes.pt")
w = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)
torch.save({"w": w, "e": torch.tensor([1., 2.]).expand(3, 2), "s": torch.tensor(5.), "z": torch.zeros(0, 3), "size": x.shape}, "out/misc.pt")
big = torch.arange(1000.)
torch.save(big[10:20], "out/slice.pt")
np.save("out/c.npy", x)
np.save("out/f.npy", x.t())
np.save("out/h", x.half())
np.save("out/strided.npy", x[:, ::2])
np.save("out/b.npy", x > 7)
np.save("out/scalar.npy", torch.tensor(3))
np.savez("out/z.npz", a=x, b=torch.arange(3))
np.savez_compressed("out/zc.npz", x.t())
safetensors.torch.save_file({"w": x, "m": x > 3, "bf": x.bfloat16(), "i": torch.arange(3)}, "out/m.safetensors", metadata={"format": "pt"})
torch.cuda.memory._record_memory_history()
a = torch.empty(1000, device="cuda")
b = torch.empty(3_000_000, device="cuda")
c = torch.empty(300, device="cuda")
del a
torch.cuda.memory._dump_snapshot("out/snapshot.pickle")
print('{"snapshot.pickle": {"reserved": %d, "allocated": %d}}' % (torch.cuda.memory_reserved(), torch.cuda.memory_allocated()))
