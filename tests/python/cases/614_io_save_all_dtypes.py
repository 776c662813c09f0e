import torch
p = "/tmp/tsr_case_614_io_save_all_dtypes.pt"
vals = [-1.5, 0.0, 2.25, 100.0]
dts = [torch.float32, torch.float64, torch.float16, torch.bfloat16, torch.int8, torch.int16,
       torch.int32, torch.int64, torch.uint8, torch.bool]
src = [torch.tensor(vals).to(dt) for dt in dts]
torch.save(src, p)
out = torch.load(p)
for a, b in zip(src, out):
    print(b.dtype, b.element_size(), b.untyped_storage().nbytes(), (a == b).all().item())
for b in out:
    print(b)
