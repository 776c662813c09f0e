//! PyTorch's argument parser (`torch/csrc/utils/python_arg_parser.cpp` and
//! `invalid_arguments.cpp`), driven by the rows' schemas: each schema line
//! becomes a Python signature (`self` dropped for a method, `input` for a
//! function; `Scalar` is `Number`, `int[]` a tuple of ints, an `out`
//! parameter a keyword-only `out = None` of functions), and a call is
//! checked against them as PyTorch checks it, giving PyTorch's TypeError
//! text: a missing argument, too many, a wrong type at a position or
//! keyword, an unexpected or repeated keyword, and for ops with several
//! overloads "received an invalid combination of arguments" with the
//! signatures listed and the mismatches marked.
//!
//! The evaluator's dispatch binds the arguments itself; when it fails with a
//! TypeError, the message is replaced by the one generated here whenever
//! PyTorch's parser would have refused the call too (`check`).

use crate::engine::DType;

use super::super::value::Value;
use super::Op;

/// A parameter's Python type, as the parser knows it.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Ty {
    Tensor,
    Scalar,
    Int,
    Float,
    Bool,
    Str,
    /// `int[N]` (N = 0 for `int[]`): N > 0 also takes one int.
    IntList(usize),
    FloatList(usize),
    TensorList,
    Dtype,
    Layout,
    Device,
    MemoryFormat,
    Generator,
    Object,
}

impl Ty {
    fn name(self) -> &'static str {
        match self {
            Ty::Tensor => "Tensor",
            Ty::Scalar => "Number",
            Ty::Int => "int",
            Ty::Float => "float",
            Ty::Bool => "bool",
            Ty::Str => "str",
            Ty::IntList(_) => "tuple of ints",
            Ty::FloatList(_) => "tuple of floats",
            Ty::TensorList => "tuple of Tensors",
            Ty::Dtype => "torch.dtype",
            Ty::Layout => "torch.layout",
            Ty::Device => "torch.device",
            Ty::MemoryFormat => "torch.memory_format",
            Ty::Generator => "torch.Generator",
            Ty::Object => "object",
        }
    }
}

#[derive(Debug, Clone)]
struct Param {
    name: String,
    ty: Ty,
    /// Has a default (may be left out).
    optional: bool,
    /// `None` passes (a `?` type or a `None` default).
    allow_none: bool,
    kw_only: bool,
    /// The default as PyTorch prints it (`False`, `-1`, `None`, `"linear"`).
    default: String,
    /// An `out=` tuple (`(Tensor(a!) values, Tensor(b!) indices)`).
    tuple_out: bool,
}

#[derive(Debug, Clone)]
pub struct Signature {
    name: String,
    params: Vec<Param>,
    /// A deprecated overload: it binds, but error messages never list it.
    hidden: bool,
}

impl Signature {
    fn min_args(&self) -> usize {
        self.params.iter().filter(|p| !p.optional).count()
    }
    fn max_pos_args(&self) -> usize {
        self.params.iter().filter(|p| !p.kw_only).count()
    }

    /// `(Tensor input, int dim, bool keepdim = False, *, Tensor out = None)`.
    fn to_text(&self) -> String {
        let mut out = String::from("(");
        let mut kw = false;
        for (i, p) in self.params.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            if p.kw_only && !kw {
                out.push_str("*, ");
                kw = true;
            }
            let ty = if p.tuple_out { "tuple of Tensors" } else { p.ty.name() };
            out.push_str(&format!("{ty} {}", p.name));
            if p.optional {
                out.push_str(&format!(" = {}", p.default));
            }
        }
        out.push(')');
        out
    }
}

/// The text between a schema line's parentheses.
fn params_text(line: &str) -> Option<&str> {
    let open = line.find('(')?;
    let close = line.rfind(") ->").or_else(|| line.rfind(')'))?;
    line.get(open + 1..close)
}

/// Splits at top-level `, ` (not inside brackets).
fn split_params(s: &str) -> Vec<String> {
    let (mut out, mut cur, mut depth) = (vec![], String::new(), 0i32);
    for c in s.chars() {
        match c {
            '[' | '(' => depth += 1,
            ']' | ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(cur.trim().to_string());
                cur.clear();
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}

fn parse_ty(t: &str) -> Option<(Ty, bool)> {
    let nullable = t.ends_with('?');
    let t = t.trim_end_matches('?');
    // `Tensor(a!)` → `Tensor`, `Tensor(a)[]` → `Tensor[]`.
    let base: String = {
        let mut s = String::new();
        let mut skip = false;
        for c in t.chars() {
            match c {
                '(' => skip = true,
                ')' => skip = false,
                _ if !skip => s.push(c),
                _ => {}
            }
        }
        s
    };
    let list = |b: &str| -> Option<usize> {
        let inner = b.split_once('[')?.1.strip_suffix(']')?;
        Some(inner.parse().unwrap_or(0))
    };
    let ty = match base.as_str() {
        "Tensor" => Ty::Tensor,
        "Scalar" => Ty::Scalar,
        "int" | "SymInt" => Ty::Int,
        "float" => Ty::Float,
        "bool" => Ty::Bool,
        "str" => Ty::Str,
        "ScalarType" => Ty::Dtype,
        "Layout" => Ty::Layout,
        "Device" => Ty::Device,
        "MemoryFormat" => Ty::MemoryFormat,
        "Generator" => Ty::Generator,
        "Callable" | "PyObject" | "Any" | "ndarray" => Ty::Object,
        b if b.starts_with("int[") || b.starts_with("SymInt[") => Ty::IntList(list(b)?),
        b if b.starts_with("float[") => Ty::FloatList(list(b)?),
        b if b.starts_with("Tensor[") || b.starts_with("Tensor?[") => Ty::TensorList,
        _ => return None,
    };
    Some((ty, nullable))
}

/// The default as PyTorch's signatures print it.
fn py_default(d: &str) -> String {
    match d {
        "[]" => "None".into(),
        "contiguous_format" => "torch.contiguous_format".into(),
        "preserve_format" => "torch.preserve_format".into(),
        d if d.starts_with('\'') || d.starts_with('"') => format!("\"{}\"", d.trim_matches(|c| c == '\'' || c == '"')),
        d => d.into(),
    }
}

/// One schema line as the Python signature of the function (`method`
/// false) or the method; `None` for a line the parser cannot read (that op
/// then keeps its own messages).
fn signature(name: &str, line: &str, method: bool) -> Option<Signature> {
    let (line, hidden) = match line.strip_prefix("[deprecated] ") {
        Some(l) => (l, true),
        None => (line, false),
    };
    let mut params = vec![];
    let mut kw = false;
    let mut parts = split_params(params_text(line)?);
    // An `out` tuple: `(Tensor(a!) values, Tensor(b!) indices)`.
    let is_out_name = |p: &str| p.contains("(a!)") || p.contains("(b!)");
    let outs = parts.iter().filter(|p| is_out_name(p) && !p.ends_with(" self")).count();
    let mut saw_out = false;
    for p in parts.drain(..) {
        if p == "*" {
            kw = true;
            continue;
        }
        let (ty_s, rest) = p.rsplit_once(' ')?;
        let (pname, default) = match rest.split_once('=') {
            Some((n, d)) => (n.to_string(), Some(d.to_string())),
            None => (rest.to_string(), None),
        };
        let (ty, nullable) = parse_ty(ty_s)?;
        if is_out_name(&p) && pname != "self" {
            if method || saw_out {
                continue;
            }
            saw_out = true;
            params.push(Param { name: "out".into(), ty: if outs > 1 { Ty::TensorList } else { Ty::Tensor }, optional: true, allow_none: true, kw_only: true, default: "None".into(), tuple_out: outs > 1 });
            continue;
        }
        if pname == "self" && method {
            continue;
        }
        let pname = if pname == "self" && ty == Ty::Tensor { "input".to_string() } else { pname };
        let default = default.map(|d| py_default(&d));
        params.push(Param {
            name: pname,
            ty,
            optional: default.is_some(),
            allow_none: nullable || default.as_deref() == Some("None"),
            kw_only: kw,
            default: default.unwrap_or_default(),
            tuple_out: false,
        });
    }
    Some(Signature { name: name.to_string(), params, hidden })
}

/// The Python signatures of `op` as a function or as a method (a method
/// has the overloads with a `Tensor self`). A schema line lists `out` where
/// PyTorch's signature puts it (`Tensor(a!) out`, or the tuple of a
/// multi-output op), a `[deprecated] ` line is a hidden overload, and a
/// `[method] ` (`[function] `) line an overload only the method (the
/// function) has.
pub fn signatures(op: &Op, method: bool) -> Option<Vec<Signature>> {
    form_lines(op, method).map(|(_, l)| signature(short_name(op), l, method)).collect()
}

/// NumPy's names PyTorch's argument parser also takes for four parameters
/// (`numpy_compatibility_arg_names` in `python_arg_parser.cpp`): `axis` for
/// `dim`, `keepdims` for `keepdim`, `x`, `a` or `x1` for `input`, `x2` for
/// `other`.
const NUMPY_NAMES: [(&str, &[&str]); 4] = [("dim", &["axis"]), ("keepdim", &["keepdims"]), ("input", &["x", "a", "x1"]), ("other", &["x2"])];

/// Renames a call's NumPy-named keywords (`x.sum(axis=0, keepdims=True)`)
/// to the names `id`'s signatures use, where one of them has that
/// parameter, none has a parameter of the NumPy name itself, and the call
/// does not also give the parameter by its own name.
pub fn numpy_names(id: super::OpId, method: bool, kw: &mut [(String, Value, crate::lang::span::Span)]) {
    if !kw.iter().any(|(k, _, _)| NUMPY_NAMES.iter().any(|(_, alts)| alts.contains(&k.as_str()))) {
        return;
    }
    let Some(sigs) = cached_signatures(id.row(), method) else { return };
    let has = |n: &str| sigs.iter().any(|s| s.params.iter().any(|p| p.name == n));
    let given: Vec<String> = kw.iter().map(|(k, _, _)| k.clone()).collect();
    for (k, _, _) in kw.iter_mut() {
        if let Some((name, _)) = NUMPY_NAMES.iter().find(|(_, alts)| alts.contains(&k.as_str()))
            && has(name)
            && !has(k)
            && !given.iter().any(|g| g == name)
        {
            *k = name.to_string();
        }
    }
}

/// The op's name as its Python signature spells it (`pad` for `nn.functional.pad`).
fn short_name(op: &Op) -> &'static str {
    op.name.rsplit('.').next().unwrap_or(op.name)
}

/// The schema lines the function (or the method) has, with their index
/// among all the row's lines and without a `[method] `/`[function] ` mark.
fn form_lines(op: &Op, method: bool) -> impl Iterator<Item = (usize, &'static str)> {
    op.schema
        .lines()
        .enumerate()
        .filter(move |(_, l)| if method { has_tensor_self(l) && !l.starts_with("[function] ") } else { !l.starts_with("[method] ") })
        .map(|(i, l)| (i, l.strip_prefix("[method] ").or_else(|| l.strip_prefix("[function] ")).unwrap_or(l)))
}

/// [`signatures`], parsed once per op and form (every user call is checked).
fn cached_signatures(op: &Op, method: bool) -> Option<std::rc::Rc<Vec<Signature>>> {
    type Cache = std::cell::RefCell<std::collections::HashMap<(super::OpId, bool), Option<std::rc::Rc<Vec<Signature>>>>>;
    thread_local! {
        static CACHE: Cache = Default::default();
    }
    let key = (op.id(), method);
    CACHE.with(|c| c.borrow_mut().entry(key).or_insert_with(|| signatures(op, method).map(std::rc::Rc::new)).clone())
}

/// Whether a schema line has a `Tensor self` (`Tensor(a!) self`) parameter.
fn has_tensor_self(line: &str) -> bool {
    params_text(line)
        .map(split_params)
        .unwrap_or_default()
        .iter()
        .any(|p| p.starts_with("Tensor") && !p.starts_with("Tensor[") && p.rsplit(' ').next() == Some("self"))
}

/// CPython's `tp_name` of a value.
fn tp_name(v: &Value) -> String {
    match v {
        Value::NamedTuple(n, _) => format!("torch.return_types.{n}"),
        Value::Size(_) => "torch.Size".into(),
        v => v.type_name().into(),
    }
}

fn is_int(v: &Value) -> bool {
    match v {
        Value::Int(_) | Value::NpScalar(..) => !matches!(v, Value::NpScalar(d, _) if d.is_floating() || *d == DType::Bool),
        Value::Tensor(t) => t.ndim() == 0 && !t.dtype.is_floating() && t.dtype != DType::Bool && !t.requires_grad(),
        _ => false,
    }
}

fn is_number(v: &Value) -> bool {
    matches!(v, Value::Int(_) | Value::Float(_) | Value::Bool(_) | Value::NpScalar(..)) || matches!(v, Value::Tensor(t) if t.ndim() == 0 && !t.requires_grad())
}

fn items(v: &Value) -> Option<Vec<Value>> {
    match v {
        Value::Tuple(xs) => Some(xs.clone()),
        Value::List(l) => Some(l.borrow().clone()),
        Value::Size(d) => Some(d.iter().map(|&x| Value::Int(x as i64)).collect()),
        _ => None,
    }
}

/// A list check's failure: which element (0 for the first).
enum Check {
    Ok,
    No,
    Element(usize),
    /// `torch.cat([x, 1])`: PyTorch's own message.
    Message(String),
}

fn check(p: &Param, v: &Value, numbers_as_tensors: bool, argnum: usize) -> Check {
    let ok = |b: bool| if b { Check::Ok } else { Check::No };
    match p.ty {
        Ty::Tensor => ok(matches!(v, Value::Tensor(_)) || (numbers_as_tensors && is_number(v))),
        Ty::Scalar => ok(is_number(v)),
        Ty::Int => ok(is_int(v)),
        Ty::Float => ok(is_number(v) && !matches!(v, Value::Tensor(t) if t.ndim() > 0)),
        Ty::Bool => ok(matches!(v, Value::Bool(_)) || matches!(v, Value::NpScalar(d, _) if *d == DType::Bool)),
        Ty::Str => ok(matches!(v, Value::Str(_))),
        Ty::IntList(n) => match items(v) {
            Some(xs) if xs.is_empty() || is_int(&xs[0]) => Check::Ok,
            Some(_) => Check::Element(0),
            None => ok(n > 0 && matches!(v, Value::Int(_))),
        },
        Ty::FloatList(n) => match items(v) {
            Some(xs) if xs.is_empty() || is_number(&xs[0]) => Check::Ok,
            Some(_) => Check::Element(0),
            None => ok(n > 0 && is_number(v)),
        },
        Ty::TensorList => match v {
            Value::Tuple(_) | Value::List(_) => {
                let xs = items(v).unwrap_or_default();
                match xs.iter().position(|x| !matches!(x, Value::Tensor(_))) {
                    Some(i) => Check::Message(format!("expected Tensor as element {i} in argument {argnum}, but got {}", tp_name(&xs[i]))),
                    None => Check::Ok,
                }
            }
            _ => Check::No,
        },
        Ty::Dtype => ok(matches!(v, Value::DType(_)) || matches!(v, Value::Type("int" | "float" | "bool"))),
        Ty::Device => ok(matches!(v, Value::Device(_) | Value::Str(_) | Value::Int(_))),
        Ty::MemoryFormat => ok(matches!(v, Value::MemoryFormat(_))),
        Ty::Layout => ok(matches!(v, Value::Layout(_))),
        Ty::Generator => ok(matches!(v, Value::Generator(_))),
        Ty::Object => Check::Ok,
    }
}

/// `FunctionSignature::parse` and the conversion after it: `Err` is the
/// TypeError PyTorch raises when the signature refuses the call, and
/// `Ok(Some(_))` the one its conversion raises after the signature took it
/// (an int list is checked by its first element only: `view(2, 'a')`).
fn parse(sig: &Signature, pos: &[Value], kw: &[(String, Value)], numbers: bool) -> Result<Option<String>, String> {
    let mut late: Option<String> = None;
    let name = &sig.name;
    let nargs = pos.len();
    let max_pos = sig.max_pos_args();
    let varargs = max_pos == 1 && matches!(sig.params.first().map(|p| p.ty), Some(Ty::IntList(_)));
    let extra = || {
        let min = sig.min_args();
        if min != max_pos {
            format!("{name}() takes from {min} to {max_pos} positional arguments but {nargs} were given")
        } else {
            format!("{name}() takes {max_pos} positional argument{} but {nargs} {} given", if max_pos == 1 { "" } else { "s" }, if nargs == 1 { "was" } else { "were" })
        }
    };
    // Extra positional arguments are an int list's elements only when the
    // first of them is an int (`view(2, 3)`).
    if nargs > max_pos && !(varargs && pos.first().is_some_and(is_int)) {
        return Err(extra());
    }
    let mut arg_pos = 0;
    let mut used_kw = 0;
    for (i, p) in sig.params.iter().enumerate() {
        let (obj, is_kw) = if arg_pos < nargs {
            if p.kw_only {
                return Err(extra());
            }
            (Some(&pos[arg_pos]), false)
        } else {
            (kw.iter().find(|(k, _)| *k == p.name).map(|(_, v)| v), true)
        };
        match obj {
            None if p.optional => {}
            Some(Value::None) if p.allow_none => {}
            None => {
                let missing: Vec<String> = sig.params[i..].iter().filter(|q| !q.optional).map(|q| format!("\"{}\"", q.name)).collect();
                return Err(format!("{name}() missing {} required positional argument{}: {}", missing.len(), if missing.len() == 1 { "s" } else { "" }, missing.join(", ")));
            }
            Some(v) => match check(p, v, numbers, i) {
                Check::Ok => {}
                // PyTorch's check throws here (`throw_error`): no later
                // signature is tried.
                Check::Message(m) => return Ok(Some(m)),
                _ if varargs && arg_pos == 0 && !is_kw && is_int(v) => {
                    // `view(2, 3)`: every positional argument is the size.
                    if let Some(j) = pos.iter().position(|x| !is_int(x)) {
                        late.get_or_insert(format!("{name}(): argument '{}' failed to unpack the object at pos {} with error \"type must be tuple of ints,but got {}\"", p.name, j + 1, tp_name(&pos[j])));
                    }
                    arg_pos = nargs;
                    continue;
                }
                Check::Element(j) => {
                    let bad = items(v).and_then(|xs| xs.get(j).map(tp_name)).unwrap_or_default();
                    let at = if is_kw { String::new() } else { format!(" (position {})", arg_pos + 1) };
                    return Err(format!("{name}(): argument '{}'{at} must be {}, but found element of type {bad} at pos {j}", p.name, p.ty.name()));
                }
                Check::No => {
                    let ty = if p.tuple_out { "tuple of Tensors" } else { p.ty.name() };
                    if is_kw {
                        return Err(format!("{name}(): argument '{}' must be {ty}, not {}", p.name, tp_name(v)));
                    }
                    return Err(format!("{name}(): argument '{}' (position {}) must be {ty}, not {}", p.name, arg_pos + 1, tp_name(v)));
                }
            },
        }
        // A list given element by element was checked whole above.
        if let Some(Value::List(_) | Value::Tuple(_)) = obj
            && let Ty::IntList(_) = p.ty
            && let Some(xs) = items(obj.unwrap_or(&Value::None))
            && let Some(j) = xs.iter().position(|x| !is_int(x))
        {
            late.get_or_insert(format!("{name}(): argument '{}' failed to unpack the object at pos {} with error \"type must be tuple of ints,but got {}\"", p.name, j + 1, tp_name(&xs[j])));
        }
        if !is_kw {
            arg_pos += 1;
        } else if obj.is_some() {
            used_kw += 1;
        }
    }
    if used_kw < kw.len() {
        for (k, _) in kw {
            match sig.params.iter().position(|p| p.name == *k) {
                None => return Err(format!("{name}() got an unexpected keyword argument '{k}'")),
                Some(i) if i < nargs => return Err(format!("{name}() got multiple values for argument '{k}'")),
                _ => {}
            }
        }
        return Err("invalid keyword arguments".into());
    }
    Ok(late)
}

/// `invalid_arguments.cpp`: how PyTorch lists the signatures a call missed.
mod listing {
    use super::{tp_name, Value};

    struct Arg {
        name: String,
        ty: String,
    }

    /// `_parseOption`: the printed signature split back into (type, name) at
    /// ", " (so `()` is one empty argument, and `Number alpha = 1` has the
    /// type `Number alpha =`, as in PyTorch).
    fn parse(option: &str) -> Vec<Arg> {
        let inner = &option[1..option.len() - 1];
        inner
            .split(", ")
            .map(|a| match a.rfind(' ') {
                Some(i) => Arg { name: a[i + 1..].to_string(), ty: a[..i].to_string() },
                None => Arg { name: a.to_string(), ty: a.to_string() },
            })
            .collect()
    }

    fn matches(ty: &str, v: &Value) -> bool {
        let t = tp_name(v);
        match ty {
            "float" => t == "float" || t == "int",
            other => t == other,
        }
    }

    fn desc(pos: &[Value], kw: &[(String, Value)]) -> String {
        let mut s = String::from("(");
        for v in pos {
            s.push_str(&format!("{}, ", tp_name(v)));
        }
        for (k, v) in kw {
            s.push_str(&format!("{k}={}, ", tp_name(v)));
        }
        if !pos.is_empty() {
            s.truncate(s.len() - 2);
        }
        s.push(')');
        s
    }

    fn seq_desc(v: &Value) -> String {
        let (open, close, xs) = match v {
            Value::Tuple(xs) => ("(", ")", xs.clone()),
            Value::List(l) => ("[", "]", l.borrow().clone()),
            _ => return tp_name(v),
        };
        let inner: Vec<String> = xs.iter().map(tp_name).collect();
        let comma = if open == "(" && xs.len() == 1 { "," } else { "" };
        format!("{} of {open}{}{comma}{close}", tp_name(v), inner.join(", "))
    }

    fn formatted(args: &[Arg], pos: &[Value], kw: &[(String, Value)]) -> String {
        let mut s = String::from("(");
        let n = pos.len() + kw.len();
        for i in 0..n {
            let is_kw = i >= pos.len();
            let v = if is_kw {
                let name = args.get(i).map(|a| a.name.as_str()).unwrap_or("");
                kw.iter().find(|(k, _)| k == name).map(|(_, v)| v).unwrap_or(&kw[i - pos.len()].1)
            } else {
                &pos[i]
            };
            let ok = args.get(i).is_some_and(|a| matches(&a.ty, v));
            let mark = if ok { "" } else { "!" };
            s.push_str(mark);
            if is_kw {
                s.push_str(&format!("{}=", args.get(i).map(|a| a.name.as_str()).unwrap_or("")));
            }
            s.push_str(&seq_desc(v));
            s.push_str(mark);
            s.push_str(", ");
        }
        if !pos.is_empty() {
            s.truncate(s.len() - 2);
        }
        s.push(')');
        s
    }

    fn unmatched_kwargs(args: &[Arg], kw: &[(String, Value)]) -> Vec<String> {
        let start = args.len().saturating_sub(kw.len());
        kw.iter().filter(|(k, _)| !args[start..].iter().any(|a| a.name == *k)).map(|(k, _)| k.clone()).collect()
    }

    pub fn message(fname: &str, options: &[String], pos: &[Value], kw: &[(String, Value)]) -> String {
        let mut m = format!("{fname}() received an invalid combination of arguments - ");
        let n = pos.len() + kw.len();
        if options.len() == 1 {
            let args = parse(&options[0]);
            let bad = if kw.is_empty() { vec![] } else { unmatched_kwargs(&args, kw) };
            if !bad.is_empty() {
                m.push_str(&format!("got unrecognized keyword arguments: {}", bad.join(", ")));
            } else {
                let got = if args.len() == n { formatted(&args, pos, kw) } else { desc(pos, kw) };
                m.push_str(&format!("got {got}, but expected {}", options[0]));
            }
            return m;
        }
        m.push_str(&format!("got {}, but expected one of:\n", desc(pos, kw)));
        for o in options {
            m.push_str(&format!(" * {o}\n"));
            let args = parse(o);
            if args.len() == n {
                let bad = if kw.is_empty() { vec![] } else { unmatched_kwargs(&args, kw) };
                if !bad.is_empty() {
                    m.push_str(&format!("      didn't match because some of the keywords were incorrect: {}\n", bad.join(", ")));
                } else {
                    m.push_str(&format!("      didn't match because some of the arguments have invalid types: {}\n", formatted(&args, pos, kw)));
                }
            }
        }
        m
    }
}

/// PyTorch's names whose Tensor parameters also take Python numbers
/// (`should_allow_numbers_as_tensors`, with the in-place forms).
fn numbers_as_tensors(name: &str) -> bool {
    let base = name.trim_end_matches('_');
    matches!(
        base,
        "add" | "sub" | "mul" | "div" | "true_divide" | "floor_divide" | "multiply" | "subtract" | "divide" | "to" | "copy"
    )
}

/// The TypeError PyTorch's parser raises for calling `op` (as a method when
/// `method`) with these arguments, or `None` when it accepts them (or the
/// op's schema is one the binder cannot read).
pub fn check_call(op: &Op, method: bool, pos: &[Value], kw: &[(String, Value)]) -> Option<String> {
    let sigs = cached_signatures(op, method)?;
    let numbers = numbers_as_tensors(op.name);
    if sigs.is_empty() {
        return None;
    }
    if method && sigs.len() == 1 && sigs[0].params.is_empty() {
        // A method without parameters is a CPython METH_NOARGS method.
        if !kw.is_empty() {
            return Some(format!("TensorBase.{}() takes no keyword arguments", sigs[0].name));
        }
        if !pos.is_empty() {
            return Some(format!("TensorBase.{}() takes no arguments ({} given)", sigs[0].name, pos.len()));
        }
        return None;
    }
    if sigs.len() == 1 {
        return parse(&sigs[0], pos, kw, numbers).unwrap_or_else(Some);
    }
    if let Some(r) = sigs.iter().find_map(|s| parse(s, pos, kw, numbers).ok()) {
        return r;
    }
    let n = pos.len() + kw.len();
    let plausible: Vec<&Signature> = sigs.iter().filter(|s| !s.hidden && n >= s.min_args() && n <= s.params.len()).collect();
    if plausible.len() == 1 {
        return parse(plausible[0], pos, kw, numbers).unwrap_or_else(Some);
    }
    let options: Vec<String> = sigs.iter().filter(|s| !s.hidden).map(Signature::to_text).collect();
    Some(listing::message(&sigs[0].name, &options, pos, kw))
}

/// Torch functions and tensor methods PyTorch defines in Python
/// (`torch/functional.py`, `torch/_tensor.py`): CPython binds their
/// arguments, so their messages are CPython's, not the parser's.
const PYTHON_DEFINED: &[&str] = &["split", "norm", "unique", "unique_consecutive", "unflatten", "einsum", "meshgrid", "tensordot", "broadcast_shapes", "broadcast_tensors", "atleast_1d", "atleast_2d", "atleast_3d", "chain_matmul", "cartesian_prod", "block_diag", "cdist", "register_hook", "backward", "retain_grad", "share_memory_", "is_shared", "storage", "lu", "stft", "istft", "align_to", "refine_names", "__len__", "load", "save", "unravel_index", "set_default_dtype"];

/// The arguments of a call, kept so a failed dispatch can be explained.
pub struct CallArgs {
    pos: Vec<Value>,
    kw: Vec<(String, Value)>,
}

impl CallArgs {
    pub fn of(a: &super::super::args::Args) -> CallArgs {
        CallArgs { pos: a.pos.iter().map(|(v, _)| v.clone()).collect(), kw: a.kw.iter().map(|(k, v, _)| (k.clone(), v.clone())).collect() }
    }

    /// A dispatch's TypeError gets PyTorch's parser message when the
    /// parser, reading the row's schema, refuses the call too.
    /// PyTorch's TypeError for a call its argument parser refuses, checked
    /// before the op runs (user calls: `builtins::call`, `methods::call`).
    /// None for a call it accepts, and for the functions PyTorch defines in
    /// Python (their binding is CPython's).
    pub fn refusal(&self, id: super::OpId, method: bool) -> Option<String> {
        let name = id.name();
        if name.contains('.') || PYTHON_DEFINED.contains(&name) {
            return None;
        }
        check_call(id.row(), method, &self.pos, &self.kw)
    }

    /// Which of the row's schema lines the call binds to: PyTorch's
    /// overload, which numbers its node (`x.squeeze(1)` is `squeeze.dim`,
    /// `SqueezeBackward1`; `x.split([1, 2])` is `split.sizes`,
    /// `SplitWithSizesBackward0`). The first line when none does.
    pub fn overload(&self, id: super::OpId, method: bool) -> usize {
        let op = id.row();
        let numbers = numbers_as_tensors(op.name);
        form_lines(op, method)
            .find(|(_, l)| signature(short_name(op), l, method).is_some_and(|s| parse(&s, &self.pos, &self.kw, numbers) == Ok(None)))
            .map_or(0, |(i, _)| i)
    }

    pub fn refine(&self, e: super::super::error::EvalError, name: &str, method: bool) -> super::super::error::EvalError {
        if e.kind != crate::engine::ErrorKind::TypeError || name.contains('.') {
            return e;
        }
        if PYTHON_DEFINED.contains(&name) {
            // CPython names a method by its qualified name (`Tensor.norm() got
            // an unexpected keyword argument 'out'`).
            let own = format!("{name}() got an unexpected keyword argument");
            return match e.message.starts_with(&own) && method {
                true => super::super::error::EvalError { message: format!("Tensor.{}", e.message), ..e },
                false => e,
            };
        }
        let op = if method { super::method(name) } else { super::function(name) };
        match op.and_then(|o| check_call(o, method, &self.pos, &self.kw)) {
            Some(m) => super::super::error::EvalError { message: m, hint: None, ..e },
            None => e,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sig(line: &str, method: bool) -> String {
        signature("f", line, method).map(|s| s.to_text()).unwrap_or_default()
    }

    #[test]
    fn schema_lines_become_pytorchs_python_signatures() {
        let line = "sum.dim_IntList(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)";
        assert_eq!(sig(line, false), "(Tensor input, tuple of ints dim, bool keepdim = False, *, torch.dtype dtype = None, Tensor out = None)");
        assert_eq!(sig(line, true), "(tuple of ints dim, bool keepdim = False, *, torch.dtype dtype = None)");
        let max = "max.dim_max(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) max, Tensor(b!) max_values) -> (Tensor(a!) values, Tensor(b!) indices)";
        assert_eq!(sig(max, false), "(Tensor input, int dim, bool keepdim = False, *, tuple of Tensors out = None)");
        assert_eq!(sig("where.ScalarSelf(Tensor condition, Scalar self, Tensor other) -> Tensor", true), "(Tensor condition, Tensor other)");
        assert_eq!(sig("where.ScalarSelf(Tensor condition, Scalar self, Tensor other) -> Tensor", false), "(Tensor condition, Number self, Tensor other)");
        assert_eq!(sig("quantile(Tensor self, float q, int? dim=None, bool keepdim=False, *, str interpolation='linear') -> Tensor", true), "(float q, int dim = None, bool keepdim = False, *, str interpolation = \"linear\")");
    }

    #[test]
    fn a_call_binds_to_the_overload_pytorch_picks() {
        use crate::eval::registry::OpId;
        let call = |pos: Vec<Value>| CallArgs { pos, kw: vec![] };
        assert_eq!(call(vec![]).overload(OpId::Squeeze, true), 0);
        assert_eq!(call(vec![Value::Int(1)]).overload(OpId::Squeeze, true), 1);
        assert_eq!(call(vec![Value::Tuple(vec![Value::Int(0), Value::Int(1)])]).overload(OpId::Squeeze, true), 2);
        assert_eq!(call(vec![Value::Int(2)]).overload(OpId::Split, true), 0);
        assert_eq!(call(vec![Value::List(std::rc::Rc::new(std::cell::RefCell::new(vec![Value::Int(1), Value::Int(2)])))]).overload(OpId::Split, true), 1);
    }
}
