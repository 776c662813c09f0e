# The "Tensor Attributes" page: dtype facts, finfo/iinfo, devices with and
# without an index, layouts and memory formats, legacy type names.
import torch

print(torch.float32.is_floating_point, torch.int32.is_signed, torch.uint8.is_signed, torch.bool.is_signed, torch.float16.is_complex, torch.bfloat16.itemsize)
for d in [torch.float16, torch.bfloat16, torch.float32, torch.float64]:
    f = torch.finfo(d)
    print(f)
    print(f.bits, f.eps, f.max, f.min, f.tiny, f.smallest_normal, f.resolution, f.dtype)
for d in [torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64]:
    i = torch.iinfo(d)
    print(repr(i), i.bits, i.max, i.min, i.dtype)
print(torch.finfo(), torch.finfo() == torch.finfo(torch.float32), torch.finfo(torch.float16) == torch.finfo(torch.float32))
print(type(torch.finfo(torch.float32)), type(torch.iinfo(torch.int8)), type(torch.float32), type(torch.zeros(2).max(0)))
print(isinstance(torch.float32, torch.dtype), isinstance(torch.device("cpu"), torch.device), isinstance(3, torch.dtype))
for bad in [lambda: torch.finfo(torch.int32), lambda: torch.iinfo(torch.float32), lambda: torch.iinfo(torch.bool),
            lambda: torch.finfo(torch.bool), lambda: torch.finfo(3), lambda: torch.iinfo(), lambda: torch.finfo(torch.float32).foo,
            lambda: torch.iinfo(torch.int8).eps]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)

# Devices: an index given or not.
print(torch.device("cuda"), repr(torch.device("cuda")), torch.device("cuda").index, torch.device("cuda", 1), torch.device(type="cuda", index=2))
print(repr(torch.device(0)), repr(torch.device("cpu:0")), torch.device("cpu:0"), torch.device(torch.device("cuda:3")))
print(torch.device("cuda:0") == torch.device("cuda", 0), torch.device("cuda") == torch.device("cuda:0"), torch.device("cpu") == torch.device("cpu"))
print(torch.zeros(2).device, repr(torch.zeros(2).device), torch.zeros(2).device == torch.device("cpu"), torch.zeros(2, device="cpu:0").device)
d = {torch.device("cuda"): 1, torch.device("cuda:0"): 2}
print(len(d))
for bad in [lambda: torch.device("cuda", -1), lambda: torch.device("cuda:0", 1), lambda: torch.device("gpu"),
            lambda: torch.device("cuda", "a"), lambda: torch.device("cuda:01"), lambda: torch.device("cuda:"),
            lambda: torch.device("cuda:a"), lambda: torch.device(-1)]:
    try:
        print(repr(bad()))
    except Exception as e:
        print(type(e).__name__, e)

# Layouts and memory formats.
x = torch.zeros(2, 3, 4, 5)
print(torch.strided, type(torch.strided), x.layout, x.layout == torch.strided, torch.zeros(2, layout=torch.strided))
print(torch.contiguous_format, torch.channels_last, torch.preserve_format, type(torch.channels_last))
y = x.to(memory_format=torch.channels_last)
print(y.stride(), y.is_contiguous(memory_format=torch.channels_last), y.is_contiguous())
print(x.to(torch.float64, memory_format=torch.channels_last).stride(), x.to("cpu", memory_format=torch.channels_last).stride())
print(x.to(memory_format=torch.channels_last) is x, y.to(memory_format=torch.channels_last) is y, x.to(memory_format=torch.contiguous_format) is x)
z = y.to(memory_format=torch.contiguous_format)
print(z.stride(), z.data_ptr() == y.data_ptr(), y.to(memory_format=torch.preserve_format) is y)
try:
    torch.zeros(2, 3).to(memory_format=torch.channels_last)
except RuntimeError as e:
    print("RuntimeError", e)
try:
    x.to(memory_format=3)
except TypeError as e:
    print("TypeError", e)
try:
    torch.zeros(2, layout=3)
except TypeError as e:
    print("TypeError", e)

# Legacy type names.
print(x.type(), x.double().type(), torch.zeros(2, dtype=torch.int8).type(), x.type(torch.int32).dtype)
print(x.type("torch.DoubleTensor").dtype, x.type("torch.FloatTensor") is x, torch.arange(3).type("torch.ShortTensor"))
for bad in ["foo", "DoubleTensor", 3]:
    try:
        x.type(bad)
    except Exception as e:
        print(type(e).__name__, e)
