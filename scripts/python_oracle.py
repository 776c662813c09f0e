#!/usr/bin/env python3
"""Python oracle: run every program in `tests/python/cases/*.py` with CPython
(3.12, with PyTorch) and record what it prints, so `cargo test --test
python_oracle` can check that `tsr run` prints the same bytes.

Usage (from anywhere):

    python3 scripts/python_oracle.py                      # uses ~/venv/bin/python
    python3 scripts/python_oracle.py --python /path/to/python3.12
    python3 scripts/python_oracle.py --only tensor        # cases whose name contains "tensor"

For each case `NNN_name.py` it writes, next to it:

* `NNN_name.out`: exactly the program's stdout (bytes);
* `NNN_name.err`: only when the program failed (non-zero exit), the LAST
  line of its stderr, e.g. `KeyError: 'b'`. A stale `.err` is removed when
  the program now succeeds.

Each program runs with its folder as the working directory, a 60 s timeout,
stdin from /dev/null and `PYTHONHASHSEED=0`. A case that times out gets no
fixture (its old `.out`/`.err` are removed) and is reported. When the
interpreter has no torch, the cases that `import torch` are skipped and keep
their fixtures, so the pure-Python ones can be recorded first.

A case must be deterministic: no ids or addresses (`data_ptr()` only in
comparisons), no timing, and sets printed only when they hold small
non-negative ints (which CPython prints in ascending order).

The fixtures are committed, so the Rust test suite never needs Python; rerun
this script (and commit the fixtures) whenever a case changes.
"""

import argparse
import re
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "python" / "cases"
TIMEOUT_S = 60


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--python", default=os.path.expanduser("~/venv/bin/python"),
                    help="interpreter to run the cases with (Python 3.12 with torch)")
    ap.add_argument("--cases", default=str(CASES), help="folder of NNN_name.py programs")
    ap.add_argument("--only", default=None, help="only cases whose file name contains this text")
    ap.add_argument("--allow-other-version", action="store_true",
                    help="do not insist on Python 3.12")
    args = ap.parse_args()

    py = args.python
    probe = subprocess.run(
        [py, "-c", "import sys; print('%d.%d.%d' % sys.version_info[:3])\n"
                   "try:\n import torch; print(torch.__version__)\n"
                   "except ImportError:\n print('none')"],
        capture_output=True, text=True, timeout=120)
    if probe.returncode != 0:
        print(f"cannot run {py}: {probe.stderr.strip()}", file=sys.stderr)
        return 2
    py_version, torch_version = probe.stdout.split()
    print(f"python {py_version} ({py}), torch {torch_version}")
    if not py_version.startswith("3.12.") and not args.allow_other_version:
        print("the oracle must be Python 3.12 (pass --allow-other-version to override)", file=sys.stderr)
        return 2

    cases_dir = pathlib.Path(args.cases)
    cases = sorted(cases_dir.glob("*.py"))
    if args.only:
        cases = [c for c in cases if args.only in c.name]
    skipped = []
    if torch_version == "none":
        # Without torch, a tensor case would record a ModuleNotFoundError:
        # leave its fixtures as they are for a run with torch.
        skipped = [c for c in cases if re.search(r"^\s*(import|from)\s+torch\b", c.read_text(), re.M)]
        cases = [c for c in cases if c not in skipped]
    env = dict(os.environ)
    env["PYTHONHASHSEED"] = "0"
    env["PYTHONIOENCODING"] = "utf-8"
    env.pop("PYTHONSTARTUP", None)
    env.pop("PYTHONPATH", None)

    ok = failed = timed_out = 0
    failures = []
    for case in cases:
        out_path = case.with_suffix(".out")
        err_path = case.with_suffix(".err")
        try:
            r = subprocess.run([py, case.name], cwd=case.parent, env=env, stdin=subprocess.DEVNULL,
                               capture_output=True, timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            timed_out += 1
            for p in (out_path, err_path):
                if p.exists():
                    p.unlink()
            print(f"TIMEOUT {case.name} (no fixture written)")
            continue
        out_path.write_bytes(r.stdout)
        if r.returncode == 0:
            ok += 1
            if err_path.exists():
                err_path.unlink()
        else:
            failed += 1
            lines = [l for l in r.stderr.decode("utf-8", "replace").splitlines() if l.strip()]
            last = lines[-1] if lines else f"exit code {r.returncode}"
            err_path.write_text(last + "\n", encoding="utf-8")
            failures.append((case.name, last))

    print(f"{len(cases)} cases: {ok} succeeded, {failed} ended with an error, {timed_out} timed out")
    if skipped:
        print(f"{len(skipped)} cases that import torch skipped (no torch in {py}); their fixtures are unchanged")
    for name, last in failures:
        print(f"  {name}: {last}")
    return 1 if timed_out else 0


if __name__ == "__main__":
    sys.exit(main())
