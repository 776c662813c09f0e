import torch
sd = torch.load("../../io/files/tied.pt")
print(type(sd).__name__, list(sd.keys()))
enc, dec, b = sd["encoder.weight"], sd["decoder.weight"], sd["bias"]
print(enc.untyped_storage().data_ptr() == dec.untyped_storage().data_ptr())
print(enc.data_ptr() == dec.data_ptr(), enc is dec)
print(enc.untyped_storage().data_ptr() == b.untyped_storage().data_ptr())
print(enc.untyped_storage().nbytes(), b.untyped_storage().nbytes())
enc[0, 0] = 100.0
print(dec[0, 0].item())
print(dec)
print(b)
