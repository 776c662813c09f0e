#!/usr/bin/env python3
"""Generate tests/ndarray_repr_cases.json: NumPy's repr()/str() of many arrays.

Run with the NumPy whose printing `src/render/ndarray_repr.rs` mirrors:

    ~/venv/bin/python scripts/ndarray_repr_cases.py

Each case records the dtype name, the shape, the flat C-order values as
strings (floats as `repr(float(x))`, which is exact for float16/32/64; ints
as decimal; bools as True/False), and NumPy's `repr(a)` and `str(a)`.
"""
import json
import pathlib
import warnings

import numpy as np

warnings.simplefilter("ignore")
rng = np.random.default_rng(20240601)
cases = []


def add(a, dtype=None):
    a = np.asarray(a, dtype=dtype)
    if a.dtype.kind == "f":
        vals = [repr(float(x)) for x in a.ravel()]
    elif a.dtype.kind == "b":
        vals = [str(bool(x)) for x in a.ravel()]
    else:
        vals = [str(int(x)) for x in a.ravel()]
    cases.append({"dtype": a.dtype.name, "shape": list(a.shape),
                  "values": vals, "repr": repr(a), "str": str(a)})


FLOATS = ["float64", "float32", "float16"]
INTS = ["int64", "int32", "int16", "int8", "uint8"]

# 0-d arrays
for dt in FLOATS:
    for v in [3.5, 0.0, -0.0, 0.1, 1 / 3, 1e-5, 1e20, 1e5, 1e6, 1e7, 999.0,
              1000.0, 1234.5, np.nan, np.inf, -np.inf, -2.5, 1e-4, 65504.0]:
        if dt == "float64" or v in (3.5, 0.1, 1 / 3, 1e5, 1e6, 1000.0, -0.0,
                                    np.nan, -np.inf, 1e-4, 1e7, 65504.0):
            add(v, dt)
for dt in INTS:
    add(3, dt)
add(-7, "int64")
add(True, "bool")
add(False, "bool")

# 1-d floats
base_lists = [
    [1.0, 2.0, 3.0],
    [0.0, 1.0, 2.0, 3.0],
    [1.5, 2.25, -3.125],
    [0.1, 0.2, 0.3],
    [1 / 3, 2 / 3, 1.0],
    [1e-5, 1.0],
    [1e-5, 1.5e-5, 2e-5],
    [1e20, 1.0],
    [1e20, -1e-20],
    [1e16, 1.0],
    [1e8, 1.0],
    [99999999.0, 1.0],
    [1.0, 1000.0],
    [1.0, 1001.0],
    [0.001, 0.5],
    [0.0001, 0.01],
    [9.9e-5, 0.01],
    [np.nan, 1.0, 2.5],
    [np.nan, np.inf, -np.inf],
    [np.nan],
    [-np.inf, 1e-7],
    [np.inf, 1e10],
    [-0.0, 0.0, 1.0],
    [-0.0],
    [0.0, 0.0],
    [-1.0, -2.0, 3.0],
    [123456789.0, 0.5],
    [1.0e-300, 1.0e300],
    [5e-324, 1.0],
    [2.0 ** 60, 1.0],
    [3.14159265358979, 2.718281828459045],
    [0.123456789, 0.987654321],
    [1.0000000001, 2.0],
    [0.5, 0.25, 0.125, 0.0625],
    [100.0, 200.5, 300.25],
    [12345.678, 0.001],
    [np.pi * 1e-3, np.e * 1e3],
    [1e-10, 1e-12, -1e-11],
    [65504.0, -65504.0],
    [0.3, -0.7, 1e3],
]
for vals in base_lists:
    for dt in FLOATS:
        add(vals, dt)

# random-ish floats
for dt in FLOATS:
    add(rng.standard_normal(7), dt)
    add(rng.standard_normal((3, 4)), dt)
    add(rng.standard_normal((2, 3, 4)) * 100, dt)
    add(rng.uniform(0, 1e-3, 5), dt)
add(rng.standard_normal(40))                       # long row wraps
add(np.linspace(0, 1, 30))
add(np.linspace(0, 1, 30), "float32")
add(np.linspace(-1e6, 1e6, 25))
add(np.arange(30.0) * 1e10)
add(rng.standard_normal((4, 30)))                  # wrapped rows in 2-d
add(rng.standard_normal((2, 2, 20)), "float32")
add(np.exp(np.arange(-10, 10, 1.5)))

# ints
for dt in INTS:
    add([1, 2, 3], dt)
    add(np.arange(12).reshape(3, 4), dt)
    add(np.arange(24).reshape(2, 3, 4), dt)
    add([0, 100, 7], dt)
add([-5, 10, -100, 7], "int64")
add([-5, 10, -100, 7], "int32")
add([-128, 127, 0], "int8")
add([0, 255, 12], "uint8")
add([-2 ** 63, 2 ** 63 - 1], "int64")
add(np.arange(50), "int64")                        # wraps
add(np.arange(50), "int32")                        # wraps, dtype suffix
add(np.arange(26), "int32")
add(np.arange(20) * 1000, "int32")
add(np.arange(19) * 10000, "int32")
add(np.arange(40).reshape(2, 20) * 1000, "int16")
add(np.arange(16).reshape(2, 2, 2, 2), "int64")    # 4-d
add(np.arange(16.0).reshape(2, 2, 2, 2))
add(np.arange(36).reshape(3, 1, 3, 4), "int8")
add(np.arange(4).reshape(1, 1, 4), "int64")
add(rng.integers(-1000, 1000, (5, 5)), "int64")

# bools
add([True, False, True], "bool")
add([True, True], "bool")
add([False], "bool")
add(np.array([[True, False], [False, True]]))
add(rng.integers(0, 2, (2, 3, 4)).astype(bool))
add(rng.integers(0, 2, 30).astype(bool))          # wraps

# empty arrays
for dt in ["float64", "float32", "int64", "int32", "bool", "uint8", "float16"]:
    add(np.zeros((0,), dt))
add(np.zeros((0, 4)))
add(np.zeros((2, 0)), "int32")
add(np.zeros((3, 0, 2)), "bool")
add(np.zeros((0, 4), "int64"))

# summarized (size > 1000)
add(np.arange(2000.0))
add(np.arange(2000), "int64")
add(np.arange(2000), "int32")
add(np.arange(1600.0).reshape(40, 40))
add(np.arange(1600).reshape(40, 40), "int16")
add(rng.standard_normal((40, 40)))
add(rng.standard_normal((10, 11, 12)), "float32")
add(np.arange(1001.0) / 7)
add(np.arange(2002).reshape(2, 1001) % 3 == 0)
add(np.arange(3000).reshape(3, 1000) * 1e-3)
add(np.arange(1200.0).reshape(2, 600) * 1e5)
add(np.arange(2000.0, dtype="float16"))
add(np.arange(1200).reshape(4, 300), "uint8")
big = rng.standard_normal(1500)
big[3] = np.nan
big[-2] = -np.inf
add(big)

out = pathlib.Path(__file__).resolve().parent.parent / "tests" / "ndarray_repr_cases.json"
out.write_text(json.dumps({"numpy": np.__version__, "cases": cases}, indent=None) + "\n")
print(f"wrote {len(cases)} cases to {out}")
