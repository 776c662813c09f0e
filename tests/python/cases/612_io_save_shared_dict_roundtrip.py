import torch
p = "/tmp/tsr_case_612_io_save_shared_dict_roundtrip.pt"
w = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
d = {"enc": w, "dec": w, "view": w[1], "other": torch.zeros(2)}
torch.save(d, p)
r = torch.load(p)
print(type(r).__name__, list(r.keys()))
print(r["enc"] is r["dec"])
sp = r["enc"].untyped_storage().data_ptr()
print([r[k].untyped_storage().data_ptr() == sp for k in ("dec", "view", "other")])
print(r["view"].storage_offset(), r["view"].stride())
r["enc"][1, 0] = -3.0
print(r["dec"][1].tolist(), r["view"].tolist())
print(r)
