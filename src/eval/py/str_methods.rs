//! Methods of Python's `str` values (`"a,b".split(",")`, `.format`,
//! `.ljust`, ...), with CPython's argument errors.

use std::cell::RefCell;
use std::rc::Rc;

use crate::engine::ErrorKind;

use super::super::error::{EvalError, EvalResult};
use super::super::interp::Interp;
use super::super::value::{PyDict, Value};
use super::builtins::Call;
use super::methods::no_attr;
use super::repr::str;

fn str_arg<'a>(c: &'a Call, i: usize, what: &str) -> EvalResult<Option<&'a str>> {
    match c.pos.get(i) {
        None | Some(Value::None) => Ok(None),
        Some(Value::Str(s)) => Ok(Some(s)),
        Some(v) => Err(EvalError::type_error(format!("{what} must be str or None, not {}", v.type_name()), c.span)),
    }
}

pub(super) fn int_at(c: &Call, i: usize, default: i64) -> EvalResult<i64> {
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

pub(super) fn str_method(it: &mut Interp, s: &str, name: &str, c: Call) -> EvalResult<Value> {
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
