//! Stress tests of the lexer and parser: nesting limits, bounded tree
//! height and stack use, linear time on huge inputs, and no panics on token
//! soups and random bytes.

use std::time::{Duration, Instant};

use super::{expr, s, stmt, stmts};
use crate::lang::ast::*;
use crate::lang::parser::MAX_DEPTH;
use crate::lang::span::Span;
use crate::lang::{is_complete, parse_program};

/// Height of an expression tree (for the nesting-limit tests).
fn height(e: &Expr) -> usize {
    let kids: Vec<&Expr> = match &e.kind {
        ExprKind::Attr { obj, .. } => vec![obj],
        ExprKind::Call { func, args } => std::iter::once(&**func)
            .chain(args.iter().map(|a| &a.value))
            .collect(),
        ExprKind::Index { obj, items } => {
            let mut v = vec![&**obj];
            for i in items {
                match i {
                    IndexItem::Expr(e) => v.push(e),
                    IndexItem::Slice {
                        start, stop, step, ..
                    } => v.extend([start, stop, step].into_iter().flatten()),
                }
            }
            v
        }
        ExprKind::Unary { operand, .. } => vec![operand],
        ExprKind::Binary { lhs, rhs, .. }
        | ExprKind::Compare { lhs, rhs, .. }
        | ExprKind::Logic { lhs, rhs, .. } => {
            vec![lhs, rhs]
        }
        ExprKind::Tuple(items) | ExprKind::List(items) => items.iter().collect(),
        _ => vec![],
    };
    1 + kids.into_iter().map(height).max().unwrap_or(0)
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let t = Instant::now();
    let src = "(".repeat(100_000);
    let r = parse_program(&src);
    assert_eq!(r.len(), 1);
    let e = r[0].as_ref().unwrap_err();
    assert_eq!(e.message, "expression nested too deeply (limit 200)");
    assert_eq!(e.span, Span::new(200, 201));

    for src in [
        format!("x = {}1", "-".repeat(100_000)),
        format!("x = {}1", "not ".repeat(10_000)),
        format!("x = 2{}", " ** 2".repeat(10_000)),
        format!("x = {}", "f(".repeat(10_000)),
        format!("x = y{}", "[0]".repeat(10_000)),
        format!("x = y{}", ".t()".repeat(10_000)),
        format!("x = 1{}", " + 1".repeat(100_000)),
        format!("{}\n", "[".repeat(50_000)),
    ] {
        let r = parse_program(&src);
        assert_eq!(r.len(), 1);
        assert_eq!(
            r[0].as_ref().unwrap_err().message,
            "expression nested too deeply (limit 200)"
        );
    }
    // Just within the limit is fine.
    let src = format!("{}1{}", "(".repeat(199), ")".repeat(199));
    assert_eq!(s(&src), "1");
    assert!(t.elapsed() < Duration::from_secs(10));

    let mut nested = String::from("x = 1");
    for level in 1..=205 {
        nested = format!(
            "with a:\n{}",
            nested
                .lines()
                .map(|l| format!("  {l}\n"))
                .collect::<String>()
        );
        if level == 150 {
            assert!(parse_program(&nested)[0].is_ok());
        }
    }
    assert!(
        parse_program(&nested)[0]
            .as_ref()
            .unwrap_err()
            .message
            .contains("nested too deeply")
    );
}

#[test]
fn tree_height_is_bounded() {
    // Whatever parses has a bounded height, so recursive passes are safe.
    for src in [
        format!("1{}", " + 1".repeat(150)),
        format!("x{}", ".t()".repeat(60)),
        format!("{}1{}", "(-".repeat(90), ")".repeat(90)),
        format!("2{}", " ** -2".repeat(60)),
    ] {
        let e = expr(&src);
        assert!(height(&e) <= MAX_DEPTH + 2, "{}", height(&e));
    }
}

#[test]
fn huge_inputs_are_linear() {
    let t = Instant::now();
    let list = format!("x = [{}]", "1, ".repeat(250_000));
    assert!(list.len() > 750_000);
    let StmtKind::Assign { value, .. } = stmt(&list).kind else {
        panic!()
    };
    let ExprKind::List(items) = value.kind else {
        panic!()
    };
    assert_eq!(items.len(), 250_000);

    let long_string = format!("s = '{}'", "a".repeat(1 << 20));
    assert_eq!(stmts(&long_string).len(), 1);

    let garbage_line = "x = ) ".repeat(200_000);
    let r = parse_program(&garbage_line);
    assert_eq!(r.len(), 1);
    assert!(r[0].is_err());

    let many = "y = x + 1;".repeat(100_000);
    assert_eq!(parse_program(&many).len(), 100_000);
    assert!(t.elapsed() < Duration::from_secs(20));
}

/// A small deterministic pseudo-random generator (64-bit LCG).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as usize
    }
}

/// Every result of `parse_program` must point inside the text, on char
/// boundaries; `is_complete` must not panic.
fn check_sane(src: &str) {
    for r in parse_program(src) {
        let span = match &r {
            Ok(st) => st.span,
            Err(e) => e.span,
        };
        assert!(
            span.start <= span.end && span.end <= src.len(),
            "{src:?}: {r:?}"
        );
        assert!(src.get(span.start..span.end).is_some(), "{src:?}: {r:?}");
        if let Ok(st) = &r {
            assert!(!span.text(src).trim().is_empty(), "{src:?}: {st:?}");
        }
    }
    let _ = is_complete(src);
}

#[test]
fn token_soup_never_panics() {
    const PIECES: &[&str] = &[
        "x", "y", "print", "inspect", "share", "torch", "1", "0x1f", "1.5", "1e", "'s'", "\"", "'",
        "\"\"\"", "(", ")", "[", "]", "{", "}", ",", ":", ";", ".", "...", "=", "+=", "**=", "+",
        "-", "*", "**", "/", "//", "@", "~", "&", "|", "^", "<<", "<", "==", "!=", "is", "not",
        "in", "and", "or", "None", "True", "del", "with", "\n", "\n    ", "\n  ", "\t", " ", "\\",
        "\\\n", "#c", "$", "é", "\r\n", "_", "0_",
    ];
    let mut rng = Lcg(0x5eed);
    for _ in 0..4000 {
        let n = rng.next() % 40;
        let src: String = (0..n).map(|_| PIECES[rng.next() % PIECES.len()]).collect();
        check_sane(&src);
    }
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = Lcg(42);
    for _ in 0..2000 {
        let n = rng.next() % 80;
        let bytes: Vec<u8> = (0..n).map(|_| (rng.next() % 256) as u8).collect();
        check_sane(&String::from_utf8_lossy(&bytes));
        let ascii: String = bytes.iter().map(|b| (b % 128) as char).collect();
        check_sane(&ascii);
    }
}

#[test]
fn stack_use_is_small() {
    // Inputs at the nesting limit parse on a 256 KiB stack, even unoptimised:
    // expressions and `with` blocks are parsed without native recursion.
    let n = MAX_DEPTH - 1;
    let mut with = String::from("x = 1");
    for _ in 0..n {
        with = format!(
            "with a:\n{}",
            with.lines().map(|l| format!(" {l}\n")).collect::<String>()
        );
    }
    let cases = vec![
        format!("{}1{}", "(".repeat(n), ")".repeat(n)),
        format!("{}1{}", "[".repeat(n), "]".repeat(n)),
        format!("{}1{}", "f(k=".repeat(n), ")".repeat(n)),
        format!("{}1{}", "x[1:".repeat(n), "]".repeat(n)),
        format!("print{}1{}", "(".repeat(n), ")".repeat(n)),
        format!("{}1", "-".repeat(n)),
        format!("1{}", " ** -1".repeat(n / 2)),
        format!("{}a = 1", "(".repeat(100_000)),
        with,
    ];
    let oks = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || {
            cases
                .iter()
                .map(|c| parse_program(c)[0].is_ok())
                .collect::<Vec<_>>()
        })
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(oks, [true, true, true, true, true, true, true, false, true]);
}
