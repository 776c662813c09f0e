//! Python's string formatting: the format-spec mini-language (`format()`,
//! f-strings, `str.format`) and printf-style `%` formatting.

use crate::engine::{ErrorKind, Scalar};
use crate::lang::span::Span;

use super::super::error::{EvalError, EvalResult};
use super::super::value::Value;
use super::repr::{repr, str};

/// A parsed format spec: `[[fill]align][sign][z][#][0][width][grouping][.precision][type]`.
#[derive(Debug, Default, Clone)]
struct Spec {
    fill: Option<char>,
    align: Option<char>,
    sign: Option<char>,
    alt: bool,
    zero: bool,
    width: usize,
    grouping: Option<char>,
    precision: Option<usize>,
    ty: Option<char>,
    /// `z`: a negative zero after rounding prints without its sign.
    z: bool,
}

/// The decimal digits starting at `c[*i]`, moving `i` past them.
fn digits_at(c: &[char], i: &mut usize) -> String {
    let mut p = String::new();
    while *i < c.len() && c[*i].is_ascii_digit() {
        p.push(c[*i]);
        *i += 1;
    }
    p
}

fn bad_spec(span: Span) -> EvalError {
    EvalError::new(ErrorKind::ValueError, "Invalid format specifier", span)
}

fn parse_spec(s: &str, span: Span) -> EvalResult<Spec> {
    let c: Vec<char> = s.chars().collect();
    let mut i = 0;
    let mut sp = Spec::default();
    let is_align = |ch: char| matches!(ch, '<' | '>' | '^' | '=');
    if c.len() >= 2 && is_align(c[1]) {
        sp.fill = Some(c[0]);
        sp.align = Some(c[1]);
        i = 2;
    } else if !c.is_empty() && is_align(c[0]) {
        sp.align = Some(c[0]);
        i = 1;
    }
    if i < c.len() && matches!(c[i], '+' | '-' | ' ') {
        sp.sign = Some(c[i]);
        i += 1;
    }
    if i < c.len() && c[i] == 'z' {
        sp.z = true;
        i += 1;
    }
    if i < c.len() && c[i] == '#' {
        sp.alt = true;
        i += 1;
    }
    if i < c.len() && c[i] == '0' {
        sp.zero = true;
        i += 1;
    }
    let mut w = String::new();
    while i < c.len() && c[i].is_ascii_digit() {
        w.push(c[i]);
        i += 1;
    }
    if !w.is_empty() {
        sp.width = w.parse().map_err(|_| bad_spec(span))?;
        if sp.width > 1 << 20 {
            return Err(EvalError::new(ErrorKind::ValueError, "Too many decimal digits in format string", span));
        }
    }
    if i < c.len() && matches!(c[i], ',' | '_') {
        sp.grouping = Some(c[i]);
        i += 1;
    }
    if i < c.len() && c[i] == '.' {
        i += 1;
        let p = digits_at(&c, &mut i);
        if p.is_empty() {
            return Err(EvalError::new(ErrorKind::ValueError, "Format specifier missing precision", span));
        }
        let p: usize = p.parse().map_err(|_| bad_spec(span))?;
        if p > 1 << 16 {
            return Err(EvalError::new(ErrorKind::ValueError, "precision too big", span));
        }
        sp.precision = Some(p);
    }
    if i < c.len() {
        sp.ty = Some(c[i]);
        i += 1;
    }
    if i != c.len() {
        return Err(bad_spec(span));
    }
    Ok(sp)
}

/// Inserts `sep` every `every` digits of the integer part of `digits`.
fn group(digits: &str, sep: char, every: usize) -> String {
    // Hex digits include `e`: only a decimal number has an exponent.
    let (int, rest) = match digits.find(|c: char| !c.is_ascii_alphanumeric() || (every == 3 && (c == 'e' || c == 'E'))) {
        Some(p) => digits.split_at(p),
        None => (digits, ""),
    };
    let n = int.len();
    let mut out = String::new();
    for (i, ch) in int.chars().enumerate() {
        if i > 0 && (n - i) % every == 0 {
            out.push(sep);
        }
        out.push(ch);
    }
    out.push_str(rest);
    out
}

/// Pads `sign` + `body` to the spec's width.
fn pad(sign: &str, body: &str, sp: &Spec, default_align: char) -> String {
    let len = sign.chars().count() + body.chars().count();
    // `0` pads numbers after the sign; a string stays left-aligned ('ab000000').
    let (fill, align) = if sp.zero && sp.align.is_none() {
        ('0', if default_align == '<' { '<' } else { '=' })
    } else {
        (sp.fill.unwrap_or(' '), sp.align.unwrap_or(default_align))
    };
    if len >= sp.width {
        return format!("{sign}{body}");
    }
    let n = sp.width - len;
    let f = |k: usize| std::iter::repeat_n(fill, k).collect::<String>();
    match align {
        '<' => format!("{sign}{body}{}", f(n)),
        '^' => format!("{}{sign}{body}{}", f(n / 2), f(n - n / 2)),
        '=' => format!("{sign}{}{body}", f(n)),
        _ => format!("{}{sign}{body}", f(n)),
    }
}

fn sign_of(neg: bool, sp: &Spec) -> &'static str {
    match (neg, sp.sign) {
        (true, _) => "-",
        (false, Some('+')) => "+",
        (false, Some(' ')) => " ",
        _ => "",
    }
}

/// `1.5e+03`: Python's exponent has a sign and at least two digits.
fn fix_exp(s: &str, upper: bool) -> String {
    let Some((m, e)) = s.split_once('e') else { return s.to_string() };
    let e: i32 = e.parse().unwrap_or(0);
    let sign = if e < 0 { '-' } else { '+' };
    let ech = if upper { 'E' } else { 'e' };
    format!("{m}{ech}{sign}{:02}", e.abs())
}

fn strip_zeros(s: &str) -> String {
    if !s.contains('.') {
        return s.to_string();
    }
    let (m, e) = match s.find(['e', 'E']) {
        Some(p) => s.split_at(p),
        None => (s, ""),
    };
    let m = m.trim_end_matches('0').trim_end_matches('.');
    format!("{m}{e}")
}

/// The decimal exponent of `x` once rounded to `p` significant digits.
fn exp10(x: f64, p: usize) -> i32 {
    let s = format!("{:.*e}", p.saturating_sub(1), x);
    s.split_once('e').and_then(|(_, e)| e.parse().ok()).unwrap_or(0)
}

/// `format(x, spec)` for a float (its magnitude; the sign is added by the caller).
fn float_body(x: f64, sp: &Spec) -> String {
    if x.is_nan() {
        return if matches!(sp.ty, Some('E' | 'F' | 'G')) { "NAN".into() } else { "nan".into() };
    }
    if x.is_infinite() {
        return if matches!(sp.ty, Some('E' | 'F' | 'G')) { "INF".into() } else { "inf".into() };
    }
    match sp.ty {
        Some('f' | 'F') => {
            let s = format!("{:.*}", sp.precision.unwrap_or(6), x);
            if sp.alt && !s.contains('.') { format!("{s}.") } else { s }
        }
        Some('e' | 'E') => fix_exp(&format!("{:.*e}", sp.precision.unwrap_or(6), x), sp.ty == Some('E')),
        Some('%') => format!("{:.*}%", sp.precision.unwrap_or(6), x * 100.0),
        Some('g' | 'G' | 'n') | None => {
            if sp.ty.is_none() && sp.precision.is_none() {
                // `format(x, "")` and widths alone: `repr(x)`.
                return crate::render::pyrepr::py_float(x);
            }
            let p = sp.precision.unwrap_or(6).max(1);
            let e = if x == 0.0 { 0 } else { exp10(x, p) };
            let none = sp.ty.is_none();
            // Python's '' type switches to exponents one digit earlier than 'g'.
            let sci = e < -4 || e >= if none { p as i32 - 1 } else { p as i32 };
            let s = if !sci {
                let digits = (p as i32 - 1 - e).max(0) as usize;
                let s = format!("{:.*}", digits, x);
                // `#` keeps trailing zeros and the point ('100000.').
                if sp.alt { if s.contains('.') { s } else { format!("{s}.") } } else { strip_zeros(&s) }
            } else {
                let s = fix_exp(&format!("{:.*e}", p - 1, x), sp.ty == Some('G'));
                if sp.alt {
                    if s.contains('.') { s } else { s.replacen(['e', 'E'], if sp.ty == Some('G') { ".E" } else { ".e" }, 1) }
                } else {
                    strip_zeros(&s)
                }
            };
            if none && !s.contains(['.', 'e', 'E']) { format!("{s}.0") } else { s }
        }
        _ => String::new(),
    }
}

/// `format(value, spec)`.
pub fn format_value(v: &Value, spec: &str, span: Span) -> EvalResult<String> {
    let v = match v {
        // NumPy scalars format as their numbers (`np.float32(1.5):.3f`);
        // an empty spec is their `str`.
        Value::NpScalar(..) if spec.is_empty() => Value::Str(super::repr::str(v)),
        Value::NpScalar(_, s) => Value::from_scalar(*s),
        // `Tensor.__format__`: a 0-dim tensor formats as its item.
        Value::Tensor(t) if t.ndim() == 0 => match t.item() {
            Ok(s) => Value::from_scalar(s),
            Err(_) => v.clone(),
        },
        other => other.clone(),
    };
    if spec.is_empty() {
        return Ok(str(&v));
    }
    let sp = parse_spec(spec, span)?;
    let unknown = |t: char, v: &Value| EvalError::new(ErrorKind::ValueError, format!("Unknown format code '{t}' for object of type '{}'", v.type_name()), span);
    match &v {
        Value::Str(s) => {
            if let Some(t) = sp.ty.filter(|&t| t != 's') {
                return Err(unknown(t, &v));
            }
            if sp.sign.is_some() {
                return Err(EvalError::new(ErrorKind::ValueError, "Sign not allowed in string format specifier", span));
            }
            let body: String = match sp.precision {
                Some(p) => s.chars().take(p).collect(),
                None => s.clone(),
            };
            Ok(pad("", &body, &sp, '<'))
        }
        Value::Int(_) | Value::Bool(_) if !matches!(sp.ty, Some('e' | 'E' | 'f' | 'F' | 'g' | 'G' | '%')) => {
            if matches!(&v, Value::Bool(_)) && sp.ty.is_none() && sp.width == 0 && sp.sign.is_none() {
                return Ok(str(&v));
            }
            let i = match v.as_scalar() {
                Some(s) => s.as_i64(),
                None => 0,
            };
            if let Some(t) = sp.ty.filter(|t| !"dnxXobc".contains(*t)) {
                return Err(unknown(t, &v));
            }
            if sp.precision.is_some() {
                return Err(EvalError::new(ErrorKind::ValueError, "Precision not allowed in integer format specifier", span));
            }
            let mag = i.unsigned_abs();
            let (digits, prefix, every) = match sp.ty {
                None | Some('d') | Some('n') => (mag.to_string(), "", 3),
                Some('x') => (format!("{mag:x}"), "0x", 4),
                Some('X') => (format!("{mag:X}"), "0X", 4),
                Some('o') => (format!("{mag:o}"), "0o", 4),
                Some('b') => (format!("{mag:b}"), "0b", 4),
                Some('c') => (char::from_u32(i as u32).map(String::from).unwrap_or_default(), "", 3),
                Some(t) => return Err(unknown(t, &v)),
            };
            let digits = match sp.grouping {
                Some(g) => group(&digits, g, every),
                None => digits,
            };
            let sign = format!("{}{}", sign_of(i < 0, &sp), if sp.alt { prefix } else { "" });
            Ok(pad(&sign, &digits, &sp, '>'))
        }
        Value::Int(_) | Value::Bool(_) | Value::Float(_) => {
            let x = v.as_scalar().map(Scalar::as_f64).unwrap_or(0.0);
            if let Some(t) = sp.ty.filter(|t| !"eEfFgGn%".contains(*t)) {
                return Err(unknown(t, &v));
            }
            let mut neg = x.is_sign_negative() && !(x == 0.0 && matches!(v, Value::Int(_)));
            let mut body = float_body(x.abs(), &sp);
            if sp.z && neg && body.chars().all(|ch| !ch.is_ascii_digit() || ch == '0') {
                neg = false;
            }
            if let Some(g) = sp.grouping {
                body = group(&body, g, 3);
            }
            Ok(pad(sign_of(neg && !x.is_nan(), &sp), &body, &sp, '>'))
        }
        other => Err(EvalError::type_error(format!("unsupported format string passed to {}.__format__", other.type_name()), span)),
    }
}

/// `fmt % args`, printf-style.
pub fn percent(fmt: &str, args: &Value, span: Span) -> EvalResult<Value> {
    let (items, mapping): (Vec<Value>, Option<&Value>) = match args {
        Value::Tuple(xs) => (xs.clone(), None),
        Value::Dict(_) => (vec![], Some(args)),
        other => (vec![other.clone()], None),
    };
    let mut next = 0usize;
    let mut out = String::new();
    let c: Vec<char> = fmt.chars().collect();
    let mut i = 0;
    let err = |m: &str| EvalError::type_error(m.to_string(), span);
    while i < c.len() {
        if c[i] != '%' {
            out.push(c[i]);
            i += 1;
            continue;
        }
        i += 1;
        let mut key = None;
        if i < c.len() && c[i] == '(' {
            let close = c[i..].iter().position(|&x| x == ')').map(|p| p + i).ok_or_else(|| EvalError::new(ErrorKind::ValueError, "incomplete format key", span))?;
            key = Some(c[i + 1..close].iter().collect::<String>());
            i = close + 1;
        }
        let mut flags = String::new();
        while i < c.len() && "-+ 0#".contains(c[i]) {
            flags.push(c[i]);
            i += 1;
        }
        // `*` takes the width (or precision) from the arguments.
        let star = |next: &mut usize| -> EvalResult<i64> {
            let v = items.get(*next).cloned().ok_or_else(|| err("not enough arguments for format string"))?;
            *next += 1;
            match v {
                Value::Int(n) => Ok(n),
                _ => Err(err("* wants int")),
            }
        };
        let width = if i < c.len() && c[i] == '*' {
            let w = star(&mut next)?;
            if w < 0 && !flags.contains('-') {
                flags.push('-');
            }
            i += 1;
            w.unsigned_abs().to_string()
        } else {
            digits_at(&c, &mut i)
        };
        let mut prec = None;
        if i < c.len() && c[i] == '.' {
            i += 1;
            if i < c.len() && c[i] == '*' {
                i += 1;
                prec = Some(star(&mut next)?.max(0).to_string());
            } else {
                prec = Some(digits_at(&c, &mut i));
            }
        }
        let Some(&ty) = c.get(i) else {
            return Err(EvalError::new(ErrorKind::ValueError, "incomplete format", span));
        };
        i += 1;
        if ty == '%' {
            out.push('%');
            continue;
        }
        let value = match (&key, mapping) {
            (Some(k), Some(Value::Dict(d))) => d.borrow().get(&Value::Str(k.clone()), span)?.ok_or_else(|| super::dict::key_error(&Value::Str(k.clone()), span))?,
            (Some(_), _) => return Err(err("format requires a mapping")),
            (None, _) => {
                let v = items.get(next).cloned().ok_or_else(|| err("not enough arguments for format string"))?;
                next += 1;
                v
            }
        };
        let align = if flags.contains('-') { "<" } else if flags.contains('0') && ty != 's' && ty != 'r' { "" } else { ">" };
        let mut spec = String::from(align);
        if flags.contains('+') {
            spec.push('+');
        } else if flags.contains(' ') {
            spec.push(' ');
        }
        if flags.contains('#') {
            spec.push('#');
        }
        if align.is_empty() {
            spec.push('0');
        }
        spec.push_str(&width);
        if let Some(p) = &prec {
            spec.push('.');
            spec.push_str(if p.is_empty() { "0" } else { p });
        }
        let piece = match ty {
            // A precision on an int pads its digits with zeros ('%.3d' % 7 is '007').
            'd' | 'i' | 'u' | 'x' | 'X' | 'o' if prec.as_deref().is_some_and(|p| !p.is_empty()) => {
                let n = match &value {
                    Value::Float(f) if f.is_finite() && matches!(ty, 'd' | 'i' | 'u') => f.trunc() as i64,
                    v => v.as_scalar().filter(|s| !matches!(s, Scalar::Float(_))).map(Scalar::as_i64).ok_or_else(|| err(&format!("%{ty} format: an integer is required, not {}", v.type_name())))?,
                };
                let p: usize = prec.as_deref().unwrap_or("0").parse().unwrap_or(0);
                let mag = n.unsigned_abs();
                let digits = match ty {
                    'x' => format!("{mag:x}"),
                    'X' => format!("{mag:X}"),
                    'o' => format!("{mag:o}"),
                    _ => mag.to_string(),
                };
                let sign = if n < 0 { "-" } else if flags.contains('+') { "+" } else if flags.contains(' ') { " " } else { "" };
                let body = format!("{sign}{digits:0>p$}");
                let w = format!("{}{}", if flags.contains('-') { "<" } else { ">" }, width);
                format_value(&Value::Str(body), &w, span)?
            }
            's' | 'r' | 'a' => {
                let s = match ty {
                    's' => str(&value),
                    'r' => repr(&value),
                    _ => super::repr::ascii(&repr(&value)),
                };
                format_value(&Value::Str(s), &spec, span)?
            }
            'd' | 'i' | 'u' => {
                let n = match &value {
                    Value::Float(f) if f.is_finite() => Value::Int(f.trunc() as i64),
                    Value::Int(_) | Value::Bool(_) => Value::Int(value.as_scalar().map(Scalar::as_i64).unwrap_or(0)),
                    Value::Tensor(t) if t.numel() == 1 => Value::Int(t.item().map(|s| s.as_f64().trunc() as i64).unwrap_or(0)),
                    other => return Err(err(&format!("%{ty} format: a real number is required, not {}", other.type_name()))),
                };
                spec.push('d');
                format_value(&n, &spec, span)?
            }
            'x' | 'X' | 'o' => {
                let Some(n) = value.as_scalar().filter(|s| !matches!(s, Scalar::Float(_))) else {
                    return Err(err(&format!("%{ty} format: an integer is required, not {}", value.type_name())));
                };
                spec.push(ty);
                format_value(&Value::Int(n.as_i64()), &spec, span)?
            }
            'e' | 'E' | 'f' | 'F' | 'g' | 'G' => {
                let x = match &value {
                    Value::Tensor(t) if t.numel() == 1 => t.item().map(|s| s.as_f64()).unwrap_or(0.0),
                    v => v.as_scalar().map(Scalar::as_f64).ok_or_else(|| err(&format!("must be real number, not {}", v.type_name())))?,
                };
                if prec.is_none() {
                    spec.push_str(".6");
                }
                spec.push(ty);
                format_value(&Value::Float(x), &spec, span)?
            }
            'c' => {
                let ch = match &value {
                    Value::Str(s) if s.chars().count() == 1 => s.clone(),
                    Value::Int(n) => char::from_u32(*n as u32).map(String::from).unwrap_or_default(),
                    _ => return Err(err("%c requires an int or a unicode character")),
                };
                let w = format!("{}{}", if flags.contains('-') { "<" } else { ">" }, width);
                format_value(&Value::Str(ch), &w, span)?
            }
            other => {
                return Err(EvalError::new(
                    ErrorKind::ValueError,
                    format!("unsupported format character '{other}' (0x{:x}) at index {}", other as u32, i - 1),
                    span,
                ));
            }
        };
        out.push_str(&piece);
    }
    if mapping.is_none() && next < items.len() {
        return Err(err("not all arguments converted during string formatting"));
    }
    Ok(Value::Str(out))
}

/// `s.format(*pos, **kw)`: `{}`, `{0}`, `{name}`, `{x.attr}`, `{x[0]}`,
/// `!r`/`!s`, and specs (which may hold nested fields).
pub fn str_format(it: &mut super::super::interp::Interp, s: &str, pos: &[Value], kw: &[(String, Value)], span: Span) -> EvalResult<Value> {
    let mut auto = Numbering { next: 0, manual: None };
    format_fields(it, s, pos, kw, span, &mut auto, 0).map(Value::Str)
}

/// `{}` counts up; `{0}` names; a format string may not mix the two.
struct Numbering {
    next: usize,
    manual: Option<bool>,
}

impl Numbering {
    fn set(&mut self, manual: bool, span: Span) -> EvalResult<()> {
        match self.manual {
            Some(m) if m != manual => Err(EvalError::new(
                ErrorKind::ValueError,
                if manual {
                    "cannot switch from automatic field numbering to manual field specification"
                } else {
                    "cannot switch from manual field specification to automatic field numbering"
                },
                span,
            )),
            _ => {
                self.manual = Some(manual);
                Ok(())
            }
        }
    }
}

fn format_fields(it: &mut super::super::interp::Interp, s: &str, pos: &[Value], kw: &[(String, Value)], span: Span, auto: &mut Numbering, depth: usize) -> EvalResult<String> {
    let c: Vec<char> = s.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    let verr = |m: &str| EvalError::new(ErrorKind::ValueError, m.to_string(), span);
    while i < c.len() {
        match c[i] {
            '{' if c.get(i + 1) == Some(&'{') => {
                out.push('{');
                i += 2;
            }
            '}' if c.get(i + 1) == Some(&'}') => {
                out.push('}');
                i += 2;
            }
            '}' => return Err(verr("Single '}' encountered in format string")),
            '{' => {
                // Find the matching close, allowing one level of nested fields in the spec.
                let mut level = 1;
                let mut j = i + 1;
                while j < c.len() && level > 0 {
                    match c[j] {
                        '{' => level += 1,
                        '}' => level -= 1,
                        _ => {}
                    }
                    if level > 0 {
                        j += 1;
                    }
                }
                if j >= c.len() {
                    return Err(verr(if i + 1 >= c.len() || !c[i + 1..].contains(&'}') { "Single '{' encountered in format string" } else { "expected '}' before end of string" }));
                }
                let field: String = c[i + 1..j].iter().collect();
                i = j + 1;
                let (head, spec) = match field.find(':') {
                    Some(p) => (field[..p].to_string(), field[p + 1..].to_string()),
                    None => (field.clone(), String::new()),
                };
                let (name, conv) = match head.find('!') {
                    Some(p) => (head[..p].to_string(), head[p + 1..].chars().next()),
                    None => (head, None),
                };
                // The first part names the argument; `.attr` and `[key]` follow.
                let split = name.find(['.', '[']).unwrap_or(name.len());
                let (first, rest) = name.split_at(split);
                let mut v = if first.is_empty() {
                    auto.set(false, span)?;
                    let v = pos.get(auto.next).cloned().ok_or_else(|| EvalError::new(ErrorKind::IndexError, format!("Replacement index {} out of range for positional args tuple", auto.next), span))?;
                    auto.next += 1;
                    v
                } else if let Ok(n) = first.parse::<usize>() {
                    auto.set(true, span)?;
                    pos.get(n).cloned().ok_or_else(|| EvalError::new(ErrorKind::IndexError, format!("Replacement index {n} out of range for positional args tuple"), span))?
                } else {
                    kw.iter().find(|(k, _)| k == first).map(|(_, v)| v.clone()).ok_or_else(|| EvalError::new(ErrorKind::KeyError, super::repr::str_repr(first), span))?
                };
                let mut r = rest;
                while !r.is_empty() {
                    if let Some(after) = r.strip_prefix('.') {
                        let end = after.find(['.', '[']).unwrap_or(after.len());
                        v = it.get_attr(v, &after[..end], span)?;
                        r = &after[end..];
                    } else if let Some(after) = r.strip_prefix('[') {
                        let end = after.find(']').ok_or_else(|| verr("Missing ']' in format string"))?;
                        let key = &after[..end];
                        let k = key.parse::<i64>().map(Value::Int).unwrap_or_else(|_| Value::Str(key.to_string()));
                        v = it.subscript(v, k, span)?;
                        r = &after[end + 1..];
                    } else {
                        return Err(verr("Only '.' or '[' may follow ']' in format field specifier"));
                    }
                }
                let v = match conv {
                    Some('r') | Some('a') => Value::Str(repr(&v)),
                    Some('s') => Value::Str(str(&v)),
                    None => v,
                    Some(_) => return Err(verr("Unknown conversion specifier")),
                };
                let spec = if spec.contains('{') && depth < 2 { format_fields(it, &spec, pos, kw, span, auto, depth + 1)? } else { spec };
                out.push_str(&format_value(&v, &spec, span)?);
            }
            ch => {
                out.push(ch);
                i += 1;
            }
        }
    }
    Ok(out)
}
