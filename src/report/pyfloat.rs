//! Python's text for numbers: `repr(float)` (shortest round trip, as
//! CPython) and a scalar as Python prints it. Plain formatting that reports
//! use for the values they carry, and that the renderers build on.

use crate::engine::Scalar;

/// Python's `repr(float)`: the shortest digits that round-trip (ties
/// between two shortest candidates go to the even one, as CPython's dtoa),
/// fixed notation for exponents -4..16 (`1.0`, `0.0001`), else `1e+16`,
/// `1.5e-05`, and `inf`/`nan`.
pub fn py_float(f: f64) -> String {
    if f.is_nan() {
        return "nan".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "inf".into() } else { "-inf".into() };
    }
    if f == 0.0 {
        return if f.is_sign_negative() { "-0.0".into() } else { "0.0".into() };
    }
    // Rust's shortest form fixes how many digits are needed; the exactly
    // rounded form with that many digits breaks ties to even.
    let short = format!("{:e}", f.abs());
    let ndig = short.split('e').next().unwrap_or("").chars().filter(|c| c.is_ascii_digit()).count().max(1);
    let exact = format!("{:.*e}", ndig - 1, f.abs());
    let chosen = if exact.parse::<f64>().ok() == Some(f.abs()) { exact } else { short };
    let (mant, exp) = chosen.split_once('e').unwrap_or((&chosen, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let digits: String = mant.chars().filter(|c| c.is_ascii_digit()).collect();
    let digits = digits.trim_end_matches('0');
    let digits = if digits.is_empty() { "0" } else { digits };
    let sign = if f < 0.0 { "-" } else { "" };
    let n = digits.len() as i32;
    if !(-4..16).contains(&exp) {
        let rest = &digits[1..];
        let m = if rest.is_empty() { digits[..1].to_string() } else { format!("{}.{rest}", &digits[..1]) };
        let es = if exp < 0 { '-' } else { '+' };
        return format!("{sign}{m}e{es}{:02}", exp.abs());
    }
    if exp < 0 {
        return format!("{sign}0.{}{digits}", "0".repeat((-exp - 1) as usize));
    }
    if exp + 1 >= n {
        return format!("{sign}{digits}{}.0", "0".repeat((exp + 1 - n) as usize));
    }
    let (int, frac) = digits.split_at((exp + 1) as usize);
    format!("{sign}{int}.{frac}")
}

pub fn scalar_text(s: Scalar) -> String {
    match s {
        Scalar::Bool(b) => if b { "True" } else { "False" }.into(),
        Scalar::Int(i) => i.to_string(),
        Scalar::Float(f) => py_float(f),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_print_like_python() {
        assert_eq!(py_float(1.0), "1.0");
        assert_eq!(py_float(0.1), "0.1");
        assert_eq!(py_float(1e20), "1e+20");
        assert_eq!(py_float(1.5e-5), "1.5e-05");
        assert_eq!(py_float(-0.0), "-0.0");
        assert_eq!(py_float(123456.5), "123456.5");
        // Ties between two shortest candidates go to the even digit, as CPython.
        assert_eq!(py_float(1.0 + 2f64.powi(-17)), "1.0000076293945312");
        assert_eq!(py_float(1e15 + 0.3), "1000000000000000.2");
        assert_eq!(py_float(1e16), "1e+16");
        assert_eq!(py_float(0.0001), "0.0001");
        assert_eq!(py_float(0.00001), "1e-05");
        assert_eq!(py_float(-2.5e-7), "-2.5e-07");
        assert_eq!(py_float(123456789012345.6), "123456789012345.6");
        assert_eq!(py_float(5e-324), "5e-324");
        assert_eq!(py_float(1.7976931348623157e308), "1.7976931348623157e+308");
    }
}
