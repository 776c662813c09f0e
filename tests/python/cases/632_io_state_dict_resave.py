import torch
sd = torch.load("../../io/files/seq_state.pt")
p = "/tmp/tsr_case_632_io_state_dict_resave.pt"
torch.save(sd, p)
r = torch.load(p)
print(type(r).__name__, list(r.keys()) == list(sd.keys()))
print(r._metadata == sd._metadata, r._metadata)
print([(r[k] == sd[k]).all().item() for k in sd])
print([r[k].data_ptr() == sd[k].data_ptr() for k in sd])
print(r["0.weight"])
