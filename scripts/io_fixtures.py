#!/usr/bin/env python3
"""File-interop fixtures for tsr: what real PyTorch, NumPy and safetensors write
and what they read back.

Writes (relative to the repository root):

    tests/io/files/<name>.<ext>   the fixture files (torch .pt, .npy, .npz,
                                  .safetensors, and hostile files)
    tests/io/manifest.json        {"files": [...]}: for every file the loader
                                  expression, the tensors it yields (dtype,
                                  shape, stride, storage_offset, storage
                                  sharing, storage nbytes, requires_grad,
                                  exact values), the object tree, the printed
                                  form, and for hostile files the exact error.

Rerun (from the repository root, with a Python that has torch, numpy and
safetensors; nothing else is used):

    ~/venv/bin/python scripts/io_fixtures.py

The output is committed, so the Rust tests never need Python. Everything is
seeded and rerunning rewrites byte-identical files:
  * torch.save (zip format) is deterministic by itself: the zip entries carry
    the fixed 1980-01-01 timestamp and `.data/serialization_id` is a hash of
    the record names plus the CRC32s of the records, not a random number.
  * The legacy (non-zip) torch.save format uses `str(storage._cdata)` (a heap
    address) as storage key and orders the storages by it; the script renames
    the keys "0", "1", ... in order of first use and lays the storages out in
    that order, so the file is stable. Only key names and storage order
    differ from what torch wrote.
  * np.savez / np.savez_compressed stamp zip entries with the current local
    time; the script pins zipfile's clock to 1980-01-01 00:00:00 while they run.

Hostile files are only ever loaded in a child process (this script with
--probe) under a 60 s timeout and RLIMIT_AS = 4 GiB (importing torch already
maps about 3 GiB of address space, so a bomb has about 1 GiB), and torch files
only with weights_only=True. Every load uses the bare file name with the
working directory set to tests/io/files, so messages that quote the path are
stable.
"""

import io
import json
import os
import pickle
import resource
import struct
import subprocess
import sys
import tempfile
import time
import warnings
import zipfile
from collections import OrderedDict
from pathlib import Path

import numpy as np
import safetensors
import safetensors.torch
import torch

ROOT = Path(__file__).resolve().parent.parent
OUTDIR = ROOT / "tests" / "io"
FILES = OUTDIR / "files"

TORCH_LOAD = "torch.load(p, weights_only=True)"
NP_LOAD = "np.load(p, allow_pickle=False)"
NPZ_LOAD = "dict(np.load(p, allow_pickle=False))"
ST_LOAD = "safetensors.torch.load_file(p)"

MAX_TREE_NODES = 100_000
MAX_TREE_DEPTH = 400
PROBE_MARK = "@@PROBE@@"


# --------------------------------------------------------------------------
# describing loaded objects
# --------------------------------------------------------------------------

def jvalue(v):
    """One element of tolist() as exact JSON: floats as repr strings."""
    if isinstance(v, bool):
        return v
    if isinstance(v, int):
        return v
    if isinstance(v, float):
        return repr(v)  # 'nan', 'inf', '-inf', '-0.0', '0.1', ...
    if isinstance(v, complex):
        return [repr(v.real), repr(v.imag)]
    raise TypeError(f"unexpected element {v!r}")


class TooBig(Exception):
    pass


class Describer:
    def __init__(self):
        self.tensors = []
        self.storages = {}  # (device, data_ptr) -> small int
        self.nodes = 0

    def tensor_entry(self, name, t):
        st = t.untyped_storage()
        key = (str(t.device), st.data_ptr())
        sid = self.storages.setdefault(key, len(self.storages))
        flat = t.detach().reshape(-1).tolist()
        self.tensors.append({
            "name": name,
            "dtype": str(t.dtype).removeprefix("torch."),
            "shape": list(t.shape),
            "stride": list(t.stride()),
            "storage_offset": t.storage_offset(),
            "storage": sid,
            "storage_bytes": st.nbytes(),
            "requires_grad": t.requires_grad,
            "values": [jvalue(v) for v in flat],
        })

    def tree(self, obj, path, depth=0):
        self.nodes += 1
        if self.nodes > MAX_TREE_NODES or depth > MAX_TREE_DEPTH:
            raise TooBig()
        name = ".".join(str(p) for p in path)
        if isinstance(obj, torch.Tensor):
            self.tensor_entry(name, obj)
            node = {"type": "tensor", "name": name}
            if type(obj) is not torch.Tensor:
                node["class"] = type(obj).__name__
            return node
        if isinstance(obj, dict):
            node = {"type": type(obj).__name__, "items": [
                [k if isinstance(k, (str, int)) else repr(k),
                 self.tree(v, path + [k], depth + 1)]
                for k, v in obj.items()]}
            return node
        if isinstance(obj, (list, tuple)):
            return {"type": type(obj).__name__,
                    "items": [self.tree(v, path + [i], depth + 1)
                              for i, v in enumerate(obj)]}
        if obj is None:
            return {"type": "None"}
        if isinstance(obj, bool):
            return {"type": "bool", "value": obj}
        if isinstance(obj, int):
            return {"type": "int", "value": obj}
        if isinstance(obj, float):
            return {"type": "float", "value": repr(obj)}
        if isinstance(obj, str):
            return {"type": "str", "value": obj}
        return {"type": type(obj).__name__, "repr": repr(obj)}


def summarize_containers(obj):
    """For structures too big to expand (deep nesting, shared-reference DAGs):
    count unique containers, longest path and the size if fully expanded,
    without recursion."""
    memo = {}  # id -> (depth, expanded_nodes)
    unique = {}
    stack = [(obj, False)]
    while stack:
        o, done = stack.pop()
        if not isinstance(o, (list, tuple, dict)):
            continue
        oid = id(o)
        if oid in memo:
            continue
        kids = list(o.values()) if isinstance(o, dict) else list(o)
        if not done:
            unique[oid] = o
            stack.append((o, True))
            for k in kids:
                if isinstance(k, (list, tuple, dict)) and id(k) not in memo:
                    stack.append((k, False))
            continue
        depth, size = 1, 1
        for k in kids:
            if isinstance(k, (list, tuple, dict)):
                d, s = memo[id(k)]
                depth = max(depth, d + 1)
                size += s
            else:
                size += 1
        memo[oid] = (depth, size)
    depth, size = memo[id(obj)]
    return {"type": "summary", "top": type(obj).__name__,
            "unique_containers": len(unique), "max_depth": depth,
            "expanded_nodes": str(size)}


def describe_torch_like(obj):
    d = Describer()
    try:
        tree = d.tree(obj, [])
        printed = str(obj)
        tensors = d.tensors
    except TooBig:
        tree = summarize_containers(obj)
        printed = None
        tensors = []
    meta = None
    if isinstance(obj, OrderedDict) and hasattr(obj, "_metadata"):
        meta = repr(obj._metadata)
    return {"tensors": tensors, "tree": tree, "metadata": meta,
            "printed": printed}


def describe_np_array(d, name, arr, extra):
    """Describe torch.from_numpy(arr) into Describer d."""
    try:
        t = torch.from_numpy(arr)
    except Exception as e:  # big-endian arrays
        extra.setdefault("from_numpy_error", {})[name] = err_text(e)
        arr = arr.astype(arr.dtype.newbyteorder("="))
        t = torch.from_numpy(arr)
    d.tensor_entry(name, t)
    d.tensors[-1]["np_dtype"] = arr_dtype_str(extra, name)
    return t


def arr_dtype_str(extra, name):
    return extra["np_dtypes"][name]


def describe_numpy(obj):
    d = Describer()
    extra = {"np_dtypes": {}}
    if isinstance(obj, np.ndarray):
        extra["np_dtypes"][""] = obj.dtype.str
        t = describe_np_array(d, "", obj, extra)
        tree = {"type": "ndarray", "name": ""}
        printed_torch = str(t)
        printed = str(obj)
    else:  # NpzFile
        items, tt = [], {}
        for k in obj.files:
            a = obj[k]
            extra["np_dtypes"][k] = a.dtype.str
            tt[k] = describe_np_array(d, k, a, extra)
            items.append([k, {"type": "ndarray", "name": k}])
        tree = {"type": "dict", "items": items}
        printed = str(obj)
        printed_torch = str(tt)
    out = {"tensors": d.tensors, "tree": tree, "metadata": None,
           "printed": printed, "printed_torch": printed_torch}
    if "from_numpy_error" in extra:
        out["from_numpy_error"] = extra["from_numpy_error"]
    return out


def err_text(e):
    return f"{type(e).__name__}: {e}"


def err_type_full(e):
    t = type(e)
    return f"{t.__module__}.{t.__qualname__}"


def time_bucket(s):
    return "<1s" if s < 1 else "1-10s" if s < 10 else ">10s"


# --------------------------------------------------------------------------
# loading
# --------------------------------------------------------------------------

def do_load(fmt, p):
    if fmt == "torch":
        return torch.load(p, weights_only=True)
    if fmt in ("numpy", "npz"):
        return np.load(p, allow_pickle=False)
    if fmt == "safetensors":
        return safetensors.torch.load_file(p)
    raise ValueError(fmt)


def describe(fmt, obj):
    if fmt in ("numpy", "npz"):
        return describe_numpy(obj)
    return describe_torch_like(obj)


def probe_main(fmt, p):
    """Child process: load one (possibly hostile) file, print a JSON result."""
    t0 = time.monotonic()
    res = {}
    try:
        obj = do_load(fmt, p)
        res["load_seconds"] = time.monotonic() - t0
        res["error"] = None
        try:
            res.update(describe(fmt, obj))
        except BaseException as e:  # noqa: BLE001
            res["describe_error"] = err_text(e)
    except BaseException as e:  # noqa: BLE001  (RecursionError, MemoryError)
        res["load_seconds"] = time.monotonic() - t0
        res["error"] = err_text(e)
        res["error_type"] = err_type_full(e)
    sys.stdout.write(PROBE_MARK + json.dumps(res) + "\n")
    sys.stdout.flush()


def _limit():
    lim = 4 << 30
    resource.setrlimit(resource.RLIMIT_AS, (lim, lim))


def probe(fmt, name):
    env = dict(os.environ)
    env.pop("TORCH_SHOW_CPP_STACKTRACES", None)
    env["PYTHONHASHSEED"] = "0"
    t0 = time.monotonic()
    try:
        cp = subprocess.run(
            [sys.executable, str(Path(__file__).resolve()), "--probe", fmt, name],
            cwd=FILES, capture_output=True, text=True, timeout=60,
            preexec_fn=_limit, env=env)
    except subprocess.TimeoutExpired:
        return {"error": "TIMEOUT", "load_seconds": time.monotonic() - t0}
    for line in cp.stdout.splitlines():
        if line.startswith(PROBE_MARK):
            return json.loads(line[len(PROBE_MARK):])
    return {"error": f"CRASH: exit status {cp.returncode}; stderr tail: "
                     f"{cp.stderr[-2000:]}",
            "load_seconds": time.monotonic() - t0}


# --------------------------------------------------------------------------
# writing helpers
# --------------------------------------------------------------------------

def write_torch_zip(path, pkl, storages=()):
    """A zip written exactly as torch.save's _save writes one, with a given
    data.pkl: same writer, same record names and order."""
    w = torch._C.PyTorchFileWriter(str(path), True, 64)
    w.write_record("data.pkl", pkl, len(pkl))
    w.write_record(".format_version", "1", 1)
    w.write_record(".storage_alignment", "64", 2)
    w.write_record("byteorder", sys.byteorder, len(sys.byteorder))
    for i, b in enumerate(storages):
        w.write_record(f"data/{i}", b, len(b))
    w.write_end_of_file()
    del w


def binunicode(s):
    b = s.encode("utf-8")
    return b"X" + struct.pack("<I", len(b)) + b


def evil_pickle(module, name, arg):
    """protocol 2: GLOBAL module.name, arg, TUPLE1, REDUCE, STOP."""
    return (b"\x80\x02" + b"c" + module.encode() + b"\n" + name.encode() + b"\n"
            + binunicode(arg) + b"\x85" + b"R" + b".")


class Evil:
    """Pickles as a call to os.system (GLOBAL 'posix system' on Linux).
    Only ever pickled here, never unpickled except with weights_only=True."""

    def __reduce__(self):
        return (os.system, ("echo pwned",))


def npy_bytes(descr, shape, data, fortran=False, magic=b"\x93NUMPY",
              version=b"\x01\x00"):
    h = "{'descr': %r, 'fortran_order': %s, 'shape': %r, }" % (
        descr, fortran, tuple(shape))
    pad = (-(10 + len(h) + 1)) % 64
    h = (h + " " * pad + "\n").encode("latin1")
    return magic + version + struct.pack("<H", len(h)) + h + data


def st_bytes(header_obj_or_text, data):
    h = header_obj_or_text
    if not isinstance(h, (bytes, str)):
        h = json.dumps(h, separators=(",", ":"))
    if isinstance(h, str):
        h = h.encode()
    h = h + b" " * ((-len(h)) % 8)
    return struct.pack("<Q", len(h)) + h + data


class _Epoch1980:
    """Stand-in for the time module inside zipfile while np.savez runs."""

    @staticmethod
    def time():
        return 315532800.0

    @staticmethod
    def localtime(t=None):
        return time.struct_time((1980, 1, 1, 0, 0, 0, 1, 1, 0))

    def __getattr__(self, k):
        return getattr(time, k)


def with_fixed_zip_clock(fn, *a, **kw):
    saved = zipfile.time
    zipfile.time = _Epoch1980()
    try:
        return fn(*a, **kw)
    finally:
        zipfile.time = saved


def legacy_rewrite(raw):
    """Rewrite the heap-address storage keys of a legacy torch.save file to
    '0', '1', ... (in order of first use in the data pickle) and lay the
    storages out in that order, so reruns are byte-identical. Layout:
    magic, protocol, sys_info pickles; data pickle; key-list pickle; then per
    key an 8-byte little-endian element count and the bytes."""
    f = io.BytesIO(raw)
    for _ in range(3):
        pickle.load(f)  # plain ints and dicts
    start = f.tell()
    seen = {}  # old key -> storage class name

    class Marker:
        def __init__(self, name):
            self.name = name

        def __call__(self, *a, **k):
            return None

    class U(pickle.Unpickler):
        def persistent_load(self, pid):
            seen.setdefault(pid[2], pid[1].name)
            return None

        def find_class(self, module, name):  # only the file we just wrote
            if module in ("torch._utils", "collections", "torch"):
                return Marker(name)
            raise pickle.UnpicklingError(f"{module}.{name}")

    U(f).load()
    data_end = f.tell()
    old_keys = pickle.load(f)
    assert sorted(seen) == sorted(old_keys), (seen, old_keys)
    blobs = {}
    for k in old_keys:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            esize = torch.empty(0, dtype=getattr(torch, seen[k]).dtype).element_size()
        count = struct.unpack("<q", f.read(8))[0]
        blobs[k] = struct.pack("<q", count) + f.read(count * esize)
    assert f.read() == b""
    data = raw[start:data_end]
    rename = {k: str(i) for i, k in enumerate(seen)}
    for k, v in rename.items():
        data = data.replace(binunicode(k), binunicode(v))
    new_keys = sorted(rename.values())
    out = raw[:start] + data + pickle.dumps(new_keys, protocol=2)
    inv = {v: k for k, v in rename.items()}
    return out + b"".join(blobs[inv[k]] for k in new_keys)


# --------------------------------------------------------------------------
# the fixtures
# --------------------------------------------------------------------------

ENTRIES = []


def add(name, fmt, notes, load=None, hostile=False, probe_it=False, extra=None):
    p = FILES / name
    entry = {"file": name, "format": fmt,
             "load": load or {"torch": TORCH_LOAD, "numpy": NP_LOAD,
                              "npz": NPZ_LOAD, "safetensors": ST_LOAD}[fmt],
             "file_bytes": p.stat().st_size}
    if hostile or probe_it:
        r = probe(fmt, name)
        secs = r.pop("load_seconds", 0.0)
        err = r.pop("error")
        r.pop("error_type", None)
        entry.update({"tensors": r.pop("tensors", []), "tree": r.pop("tree", None),
                      "metadata": r.pop("metadata", None),
                      "printed": r.pop("printed", None)})
        if hostile:
            entry["error"] = err if err is not None else "no error"
        else:
            entry["error"] = err
        entry["load_time"] = time_bucket(secs)
        entry.update(r)
        summary_extra = f"{secs:.2f}s"
    else:
        cwd = os.getcwd()
        os.chdir(FILES)
        try:
            obj = do_load(fmt, name)
            d = describe(fmt, obj)
        finally:
            os.chdir(cwd)
        entry.update({"tensors": d.pop("tensors"), "tree": d.pop("tree"),
                      "metadata": d.pop("metadata"), "printed": d.pop("printed"),
                      "error": None})
        entry.update(d)
        summary_extra = ""
    entry["notes"] = notes
    if extra:
        entry.update(extra)
    ENTRIES.append(entry)
    err = entry["error"]
    short = "ok" if err is None else (err if len(err) < 110 else err[:107] + "...")
    print(f"{name:26s} {fmt:11s} {entry['file_bytes']:7d} B  "
          f"{len(entry['tensors'])} tensors  {short} {summary_extra}".rstrip())


def make_torch():
    f = FILES
    torch.manual_seed(0)

    torch.save(torch.arange(12, dtype=torch.float32).view(3, 4), f / "tensor.pt")
    add("tensor.pt", "torch", "a bare contiguous float32 tensor")

    # write_torch_zip must reproduce torch.save byte for byte
    with zipfile.ZipFile(f / "tensor.pt") as z:
        pkl, d0 = z.read("tensor/data.pkl"), z.read("tensor/data/0")
    with tempfile.TemporaryDirectory() as td:
        write_torch_zip(Path(td) / "tensor.pt", pkl, [d0])
        assert (Path(td) / "tensor.pt").read_bytes() == (f / "tensor.pt").read_bytes()

    w = torch.tensor([[0.5, -1.0], [2.0, 0.25]])
    torch.save({"encoder.weight": w, "decoder.weight": w,
                "bias": torch.tensor([0.1, -0.2])}, f / "tied.pt")
    add("tied.pt", "torch", "tied weights: 'encoder.weight' and 'decoder.weight' "
        "are the same tensor object, saved once (one storage) and loaded as two "
        "tensors sharing one storage")

    x = torch.arange(20.).view(4, 5)
    torch.save([x, x.t(), x[1:, 1:]], f / "views.pt")
    add("views.pt", "torch", "three views of one storage: x, x.t() (stride "
        "[1,5]) and x[1:,1:] (storage_offset 6)")

    torch.save([x[0], torch.tensor([1., 2.]).expand(3, 2), torch.tensor(3.5),
                torch.empty(0, 3)], f / "views2.pt")
    add("views2.pt", "torch", "x[0] of a 4x5 storage (80-byte storage, 5 values), "
        "a stride-0 expand (stride [0,1], 8-byte storage), a 0-d tensor, an "
        "empty (0,3) tensor (0-byte storage)")

    dt = {
        "bool": torch.tensor([True, False, True]),
        "uint8": torch.tensor([0, 1, 200, 255], dtype=torch.uint8),
        "int8": torch.tensor([-128, -1, 0, 127], dtype=torch.int8),
        "int16": torch.tensor([-32768, -2, 32767], dtype=torch.int16),
        "int32": torch.tensor([-2**31, -3, 2**31 - 1], dtype=torch.int32),
        "int64": torch.tensor([-2**63, -4, 2**63 - 1], dtype=torch.int64),
        "float16": torch.tensor([-1.5, 0.1, 65504., 6e-8, float("nan"),
                                 float("inf"), float("-inf")], dtype=torch.float16),
        "bfloat16": torch.tensor([-2.5, 0.1, 3.0e38, -0.0, float("nan"),
                                  float("inf")], dtype=torch.bfloat16),
        "float32": torch.tensor([-0.0, 0.1, 1e-45, 3.4028234663852886e38,
                                 float("nan"), float("inf"), float("-inf")],
                                dtype=torch.float32),
        "float64": torch.tensor([0.1, -1 / 3, 5e-324, 1.7976931348623157e308,
                                 float("nan"), float("inf"), float("-inf")],
                                dtype=torch.float64),
    }
    torch.save(dt, f / "dtypes.pt")
    add("dtypes.pt", "torch", "one tensor per dtype with extremes: int min/max, "
        "float subnormals, max finite, -0.0, nan, +-inf; float values are the "
        "exact stored values as Python float reprs")

    torch.manual_seed(0)
    torch.save(torch.nn.Linear(3, 2).state_dict(), f / "state_dict.pt")
    add("state_dict.pt", "torch", "nn.Linear(3, 2) state_dict (seed 0): an "
        "OrderedDict with _metadata {'': {'version': 1}}")

    torch.manual_seed(0)
    seq = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.ReLU(),
                              torch.nn.Linear(2, 1))
    torch.save(seq.state_dict(), f / "seq_state.pt")
    add("seq_state.pt", "torch", "nn.Sequential(Linear(2,2), ReLU(), "
        "Linear(2,1)) state_dict (seed 0): keys '0.weight' ... '2.bias', "
        "_metadata has one entry per submodule")

    torch.save({"step": 3, "lr": 0.001, "name": "adam",
                "flags": (True, False, None),
                "layers": [torch.ones(2), {"w": torch.zeros(1, 2)}],
                "neg": -7, "big": 2**40}, f / "nested.pt")
    add("nested.pt", "torch", "plain Python values (int, float, str, bool, None, "
        "tuple, big int 2**40, negative int) around tensors in a list and a "
        "nested dict")

    big = torch.arange(100000, dtype=torch.float32)
    torch.save(big[5:15], f / "slice_of_big.pt")
    add("slice_of_big.pt", "torch", "a 10-element slice of a 100000-element "
        "tensor: torch.save writes the whole 400000-byte storage; loaded with "
        "storage_offset 5")

    torch.save(torch.tensor([1., 2., 3.], requires_grad=True), f / "grad.pt")
    add("grad.pt", "torch", "a leaf tensor with requires_grad=True (rebuilt by "
        "_rebuild_tensor_v2 with requires_grad)")

    torch.save(torch.nn.Parameter(torch.ones(2)), f / "param.pt")
    add("param.pt", "torch", "an nn.Parameter (rebuilt by _rebuild_parameter): "
        "loads as Parameter, requires_grad True, printed 'Parameter containing:'")

    torch.save(torch.arange(6.).view(2, 3).t(), f / "transposed.pt")
    add("transposed.pt", "torch", "a non-contiguous tensor alone: shape [3,2], "
        "stride [1,3]")

    lw = torch.tensor([[1., 2.], [3., 4.]])
    torch.save({"w": lw, "wt": lw.t(), "b": torch.tensor([-1, 5])},
               f / "legacy.pt", _use_new_zipfile_serialization=False)
    raw = (f / "legacy.pt").read_bytes()
    (f / "legacy.pt").write_bytes(legacy_rewrite(raw))
    add("legacy.pt", "torch", "legacy (pre-1.6, non-zip) torch.save format: "
        "magic-number pickle, protocol pickle, sys_info pickle, data pickle, "
        "storage-key list, then raw storages (8-byte element count + bytes). "
        "Storage keys rewritten from heap addresses to '0','1' (first use order, storages laid out in that order) for determinism. "
        "Loaded in a child process with weights_only=True",
        probe_it=True)


def make_numpy():
    f = FILES
    np.save(f / "c_f64.npy", np.arange(12, dtype=np.float64).reshape(3, 4) / 4 - 1)
    add("c_f64.npy", "numpy", "C-order float64 3x4")

    np.save(f / "fortran.npy", np.asfortranarray(np.arange(12.).reshape(3, 4)))
    add("fortran.npy", "numpy", "fortran_order True: torch.from_numpy gives "
        "stride [1,3]")

    np.save(f / "f16.npy", np.array([0.1, -2.5, 65504, np.nan, np.inf],
                                    dtype=np.float16))
    add("f16.npy", "numpy", "float16 '<f2' with nan/inf")

    np.save(f / "bool.npy", np.array([[True, False], [False, True]]))
    add("bool.npy", "numpy", "bool '|b1' 2x2")

    np.save(f / "int32_be.npy", np.array([1, -2, 2**31 - 1, -2**31], dtype=">i4"))
    add("int32_be.npy", "numpy", "big-endian '>i4': torch.from_numpy refuses it "
        "(from_numpy_error); the tensor described is "
        "arr.astype(arr.dtype.newbyteorder('='))")

    np.save(f / "f64_be.npy", np.array([[0.1, -1.5], [np.inf, 2.0]], dtype=">f8"))
    add("f64_be.npy", "numpy", "big-endian '>f8': torch.from_numpy refuses it "
        "(from_numpy_error); the tensor described is "
        "arr.astype(arr.dtype.newbyteorder('='))")

    np.save(f / "scalar.npy", np.array(2.75, dtype=np.float32))
    add("scalar.npy", "numpy", "0-d float32 array, shape ()")

    np.save(f / "u8.npy", np.array([0, 7, 128, 255], dtype=np.uint8))
    add("u8.npy", "numpy", "uint8 '|u1'")

    with open(f / "v2.npy", "wb") as fh:
        np.lib.format.write_array(fh, np.array([[1, -2, 3]], dtype=np.int16),
                                  version=(2, 0))
    add("v2.npy", "numpy", "format version 2.0 (4-byte header length), int16")

    with open(f / "v3.npy", "wb") as fh:
        np.lib.format.write_array(fh, np.array([1.5, -0.5], dtype=np.float32),
                                  version=(3, 0))
    add("v3.npy", "numpy", "format version 3.0 (4-byte header length, utf8 "
        "header), float32")

    np.save(f / "empty.npy", np.zeros((0, 4), dtype=np.float64))
    add("empty.npy", "numpy", "shape (0, 4) float64, no data bytes")

    with_fixed_zip_clock(np.savez, f / "arrays.npz",
                         a=np.arange(6, dtype=np.int64).reshape(2, 3),
                         b=np.array([0.5, -1.25, 3.0], dtype=np.float32))
    add("arrays.npz", "npz", "np.savez: stored (uncompressed) zip of a.npy "
        "(int64 2x3) and b.npy (float32); zip times pinned to 1980-01-01")

    with_fixed_zip_clock(np.savez_compressed, f / "compressed.npz",
                         x=np.linspace(0, 1, 5), m=np.eye(3, dtype=np.int32))
    add("compressed.npz", "npz", "np.savez_compressed: deflated zip of x.npy "
        "(float64 linspace) and m.npy (int32 eye(3)); zip times pinned")


def make_safetensors():
    p = FILES / "model.safetensors"
    tensors = {
        "w": torch.tensor([[0.5, -1.0, 2.0], [0.1, 3.25, -0.0]], dtype=torch.float32),
        "h": torch.tensor([0.1, -65504., float("inf")], dtype=torch.float16),
        "bf": torch.tensor([1.5, -0.1], dtype=torch.bfloat16),
        "mask": torch.tensor([True, False, True]),
        "ids": torch.tensor([[-1, 2**62], [0, 7]], dtype=torch.int64),
        "bytes": torch.tensor([0, 255, 16], dtype=torch.uint8),
    }
    safetensors.torch.save_file(tensors, str(p), metadata={"format": "pt"})
    raw = p.read_bytes()
    n = struct.unpack("<Q", raw[:8])[0]
    header = raw[8:8 + n].decode("utf-8")
    from safetensors import safe_open
    with safe_open(str(p), framework="pt") as so:
        st_meta = so.metadata()
    add("model.safetensors", "safetensors", "safetensors.torch.save_file with "
        "F32, F16, BF16, BOOL, I64, U8 and metadata {'format': 'pt'}; 'header' is "
        "the raw header JSON (space padded to 8 bytes) exactly as written",
        extra={"header": header, "header_len": n, "st_metadata": st_meta})


def make_hostile():
    f = FILES
    good = (f / "tensor.pt").read_bytes()
    rng = np.random.default_rng(1234)

    (f / "truncated.pt").write_bytes(good[:len(good) // 2])
    add("truncated.pt", "torch", f"first {len(good) // 2} of tensor.pt's "
        f"{len(good)} bytes (no central directory)", hostile=True)

    bad = bytearray(good)
    bad[100:200] = b"\xff" * 100
    (f / "corrupt.pt").write_bytes(bytes(bad))
    add("corrupt.pt", "torch", "tensor.pt with bytes 100..200 overwritten by 0xFF "
        "(inside data.pkl's data and the next local header)", hostile=True)

    (f / "not_a_zip.pt").write_bytes(rng.integers(0, 256, 64, dtype=np.uint8).tobytes())
    add("not_a_zip.pt", "torch", "64 random bytes (numpy default_rng(1234)); "
        "not a zip, so torch.load tries the legacy format", hostile=True)

    write_torch_zip(f / "evil_system.pt", evil_pickle("os", "system", "echo pwned"))
    add("evil_system.pt", "torch", "torch.save-shaped zip whose data.pkl is "
        "protocol 2: GLOBAL 'os system', BINUNICODE 'echo pwned', TUPLE1, REDUCE",
        hostile=True)

    write_torch_zip(f / "evil_posix.pt", evil_pickle("posix", "system", "echo pwned"))
    add("evil_posix.pt", "torch", "as evil_system.pt with GLOBAL 'posix system'",
        hostile=True)

    write_torch_zip(f / "evil_eval.pt", evil_pickle(
        "builtins", "eval", "__import__('os').system('echo pwned')"))
    add("evil_eval.pt", "torch", "as evil_system.pt with GLOBAL 'builtins eval' "
        "on \"__import__('os').system('echo pwned')\"", hostile=True)

    torch.save({"state": [torch.tensor([1., 2.]), torch.tensor([3., 4.])],
                "cfg": {"hook": Evil()}}, f / "evil_nested.pt")
    add("evil_nested.pt", "torch", "real torch.save output of {'state': [two real "
        "tensors], 'cfg': {'hook': <object whose __reduce__ is os.system('echo "
        "pwned')>}}; pickled as GLOBAL 'posix system' after the two tensors' "
        "persistent ids", hostile=True)

    n = 100000
    write_torch_zip(f / "deep.pt", b"\x80\x02" + b"]" * n + b"a" * (n - 1) + b".")
    add("deep.pt", "torch", f"data.pkl: {n} EMPTY_LIST then {n - 1} APPEND: a "
        f"list nested {n} deep. If it loads, tree is a summary (not expanded) "
        f"and printed is null", hostile=True)

    def memo_bomb(level_ops):
        pk = b"\x80\x02]q\x00"
        for lvl in range(1, 31):
            pk += level_ops(b"h" + bytes([lvl - 1])) + b"q" + bytes([lvl])
        return pk + b"."

    write_torch_zip(f / "memo_bomb.pt",
                    memo_bomb(lambda get: b"](" + get * 10 + b"e"))
    add("memo_bomb.pt", "torch", "data.pkl: [] BINPUT 0, then 30 levels of "
        "EMPTY_LIST, MARK, 10x BINGET previous, APPENDS, BINPUT (the opcodes "
        "pickle itself emits for lists): 31 unique lists, 10**30 leaf "
        "references if expanded. If it loads, tree is a summary and printed is "
        "null", hostile=True)

    write_torch_zip(f / "memo_bomb_list.pt",
                    memo_bomb(lambda get: b"(" + get * 10 + b"l"))
    add("memo_bomb_list.pt", "torch", "as memo_bomb.pt but each level is MARK, "
        "10x BINGET, LIST (opcode 'l', 108), which protocol-2 pickle never "
        "emits; torch's weights-only unpickler does not implement LIST",
        hostile=True)

    (f / "npy_short.npy").write_bytes(npy_bytes("<f8", (1000,), b"\x00" * 80))
    add("npy_short.npy", "numpy", "header says shape (1000,) '<f8' (8000 bytes), "
        "only 80 data bytes follow", hostile=True)

    (f / "npy_huge.npy").write_bytes(npy_bytes("|u1", (2**40, 2**44), b"\x00" * 16))
    add("npy_huge.npy", "numpy", "header says shape (2**40, 2**44) '|u1' "
        "(2**84 bytes; the element count overflows int64 to 0), 16 data bytes",
        hostile=True)

    (f / "npy_badmagic.npy").write_bytes(
        npy_bytes("<f8", (2,), b"\x00" * 16, magic=b"\x93NUMPX"))
    add("npy_badmagic.npy", "numpy", "valid v1 npy except the magic is "
        "b'\\x93NUMPX'", hostile=True)

    f32 = struct.pack("<3f", 1.0, 2.0, 3.0)
    (f / "st_overlap.safetensors").write_bytes(st_bytes(
        {"a": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]},
         "b": {"dtype": "F32", "shape": [2], "data_offsets": [4, 12]}}, f32))
    add("st_overlap.safetensors", "safetensors", "tensors a [0,8) and b [4,12) "
        "overlap in a 12-byte buffer", hostile=True)

    (f / "st_oob.safetensors").write_bytes(st_bytes(
        {"a": {"dtype": "F32", "shape": [250], "data_offsets": [0, 1000]}}, f32))
    add("st_oob.safetensors", "safetensors", "one tensor with data_offsets "
        "[0,1000] but a 12-byte buffer", hostile=True)

    (f / "st_hugeheader.safetensors").write_bytes(
        struct.pack("<Q", 2**60) + b'{"a":')
    add("st_hugeheader.safetensors", "safetensors", "8-byte header length 2**60, "
        "then 5 bytes", hostile=True)

    (f / "st_badjson.safetensors").write_bytes(st_bytes(
        b'{"a": {"dtype": "F32", "shape": [1], "data_offsets": [0, 4]', f32[:4]))
    add("st_badjson.safetensors", "safetensors", "header JSON cut short (no "
        "closing braces), space padded", hostile=True)


def make_snapshots():
    """CUDA memory snapshots as `torch.cuda.memory._dump_snapshot` writes
    them (`pickle.dump`, default protocol): the layout of
    docs/reference/serialization.md section 4.2, with real-run details
    (a small and a large segment, split blocks, a pending free, frames).
    No GPU was available, so the dicts are built by hand; what
    `_memory_viz` computes from them is recorded as the truth."""
    import pickle
    from torch.cuda import _memory_viz as mv
    MiB = 1 << 20
    BASE = 0x7F3A00000000
    frame = {"filename": "/src/train.py", "line": 42, "name": "forward"}
    snap = {
        "segments": [
            {"device": 0, "address": BASE, "total_size": 2 * MiB, "allocated_size": 512, "active_size": 512,
             "requested_size": 400, "stream": 0, "segment_type": "small", "segment_pool_id": (0, 0),
             "is_expandable": False, "frames": [],
             "blocks": [
                 {"address": BASE, "size": 512, "requested_size": 400, "state": "active_allocated", "frames": [frame]},
                 {"address": BASE + 512, "size": 2 * MiB - 512, "requested_size": 0, "state": "inactive", "frames": []},
             ]},
            {"device": 0, "address": BASE + 2 * MiB, "total_size": 20 * MiB, "allocated_size": 12 * MiB,
             "active_size": 12 * MiB, "requested_size": 11 * MiB, "stream": 0, "segment_type": "large",
             "segment_pool_id": (0, 0), "is_expandable": False, "frames": [],
             "blocks": [
                 {"address": BASE + 2 * MiB, "size": 8 * MiB, "requested_size": 7 * MiB, "state": "active_allocated", "frames": [frame]},
                 {"address": BASE + 10 * MiB, "size": 4 * MiB, "requested_size": 4 * MiB, "state": "active_pending_free", "frames": []},
                 {"address": BASE + 14 * MiB, "size": 8 * MiB, "requested_size": 0, "state": "inactive", "frames": []},
             ]},
            {"device": 0, "address": BASE + 22 * MiB, "total_size": 20 * MiB, "allocated_size": 0, "active_size": 0,
             "requested_size": 0, "stream": 0, "segment_type": "large", "segment_pool_id": (0, 0),
             "is_expandable": False, "frames": [],
             "blocks": [{"address": BASE + 22 * MiB, "size": 20 * MiB, "requested_size": 0, "state": "inactive", "frames": []}]},
        ],
        "device_traces": [[
            {"action": "segment_alloc", "addr": BASE + 2 * MiB, "size": 20 * MiB, "stream": 0, "time_us": 1, "frames": []},
            {"action": "alloc", "addr": BASE + 2 * MiB, "size": 8 * MiB, "stream": 0, "time_us": 2, "frames": [frame]},
        ]],
        "allocator_settings": {},
        "external_annotations": [],
    }
    p = FILES / "snapshot_real_format.pickle"
    with open(p, "wb") as f:
        pickle.dump(snap, f)
    segs = snap["segments"]
    SNAPSHOTS.append({
        "file": p.name, "file_bytes": p.stat().st_size,
        "reserved": sum(s["total_size"] for s in segs),
        "allocated": sum(b["size"] for s in segs for b in s["blocks"] if b["state"] == "active_allocated"),
        "active": sum(b["size"] for s in segs for b in s["blocks"] if b["state"].startswith("active")),
        "segments": [[s["address"], s["total_size"], s["segment_type"], [[b["address"], b["size"], b["state"]] for b in s["blocks"]]] for s in segs],
        "segsum": mv.segsum(snap).splitlines()[1:5],
        "notes": "hand-built in _dump_snapshot's layout (no GPU here), pickled by pickle.dump as _dump_snapshot does",
    })
    print(f"{p.name:26s} snapshot    {p.stat().st_size:7d} B")


SNAPSHOTS = []


def main():
    FILES.mkdir(parents=True, exist_ok=True)
    for old in FILES.iterdir():
        old.unlink()
    make_torch()
    make_numpy()
    make_safetensors()
    make_hostile()
    make_snapshots()
    manifest = {
        "generator": "scripts/io_fixtures.py",
        "versions": {"torch": torch.__version__, "numpy": np.__version__,
                     "safetensors": safetensors.__version__,
                     "python": sys.version.split()[0]},
        "files": ENTRIES,
        "snapshots": SNAPSHOTS,
    }
    text = json.dumps(manifest, indent=1, ensure_ascii=True) + "\n"
    json.loads(text)
    (OUTDIR / "manifest.json").write_text(text)
    print(f"wrote {len(ENTRIES)} entries to {OUTDIR / 'manifest.json'}")


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--probe":
        probe_main(sys.argv[2], sys.argv[3])
    else:
        main()
