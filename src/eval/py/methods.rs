//! Methods of Python's str, list, dict and set values.

use std::cell::RefCell;
use std::rc::Rc;

use crate::engine::ErrorKind;
use crate::lang::span::Span;

use super::super::error::{EvalError, EvalResult};
use super::super::interp::Interp;
use super::super::value::{DictViewKind, PyDict, Value};
use super::builtins::Call;
use super::repr::str;

/// Method names per type (for attribute lookup, `hasattr` and completion).
pub const STR_METHODS: &[&str] = &[
    "format", "join", "split", "rsplit", "strip", "lstrip", "rstrip", "replace", "startswith", "endswith", "upper", "lower",
    "ljust", "rjust", "center", "zfill", "find", "rfind", "index", "count", "isdigit", "isalpha", "isalnum", "isspace",
    "isupper", "islower", "title", "capitalize", "splitlines", "partition", "rpartition", "swapcase", "expandtabs", "removeprefix",
    "removesuffix", "casefold", "isnumeric", "isdecimal", "isidentifier", "isascii", "isprintable", "istitle", "rindex",
    "translate", "maketrans",
];
pub const LIST_METHODS: &[&str] = &["append", "extend", "insert", "pop", "remove", "index", "count", "sort", "reverse", "copy", "clear"];
pub const DICT_METHODS: &[&str] = &["keys", "values", "items", "get", "pop", "update", "setdefault", "copy", "clear", "popitem"];
pub const SET_METHODS: &[&str] = &[
    "add", "discard", "remove", "pop", "union", "intersection", "difference", "symmetric_difference", "copy", "clear", "issubset",
    "issuperset", "isdisjoint", "update", "intersection_update", "difference_update", "symmetric_difference_update",
];
pub const TUPLE_METHODS: &[&str] = &["index", "count"];
pub const FLOAT_METHODS: &[&str] = &["is_integer", "hex", "as_integer_ratio", "conjugate"];
pub const INT_METHODS: &[&str] = &["bit_length", "bit_count", "conjugate"];

/// Whether type `t` (by name) has method `name`.
pub fn type_has_method(t: &str, name: &str) -> bool {
    match t {
        "str" => STR_METHODS.contains(&name),
        "list" => LIST_METHODS.contains(&name),
        "dict" => DICT_METHODS.contains(&name),
        "set" => SET_METHODS.contains(&name),
        "tuple" => TUPLE_METHODS.contains(&name),
        _ => false,
    }
}

/// Whether `v` has a method `name`.
pub fn has_method(v: &Value, name: &str) -> bool {
    let list = match v {
        Value::Str(_) => STR_METHODS,
        Value::List(_) => LIST_METHODS,
        Value::Dict(_) => DICT_METHODS,
        Value::Set(_) => SET_METHODS,
        Value::Tuple(_) | Value::Size(_) => TUPLE_METHODS,
        Value::Range(..) => TUPLE_METHODS,
        Value::Float(_) => FLOAT_METHODS,
        Value::Int(_) | Value::Bool(_) => INT_METHODS,
        _ => return false,
    };
    list.contains(&name)
}

fn str_arg<'a>(c: &'a Call, i: usize, what: &str) -> EvalResult<Option<&'a str>> {
    match c.pos.get(i) {
        None | Some(Value::None) => Ok(None),
        Some(Value::Str(s)) => Ok(Some(s)),
        Some(v) => Err(EvalError::type_error(format!("{what} must be str or None, not {}", v.type_name()), c.span)),
    }
}

fn int_at(c: &Call, i: usize, default: i64) -> EvalResult<i64> {
    match c.pos.get(i) {
        None | Some(Value::None) => Ok(default),
        Some(Value::Int(n)) => Ok(*n),
        Some(Value::Bool(b)) => Ok(*b as i64),
        Some(v) => Err(EvalError::type_error(format!("'{}' object cannot be interpreted as an integer", v.type_name()), c.span)),
    }
}

fn justify(s: &str, c: &Call, how: char) -> EvalResult<Value> {
    let w = int_at(c, 0, 0)?.max(0) as usize;
    let fill = match c.pos.get(1) {
        Some(Value::Str(f)) if f.chars().count() == 1 => f.chars().next().unwrap_or(' '),
        Some(_) => return Err(EvalError::type_error("The fill character must be exactly one character long", c.span)),
        None => ' ',
    };
    let n = s.chars().count();
    if n >= w {
        return Ok(Value::Str(s.to_string()));
    }
    let pad = w - n;
    let f = |k: usize| std::iter::repeat_n(fill, k).collect::<String>();
    Ok(Value::Str(match how {
        'l' => format!("{s}{}", f(pad)),
        'r' => format!("{}{s}", f(pad)),
        // Python's center puts the odd space on the right unless the width is odd... exactly:
        _ => {
            let left = pad / 2 + (pad & w & 1);
            format!("{}{s}{}", f(left), f(pad - left))
        }
    }))
}

fn split_ws(s: &str, max: i64) -> Vec<Value> {
    let mut out = vec![];
    let mut rest = s.trim_start();
    while !rest.is_empty() {
        if max >= 0 && out.len() as i64 == max {
            out.push(Value::Str(rest.to_string()));
            return out;
        }
        match rest.find(char::is_whitespace) {
            Some(p) => {
                out.push(Value::Str(rest[..p].to_string()));
                rest = rest[p..].trim_start();
            }
            None => {
                out.push(Value::Str(rest.to_string()));
                break;
            }
        }
    }
    out
}

fn str_method(it: &mut Interp, s: &str, name: &str, c: Call) -> EvalResult<Value> {
    let span = c.span;
    let strs = |v: Vec<&str>| Value::list(v.into_iter().map(|x| Value::Str(x.to_string())).collect());
    Ok(match name {
        "format" => super::format::str_format(it, s, &c.pos, &c.kw, span)?,
        "join" => {
            let items = it.items_of(c.pos.first().unwrap_or(&Value::None), span).map_err(|_| EvalError::type_error("can only join an iterable", span))?;
            let mut parts = Vec::with_capacity(items.len());
            for (i, x) in items.iter().enumerate() {
                match x {
                    Value::Str(p) => parts.push(p.clone()),
                    other => return Err(EvalError::type_error(format!("sequence item {i}: expected str instance, {} found", other.type_name()), span)),
                }
            }
            Value::Str(parts.join(s))
        }
        "split" | "rsplit" => {
            let mut c = c;
            if let Some(v) = c.kw("sep") {
                c.pos.insert(0, v);
            }
            if let Some(v) = c.kw("maxsplit") {
                if c.pos.is_empty() {
                    c.pos.push(Value::None);
                }
                c.pos.insert(1, v);
            }
            let sep = str_arg(&c, 0, "sep")?;
            let max = int_at(&c, 1, -1)?;
            match sep {
                None if name == "split" => Value::list(split_ws(s, max)),
                None => {
                    let rev: String = s.chars().rev().collect();
                    let mut parts: Vec<Value> = split_ws(&rev, max).into_iter().map(|v| Value::Str(str(&v).chars().rev().collect())).collect();
                    parts.reverse();
                    Value::list(parts)
                }
                Some("") => return Err(EvalError::new(ErrorKind::ValueError, "empty separator", span)),
                Some(sep) if max < 0 => strs(s.split(sep).collect()),
                Some(sep) if name == "split" => strs(s.splitn(max as usize + 1, sep).collect()),
                Some(sep) => {
                    let mut v: Vec<&str> = s.rsplitn(max as usize + 1, sep).collect();
                    v.reverse();
                    strs(v)
                }
            }
        }
        "splitlines" => {
            // Python's line boundaries, `\r\n` as one; `keepends` keeps them.
            let keep = c.pos.first().or(c.kw.iter().find(|(k, _)| k == "keepends").map(|(_, v)| v)).is_some_and(|v| v.truthy().unwrap_or(false));
            let mut out = Vec::new();
            let mut cur = String::new();
            let mut it_chars = s.chars().peekable();
            while let Some(ch) = it_chars.next() {
                let brk = matches!(ch, '\n' | '\r' | '\x0b' | '\x0c' | '\x1c' | '\x1d' | '\x1e' | '\u{85}' | '\u{2028}' | '\u{2029}');
                if !brk {
                    cur.push(ch);
                    continue;
                }
                let mut end = ch.to_string();
                if ch == '\r' && it_chars.peek() == Some(&'\n') {
                    it_chars.next();
                    end.push('\n');
                }
                if keep {
                    cur.push_str(&end);
                }
                out.push(Value::Str(std::mem::take(&mut cur)));
            }
            if !cur.is_empty() {
                out.push(Value::Str(cur));
            }
            Value::list(out)
        }
        "strip" | "lstrip" | "rstrip" => {
            let chars = str_arg(&c, 0, "strip arg")?;
            let pred = |ch: char| match chars {
                Some(cs) => cs.contains(ch),
                None => ch.is_whitespace(),
            };
            Value::Str(match name {
                "strip" => s.trim_matches(pred),
                "lstrip" => s.trim_start_matches(pred),
                _ => s.trim_end_matches(pred),
            }.to_string())
        }
        "replace" => {
            let (Some(Value::Str(a)), Some(Value::Str(b))) = (c.pos.first(), c.pos.get(1)) else {
                return Err(EvalError::type_error("replace() argument must be str", span));
            };
            let n = int_at(&c, 2, -1)?;
            Value::Str(if n < 0 { s.replace(a.as_str(), b) } else { s.replacen(a.as_str(), b, n as usize) })
        }
        "startswith" | "endswith" => {
            let pats: Vec<String> = match c.pos.first() {
                Some(Value::Str(p)) => vec![p.clone()],
                Some(Value::Tuple(ps)) => ps.iter().map(str).collect(),
                _ => return Err(EvalError::type_error(format!("{name} first arg must be str or a tuple of str"), span)),
            };
            // `start`/`end` slice the text first (in characters).
            let chars: Vec<char> = s.chars().collect();
            let n = chars.len() as i64;
            let clamp = |i: i64| (if i < 0 { i + n } else { i }).clamp(0, n) as usize;
            let (lo, hi) = (clamp(int_at(&c, 1, 0)?), clamp(int_at(&c, 2, n)?));
            if int_at(&c, 1, 0)? > n {
                return Ok(Value::Bool(false));
            }
            let part: String = if lo <= hi { chars[lo..hi].iter().collect() } else { String::new() };
            Value::Bool(pats.iter().any(|p| if name == "startswith" { part.starts_with(p.as_str()) } else { part.ends_with(p.as_str()) }))
        }
        "upper" => Value::Str(s.to_uppercase()),
        "lower" => Value::Str(s.to_lowercase()),
        "swapcase" => Value::Str(s.chars().map(|ch| if ch.is_uppercase() { ch.to_lowercase().collect::<String>() } else { ch.to_uppercase().collect() }).collect()),
        "title" => {
            let mut out = String::new();
            let mut prev_alpha = false;
            for ch in s.chars() {
                if prev_alpha { out.extend(ch.to_lowercase()) } else { out.extend(ch.to_uppercase()) }
                prev_alpha = ch.is_alphabetic();
            }
            Value::Str(out)
        }
        "capitalize" => {
            let mut cs = s.chars();
            Value::Str(match cs.next() {
                Some(f) => f.to_uppercase().collect::<String>() + &cs.as_str().to_lowercase(),
                None => String::new(),
            })
        }
        "ljust" => justify(s, &c, 'l')?,
        "rjust" => justify(s, &c, 'r')?,
        "center" => justify(s, &c, 'c')?,
        "zfill" => {
            let w = int_at(&c, 0, 0)?.max(0) as usize;
            let n = s.chars().count();
            if n >= w {
                Value::Str(s.to_string())
            } else {
                let (sign, rest) = match s.chars().next() {
                    Some(ch @ ('+' | '-')) => (ch.to_string(), &s[1..]),
                    _ => (String::new(), s),
                };
                Value::Str(format!("{sign}{}{rest}", "0".repeat(w - n)))
            }
        }
        "find" | "rfind" | "index" | "count" => {
            let Some(Value::Str(p)) = c.pos.first() else {
                return Err(EvalError::type_error(format!("must be str, not {}", c.pos.first().map_or("NoneType", |v| v.type_name())), span));
            };
            // `start`/`end` count characters; search in that slice of the text.
            let nchars = s.chars().count() as i64;
            let clamp = |i: i64| (if i < 0 { i + nchars } else { i }).clamp(0, nchars) as usize;
            let (lo, hi) = (clamp(int_at(&c, 1, 0)?), clamp(int_at(&c, 2, nchars)?));
            // A start past the end finds nothing, not even ''.
            if int_at(&c, 1, 0)? > nchars {
                return Ok(match name {
                    "count" => Value::Int(0),
                    "index" => return Err(EvalError::new(ErrorKind::ValueError, "substring not found", span)),
                    _ => Value::Int(-1),
                });
            }
            let byte = |ci: usize| s.char_indices().nth(ci).map_or(s.len(), |(b, _)| b);
            let (blo, bhi) = (byte(lo), byte(hi).max(byte(lo)));
            let hay = &s[blo..bhi];
            let found = if name == "rfind" { hay.rfind(p.as_str()) } else { hay.find(p.as_str()) };
            let chars = |b: usize| (lo + hay[..b].chars().count()) as i64;
            match name {
                "count" => Value::Int(if p.is_empty() { hay.chars().count() as i64 + 1 } else { hay.matches(p.as_str()).count() as i64 }),
                "index" => match found {
                    Some(b) => Value::Int(chars(b)),
                    None => return Err(EvalError::new(ErrorKind::ValueError, "substring not found", span)),
                },
                _ => Value::Int(found.map_or(-1, chars)),
            }
        }
        "expandtabs" => {
            let size = int_at(&c, 0, 8)?.max(0) as usize;
            let mut out = String::new();
            let mut col = 0usize;
            for ch in s.chars() {
                match ch {
                    '\t' => {
                        let n = if size == 0 { 0 } else { size - col % size };
                        out.push_str(&" ".repeat(n));
                        col += n;
                    }
                    '\n' | '\r' => {
                        out.push(ch);
                        col = 0;
                    }
                    ch => {
                        out.push(ch);
                        col += 1;
                    }
                }
            }
            Value::Str(out)
        }
        "removeprefix" | "removesuffix" => {
            let Some(Value::Str(p)) = c.pos.first() else { return Err(EvalError::type_error("must be str", span)) };
            Value::Str(if name == "removeprefix" { s.strip_prefix(p.as_str()) } else { s.strip_suffix(p.as_str()) }.unwrap_or(s).to_string())
        }
        "casefold" => Value::Str(s.to_lowercase()),
        "isnumeric" | "isdecimal" => Value::Bool(!s.is_empty() && s.chars().all(|ch| ch.is_numeric())),
        "isidentifier" => Value::Bool(s.chars().next().is_some_and(|ch| ch.is_alphabetic() || ch == '_') && s.chars().all(|ch| ch.is_alphanumeric() || ch == '_')),
        "rpartition" => {
            let Some(Value::Str(p)) = c.pos.first() else { return Err(EvalError::type_error("must be str", span)) };
            match s.rsplit_once(p.as_str()) {
                Some((a, b)) => Value::Tuple(vec![Value::str(a), Value::str(p.clone()), Value::str(b)]),
                None => Value::Tuple(vec![Value::str(""), Value::str(""), Value::str(s)]),
            }
        }
        "partition" => {
            let Some(Value::Str(p)) = c.pos.first() else { return Err(EvalError::type_error("must be str", span)) };
            match s.split_once(p.as_str()) {
                Some((a, b)) => Value::Tuple(vec![Value::str(a), Value::str(p.clone()), Value::str(b)]),
                None => Value::Tuple(vec![Value::str(s), Value::str(""), Value::str("")]),
            }
        }
        "isascii" => Value::Bool(s.is_ascii()),
        "isprintable" => Value::Bool(s.chars().all(|ch| super::repr::str_repr(&ch.to_string()).chars().count() == 3 || ch == '\'')),
        "istitle" => {
            // Uppercase only after an uncased character, lowercase only after a cased one.
            let (mut cased, mut prev_cased, mut ok) = (false, false, true);
            for ch in s.chars() {
                if ch.is_uppercase() {
                    ok &= !prev_cased;
                    prev_cased = true;
                    cased = true;
                } else if ch.is_lowercase() {
                    ok &= prev_cased;
                    prev_cased = true;
                    cased = true;
                } else {
                    prev_cased = false;
                }
            }
            Value::Bool(ok && cased)
        }
        "rindex" => {
            let Some(Value::Str(p)) = c.pos.first() else { return Err(EvalError::type_error("must be str", span)) };
            match s.rfind(p.as_str()) {
                Some(b) => Value::Int(s[..b].chars().count() as i64),
                None => return Err(EvalError::new(ErrorKind::ValueError, "substring not found", span)),
            }
        }
        "translate" => {
            // A table maps code points to strings, code points or None (delete).
            let Some(Value::Dict(table)) = c.pos.first() else {
                return Err(EvalError::type_error("translate() argument must be a mapping", span));
            };
            let table = table.borrow();
            let mut out = String::new();
            for ch in s.chars() {
                match table.get(&Value::Int(ch as i64), span)? {
                    None => out.push(ch),
                    Some(Value::None) => {}
                    Some(Value::Str(r)) => out.push_str(&r),
                    Some(Value::Int(cp)) => out.push(char::from_u32(cp as u32).unwrap_or('\u{fffd}')),
                    Some(other) => return Err(EvalError::type_error(format!("character mapping must return integer, None or str, not {}", other.type_name()), span)),
                }
            }
            Value::Str(out)
        }
        "maketrans" => {
            // str.maketrans(x, y[, z]) or str.maketrans(dict).
            let mut d = PyDict::default();
            match (c.pos.first(), c.pos.get(1), c.pos.get(2)) {
                (Some(Value::Dict(m)), None, None) => {
                    for (k, v) in m.borrow().items() {
                        let k = match k {
                            Value::Str(ks) if ks.chars().count() == 1 => Value::Int(ks.chars().next().map_or(0, |ch| ch as i64)),
                            Value::Int(i) => Value::Int(i),
                            _ => return Err(EvalError::new(ErrorKind::ValueError, "string keys in translate table must be of length 1", span)),
                        };
                        d.insert(k, v, span)?;
                    }
                }
                (Some(Value::Str(x)), Some(Value::Str(y)), z) => {
                    if x.chars().count() != y.chars().count() {
                        return Err(EvalError::new(ErrorKind::ValueError, "the first two maketrans arguments must have equal length", span));
                    }
                    for (a, b) in x.chars().zip(y.chars()) {
                        d.insert(Value::Int(a as i64), Value::Int(b as i64), span)?;
                    }
                    if let Some(Value::Str(z)) = z {
                        for ch in z.chars() {
                            d.insert(Value::Int(ch as i64), Value::None, span)?;
                        }
                    }
                }
                _ => return Err(EvalError::type_error("maketrans() arguments must be a dict, or two (or three) strings", span)),
            }
            Value::Dict(Rc::new(RefCell::new(d)))
        }
        "isdigit" => Value::Bool(!s.is_empty() && s.chars().all(|ch| ch.is_ascii_digit())),
        "isalpha" => Value::Bool(!s.is_empty() && s.chars().all(char::is_alphabetic)),
        "isalnum" => Value::Bool(!s.is_empty() && s.chars().all(char::is_alphanumeric)),
        "isspace" => Value::Bool(!s.is_empty() && s.chars().all(char::is_whitespace)),
        "isupper" => Value::Bool(s.chars().any(char::is_uppercase) && !s.chars().any(char::is_lowercase)),
        "islower" => Value::Bool(s.chars().any(char::is_lowercase) && !s.chars().any(char::is_uppercase)),
        _ => return Err(no_attr("str", name, span)),
    })
}

pub fn no_attr(ty: &str, name: &str, span: Span) -> EvalError {
    EvalError::new(ErrorKind::AttributeError, format!("'{ty}' object has no attribute '{name}'"), span)
}

fn list_method(it: &mut Interp, l: &Rc<RefCell<Vec<Value>>>, name: &str, mut c: Call) -> EvalResult<Value> {
    let span = c.span;
    let arg = |c: &Call, n: usize| -> EvalResult<Value> {
        c.pos.get(n).cloned().ok_or_else(|| EvalError::type_error(format!("list.{name}() takes exactly one argument (0 given)"), span))
    };
    Ok(match name {
        "append" => {
            let v = arg(&c, 0)?;
            it.check_len(l.borrow().len() as u128 + 1, span)?;
            l.borrow_mut().push(v);
            Value::None
        }
        "extend" => {
            let items = it.items_of(&arg(&c, 0)?, span)?;
            it.check_len((l.borrow().len() + items.len()) as u128, span)?;
            l.borrow_mut().extend(items);
            Value::None
        }
        "insert" => {
            let i = int_at(&c, 0, 0)?;
            let v = c.pos.get(1).cloned().ok_or_else(|| EvalError::type_error("insert expected 2 arguments, got 1", span))?;
            let n = l.borrow().len() as i64;
            let j = if i < 0 { (i + n).max(0) } else { i.min(n) };
            l.borrow_mut().insert(j as usize, v);
            Value::None
        }
        "pop" => {
            let n = l.borrow().len();
            if n == 0 {
                return Err(EvalError::new(ErrorKind::IndexError, "pop from empty list", span));
            }
            let i = int_at(&c, 0, -1)?;
            let j = super::seq::seq_position(i, n, "pop", span)?;
            l.borrow_mut().remove(j)
        }
        "remove" => {
            let v = arg(&c, 0)?;
            let pos = l.borrow().iter().position(|x| super::compare::py_eq(x, &v));
            match pos {
                Some(p) => {
                    l.borrow_mut().remove(p);
                    Value::None
                }
                None => return Err(EvalError::new(ErrorKind::ValueError, "list.remove(x): x not in list", span)),
            }
        }
        "index" => {
            let v = arg(&c, 0)?;
            let n = l.borrow().len() as i64;
            let clamp = |i: i64| (if i < 0 { i + n } else { i }).clamp(0, n) as usize;
            let (lo, hi) = (clamp(int_at(&c, 1, 0)?), clamp(int_at(&c, 2, n)?));
            match l.borrow().iter().enumerate().skip(lo).take(hi.saturating_sub(lo)).position(|(_, x)| super::compare::py_eq(x, &v)) {
                Some(p) => Value::Int((p + lo) as i64),
                None => return Err(EvalError::new(ErrorKind::ValueError, format!("{} is not in list", super::repr::repr(&v)), span)),
            }
        }
        "count" => {
            let v = arg(&c, 0)?;
            Value::Int(l.borrow().iter().filter(|x| super::compare::py_eq(x, &v)).count() as i64)
        }
        "sort" => {
            let key = c.kw("key");
            let reverse = c.kw("reverse").is_some_and(|v| v.truthy().unwrap_or(false));
            if !c.pos.is_empty() {
                return Err(EvalError::type_error("sort() takes no positional arguments", span));
            }
            let items = l.borrow().clone();
            let sorted = super::sort::sort_values(it, items, key, reverse, span)?;
            *l.borrow_mut() = sorted;
            Value::None
        }
        "reverse" => {
            l.borrow_mut().reverse();
            Value::None
        }
        "copy" => Value::list(l.borrow().clone()),
        "clear" => {
            l.borrow_mut().clear();
            Value::None
        }
        _ => return Err(no_attr("list", name, span)),
    })
}

fn dict_method(it: &mut Interp, d: &Rc<RefCell<PyDict>>, name: &str, c: Call) -> EvalResult<Value> {
    let span = c.span;
    Ok(match name {
        "keys" => Value::DictView(d.clone(), DictViewKind::Keys),
        "values" => Value::DictView(d.clone(), DictViewKind::Values),
        "items" => Value::DictView(d.clone(), DictViewKind::Items),
        "get" => {
            let k = c.pos.first().cloned().unwrap_or(Value::None);
            d.borrow().get(&k, span)?.unwrap_or_else(|| c.pos.get(1).cloned().unwrap_or(Value::None))
        }
        "pop" => {
            let k = c.pos.first().cloned().unwrap_or(Value::None);
            let r = d.borrow_mut().remove(&k, span)?;
            match (r, c.pos.get(1)) {
                (Some(v), _) => v,
                (None, Some(dflt)) => dflt.clone(),
                (None, None) => return Err(super::dict::key_error(&k, span)),
            }
        }
        "popitem" => {
            let last = d.borrow_mut().map.pop();
            match last {
                Some((_, (k, v))) => Value::Tuple(vec![k, v]),
                None => return Err(EvalError::new(ErrorKind::KeyError, "'popitem(): dictionary is empty'", span)),
            }
        }
        "setdefault" => {
            let k = c.pos.first().cloned().unwrap_or(Value::None);
            let existing = d.borrow().get(&k, span)?;
            match existing {
                Some(v) => v,
                None => {
                    let v = c.pos.get(1).cloned().unwrap_or(Value::None);
                    d.borrow_mut().insert(k, v.clone(), span)?;
                    v
                }
            }
        }
        "update" => {
            if let Some(src) = c.pos.first() {
                let pairs: Vec<(Value, Value)> = match src {
                    Value::Dict(o) => o.borrow().items(),
                    other => {
                        let mut v = vec![];
                        for p in it.items_of(other, span)? {
                            let kv = it.items_of(&p, span)?;
                            if kv.len() != 2 {
                                return Err(EvalError::new(ErrorKind::ValueError, format!("dictionary update sequence element #{} has length {}; 2 is required", v.len(), kv.len()), span));
                            }
                            v.push((kv[0].clone(), kv[1].clone()));
                        }
                        v
                    }
                };
                for (k, v) in pairs {
                    d.borrow_mut().insert(k, v, span)?;
                }
            }
            for (k, v) in c.kw {
                d.borrow_mut().insert_str(k, v);
            }
            Value::None
        }
        "copy" => Value::Dict(Rc::new(RefCell::new(d.borrow().clone()))),
        "clear" => {
            d.borrow_mut().map.clear();
            Value::None
        }
        _ => return Err(no_attr("dict", name, span)),
    })
}

fn set_method(it: &mut Interp, d: &Rc<RefCell<PyDict>>, name: &str, c: Call) -> EvalResult<Value> {
    let span = c.span;
    // Every positional argument's items (union/intersection take several).
    let others = |it: &mut Interp, c: &Call| -> EvalResult<Vec<PyDict>> {
        let mut all = Vec::new();
        for arg in &c.pos {
            let mut o = PyDict::default();
            for x in it.items_of(arg, span)? {
                o.insert(x, Value::None, span)?;
            }
            all.push(o);
        }
        Ok(all)
    };
    let other = |it: &mut Interp, c: &Call| -> EvalResult<PyDict> {
        let mut o = PyDict::default();
        for x in it.items_of(c.pos.first().unwrap_or(&Value::Tuple(vec![])), span)? {
            o.insert(x, Value::None, span)?;
        }
        Ok(o)
    };
    let new = |p: PyDict| Value::Set(Rc::new(RefCell::new(p)));
    Ok(match name {
        "add" => {
            let v = c.pos.first().cloned().unwrap_or(Value::None);
            d.borrow_mut().insert(v, Value::None, span)?;
            Value::None
        }
        "discard" => {
            let v = c.pos.first().cloned().unwrap_or(Value::None);
            d.borrow_mut().remove(&v, span)?;
            Value::None
        }
        "remove" => {
            let v = c.pos.first().cloned().unwrap_or(Value::None);
            if d.borrow_mut().remove(&v, span)?.is_none() {
                return Err(super::dict::key_error(&v, span));
            }
            Value::None
        }
        "pop" => {
            let first = d.borrow().set_order().into_iter().next();
            match first {
                Some(v) => {
                    d.borrow_mut().remove(&v, span)?;
                    v
                }
                None => return Err(EvalError::new(ErrorKind::KeyError, "'pop from an empty set'", span)),
            }
        }
        "update" => {
            for o in others(it, &c)? {
                for (k, v) in o.map {
                    d.borrow_mut().map.entry(k).or_insert(v);
                }
            }
            Value::None
        }
        "intersection_update" | "difference_update" | "symmetric_difference_update" => {
            let os = others(it, &c)?;
            let mut me = d.borrow_mut();
            for o in os {
                match name {
                    "intersection_update" => me.map.retain(|k, _| o.map.contains_key(k)),
                    "difference_update" => me.map.retain(|k, _| !o.map.contains_key(k)),
                    _ => {
                        for (k, v) in o.map {
                            if me.map.shift_remove(&k).is_none() {
                                me.map.insert(k, v);
                            }
                        }
                    }
                }
            }
            Value::None
        }
        "union" | "intersection" | "difference" if c.pos.len() > 1 => {
            let mut acc = d.borrow().clone();
            for o in others(it, &c)? {
                acc.map = match name {
                    "union" => {
                        let mut m = acc.map;
                        for (k, v) in o.map {
                            m.entry(k).or_insert(v);
                        }
                        m
                    }
                    "intersection" => acc.map.into_iter().filter(|(k, _)| o.map.contains_key(k)).collect(),
                    _ => acc.map.into_iter().filter(|(k, _)| !o.map.contains_key(k)).collect(),
                };
            }
            new(acc)
        }
        "union" | "intersection" | "difference" | "symmetric_difference" | "issubset" | "issuperset" | "isdisjoint" => {
            let o = other(it, &c)?;
            let me = d.borrow();
            let mut out = PyDict::default();
            match name {
                "union" => {
                    out = me.clone();
                    for (k, v) in o.map {
                        out.map.entry(k).or_insert(v);
                    }
                }
                "intersection" => out.map = me.map.iter().filter(|(k, _)| o.map.contains_key(*k)).map(|(k, v)| (k.clone(), v.clone())).collect(),
                "difference" => out.map = me.map.iter().filter(|(k, _)| !o.map.contains_key(*k)).map(|(k, v)| (k.clone(), v.clone())).collect(),
                "symmetric_difference" => {
                    out.map = me.map.iter().filter(|(k, _)| !o.map.contains_key(*k)).map(|(k, v)| (k.clone(), v.clone())).collect();
                    for (k, v) in o.map.iter() {
                        if !me.map.contains_key(k) {
                            out.map.insert(k.clone(), v.clone());
                        }
                    }
                }
                "isdisjoint" => return Ok(Value::Bool(!me.map.keys().any(|k| o.map.contains_key(k)))),
                "issubset" => return Ok(Value::Bool(me.map.keys().all(|k| o.map.contains_key(k)))),
                _ => return Ok(Value::Bool(o.map.keys().all(|k| me.map.contains_key(k)))),
            }
            new(out)
        }
        "copy" => new(d.borrow().clone()),
        "clear" => {
            d.borrow_mut().map.clear();
            Value::None
        }
        _ => return Err(no_attr("set", name, span)),
    })
}

fn tuple_method(items: &[Value], name: &str, c: Call) -> EvalResult<Value> {
    let v = c.pos.first().cloned().unwrap_or(Value::None);
    match name {
        "count" => Ok(Value::Int(items.iter().filter(|x| super::compare::py_eq(x, &v)).count() as i64)),
        "index" => match items.iter().position(|x| super::compare::py_eq(x, &v)) {
            Some(p) => Ok(Value::Int(p as i64)),
            None => Err(EvalError::new(ErrorKind::ValueError, "tuple.index(x): x not in tuple", c.span)),
        },
        _ => Err(no_attr("tuple", name, c.span)),
    }
}

/// How many positional arguments a method takes, as CPython declares it:
/// none, exactly one, or a range (`name expected at least/most …`).
fn arity(ty: &str, name: &str) -> Option<(usize, usize)> {
    let none = ["upper", "lower", "title", "capitalize", "swapcase", "casefold", "isdigit", "isalpha", "isalnum", "isspace", "isupper",
        "islower", "isnumeric", "isdecimal", "isidentifier", "isascii", "isprintable", "istitle", "reverse", "copy", "clear", "popitem",
        "keys", "values", "items"];
    let one = ["append", "remove", "add", "discard", "zfill", "removeprefix", "removesuffix", "partition", "rpartition", "join"];
    if none.contains(&name) && !(ty == "set" && name == "pop") {
        return Some((0, 0));
    }
    if one.contains(&name) || (ty == "list" && name == "count") || (ty == "tuple" && name == "count") {
        return Some((1, 1));
    }
    Some(match (ty, name) {
        ("dict", "get") | ("dict", "setdefault") => (1, 2),
        ("dict", "pop") => (1, 2),
        ("list", "pop") => (0, 1),
        ("list", "insert") => (2, 2),
        ("str", "replace") => (2, 3),
        ("str", "split" | "rsplit") => (0, 2),
        ("str", "strip" | "lstrip" | "rstrip") => (0, 1),
        ("str", "ljust" | "rjust" | "center") => (1, 2),
        ("str", "find" | "rfind" | "index" | "rindex" | "count" | "startswith" | "endswith") => (1, 3),
        ("str", "expandtabs") => (0, 1),
        _ => return None,
    })
}

fn check_arity(recv: &Value, name: &str, c: &Call) -> EvalResult<()> {
    let ty = recv.type_name();
    let Some((min, max)) = arity(ty, name) else { return Ok(()) };
    let n = c.pos.len();
    if (min..=max).contains(&n) {
        return Ok(());
    }
    let msg = match (min, max) {
        (0, 0) => format!("{ty}.{name}() takes no arguments ({n} given)"),
        (1, 1) => format!("{ty}.{name}() takes exactly one argument ({n} given)"),
        _ if n < min => format!("{name} expected at least {min} argument{}, got {n}", if min == 1 { "" } else { "s" }),
        _ => format!("{name} expected at most {max} argument{}, got {n}", if max == 1 { "" } else { "s" }),
    };
    Err(EvalError::type_error(msg, c.span))
}

/// Calls method `name` of the Python value `recv`.
pub fn call_method(it: &mut Interp, recv: &Value, name: &str, pos: Vec<Value>, kw: Vec<(String, Value)>, span: Span) -> EvalResult<Value> {
    let c = Call { name: "method", pos, kw, span };
    check_arity(recv, name, &c)?;
    match recv {
        Value::Str(s) => str_method(it, s, name, c),
        Value::List(l) => list_method(it, l, name, c),
        Value::Dict(d) => dict_method(it, d, name, c),
        Value::Set(d) => set_method(it, d, name, c),
        Value::Tuple(xs) => tuple_method(xs, name, c),
        Value::Size(xs) if name == "numel" => Ok(Value::Int(xs.iter().product::<usize>() as i64)),
        Value::Range(a, b, st) if name == "index" || name == "count" => {
            let n = super::seq::range_len(*a, *b, *st);
            let x = c.pos.first().and_then(|v| match v {
                Value::Int(i) => Some(*i),
                Value::Bool(b) => Some(*b as i64),
                _ => None,
            });
            let k = x.filter(|x| (x - a) % st == 0 && (0..n).contains(&((x - a) / st))).map(|x| (x - a) / st);
            match (name, k) {
                ("count", k) => Ok(Value::Int(k.is_some() as i64)),
                (_, Some(k)) => Ok(Value::Int(k)),
                _ => Err(EvalError::new(ErrorKind::ValueError, format!("{} is not in range", c.pos.first().map(super::repr::repr).unwrap_or_default()), span)),
            }
        }
        Value::Float(f) => match name {
            "is_integer" => Ok(Value::Bool(f.is_finite() && f.fract() == 0.0)),
            "conjugate" => Ok(Value::Float(*f)),
            "hex" | "as_integer_ratio" => Err(EvalError::new(ErrorKind::NotImplementedError, format!("tsr does not implement float.{name}()"), span)),
            _ => Err(no_attr("float", name, span)),
        },
        Value::Int(_) | Value::Bool(_) => {
            let i = recv.as_scalar().map(|s| s.as_i64()).unwrap_or(0);
            match name {
                "bit_length" => Ok(Value::Int(64 - i.unsigned_abs().leading_zeros() as i64)),
                "bit_count" => Ok(Value::Int(i.unsigned_abs().count_ones() as i64)),
                "conjugate" => Ok(Value::Int(i)),
                _ => Err(no_attr(recv.type_name(), name, span)),
            }
        }
        Value::Size(xs) => tuple_method(&xs.iter().map(|&x| Value::Int(x as i64)).collect::<Vec<_>>(), name, c),
        other => Err(no_attr(other.type_name(), name, span)),
    }
}
