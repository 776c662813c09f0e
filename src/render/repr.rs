//! PyTorch's tensor repr (`torch/_tensor_str.py`), reproduced exactly.
//!
//! Mirrors `_str_intern` (plain strided, non-complex tensors), `_tensor_str`,
//! `get_summarized_data`, `_Formatter`, `_vector_str`,
//! `_tensor_str_with_formatter` and `_add_suffixes`. Only the elements that
//! PyTorch would print are ever read, so summarized tensors of any size print
//! in time proportional to the printed output.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReprKind {
    Float,
    Int,
    Bool,
}

/// Read access to a tensor's elements in row-major logical order.
pub trait ReprSource {
    fn shape(&self) -> &[usize];
    fn kind(&self) -> ReprKind;
    /// Element at row-major flat index `flat` (0 <= flat < numel) as f64 (Float kind; float16/bfloat16/float32 values are converted exactly).
    fn get_f64(&self, flat: usize) -> f64;
    /// Element as i64 (Int kind; uint8 etc. widened).
    fn get_i64(&self, flat: usize) -> i64;
    /// Element as bool (Bool kind).
    fn get_bool(&self, flat: usize) -> bool;
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PrintOptions {
    pub precision: usize,
    pub threshold: usize,
    pub edgeitems: usize,
    pub linewidth: usize,
    pub sci_mode: Option<bool>,
}

impl Default for PrintOptions {
    fn default() -> Self {
        PrintOptions {
            precision: 4,
            threshold: 1000,
            edgeitems: 3,
            linewidth: 80,
            sci_mode: None,
        }
    }
}

/// The full repr: `tensor([...], dtype=torch.int32)`. `suffixes` are already
/// formatted, in order (e.g. "device='cuda:0'", "dtype=torch.int32", "grad_fn=<MulBackward0>", "requires_grad=True");
/// the caller decides which apply EXCEPT the empty-tensor `size=(0, 3)` suffix, which this function adds itself
/// (before the caller's suffixes) when numel == 0 and dim != 1.
///
/// Details, as in PyTorch: the `size=` suffix is placed after any leading
/// `device=...` suffixes (PyTorch's order is device, size, dtype, ...), and it
/// is also added for non-empty tensors when `opts.edgeitems == 0`.
/// `opts.threshold == usize::MAX` plays the role of `threshold=inf`.
pub fn tensor_repr(src: &dyn ReprSource, suffixes: &[String], opts: &PrintOptions) -> String {
    const PREFIX: &str = "tensor(";
    let indent = PREFIX.len();
    let shape = src.shape();
    let numel = shape.iter().fold(1usize, |a, &d| a.saturating_mul(d));

    let mut size_suffix = None;
    let body = if numel == 0 {
        // Explicitly print the shape if it is not (0,), to match NumPy.
        if shape.len() != 1 {
            size_suffix = Some(format!("size={}", py_tuple(shape)));
        }
        "[]".to_string()
    } else {
        if opts.edgeitems == 0 {
            size_suffix = Some(format!("size={}", py_tuple(shape)));
        }
        tensor_str(src, shape, numel, indent, opts)
    };

    let mut all: Vec<&str> = Vec::with_capacity(suffixes.len() + 1);
    let n_device = suffixes
        .iter()
        .take_while(|s| s.starts_with("device="))
        .count();
    all.extend(suffixes[..n_device].iter().map(|s| s.as_str()));
    if let Some(s) = size_suffix.as_deref() {
        all.push(s);
    }
    all.extend(suffixes[n_device..].iter().map(|s| s.as_str()));

    let mut head = String::with_capacity(PREFIX.len() + body.len() + 2);
    head.push_str(PREFIX);
    head.push_str(&body);
    add_suffixes(head, &all, indent, opts.linewidth)
}

/// Python's `str(tuple(shape))`: `()`, `(5,)`, `(0, 3)`.
fn py_tuple(shape: &[usize]) -> String {
    match shape.len() {
        0 => "()".to_string(),
        1 => format!("({},)", shape[0]),
        _ => {
            let parts: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
            format!("({})", parts.join(", "))
        }
    }
}

/// `_add_suffixes` with `force_newline=False`.
fn add_suffixes(mut s: String, suffixes: &[&str], indent: usize, linewidth: usize) -> String {
    // Python: len(tensor_str) - tensor_str.rfind("\n") + 1  (rfind = -1 when absent),
    // i.e. the length of the last line plus 2.
    let total = s.chars().count();
    let mut last_line_len = match s.rfind('\n') {
        Some(pos) => total - s[..pos].chars().count() + 1,
        None => total + 2,
    };
    for suffix in suffixes {
        let suffix_len = suffix.chars().count();
        if last_line_len.saturating_add(suffix_len).saturating_add(2) > linewidth {
            s.push_str(",\n");
            push_spaces(&mut s, indent);
            s.push_str(suffix);
            last_line_len = indent + suffix_len;
        } else {
            s.push_str(", ");
            s.push_str(suffix);
            last_line_len = last_line_len.saturating_add(suffix_len + 2);
        }
    }
    s.push(')');
    s
}

fn push_spaces(s: &mut String, n: usize) {
    s.extend(std::iter::repeat_n(' ', n));
}

/// Row-major strides, saturating (a shape whose numel overflows cannot be
/// backed by real data anyway; this only keeps us from panicking).
fn row_major_strides(shape: &[usize]) -> Vec<usize> {
    let mut strides = vec![1usize; shape.len()];
    let mut acc = 1usize;
    for i in (0..shape.len()).rev() {
        strides[i] = acc;
        acc = acc.saturating_mul(shape[i]);
    }
    strides
}

/// Indices printed along one dimension of size `size`: `None` marks the
/// `...` placeholder.
fn dim_indices(size: usize, summarize: bool, edgeitems: usize) -> Vec<Option<usize>> {
    if summarize && size > edgeitems.saturating_mul(2) {
        let mut v: Vec<Option<usize>> = (0..edgeitems).map(Some).collect();
        v.push(None);
        v.extend((size - edgeitems..size).map(Some));
        v
    } else {
        (0..size).map(Some).collect()
    }
}

struct Ctx<'a> {
    src: &'a dyn ReprSource,
    shape: &'a [usize],
    strides: Vec<usize>,
    summarize: bool,
    opts: &'a PrintOptions,
    fmt: Formatter,
}

/// `_tensor_str` for a non-empty tensor.
fn tensor_str(
    src: &dyn ReprSource,
    shape: &[usize],
    numel: usize,
    indent: usize,
    opts: &PrintOptions,
) -> String {
    let summarize = numel > opts.threshold;
    let strides = row_major_strides(shape);

    // Formatter over `get_summarized_data(self)` (or `self`). The summarized
    // data is exactly the set of elements that gets printed, except when
    // summarizing with edgeitems == 0, where nothing numeric is printed at all
    // ("[...]") and the formatter's result is never used (for 0-dim tensors
    // the element itself is used).
    let mut flats: Vec<usize> = Vec::new();
    if shape.is_empty() {
        flats.push(0);
    } else if !(summarize && opts.edgeitems == 0) {
        collect_flats(shape, &strides, 0, 0, summarize, opts.edgeitems, &mut flats);
    }
    let fmt = Formatter::new(src, &flats, opts);

    let ctx = Ctx {
        src,
        shape,
        strides,
        summarize,
        opts,
        fmt,
    };
    let mut out = String::new();
    ctx.write(0, 0, indent, &mut out);
    out
}

fn collect_flats(
    shape: &[usize],
    strides: &[usize],
    d: usize,
    base: usize,
    summarize: bool,
    edgeitems: usize,
    out: &mut Vec<usize>,
) {
    if d == shape.len() {
        out.push(base);
        return;
    }
    for i in dim_indices(shape[d], summarize, edgeitems)
        .into_iter()
        .flatten()
    {
        let off = base.saturating_add(i.saturating_mul(strides[d]));
        collect_flats(shape, strides, d + 1, off, summarize, edgeitems, out);
    }
}

impl Ctx<'_> {
    fn format_at(&self, flat: usize) -> String {
        self.fmt.format(self.src, flat, self.opts.precision)
    }

    /// `_tensor_str_with_formatter` for the sub-tensor at dimension `d`.
    fn write(&self, d: usize, base: usize, indent: usize, out: &mut String) {
        let remaining = self.shape.len() - d;
        if remaining == 0 {
            out.push_str(&self.format_at(base));
            return;
        }
        if remaining == 1 {
            self.write_vector(d, base, indent, out);
            return;
        }
        out.push('[');
        let idx = dim_indices(self.shape[d], self.summarize, self.opts.edgeitems);
        for (k, i) in idx.into_iter().enumerate() {
            if k > 0 {
                out.push(',');
                out.extend(std::iter::repeat_n('\n', remaining - 1));
                push_spaces(out, indent + 1);
            }
            match i {
                Some(i) => {
                    let off = base.saturating_add(i.saturating_mul(self.strides[d]));
                    self.write(d + 1, off, indent + 1, out);
                }
                None => out.push_str("..."),
            }
        }
        out.push(']');
    }

    /// `_vector_str`.
    fn write_vector(&self, d: usize, base: usize, indent: usize, out: &mut String) {
        let element_length = self.fmt.max_width as i128 + 2;
        let avail = self.opts.linewidth as i128 - indent as i128;
        let per_line = avail.div_euclid(element_length).max(1) as usize;

        let size = self.shape[d];
        let stride = self.strides[d];
        let data: Vec<String> = if self.summarize && self.opts.edgeitems == 0 {
            vec!["...".to_string()]
        } else {
            dim_indices(size, self.summarize, self.opts.edgeitems)
                .into_iter()
                .map(|i| match i {
                    Some(i) => self.format_at(base.saturating_add(i.saturating_mul(stride))),
                    None => " ...".to_string(),
                })
                .collect()
        };

        out.push('[');
        for (li, line) in data.chunks(per_line).enumerate() {
            if li > 0 {
                out.push_str(",\n");
                push_spaces(out, indent + 1);
            }
            for (k, item) in line.iter().enumerate() {
                if k > 0 {
                    out.push_str(", ");
                }
                out.push_str(item);
            }
        }
        out.push(']');
    }
}

/// `_Formatter`.
struct Formatter {
    kind: ReprKind,
    int_mode: bool,
    sci_mode: bool,
    max_width: usize,
}

impl Formatter {
    fn new(src: &dyn ReprSource, flats: &[usize], opts: &PrintOptions) -> Formatter {
        let kind = src.kind();
        let mut f = Formatter {
            kind,
            int_mode: true,
            sci_mode: false,
            max_width: 1,
        };
        match kind {
            ReprKind::Int => {
                for &i in flats {
                    f.max_width = f.max_width.max(src.get_i64(i).to_string().len());
                }
            }
            ReprKind::Bool => {
                for &i in flats {
                    f.max_width = f.max_width.max(if src.get_bool(i) { 4 } else { 5 });
                }
            }
            ReprKind::Float => {
                let vals: Vec<f64> = flats
                    .iter()
                    .map(|&i| src.get_f64(i))
                    .filter(|v| v.is_finite() && *v != 0.0)
                    .collect();
                if vals.is_empty() {
                    // No valid number: int_mode, no sci, width 1 (the
                    // sci_mode print option is not consulted either).
                    return f;
                }
                let mut min = f64::INFINITY;
                let mut max = 0.0f64;
                for v in &vals {
                    let a = v.abs();
                    min = min.min(a);
                    max = max.max(a);
                }
                f.int_mode = vals.iter().all(|v| *v == v.ceil());
                f.sci_mode = match opts.sci_mode {
                    Some(s) => s,
                    None => max / min > 1000.0 || max > 1.0e8 || min < 1.0e-4,
                };
                let p = opts.precision;
                for &v in &vals {
                    let w = if f.sci_mode {
                        py_sci(v, p).len()
                    } else if f.int_mode {
                        py_fixed(v, 0).len() + 1
                    } else {
                        py_fixed(v, p).len()
                    };
                    f.max_width = f.max_width.max(w);
                }
            }
        }
        f
    }

    fn format(&self, src: &dyn ReprSource, flat: usize, precision: usize) -> String {
        let ret = match self.kind {
            ReprKind::Int => src.get_i64(flat).to_string(),
            ReprKind::Bool => (if src.get_bool(flat) { "True" } else { "False" }).to_string(),
            ReprKind::Float => {
                let v = src.get_f64(flat);
                if self.sci_mode {
                    py_sci(v, precision)
                } else if self.int_mode {
                    let mut s = py_fixed(v, 0);
                    if v.is_finite() {
                        s.push('.');
                    }
                    s
                } else {
                    py_fixed(v, precision)
                }
            }
        };
        let len = ret.len();
        if len >= self.max_width {
            ret
        } else {
            let mut s = String::with_capacity(self.max_width);
            push_spaces(&mut s, self.max_width - len);
            s.push_str(&ret);
            s
        }
    }
}

/// Python's `'{:.{p}f}'.format(v)` (correctly rounded, half-to-even on the
/// exact binary value; `nan` never carries a sign).
fn py_fixed(v: f64, p: usize) -> String {
    if v.is_nan() {
        "nan".to_string()
    } else if v.is_infinite() {
        if v > 0.0 {
            "inf".to_string()
        } else {
            "-inf".to_string()
        }
    } else {
        format!("{:.*}", p, v)
    }
}

/// Python's `'{:.{p}e}'.format(v)`: exponent with a sign and at least two
/// digits (`1.0000e-05`, `1.0000e+100`); precision 0 has no dot (`2e+00`).
fn py_sci(v: f64, p: usize) -> String {
    if !v.is_finite() {
        return py_fixed(v, p);
    }
    let s = format!("{:.*e}", p, v);
    let (mant, exp) = match s.split_once('e') {
        Some(x) => x,
        None => return s,
    };
    let (sign, digits) = match exp.strip_prefix('-') {
        Some(d) => ('-', d),
        None => ('+', exp),
    };
    let mut out = String::with_capacity(mant.len() + 5);
    out.push_str(mant);
    out.push('e');
    out.push(sign);
    if digits.len() < 2 {
        out.push('0');
    }
    out.push_str(digits);
    out
}

#[cfg(test)]
mod tests;
