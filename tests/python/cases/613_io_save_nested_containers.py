import torch
p = "/tmp/tsr_case_613_io_save_nested_containers.pt"
obj = {"step": 7, "lr": 0.5, "beta": (0.9, 0.999), "name": "sgd", "on": True,
       "none": None, "neg": -12, "big": 2**40, "sizes": [torch.Size([2, 3]), torch.Size([])],
       "t": torch.tensor([1, 2, 3]), "nested": {"a": [1, [2, (3, "x")]], "b": {}}, "empty": []}
torch.save(obj, p)
r = torch.load(p)
print(list(r.keys()) == list(obj.keys()))
print(r)
print({k: type(v).__name__ for k, v in r.items()})
print(type(r["sizes"][0]).__name__, r["sizes"][0], r["sizes"][1], r["sizes"][0].numel())
print(r["nested"]["a"][1][1], type(r["nested"]["a"][1][1]).__name__)
print(r["big"] + 1, r["lr"] == obj["lr"], r["beta"] == obj["beta"])
