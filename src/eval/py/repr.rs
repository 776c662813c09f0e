//! Python's `repr()` and `str()` of values (containers recurse with a
//! depth limit and show a list that contains itself as `[...]`, as
//! CPython does), and the JSON form of values for `--json`.

use serde_json::{Value as Json, json};

use crate::engine::Scalar;
use crate::render::pyrepr::{py_float, scalar_text, tensor_text};
use crate::report::values::{scalar_json, tensor_values, values_cost};

use super::super::value::Value;

thread_local! {
    static ADDRESSES: std::cell::RefCell<std::collections::HashMap<usize, usize>> = Default::default();
}

/// The address an object shows in its repr and `id()`: numbered in the
/// order objects are first shown, so output is the same on every run
/// (real pointers would differ from run to run).
pub fn object_address(ptr: usize) -> usize {
    ADDRESSES.with(|a| {
        let mut a = a.borrow_mut();
        let n = a.len();
        *a.entry(ptr).or_insert(0x7f00_0000_0000 + 16 * n)
    })
}

/// The pointer that stands for a shared object in `id()` and `object at`
/// reprs (`None` for plain values, which tsr copies).
pub fn identity(v: &Value) -> Option<usize> {
    Some(match v {
        Value::Tensor(t) => std::rc::Rc::as_ptr(t) as *const u8 as usize,
        Value::List(l) => std::rc::Rc::as_ptr(l) as *const u8 as usize,
        Value::Dict(d) | Value::Set(d) => std::rc::Rc::as_ptr(d) as *const u8 as usize,
        Value::Func(f) => std::rc::Rc::as_ptr(f) as *const u8 as usize,
        Value::Hook(h) => std::rc::Rc::as_ptr(h) as *const u8 as usize,
        Value::Generator(g) => std::rc::Rc::as_ptr(g) as *const u8 as usize,
        _ => return None,
    })
}

/// How many containers deep `repr` descends: CPython 3.12's C recursion
/// limit lets `repr` of 1 497 nested lists through and refuses 1 498
/// (`RecursionError`, raised by [`checked`]); `...` past it is a last guard.
const MAX_DEPTH: usize = 1497;

/// Python's `repr()` of any value.
pub fn repr(v: &Value) -> String {
    let mut out = String::new();
    let mut seen = Vec::new();
    write_repr(v, &mut out, &mut seen);
    out
}

/// Python's `str()`: like `repr()` but strings print bare, devices as
/// `cuda:0` and exceptions as their message.
pub fn str(v: &Value) -> String {
    match v {
        Value::Str(s) => s.clone(),
        Value::Device(d) => d.to_string(),
        Value::Exception(e) => e.message.clone(),
        Value::NdArray(a) => super::super::ndarray::str_text(a),
        Value::NpDType(d) => super::super::ndarray::numpy_name(*d).to_string(),
        Value::NpScalar(d, s) => super::super::numpy_module::scalar_str(*d, *s),
        other => repr(other),
    }
}

/// Python's repr of a string: single quotes unless the text has a single
/// quote and no double quote.
pub fn str_repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') { '"' } else { '\'' };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => out.push_str(&format!("\\x{:02x}", c as u32)),
            c if !printable_char(c) => {
                let u = c as u32;
                if u < 0x100 {
                    out.push_str(&format!("\\x{u:02x}"));
                } else if u < 0x10000 {
                    out.push_str(&format!("\\u{u:04x}"));
                } else {
                    out.push_str(&format!("\\U{u:08x}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

/// Python's `str.isprintable` for one character, for the characters that
/// differ from "everything non-control is printable": C1 controls, the
/// separators other than space (Zs, Zl, Zp), format characters (Cf) and
/// private use (Co) are escaped by `repr`.
fn printable_char(c: char) -> bool {
    let u = c as u32;
    !(u < 0x20
        || (0x7f..=0xa0).contains(&u)
        || u == 0xad
        || (0x600..=0x605).contains(&u)
        || u == 0x61c
        || u == 0x6dd
        || u == 0x70f
        || u == 0x1680
        || u == 0x180e
        || (0x2000..=0x200f).contains(&u)
        || (0x2028..=0x202f).contains(&u)
        || (0x205f..=0x2064).contains(&u)
        || (0x2066..=0x206f).contains(&u)
        || u == 0x3000
        || (0xd800..=0xf8ff).contains(&u)
        || u == 0xfeff
        || (0xfff0..=0xfffb).contains(&u)
        || (0xe0000..=0xe0fff).contains(&u)
        || u >= 0xf0000)
}

fn ptr_of(v: &Value) -> Option<usize> {
    match v {
        Value::List(l) => Some(std::rc::Rc::as_ptr(l) as *const u8 as usize),
        Value::Dict(d) | Value::Set(d) => Some(std::rc::Rc::as_ptr(d) as *const u8 as usize),
        _ => None,
    }
}

fn join_items(items: &[Value], out: &mut String, seen: &mut Vec<usize>) {
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_repr(x, out, seen);
    }
}

fn write_repr(v: &Value, out: &mut String, seen: &mut Vec<usize>) {
    if let Some(p) = ptr_of(v) {
        if seen.contains(&p) {
            out.push_str(match v {
                Value::List(_) => "[...]",
                _ => "{...}",
            });
            return;
        }
        if seen.len() >= MAX_DEPTH {
            out.push_str("...");
            return;
        }
        seen.push(p);
        write_container(v, out, seen);
        seen.pop();
        return;
    }
    if seen.len() >= MAX_DEPTH {
        out.push_str("...");
        return;
    }
    match v {
        Value::Tuple(xs) => {
            // Tuples cannot contain themselves, but count towards the depth.
            seen.push(0);
            out.push('(');
            join_items(xs, out, seen);
            if xs.len() == 1 {
                out.push(',');
            }
            out.push(')');
            seen.pop();
        }
        Value::NamedTuple(name, fields) => {
            seen.push(0);
            out.push_str(&format!("torch.return_types.{name}(\n"));
            for (i, (k, x)) in fields.iter().enumerate() {
                if i > 0 {
                    out.push_str(",\n");
                }
                out.push_str(k);
                out.push('=');
                write_repr(x, out, seen);
            }
            out.push(')');
            seen.pop();
        }
        other => out.push_str(&scalar_repr(other)),
    }
}

fn write_container(v: &Value, out: &mut String, seen: &mut Vec<usize>) {
    match v {
        Value::List(xs) => {
            out.push('[');
            let items = xs.borrow().clone();
            join_items(&items, out, seen);
            out.push(']');
        }
        Value::Dict(d) => {
            let (items, ordered) = {
                let d = d.borrow();
                (d.items(), d.ordered)
            };
            // Python 3.12: `OrderedDict()` empty, `OrderedDict({'a': 1})` otherwise.
            if ordered && items.is_empty() {
                out.push_str("OrderedDict()");
                return;
            }
            out.push_str(if ordered { "OrderedDict({" } else { "{" });
            for (i, (k, x)) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_repr(k, out, seen);
                out.push_str(": ");
                write_repr(x, out, seen);
            }
            out.push_str(if ordered { "})" } else { "}" });
        }
        Value::Set(d) => {
            let items = d.borrow().set_order();
            if items.is_empty() {
                out.push_str("set()");
                return;
            }
            out.push('{');
            join_items(&items, out, seen);
            out.push('}');
        }
        _ => {}
    }
}

/// The repr of a value that holds no other values.
fn scalar_repr(v: &Value) -> String {
    match v {
        Value::None => "None".into(),
        Value::Bool(b) => scalar_text(Scalar::Bool(*b)),
        Value::Int(i) => i.to_string(),
        Value::Float(f) => py_float(*f),
        Value::Str(s) => str_repr(s),
        Value::Size(xs) => format!("torch.Size([{}])", xs.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")),
        Value::DType(d) => d.to_string(),
        Value::Device(d) => d.repr(),
        Value::MemoryFormat(m) | Value::Layout(m) => format!("torch.{m}"),
        Value::TypeInfo(d) => super::super::typeinfo::repr(*d),
        Value::Tensor(t) => tensor_text(t, &super::super::printopts::current()),
        Value::Module(m) => format!("<module '{m}'>"),
        Value::Function(f) => match (super::super::ext::functional::python_function(f), f.strip_prefix(super::super::ext::functional::PREFIX)) {
            (Some(n), _) => format!("<function {n} at 0x{:x}>", object_address(f.as_ptr() as usize)),
            (None, Some(n)) => format!("<built-in function {n}>"),
            _ => format!("<built-in method {f} of type object>"),
        },
        Value::Ellipsis => "Ellipsis".into(),
        // PyTorch's node repr carries its address, as every Python object's.
        Value::GradFn(n) => format!("<{} object at 0x{:x}>", n.name, object_address(std::rc::Rc::as_ptr(n) as *const u8 as usize)),
        Value::AccumulateGrad(l) => format!("<AccumulateGrad object at 0x{:x}>", object_address(std::rc::Rc::as_ptr(l) as *const u8 as usize)),
        Value::TypedStorage(s) => super::super::typed_storage::text(s),
        Value::NdArray(a) => super::super::ndarray::repr(a),
        Value::NdFlags(a) => super::super::ndarray::flags_text(a),
        Value::NpDType(d) => format!("dtype('{}')", super::super::ndarray::numpy_name(*d)),
        Value::NpScalar(d, s) => super::super::numpy_module::scalar_repr(*d, *s),
        Value::SafeOpen(f) => format!("<builtins.safe_open object at 0x{:x}>", object_address(std::rc::Rc::as_ptr(f) as *const u8 as usize)),
        Value::Hook(h) => format!("<torch.utils.hooks.RemovableHandle object at 0x{:x}>", object_address(std::rc::Rc::as_ptr(h) as *const u8 as usize)),
        Value::Generator(g) => format!("<torch._C.Generator object at 0x{:x}>", object_address(std::rc::Rc::as_ptr(g) as *const u8 as usize)),
        // PyTorch's UntypedStorage.__str__: each byte on its own line.
        Value::Storage(s) => {
            let b = s.bytes();
            let items: Vec<String> = b.bytes().iter().map(|x| x.to_string()).collect();
            format!(" {}\n[torch.storage.UntypedStorage(device={}) of size {}]", items.join("\n "), s.device, s.nbytes())
        }
        Value::Slice(a, b, c) => {
            let part = |x: &Option<i64>| x.map_or("None".to_string(), |x| x.to_string());
            format!("slice({}, {}, {})", part(a), part(b), part(c))
        }
        Value::Range(a, b, 1) => format!("range({a}, {b})"),
        Value::Range(a, b, c) => format!("range({a}, {b}, {c})"),
        Value::Func(f) => format!("<function {} at 0x{:x}>", f.qualname, object_address(std::rc::Rc::as_ptr(f) as *const u8 as usize)),
        Value::Builtin(name) => format!("<built-in function {name}>"),
        // `str.lower` unbound; `x.size` bound, at its receiver's address (its `id()`).
        Value::Method(m) => match &m.0 {
            Value::Type(t) => format!("<method '{}' of '{t}' objects>", m.1),
            recv => {
                let at = object_address(identity(recv).unwrap_or(std::rc::Rc::as_ptr(m) as *const u8 as usize));
                format!("<built-in method {} of {} object at 0x{at:x}>", m.1, recv.type_name())
            }
        },
        Value::Type(t) => match *t {
            "Tensor" => "<class 'torch.Tensor'>".to_string(),
            "Size" => "<class 'torch.Size'>".to_string(),
            t => format!("<class '{t}'>"),
        },
        Value::Exception(e) => {
            let args: Vec<String> = e.args.iter().map(repr).collect();
            format!("{}({})", e.kind.name(), args.join(", "))
        }
        Value::Iter(_, name) => format!("<{name} object>"),
        Value::Gen(g) => format!("<generator object <genexpr> at 0x{:x}>", object_address(std::rc::Rc::as_ptr(g) as *const u8 as usize)),
        Value::DictView(d, k) => {
            let items = k.items(&d.borrow());
            format!("{}({})", k.type_name(), repr(&Value::list(items)))
        }
        Value::Tuple(_) | Value::List(_) | Value::Dict(_) | Value::Set(_) | Value::NamedTuple(..) => repr(v),
    }
}

/// A Python value as JSON. Tensors inside it carry their values while a
/// budget of elements and nested lists lasts (a tuple of 10^6 views must not
/// become 10^9 JSON nodes); past it, and for big tensors, they are `null`.
pub fn value_json(v: &Value) -> Json {
    let mut budget: u128 = 1 << 20;
    value_json_in(v, &mut budget, 0)
}

fn value_json_in(v: &Value, budget: &mut u128, depth: usize) -> Json {
    if depth > 100 {
        return Json::Null;
    }
    let mut value_json = |v: &Value| value_json_in(v, budget, depth + 1);
    match v {
        Value::None => Json::Null,
        Value::Bool(b) => json!(b),
        Value::Int(i) => json!(i),
        Value::Float(f) => scalar_json(Scalar::Float(*f)),
        Value::Str(s) => json!(s),
        Value::Tuple(xs) => Json::Array(xs.iter().map(value_json).collect()),
        Value::List(xs) => {
            let items = xs.borrow().clone();
            Json::Array(items.iter().map(value_json).collect())
        }
        Value::Set(d) => Json::Array(d.borrow().set_order().iter().map(value_json).collect()),
        Value::Size(xs) => json!(xs),
        Value::DType(d) => json!(d.name()),
        Value::Device(d) => json!(d.to_string()),
        Value::MemoryFormat(m) | Value::Layout(m) => json!(m),
        Value::Dict(d) => {
            let items = d.borrow().items();
            Json::Object(items.iter().map(|(k, v)| (str(k), value_json(v))).collect())
        }
        Value::Tensor(t) => {
            let cost = values_cost(t.shape());
            if cost > *budget {
                return Json::Null;
            }
            *budget -= cost;
            tensor_values(t)
        }
        Value::Module(m) => json!(m),
        Value::Function(f) => json!(f),
        Value::Ellipsis => json!("..."),
        // A named tuple is a tuple in Python: an array, in field order.
        Value::NamedTuple(_, fields) => Json::Array(fields.iter().map(|(_, v)| value_json(v)).collect()),
        Value::GradFn(n) => json!(n.name),
        Value::AccumulateGrad(_) => json!("AccumulateGrad"),
        Value::Storage(s) => json!({"id": s.id, "data_ptr": s.data_ptr(), "nbytes": s.nbytes(), "device": s.device.to_string()}),
        other => json!(repr(other)),
    }
}


/// The most values `repr`/`str` will write: a list shared with itself
/// (`x = [x, x]` forty times) is small in memory but would print 2^40 items.
const MAX_PRINTED_VALUES: usize = 1 << 22;

/// Whether `v` prints in at most [`MAX_PRINTED_VALUES`] values and
/// [`MAX_DEPTH`] levels of containers (an explicit stack, stopping as soon
/// as either limit is passed).
pub fn printable(v: &Value) -> bool {
    scan(v) == Scan::Fits
}

#[derive(PartialEq)]
enum Scan {
    Fits,
    TooMany,
    TooDeep,
}

fn scan(v: &Value) -> Scan {
    let mut stack: Vec<(Value, usize)> = vec![(v.clone(), 1)];
    let mut n = 0usize;
    while let Some((x, depth)) = stack.pop() {
        n += 1;
        if n > MAX_PRINTED_VALUES {
            return Scan::TooMany;
        }
        let is_container = matches!(x, Value::List(_) | Value::Tuple(_) | Value::Dict(_) | Value::Set(_));
        if is_container && depth > MAX_DEPTH {
            return Scan::TooDeep;
        }
        // Values printed element by element: a storage prints every element
        // (as PyTorch does), an array is converted whole before NumPy's
        // summarisation picks its edges.
        let elements = match &x {
            Value::TypedStorage(st) => st.len(),
            Value::Storage(st) => st.nbytes(),
            Value::NdArray(a) => a.view.numel(),
            _ => 0,
        };
        n = n.saturating_add(elements);
        if n > MAX_PRINTED_VALUES {
            return Scan::TooMany;
        }
        match &x {
            Value::List(l) => {
                let b = l.borrow();
                if n + stack.len() + b.len() > MAX_PRINTED_VALUES * 2 {
                    return Scan::TooMany;
                }
                // A list inside itself prints as `[...]`: do not follow it.
                stack.extend(b.iter().filter(|y| !matches!(y, Value::List(m) if std::rc::Rc::ptr_eq(m, l))).map(|y| (y.clone(), depth + 1)));
            }
            Value::Tuple(xs) => stack.extend(xs.iter().map(|y| (y.clone(), depth + 1))),
            Value::Dict(d) => {
                for (k, y) in d.borrow().items() {
                    stack.push((k, depth + 1));
                    if !matches!(&y, Value::Dict(e) if std::rc::Rc::ptr_eq(e, d)) {
                        stack.push((y, depth + 1));
                    }
                }
            }
            _ => {}
        }
    }
    Scan::Fits
}

/// `repr`/`str` of `v`, or Python's `MemoryError` when it would not fit.
pub fn checked(v: &Value, as_str: bool, span: crate::lang::span::Span) -> super::super::error::EvalResult<String> {
    match scan(v) {
        Scan::Fits => {}
        Scan::TooMany => {
            return Err(super::super::error::EvalError::new(crate::engine::ErrorKind::MemoryError, "", span)
                .with_hint(format!("printing this value would write more than {MAX_PRINTED_VALUES} items")));
        }
        Scan::TooDeep => {
            return Err(super::super::error::EvalError::new(crate::engine::ErrorKind::RecursionError, "maximum recursion depth exceeded while getting the repr of an object", span));
        }
    }
    Ok(if as_str { str(v) } else { repr(v) })
}

/// Python's `ascii()` of a repr: non-ASCII characters escaped.
pub fn ascii(repr: &str) -> String {
    let mut out = String::with_capacity(repr.len());
    for ch in repr.chars() {
        let u = ch as u32;
        if u < 0x80 {
            out.push(ch);
        } else if u < 0x100 {
            out.push_str(&format!("\\x{u:02x}"));
        } else if u < 0x10000 {
            out.push_str(&format!("\\u{u:04x}"));
        } else {
            out.push_str(&format!("\\U{u:08x}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_print_like_python() {
        use crate::engine::Device;
        assert_eq!(str(&Value::Device(Device::Cuda(0).into())), "cuda:0");
        assert_eq!(repr(&Value::Device(Device::Cuda(0).into())), "device(type='cuda', index=0)");
        assert_eq!(str(&Value::Device(Device::Cpu.into())), "cpu");
        assert_eq!(repr(&Value::Tuple(vec![Value::Int(4)])), "(4,)");
        assert_eq!(repr(&Value::Size(vec![3, 4])), "torch.Size([3, 4])");
        assert_eq!(repr(&Value::Str("a'b".into())), "\"a'b\"");
        assert_eq!(repr(&Value::Str("a'b\"".into())), "'a\\'b\"'");
        assert_eq!(repr(&Value::Str("x\ny".into())), "'x\\ny'");
    }

    #[test]
    fn a_list_inside_itself_prints_as_dots() {
        let l = Value::list(vec![Value::Int(1)]);
        if let Value::List(inner) = &l {
            inner.borrow_mut().push(l.clone());
        }
        assert_eq!(repr(&l), "[1, [...]]");
        if let Value::List(inner) = &l {
            inner.borrow_mut().clear(); // break the cycle
        }
    }
}
