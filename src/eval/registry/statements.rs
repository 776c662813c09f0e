//! The report statements (`inspect`, `map`, `explain`, …; the keywords are
//! `lang::ast::REPORT_KEYWORDS`): usage, summary, what they show and a
//! worked example that the tests run.

pub struct Statement {
    pub name: &'static str,
    pub usage: &'static str,
    pub summary: &'static str,
    /// What it shows (prose, two-space indented lines).
    pub text: &'static str,
    /// tsr source that runs without error.
    pub example: &'static str,
}

pub const STATEMENTS: &[Statement] = &[
    Statement {
        name: "inspect",
        usage: "inspect EXPR[, EXPR ...]",
        summary: "the layout table of one or more tensors",
        text: "\
  Shows each tensor side by side: shape, stride, storage_offset, dtype,
  numel, data_ptr, is_contiguous, its storage (S1, S2, ... - equal ids mean
  shared memory), which other bindings share it, and the version counter.
  Rows that differ between the tensors are marked with ≠.",
        example: "\
x = arange(6).view(2, 3)
y = x.t()
inspect x, y        # same storage S1; shape (2, 3) vs (3, 2), stride (3, 1) vs (1, 3)
inspect x[1]        # any expression: shape (3,), storage_offset 3, still S1",
    },
    Statement {
        name: "print",
        usage: "print EXPR[, EXPR ...]   (or print(...))",
        summary: "print values with Python's str(), like print()",
        text: "\
  The statement form takes no parentheses; print(...) is Python's builtin
  (sep=, end= work there).",
        example: "\
x = arange(12).view(3, 4)
print x.stride()          # (4, 1)
print x.t().stride()      # (1, 4): transposing swaps strides",
    },
    Statement {
        name: "storage",
        usage: "storage EXPR",
        summary: "the storage behind a tensor and every view on it",
        text: "\
  The untyped storage behind a tensor: id, device, nbytes (and how many
  elements of the tensor's dtype fit), data_ptr, allocator, version counter,
  every live binding that views it with the range of elements it can reach,
  and how many bytes no live binding can reach (a small slice keeping a big
  buffer alive). `storage x.untyped_storage()` works too.",
        example: "\
big = zeros(1000000)
s = big[:10]
del big
storage s           # 4000000 B allocated, 40 B reachable: >99.9% unreachable",
    },
    Statement {
        name: "map",
        usage: "map EXPR[, EXPR ...]",
        summary: "draw the storage as cells with each tensor's indices on it",
        text: "\
  Draws each storage as a strip of cells (storage index above, value
  inside) and, under it, one row per tensor with the logical index of each
  element in the cell that holds it. A colour per tensor; cells a tensor
  does not touch show `·`. A stride-0 cell lists every index that reads it.
  Big storages show their first and last cells and the touched ones, with
  `…` for the rest.",
        example: "\
x = arange(12).view(3, 4)
map x, x.t(), x[1:]     # x.t()[1, 0] sits in cell 1; x[1:] starts at cell 4
map ones(3).expand(2, 3)  # each cell holds [0, j] and [1, j]",
    },
    Statement {
        name: "share",
        usage: "share",
        summary: "every storage in the session and the bindings on it",
        text: "\
  A tree of every storage the bindings keep alive, with the bindings on
  each (their shape, stride, offset and element range), flagging bindings
  that overlap each other, aliases (y = x) and self-overlapping views.",
        example: "\
a = arange(12).view(3, 4)
b = a[1:]
c = a.t().reshape(12)   # a copy: its own storage
share                   # S1: a, b (overlap); S2: c",
    },
    Statement {
        name: "overlap",
        usage: "overlap x, y  /  overlap x",
        summary: "can writing through x change y? (exact, with a witness)",
        text: "\
  Decides exactly whether two tensors share an element (like NumPy's
  shares_memory): different storages never do; otherwise it solves
  offset_x + sum(i_k * stride_x[k]) = offset_y + sum(j_k * stride_y[k])
  and shows a witness, or why there is none. It also says whether each
  tensor overlaps itself (expand, unfold): writing through such a view is
  ambiguous. `overlap x` asks only that.",
        example: "\
x = arange(10)
overlap x[::2], x[1::2]   # NO: evens and odds never meet (gcd 2)
m = arange(12).view(3, 4)
overlap m[1], m[:, 2]     # YES: m[1][2] and m[:, 2][1] are both storage[6]
overlap ones(3).expand(2, 3)",
    },
    Statement {
        name: "addr",
        usage: "addr x[i, j, ...]",
        summary: "the offset formula and address of one element, worked out",
        text: "\
  Works out offset = storage_offset + i*stride[0] + j*stride[1] + ... with
  the real numbers, then address = storage data_ptr + offset * element_size,
  and shows the value there. Negative indices wrap as in Python; an index out
  of range gives PyTorch's IndexError.",
        example: "\
base = arange(29, dtype=torch.float32)
x = base.as_strided((2, 3, 4), (12, 4, 1), 5)
addr x[1, 2, 3]     # offset = 5 + 1*12 + 2*4 + 3*1 = 28; address = ptr + 28*4 B",
    },
    Statement {
        name: "bytes",
        usage: "bytes EXPR",
        summary: "hex dump of a tensor's bytes, with IEEE 754 fields",
        text: "\
  Each element's bytes (lowest address first: little-endian), its value,
  and for floats the sign, exponent and mantissa bits with the formula that
  gives the value. Long tensors show their first 24 and last 8 elements.
  `bytes x.untyped_storage()` dumps the whole storage, 16 bytes a row,
  undecoded: a storage has no dtype.",
        example: "\
x = tensor([1.0, -2.5])
bytes x                       # 1.0 is 00 00 80 3f: sign 0, exponent 127
bytes x.untyped_storage()",
    },
    Statement {
        name: "lineage",
        usage: "lineage EXPR",
        summary: "every op from the allocation to this tensor",
        text: "\
  The chain of operations from the tensor that allocated the data to this
  one: each op, whether it was a view or copied into a new storage, and the
  shape, stride and offset before -> after.",
        example: "\
x = arange(12).view(3, 4)
y = x.t().reshape(12)
lineage y     # arange(12) alloc S1, view(3, 4), t(), reshape(12) copy S2",
    },
    Statement {
        name: "explain",
        usage: "explain EXPR",
        summary: "for each op in an expression: view or copy, and why",
        text: "\
  Evaluates the expression one operation at a time and says for each whether
  it made a view (same storage) or a copy (new storage) and why: reshape
  copies when two dims cannot merge (the stride rule is shown with numbers);
  a failing view() shows the chunk analysis and the cheapest fix.",
        example: "\
x = arange(12).view(3, 4)
explain x.t().reshape(12)   # dims 0 and 1 cannot merge: stride[0] = 1
                            # != size[1] * stride[1] = 12, so it copies 96 B
explain x.t().view(12)      # fails, and explain says why: dim 0 spans two chunks",
    },
    Statement {
        name: "diff",
        usage: "diff x, y",
        summary: "the header fields that differ between two tensors",
        text: "\
  Shape, stride, storage_offset, storage, dtype, device, contiguity, numel,
  element size, data_ptr and requires_grad of both, the differing ones
  marked with ≠.",
        example: "\
x = arange(12).view(3, 4)
diff x, x.t()       # shape, stride, is_contiguous differ; same storage
diff x, x.clone()   # storage and data_ptr differ",
    },
    Statement {
        name: "contiguity",
        usage: "contiguity EXPR",
        summary: "every layout flag at once and the strides each needs",
        text: "\
  C-contiguous, channels_last (rank 4), channels_last_3d (rank 5),
  non-overlapping-and-dense and Fortran order, with the strides each would
  need, the row-major check dim by dim, and the special cases: size-1 dims'
  strides are never checked, and a tensor with no elements is contiguous.",
        example: "\
contiguity arange(12).view(3, 4).t()   # not C-contiguous, but dense and Fortran
contiguity zeros(3, 1).t()             # contiguous: the size-1 dim is skipped",
    },
    Statement {
        name: "mem",
        usage: "mem [DEVICE]",
        summary: "the allocator's memory: live blocks, cached segments, fragmentation",
        text: "\
  For the CPU: the live storages and their bytes. For CUDA (--cuda sim or a
  real GPU): PyTorch's caching allocator, its segments as bars with the
  blocks in them (allocated, cached free, inactive split), memory_allocated
  vs memory_reserved, and what empty_cache would give back. With no device,
  every device in use; the pinned host pool once it holds anything.",
        example: "\
a = zeros(1024, 1024, device=\"cuda\")
b = zeros(256, device=\"cuda\")
del a
mem \"cuda\"          # a's 4 MiB block is free but still reserved in its segment",
    },
    Statement {
        name: "memtrace",
        usage: "memtrace on | memtrace off",
        summary: "after each statement, the allocator events it caused",
        text: "\
  While on, each statement is followed by the CUDA allocator's events it
  caused: segment allocations (cudaMalloc), block splits, reuses from the
  cache and frees, with sizes and addresses.",
        example: "\
memtrace on
a = zeros(1024, 1024, device=\"cuda\")   # a new 2 MiB-rounded segment, one block
del a                                   # the block goes back to the cache
memtrace off",
    },
    Statement {
        name: "timeit",
        usage: "timeit EXPR",
        summary: "how long an expression takes (median and min over runs)",
        text: "\
  Runs the expression repeatedly (more runs for fast ones) and reports the
  number of runs, the median and the fastest time.",
        example: "\
x = arange(1000000).view(1000, 1000)
timeit x.t().contiguous()   # a copy: compare with timeit x.t()",
    },
    Statement {
        name: "graph",
        usage: "graph EXPR",
        summary: "the autograd graph behind a tensor, as a tree of backward nodes",
        text: "\
  Each node (MulBackward0, SumBackward0, …) with its inputs down to the
  leaves (AccumulateGrad, named by the bindings that hold them) and the
  tensors it saved for backward.",
        example: "\
x = tensor([1., 2., 3.], requires_grad=True)
y = (x * 2).sum()
graph y             # SumBackward0 <- MulBackward0 <- AccumulateGrad (x)",
    },
];

/// The statement named `name`.
pub fn find(name: &str) -> Option<&'static Statement> {
    STATEMENTS.iter().find(|s| s.name == name)
}

/// The help text of one statement.
pub fn help(s: &Statement) -> String {
    // A `\` line end in the texts drops the next line's indent: put it back.
    let text: String = s.text.lines().map(|l| format!("  {}\n", l.trim())).collect();
    let example: String = s.example.lines().map(|l| format!("  {l}\n")).collect();
    format!("{}\n  {}\n\n{text}\nExample:\n{example}", s.usage, s.summary)
}
