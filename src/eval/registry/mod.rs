//! The op registry: one declarative row per torch function and tensor
//! method tsr supports, in the spirit of PyTorch's `native_functions.yaml`.
//! A row holds the op's name, its schema in PyTorch's syntax, its variants
//! (`torch.name(...)`, `x.name(...)`), its class (view, copy, …), a one-line
//! summary and an example that runs in tsr. The names the evaluator offers
//! (`torch.NAME`, completion, did-you-mean) and every `help` text come from
//! here; dispatch stays in `builtins.rs`/`methods.rs` and the drift tests
//! (`tests/registry.rs`) keep the two in step.

pub mod attributes;
pub mod binder;
pub mod commands;
pub mod help;
pub mod id;
pub mod nodes;
pub mod pybuiltins;
pub mod statements;

mod create;
mod cuda;
mod functional;
mod index;
mod inplace;
mod header;
mod math;
mod blas;
mod contract;
mod misc;
mod random;
mod math_ext;
mod reduce;
mod reorder;
mod sorting;
mod views;

pub use id::OpId;

/// `torch.name(...)` works.
pub const FUNCTION: u8 = 1;
/// `x.name(...)` works.
pub const METHOD: u8 = 2;
/// Both.
pub const FM: u8 = FUNCTION | METHOD;

/// What an op does to memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// The result shares its input's storage (never allocates).
    View,
    /// The result is in a new storage.
    Copy,
    /// A view when the strides allow it, else a copy (or the input itself).
    ViewOrCopy,
    /// Writes into its input and returns it.
    InPlace,
    /// Reduces over dimensions into a new storage.
    Reduction,
    /// Makes a tensor from sizes, values or a file.
    Factory,
    /// Returns a Python value, or none of the above.
    Other,
}

impl Class {
    pub fn name(self) -> &'static str {
        match self {
            Class::View => "view",
            Class::Copy => "copy",
            Class::ViewOrCopy => "view or copy",
            Class::InPlace => "in-place",
            Class::Reduction => "reduction",
            Class::Factory => "factory",
            Class::Other => "other",
        }
    }

    /// What the result is, for `help` (after the class name).
    pub fn returns(self) -> &'static str {
        match self {
            Class::View => "the result shares self's storage: a new shape/stride/offset, no copy",
            Class::Copy => "the result is a new storage",
            Class::ViewOrCopy => "a view when the strides allow it (or self itself), else a copy: compare the storages",
            Class::InPlace => "writes into self's storage and returns self (bumps _version)",
            Class::Reduction => "a new storage, the reduced dims removed (kept with keepdim=True)",
            Class::Factory => "allocates a new storage",
            Class::Other => "returns a Python value or a new object",
        }
    }
}

/// One op.
#[derive(Debug, Clone, Copy)]
pub struct Op {
    pub name: &'static str,
    /// PyTorch's schema (`native_functions.yaml` syntax).
    pub schema: &'static str,
    /// [`FUNCTION`], [`METHOD`] or both.
    pub variants: u8,
    pub class: Class,
    pub summary: &'static str,
    /// tsr source that runs; its input is `x` and its last line an
    /// expression whose value is the op's result.
    pub example: &'static str,
    /// Longer prose for `help` (no code: examples go in `example`).
    pub notes: &'static str,
    /// `help` runs the example to show its output (not for ones that
    /// write files); the tests run every example.
    pub run: bool,
    /// A second example whose last line fails, to show the error (the
    /// tests check that it does fail); empty for none.
    pub fails: &'static str,
    /// What `explain` says the op does to memory, where its class alone
    /// does not tell (which kind of view, a conversion, …): see
    /// [`Op::teaches`].
    pub teach: Option<Teach>,
    /// The `grad_fn` names PyTorch gives the op's results: one per schema
    /// overload, in the schema's order (derivatives.yaml numbers them:
    /// `SqueezeBackward0`, `…1`, `…2`), then the nodes of the op's other
    /// paths (`DivBackward1` of a Python-number divisor, the 2-d
    /// `NllLoss2DBackward0`). Every node tsr records is named here, through
    /// [`OpId::node`] (or [`nodes`] for ATen's internal ops): the record
    /// sites hold no names of their own (`tests/registry.rs` fails on one).
    /// Empty when the result has no node, or, for an in-place row, when it
    /// is its out-of-place op's.
    pub backward: &'static [&'static str],
    /// How `out=` takes the result's dtype (see [`OutRule`]).
    pub out: OutRule,
}

/// What `out=` does with the dtype of the `out` tensor, as the op's kernel
/// in PyTorch decides (each kernel checks its own way, in its own words).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutRule {
    /// TensorIterator's: the result is cast into `out` when `canCast`
    /// allows, else "result type X can't be cast to the desired output type Y".
    Cast,
    /// `cat`'s meta function: cast when `canCast` allows, else a TypeError
    /// "torch.cat(): input types can't be cast to the desired output type Y".
    CatCast,
    /// `out`'s dtype is the op's `dtype=` (the inputs are cast first), as
    /// `infer_dtype_from_optional` decides for sum, prod and the scans.
    ComputeIn,
    /// [`OutRule::ComputeIn`] into a float `out`; any other `out` as
    /// [`OutRule::Cast`] (`mean`: "result type Float can't be cast to the
    /// desired output type Long").
    ComputeInFloatElseCast,
    /// [`OutRule::ComputeIn`] into a float `out`; an integral `out` of a
    /// float input is refused as the float-only kernel refuses it
    /// (`nansum`: "\"nansum_cpu\" not implemented for 'Long'").
    ComputeInFloat,
    /// `make_reduction`'s `in_dtype`: a float `out` of another dtype than
    /// a float input has the op read its input in `out`'s dtype (`var`,
    /// `std`: `var(x, 1, out=float64)` of a float `x` computes in double);
    /// any other `out` as [`OutRule::Cast`].
    ReadInFloat,
    /// `out` must have the result's dtype exactly; the words of the refusal.
    Exact(OutMismatch),
}

impl OutRule {
    /// Whether an `out` of `dtype` becomes the op's `dtype=`.
    pub fn computes_in(self, dtype: crate::engine::DType) -> bool {
        match self {
            OutRule::ComputeIn => true,
            OutRule::ComputeInFloatElseCast | OutRule::ComputeInFloat => dtype.is_floating(),
            _ => false,
        }
    }
}

/// The refusal texts of [`OutRule::Exact`] (`out.rs` writes them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutMismatch {
    /// "Expected out tensor to have dtype float, but got long int instead" (structured kernels).
    OutTensor,
    /// addbmm, whose kernel runs `addmm_out` with `out` as self: "self and
    /// mat2 must have the same dtype, but got Double and Float".
    SelfMat2,
    /// "NAME(): self and result must have the same scalar type".
    SelfResult,
    /// `where`: "Expected out type to be Float but got Long".
    OutType,
    /// amax/amin: "Expected the dtype for input and out to match, …".
    InputAndOut,
    /// dot/vdot: "result dtype Long does not match input dtype Float".
    ResultDtype,
    /// clamp/clip: "Found dtype Long but expected Float".
    Found,
    /// nonzero: "nonzero: Expected out tensor to have scalar type Long but got scalar typeInt".
    Nonzero,
    /// inner/tensordot: "tensordot: Expected the output tensor to have dtype Float, …".
    Tensordot,
    /// logcumsumexp: "expected scalar_type Float but found Long"; cummax
    /// and cummin's `(values, indices)` alike, values checked first.
    ScalarType,
    /// median/nanmedian's `(values, indices)`, indices checked first:
    /// "Expected tensor for argument #1 'indices' to have scalar type Long;
    /// but got torch.FloatTensor instead (while checking arguments for
    /// median)", then values against self.
    Median,
    /// kthvalue's: "output values must be of same type as input", then
    /// "output indices must be of scalar type Long".
    Kthvalue,
    /// mode's: "expected scalar type 'Float' but got 'Long' for values
    /// output", then the indices.
    Mode,
    /// histc: "torch.histogram: input tensor and hist tensor should have the same dtype, …".
    Histogram,
    /// searchsorted/bucketize: "torch.searchsorted(): output tensor's dtype is wrong, it can only be Int(int32) or Long(int64) …".
    Searchsorted,
    /// take: "take(): self and out expected to have the same dtype, but got self.dtype = Float and out.dtype = Long".
    Take,
}

pub use crate::report::teach::explain::OpClass as Teach;

/// A row (`notes` with [`Op::notes`]).
pub const fn op(name: &'static str, schema: &'static str, variants: u8, class: Class, summary: &'static str, example: &'static str) -> Op {
    Op { name, schema, variants, class, summary, example, notes: "", run: true, fails: "", teach: None, backward: &[], out: OutRule::Cast }
}

impl Op {
    pub const fn notes(mut self, notes: &'static str) -> Op {
        self.notes = notes;
        self
    }

    pub const fn fails(mut self, src: &'static str) -> Op {
        self.fails = src;
        self
    }

    pub const fn no_run(mut self) -> Op {
        self.run = false;
        self
    }

    /// `explain`'s kind for the op (see [`Op::teach`]).
    pub const fn teach(mut self, t: Teach) -> Op {
        self.teach = Some(t);
        self
    }

    /// How `out=` treats `out`'s dtype (see [`OutRule`]).
    pub const fn out(mut self, rule: OutRule) -> Op {
        self.out = rule;
        self
    }

    /// The node names per overload (see [`Op::backward`]).
    pub const fn backward(mut self, names: &'static [&'static str]) -> Op {
        self.backward = names;
        self
    }

    /// What `explain` says the op does: the row's own kind, else an
    /// in-place write for the in-place rows, else a computation.
    pub fn teaches(&self) -> Teach {
        match (self.teach, self.class) {
            (Some(t), _) => t,
            (None, Class::InPlace) => Teach::InPlace,
            _ => Teach::Compute,
        }
    }

    /// The node name of overload `k` (the last one when the row lists fewer).
    pub fn backward_name(&self, k: usize) -> Option<&'static str> {
        self.backward.get(k).or(self.backward.last()).copied()
    }

    /// The schema's overloads, one per line.
    pub fn overloads(&self) -> impl Iterator<Item = &'static str> {
        self.schema.lines()
    }

    /// The name under `torch.` as Python spells it: `cat`,
    /// `cuda.memory_allocated`, `cuda.memory._snapshot` (the private
    /// allocator functions live in `torch.cuda.memory`), `_C._host_emptyCache`.
    pub fn path(&self) -> String {
        match self.name.strip_prefix("cuda.") {
            Some("_host_emptyCache") => "_C._host_emptyCache".to_string(),
            Some(n) if n.starts_with('_') => format!("cuda.memory.{n}"),
            _ => self.name.to_string(),
        }
    }

    pub fn is_function(&self) -> bool {
        self.variants & FUNCTION != 0
    }

    pub fn is_method(&self) -> bool {
        self.variants & METHOD != 0
    }
}

/// Every row, by file.
static TABLES: &[&[Op]] = &[
    views::OPS,
    create::OPS,
    math::OPS,
    math_ext::OPS,
    reduce::OPS,
    sorting::OPS,
    random::OPS,
    contract::OPS,
    misc::OPS,
    blas::OPS,
    cuda::OPS,
    index::OPS,
    reorder::OPS,
    header::OPS,
    functional::OPS,
    inplace::OPS,
];

/// Every op row.
pub fn ops() -> impl Iterator<Item = &'static Op> {
    TABLES.iter().flat_map(|t| t.iter())
}

/// The row named `name` (`torch.` stripped).
pub fn find(name: &str) -> Option<&'static Op> {
    let name = name.strip_prefix("torch.").unwrap_or(name);
    ops().find(|o| o.name == name)
}

/// The row of the torch function `name`.
pub fn function(name: &str) -> Option<&'static Op> {
    find(name).filter(|o| o.is_function())
}

/// The row of the tensor method `name`.
pub fn method(name: &str) -> Option<&'static Op> {
    ops().find(|o| o.name == name && o.is_method())
}

/// Names callable as `torch.NAME(...)` (and bare); not those of
/// submodules (`cuda.memory_allocated`).
pub fn function_names() -> impl Iterator<Item = &'static str> {
    ops().filter(|o| o.is_function() && !o.name.contains('.')).map(|o| o.name)
}

/// Names callable as `x.NAME(...)`.
pub fn method_names() -> impl Iterator<Item = &'static str> {
    ops().filter(|o| o.is_method()).map(|o| o.name)
}

/// What `explain` says `name` does: the row of the method or attribute
/// (`[]`, indexing, picks a window); an operator computes.
pub fn teaches(name: &str) -> Teach {
    if name == "[]" {
        return Teach::Window;
    }
    match OpId::method(name) {
        Some(id) => id.row().teaches(),
        None => attributes::find(name).and_then(|a| a.view).map_or(Teach::Compute, |(t, _)| t),
    }
}

/// The README's op table (`tests/registry.rs` keeps README.md equal to
/// it): one line per class; `torch.cat` is a function only, `.view` a
/// method only, `reshape` both.
pub fn markdown_table() -> String {
    let classes = [Class::View, Class::ViewOrCopy, Class::Copy, Class::InPlace, Class::Reduction, Class::Factory, Class::Other];
    let mut s = String::from("| class | ops |\n|---|---|\n");
    for c in classes {
        let names: Vec<String> = ops()
            .filter(|o| o.class == c)
            .map(|o| match (o.is_function(), o.is_method()) {
                (true, true) => format!("`{}`", o.name),
                (true, false) => format!("`torch.{}`", o.path()),
                _ => format!("`.{}`", o.name),
            })
            .collect();
        s.push_str(&format!("| {} | {} |\n", c.name(), names.join(", ")));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_rows_complete() {
        let mut seen = std::collections::HashSet::new();
        for o in ops() {
            assert!(seen.insert(o.name), "two rows for {}", o.name);
            assert!(o.variants & FM != 0, "{}: no variant", o.name);
            assert!(!o.summary.is_empty() && !o.example.is_empty(), "{}: summary and example", o.name);
            // Each overload names the op (an alias's schema is its own).
            for s in o.overloads() {
                // A hidden (deprecated) Python overload is marked so (`binder.rs`).
                let s = ["[deprecated] ", "[method] ", "[function] "].iter().find_map(|p| s.strip_prefix(p)).unwrap_or(s);
                assert!(s.starts_with(&format!("{}(", o.name)) || s.starts_with(&format!("{}.", o.name)), "{}: schema {s}", o.name);
                assert!(s.contains(") -> "), "{}: schema has no return: {s}", o.name);
            }
            assert_eq!(o.class == Class::InPlace, o.name.ends_with('_') && o.name != "requires_grad_", "{}: in-place rows are the `name_` ones", o.name);
        }
    }

    /// `Type name`, `Type name=default` or `*`, as native_functions.yaml writes a parameter.
    fn well_formed_param(p: &str) -> bool {
        if p == "*" {
            return true;
        }
        let decl = p.split('=').next().unwrap_or(p);
        let Some((ty, name)) = decl.rsplit_once(' ') else { return false };
        let ident = |s: &str| s.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_') && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        ident(name) && ty.chars().next().is_some_and(|c| c.is_ascii_uppercase() || c.is_ascii_lowercase()) && !ty.contains(',')
    }

    /// Splits at the commas outside brackets.
    fn params(s: &str) -> Vec<&str> {
        let (mut out, mut depth, mut start) = (vec![], 0i32, 0);
        for (i, c) in s.char_indices() {
            match c {
                '(' | '[' => depth += 1,
                ')' | ']' => depth -= 1,
                ',' if depth == 0 => {
                    out.push(s[start..i].trim());
                    start = i + 1;
                }
                _ => {}
            }
        }
        if !s[start..].trim().is_empty() {
            out.push(s[start..].trim());
        }
        out
    }

    #[test]
    fn schemas_are_well_formed() {
        for o in ops() {
            for s in o.overloads() {
                let open = s.find('(').unwrap_or(0);
                let close = s.rfind(") -> ").unwrap_or(0);
                assert!(open > 0 && close > open, "{}: {s}", o.name);
                for p in params(&s[open + 1..close]) {
                    assert!(well_formed_param(p), "{}: parameter `{p}` in {s}", o.name);
                }
                // A view's schema says so, with an alias annotation on self and the result.
                if o.class == Class::View {
                    assert!(s.contains("(a") && s[close..].contains("(a"), "{}: a view's schema aliases self: {s}", o.name);
                }
                if o.class == Class::InPlace {
                    assert!(s.contains("Tensor(a!) self"), "{}: an in-place schema writes self: {s}", o.name);
                }
            }
        }
        // The check can fail: a bare name, a stray comma.
        assert!(!well_formed_param("dim") && !well_formed_param("int, dim") && well_formed_param("int dim=0"));
    }

    #[test]
    fn every_view_says_what_explain_and_autograd_call_it() {
        for o in ops() {
            // `explain` and `method_grad.rs` read the rows of the methods
            // returning one tensor (a tuple of views explains itself).
            let one_tensor = o.is_method() && o.schema.lines().all(|l| l.rsplit("-> ").next().is_some_and(|r| r.starts_with("Tensor") && !r.ends_with("[]")));
            if matches!(o.class, Class::View | Class::ViewOrCopy) && one_tensor {
                assert!(o.teach.is_some(), "{}: a view row says which kind of view it is (`.teach`)", o.name);
            }
            // A view whose node `method_grad.rs` attaches names it (an op
            // family records its own; detach's result has none).
            if o.class == Class::View && one_tensor && crate::eval::ext::method_family(o.id()).is_none() && o.name != "detach" {
                assert!(!o.backward.is_empty(), "{}: a view row names its grad_fn (`.backward`)", o.name);
            }
            for &n in o.backward {
                let generated = n.ends_with(|c: char| c.is_ascii_digit()) && n.contains("Backward");
                assert!(generated || n == nodes::NOT_IMPLEMENTED, "{}: {n} is not a node name", o.name);
            }
        }
        assert_eq!(teaches("add_"), Teach::InPlace);
        assert_eq!(teaches("t_"), Teach::InPlaceHeader);
        assert_eq!(teaches("sum"), Teach::Compute);
        assert_eq!(teaches("T"), Teach::Reorder);
        assert_eq!(teaches("[]"), Teach::Window);
        assert_eq!(teaches("float"), Teach::Convert);
        assert_eq!(OpId::Squeeze.node(2), "SqueezeBackward2");
        assert_eq!(OpId::Sum.node(1), "SumBackward1");
        assert_eq!(OpId::Ceil_.node(0), "CeilBackward0", "an in-place row without names takes its op's");
        assert_eq!(OpId::Acosh_.node(0), "AcoshBackward1", "one with its own keeps them");
        assert_eq!(OpId::Argmax.node(0), "NotImplemented", "argmax has no node");
    }

    #[test]
    fn lookups() {
        assert_eq!(find("torch.cat").map(|o| o.name), Some("cat"));
        assert!(function("view").is_none() && method("view").is_some());
        assert!(method("arange").is_none() && function("arange").is_some());
        assert!(function_names().any(|n| n == "swapaxes"));
        assert!(method_names().any(|n| n == "add_"));
    }
}
