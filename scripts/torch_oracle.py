#!/usr/bin/env python3
"""Proof against PyTorch: run the tsr oracle corpus in real PyTorch and record
what PyTorch reports, so `cargo test --test oracle` can compare tsr against it.

Usage (from the repository root, with any Python that has PyTorch installed):

    /path/to/venv/bin/python scripts/torch_oracle.py
    /path/to/venv/bin/python scripts/torch_oracle.py --corpus tests/oracle/corpus.tsr \
        --out tests/oracle/fixtures.json
    /path/to/venv/bin/python scripts/torch_oracle.py --check   # also lint the corpus

It reads `tests/oracle/corpus.tsr` and writes `tests/oracle/fixtures.json`.
The fixture file is committed to the repository, so the Rust test suite never
needs Python or PyTorch; rerun this script (and commit the new fixtures)
whenever the corpus changes. The test reports a case whose source differs
from its fixture as stale.

Corpus format
-------------
Cases are separated by header lines `### <unique_name>`. Text before the first
header is ignored. Inside a case, whole-line comments (`# ...`) are dropped by
both this script and the Rust test, so neither engine sees them. The rest is
tsr source: Python/PyTorch statements separated by newlines or `;`, every
public attribute of `torch` is available bare (`arange(3)`) and as
`torch.arange(3)`, and `inspect a, b, ...` records one result per expression.
By convention a case whose name starts with `err_` must end in an error (the
error being its last statement); `--check` enforces that.

A `with` statement (`with no_grad():`, `with enable_grad():`) is one
statement together with its body: either the rest of its line
(`with no_grad(): y = x * 2; z = y + 1`) or the following lines indented more
deeply than it (blank lines and nested `with` blocks included). The whole
block is run as one Python statement; `inspect` lines inside it record their
results as they run.

What is recorded, per inspected expression
------------------------------------------
* tensor: shape, stride, storage_offset, dtype (name without `torch.`),
  is_contiguous, numel, element_size, storage nbytes, version (`_version`),
  requires_grad, is_leaf, grad_fn, values (`tolist()`, NaN/inf as the strings
  "nan"/"inf"/"-inf"; only when numel <= 1000), and `storage_group`: storages
  numbered per case in first-seen order of `untyped_storage().data_ptr()`
  (null for storages of 0 bytes, whose data_ptr is 0 and means nothing).
  Every inspected tensor is kept alive until the end of its case so that an
  address can never be reused by a later allocation in the same case.
  Tensors whose storage came from `empty`, `empty_like` or `empty_strided`
  hold uninitialised memory: their values are not recorded
  (`values_unspecified: true`).
* an autograd node (`y.grad_fn`, `AccumulateGrad` in `next_functions`): its
  class name, e.g. "MulBackward0" (so `next_functions` is an array of
  [name-or-null, input_nr] pairs). A missing `.grad` or `grad_fn` is null.
* anything else: its JSON form as tsr prints it (tuples, lists and
  torch.Size as arrays, dtypes as names, NaN/inf as strings).
* a warning raised while a statement ran (PyTorch's `UserWarning` on
  reading `.grad` of a non-leaf, ...): `{"kind": "warning", "category":
  "UserWarning", "message": str(w)}`, in the order it happened relative to
  the other results, once per category, message and source line (Python's
  default filter; tsr shows a warning once per location too).
* an exception: `{"kind": "error", "statement": <its source>,
  "error": {"type": ..., "message": str(e)}}`,
  and the case stops there (as `tsr run` does). All expressions of one
  `inspect` are evaluated before any is recorded, as in tsr, so an error in
  `inspect a, b` records only the error. An error inside a `with` block
  names the whole block as its statement.
"""

import argparse
import json
import math
import os
import re
import sys
import warnings

os.environ.setdefault("TORCH_SHOW_CPP_STACKTRACES", "0")

import torch  # noqa: E402

VALUES_LIMIT = 1000
REPORT_KEYWORDS = [
    "inspect", "print", "storage", "map", "share", "overlap", "addr", "bytes", "lineage",
    "explain", "diff", "contiguity", "mem", "memtrace", "timeit", "graph",
]


# ---------------------------------------------------------------- corpus

def parse_corpus(text):
    """[(name, source)] in file order; whole-line comments dropped."""
    cases = []
    name, lines = None, []

    def flush():
        if name is not None:
            src = "\n".join(lines).strip("\n")
            cases.append((name, src))

    for raw in text.split("\n"):
        if raw.startswith("### "):
            flush()
            name, lines = raw[4:].strip(), []
            continue
        if name is None:
            continue
        if raw.strip().startswith("#"):
            continue
        lines.append(raw.rstrip())
    flush()
    seen = set()
    for n, _ in cases:
        if n in seen:
            raise SystemExit(f"duplicate case name: {n}")
        seen.add(n)
    return cases


def _split_outside(src, seps, keep_comments):
    """Splits `src` at characters in `seps` that are outside brackets and
    string literals. Comments are dropped, or kept when `keep_comments`."""
    parts, cur, depth, quote = [], [], 0, None
    i = 0
    while i < len(src):
        c = src[i]
        if quote:
            cur.append(c)
            if c == "\\" and i + 1 < len(src):
                cur.append(src[i + 1])
                i += 2
                continue
            if c == quote:
                quote = None
        elif c in "'\"":
            quote = c
            cur.append(c)
        elif c == "#":
            # comment to end of line
            while i < len(src) and src[i] != "\n":
                if keep_comments:
                    cur.append(src[i])
                i += 1
            continue
        elif c in "([{":
            depth += 1
            cur.append(c)
        elif c in ")]}":
            depth -= 1
            cur.append(c)
        elif c in seps and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(c)
        i += 1
    parts.append("".join(cur))
    return parts


def split_top(src, seps):
    """Splits `src` at `seps` outside brackets and strings; returns the
    stripped, non-empty pieces (comments dropped)."""
    return [p.strip() for p in _split_outside(src, seps, False) if p.strip()]


def split_lines(src):
    """Splits `src` at newlines outside brackets and string literals, keeping
    each line's indentation (comments stay; Python ignores them)."""
    return _split_outside(src, "\n", True)


def indent_of(line):
    return len(line) - len(line.lstrip(" \t"))


def is_with(line):
    return re.match(r"with\b", line.strip()) is not None


def block_colon(header):
    """Index of the `:` ending a `with` header (outside brackets/strings)."""
    depth, quote = 0, None
    for i, c in enumerate(header):
        if quote:
            if c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == ":" and depth == 0:
            return i
    raise SystemExit(f"`with` line without `:`: {header}")


def rewrite_block(lines):
    """A `with` block as Python source: `inspect a, b` statements become calls
    of `__inspect__` (all expressions evaluated before any is recorded)."""
    base = indent_of(lines[0])

    def rewrite_stmts(text):
        out = []
        for stmt in split_top(text, ";"):
            kw = report_keyword(stmt)
            if kw is None:
                out.append(stmt)
            elif kw == "inspect":
                exprs = split_top(stmt[len(kw):], ",")
                if not exprs:
                    raise SystemExit(f"empty inspect in: {stmt}")
                out.append(f"__inspect__({exprs!r}, [{', '.join(exprs)}])")
            else:
                raise SystemExit(f"the oracle does not model `{kw}` statements: {stmt}")
        return "; ".join(out)

    py = []
    for n, line in enumerate(lines):
        body = line[base:] if line.strip() else ""
        ind = body[:indent_of(body)]
        content = body.strip()
        if not content or content.startswith("#"):
            continue
        if is_with(content):
            colon = block_colon(content)
            head, rest = content[:colon + 1], content[colon + 1:].strip()
            if rest and not rest.startswith("#"):
                py.append(f"{ind}{head} {rewrite_stmts(rest)}")
            else:
                py.append(f"{ind}{head}")
        else:
            py.append(f"{ind}{rewrite_stmts(content)}")
    return "\n".join(py)


def split_statements(src):
    """The case's statements in order, each as `(text, python_block)`:
    `python_block` is None for a plain statement (split at `;`), or the
    Python source of a whole `with` block."""
    return [(text, block) for text, block, _ in split_statements_at(src)]


def split_statements_at(src):
    """`split_statements` with each statement's 1-based line in `src`."""
    lines = split_lines(src)
    starts, n = [], 1
    for piece in lines:
        starts.append(n)
        n += piece.count("\n") + 1
    stmts = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if is_with(line):
            base = indent_of(line)
            j = i + 1
            if line[block_colon(line) + 1:].split("#")[0].strip() == "":
                while j < len(lines) and (not lines[j].strip() or indent_of(lines[j]) > base):
                    j += 1
                while j > i + 1 and not lines[j - 1].strip():
                    j -= 1
            block = lines[i:j]
            text = "\n".join(block).strip()
            stmts.append((text, rewrite_block(block), starts[i]))
            i = j
            continue
        stmts.extend((s, None, starts[i]) for s in split_top(line, ";"))
        i += 1
    return stmts


def report_keyword(stmt):
    """The report keyword starting `stmt`, or None (same rule as tsr: the
    keyword followed by something other than `=`, an augmented assignment,
    `.`, `[` or `,`)."""
    for kw in REPORT_KEYWORDS:
        if stmt == kw or (stmt.startswith(kw) and not (stmt[len(kw)].isalnum() or stmt[len(kw)] == "_")):
            rest = stmt[len(kw):].lstrip()
            if rest == "":
                return kw
            if rest[0] in ".[," or (rest[0] == "=" and not rest.startswith("==")):
                return None
            if re.match(r"(\*\*|//|<<|>>|[-+*/%&|^@])=", rest):
                return None
            return kw
    return None


# ---------------------------------------------------------------- values

def json_scalar(x):
    if isinstance(x, bool) or x is None or isinstance(x, (int, str)):
        return x
    if isinstance(x, float):
        if math.isnan(x):
            return "nan"
        if math.isinf(x):
            return "inf" if x > 0 else "-inf"
        return x
    raise TypeError(f"unexpected scalar {x!r}")


def json_nested(x):
    if isinstance(x, list):
        return [json_nested(e) for e in x]
    return json_scalar(x)


def dtype_name(d):
    return str(d).replace("torch.", "")


def value_json(v):
    """A non-tensor value as tsr prints it."""
    if isinstance(v, torch.Tensor):
        return json_nested(v.tolist())
    if isinstance(v, torch.dtype):
        return dtype_name(v)
    if isinstance(v, torch.device):
        return str(v)
    if isinstance(v, torch.autograd.graph.Node):
        return type(v).__name__
    if isinstance(v, torch.memory_format):
        return str(v).replace("torch.", "")
    if isinstance(v, (tuple, list)):  # includes torch.Size
        return [value_json(e) for e in v]
    if isinstance(v, dict):
        return {str(k): value_json(e) for k, e in v.items()}
    if v is Ellipsis:
        return "..."
    return json_scalar(v)


# ---------------------------------------------------------------- running

class Case:
    def __init__(self):
        self.keep = []            # inspected tensors, kept alive for the case
        self.uninit = set()       # storage data_ptrs allocated by empty*
        self.uninit_keep = []
        self.groups = {}          # storage data_ptr -> group number

    def note_uninit(self, t):
        self.uninit_keep.append(t)
        if t.untyped_storage().nbytes() > 0:
            self.uninit.add(t.untyped_storage().data_ptr())
        return t

    def namespace(self):
        overrides = {}
        for name in ("empty", "empty_like", "empty_strided"):
            fn = getattr(torch, name)

            def wrapped(*a, _fn=fn, **k):
                return self.note_uninit(_fn(*a, **k))

            overrides[name] = wrapped

        class TorchProxy:
            def __getattr__(_self, name):
                if name in overrides:
                    return overrides[name]
                return getattr(torch, name)

        ns = {k: getattr(torch, k) for k in dir(torch) if not k.startswith("_")}
        ns.update(overrides)
        ns["torch"] = TorchProxy()
        return ns

    def tensor_result(self, name, t):
        self.keep.append(t)
        st = t.untyped_storage()
        nbytes = st.nbytes()
        if nbytes == 0:
            group = None
        else:
            ptr = st.data_ptr()
            if ptr not in self.groups:
                self.groups[ptr] = len(self.groups)
            group = self.groups[ptr]
        r = {
            "kind": "tensor",
            "name": name,
            "shape": list(t.shape),
            "stride": list(t.stride()),
            "storage_offset": t.storage_offset(),
            "dtype": dtype_name(t.dtype),
            "is_contiguous": t.is_contiguous(),
            "numel": t.numel(),
            "element_size": t.element_size(),
            "storage_nbytes": nbytes,
            "storage_group": group,
            "version": t._version,
            "requires_grad": t.requires_grad,
            "is_leaf": t.is_leaf,
            "grad_fn": None if t.grad_fn is None else type(t.grad_fn).__name__,
        }
        if t.numel() <= VALUES_LIMIT:
            if nbytes > 0 and st.data_ptr() in self.uninit:
                r["values_unspecified"] = True
            else:
                r["values"] = json_nested(t.tolist())
        return r

    def result(self, name, v):
        if isinstance(v, torch.Tensor):
            return self.tensor_result(name, v)
        return {"kind": "value", "name": name, "value": value_json(v)}


class Warnings:
    """The warnings a case raises, as results in the order they happen, each
    shown once per location as by Python's default filter (category,
    message and line; the line in the case's source for warnings pointing at
    the corpus)."""

    def __init__(self, results):
        self.results = results
        self.seen = set()
        self.line = 1
        self.log = None
        self.taken = 0

    def flush(self):
        """Moves the warnings raised since the last flush into the results."""
        for w in self.log[self.taken:]:
            line = self.line + w.lineno - 1 if w.filename == "<corpus>" else (w.filename, w.lineno)
            key = (w.category.__name__, str(w.message), line)
            if key in self.seen:
                continue
            self.seen.add(key)
            self.results.append({"kind": "warning", "category": w.category.__name__, "message": str(w.message)})
        self.taken = len(self.log)


def run_case(src):
    """Runs one case; returns (results, error_statement_index or None, statement count)."""
    results = []
    warned = Warnings(results)
    with warnings.catch_warnings(record=True) as log:
        warnings.simplefilter("always")
        warned.log = log
        return run_statements(src, results, warned)


def run_statements(src, results, warned):
    case = Case()
    ns = case.namespace()

    def inspect_hook(names, vals):
        warned.flush()
        results.extend(case.result(e, v) for e, v in zip(names, vals))

    ns["__inspect__"] = inspect_hook
    stmts = split_statements_at(src)
    for i, (stmt, block, line) in enumerate(stmts):
        warned.line = line
        try:
            kw = None if block is not None else report_keyword(stmt)
            if block is not None:
                exec(compile(block, "<corpus>", "exec"), ns)
            elif kw is None:
                exec(compile(stmt, "<corpus>", "exec"), ns)
            elif kw == "inspect":
                exprs = split_top(stmt[len(kw):], ",")
                if not exprs:
                    raise SystemExit(f"empty inspect in: {stmt}")
                vals = [(e, eval(compile(e, "<corpus>", "eval"), ns)) for e in exprs]
                warned.flush()
                results.extend(case.result(e, v) for e, v in vals)
            else:
                raise SystemExit(f"the oracle does not model `{kw}` statements: {stmt}")
            warned.flush()
        except SystemExit:
            raise
        except Exception as e:  # noqa: BLE001 - any PyTorch/Python exception is a result
            warned.flush()
            results.append({"kind": "error", "statement": stmt,
                            "error": {"type": type(e).__name__, "message": str(e)}})
            return results, i, len(stmts)
    return results, None, len(stmts)


def dumps(v):
    return json.dumps(v, sort_keys=True, allow_nan=False, ensure_ascii=False, separators=(",", ":"))


def render_fixtures(cases):
    """The fixture file: one JSON object, keys sorted, cases in corpus order,
    one line per result (diff-friendly and deterministic)."""
    out = ["{", '"cases":[']
    for ci, c in enumerate(cases):
        out.append("{" + f'"name":{dumps(c["name"])},"source":{dumps(c["source"])},"results":[')
        for ri, r in enumerate(c["results"]):
            out.append(dumps(r) + ("," if ri + 1 < len(c["results"]) else ""))
        out.append("]}" + ("," if ci + 1 < len(cases) else ""))
    out.append("],")
    out.append(f'"generated_by":{dumps("scripts/torch_oracle.py")},')
    out.append(f'"torch_version":{dumps(torch.__version__)}')
    out.append("}")
    text = "\n".join(out) + "\n"
    json.loads(text)  # must stay valid JSON
    return text


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", default=os.path.join(root, "tests", "oracle", "corpus.tsr"))
    ap.add_argument("--out", default=os.path.join(root, "tests", "oracle", "fixtures.json"))
    ap.add_argument("--check", action="store_true",
                    help="fail if an err_ case does not end in an error, or another case errors")
    ap.add_argument("--keep-existing", action="store_true",
                    help="keep the recorded results of cases whose source is unchanged and run only new or "
                         "changed cases (BLAS results differ in their last bits between CPUs)")
    args = ap.parse_args()
    kept = {}
    if args.keep_existing and os.path.exists(args.out):
        with open(args.out, encoding="utf-8") as f:
            kept = {c["name"]: c for c in json.load(f)["cases"]}

    torch.manual_seed(0)
    with open(args.corpus, encoding="utf-8") as f:
        cases = parse_corpus(f.read())

    out_cases, problems, n_results, n_errors = [], [], 0, 0
    for name, src in cases:
        old = kept.get(name)
        if old is not None and old["source"] == src:
            out_cases.append(old)
            n_results += len(old["results"])
            n_errors += any(r.get("kind") == "error" for r in old["results"])
            continue
        results, err_at, n_stmts = run_case(src)
        n_results += len(results)
        if err_at is not None:
            n_errors += 1
        if name.startswith("err_"):
            if err_at is None:
                problems.append(f"{name}: expected an error, none raised")
            elif err_at != n_stmts - 1:
                problems.append(f"{name}: error at statement {err_at + 1} of {n_stmts}: {results[-1]['error']}")
        elif err_at is not None:
            problems.append(f"{name}: unexpected error: {results[-1]['error']}")
        out_cases.append({"name": name, "source": src, "results": results})

    text = render_fixtures(out_cases)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"torch {torch.__version__}: wrote {len(out_cases)} cases, {n_results} results "
          f"({n_errors} cases end in an error) to {os.path.relpath(args.out)}")
    for p in problems:
        print("warning:", p, file=sys.stderr)
    if args.check and problems:
        sys.exit(1)


if __name__ == "__main__":
    main()
