//! Tests of the parser (and of lexer + parser together): precedence, spans,
//! every statement form, error messages and spans, error recovery, nesting
//! limits, pathological inputs and `is_complete`. Lexer-only tests live in
//! `tests/lexer.rs`, stress tests (nesting limits, huge and random input) in
//! `tests/robustness.rs`.

mod lexer;
mod robustness;

use super::ast::*;
use super::span::Span;
use super::{ParseError, is_complete, parse_program};

/// A compact S-expression rendering of an expression, for readable asserts.
pub(super) fn sexp(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Int(v) => v.to_string(),
        ExprKind::Float(v) => format!("{v:?}"),
        ExprKind::Bool(b) => b.to_string(),
        ExprKind::None => "None".into(),
        ExprKind::Str(s) => format!("{s:?}"),
        ExprKind::Ellipsis => "...".into(),
        ExprKind::Name(n) => n.clone(),
        ExprKind::Attr { obj, name, .. } => format!("(. {} {name})", sexp(obj)),
        ExprKind::Call { func, args } => {
            let args: Vec<String> = args
                .iter()
                .map(|a| match &a.name {
                    Some((n, _)) => format!("{n}={}", sexp(&a.value)),
                    None => sexp(&a.value),
                })
                .collect();
            format!(
                "(call {}{})",
                sexp(func),
                args.iter().map(|a| format!(" {a}")).collect::<String>()
            )
        }
        ExprKind::Index { obj, items } => {
            let items: Vec<String> = items.iter().map(item).collect();
            format!("(idx {} {})", sexp(obj), items.join(" "))
        }
        ExprKind::Unary { op, operand } => {
            let op = match op {
                UnOp::Neg => "neg",
                UnOp::Pos => "pos",
                UnOp::Invert => "~",
                UnOp::Not => "not",
            };
            format!("({op} {})", sexp(operand))
        }
        ExprKind::Binary { op, lhs, rhs } => {
            format!("({} {} {})", op.symbol(), sexp(lhs), sexp(rhs))
        }
        ExprKind::Compare { op, lhs, rhs } => format!("({op:?} {} {})", sexp(lhs), sexp(rhs)),
        ExprKind::Logic { op, lhs, rhs } => format!("({op:?} {} {})", sexp(lhs), sexp(rhs)),
        ExprKind::Tuple(items) => format!(
            "(tuple{})",
            items
                .iter()
                .map(|i| format!(" {}", sexp(i)))
                .collect::<String>()
        ),
        ExprKind::List(items) => format!(
            "(list{})",
            items
                .iter()
                .map(|i| format!(" {}", sexp(i)))
                .collect::<String>()
        ),
        ExprKind::Chain { operands, ops } => {
            let mut out = sexp(&operands[0]);
            for (op, e) in ops.iter().zip(&operands[1..]) {
                out = format!("{out} {op:?} {}", sexp(e));
            }
            format!("(chain {out})")
        }
        ExprKind::IfExp { test, body, orelse } => format!("(if {} {} {})", sexp(test), sexp(body), sexp(orelse)),
        ExprKind::Starred(e) => format!("(* {})", sexp(e)),
        other => format!("<{}>", format!("{other:?}").split(['(', ' ', '{']).next().unwrap_or("")),
    }
}

fn item(i: &IndexItem) -> String {
    match i {
        IndexItem::Expr(e) => sexp(e),
        IndexItem::Slice {
            start, stop, step, ..
        } => {
            let part = |p: &Option<Expr>| p.as_ref().map(sexp).unwrap_or_default();
            format!("{}:{}:{}", part(start), part(stop), part(step))
        }
    }
}

pub(super) fn stmts(src: &str) -> Vec<Stmt> {
    parse_program(src)
        .into_iter()
        .map(|r| r.unwrap_or_else(|e| panic!("{src:?}: {e:?}")))
        .collect()
}

pub(super) fn stmt(src: &str) -> Stmt {
    let mut all = stmts(src);
    assert_eq!(all.len(), 1, "{src:?}");
    all.remove(0)
}

pub(super) fn expr(src: &str) -> Expr {
    match stmt(src).kind {
        StmtKind::Expr(e) => e,
        other => panic!("not an expression statement: {other:?}"),
    }
}

pub(super) fn s(src: &str) -> String {
    sexp(&expr(src))
}

pub(super) fn err(src: &str) -> ParseError {
    parse_program(src)
        .into_iter()
        .find_map(Result::err)
        .unwrap_or_else(|| panic!("expected an error for {src:?}"))
}

fn target_name(t: &Target) -> String {
    match t {
        Target::Name(n, _) => n.clone(),
        Target::Tuple(items, _) => format!(
            "({})",
            items.iter().map(target_name).collect::<Vec<_>>().join(",")
        ),
        Target::Index { obj, items, .. } => format!(
            "{}[{}]",
            sexp(obj),
            items.iter().map(item).collect::<Vec<_>>().join(",")
        ),
        Target::Attr { obj, name, .. } => format!("{}.{name}", sexp(obj)),
        Target::Starred(t, _) => format!("*{}", target_name(t)),
    }
}

#[test]
fn arithmetic_precedence() {
    assert_eq!(s("1 + 2 * 3 ** 2"), "(+ 1 (* 2 (** 3 2)))");
    assert_eq!(s("-2 ** 2"), "(neg (** 2 2))");
    assert_eq!(s("2 ** -1"), "(** 2 (neg 1))");
    assert_eq!(s("2 ** 3 ** 2"), "(** 2 (** 3 2))");
    assert_eq!(s("2 ** -x ** 2"), "(** 2 (neg (** x 2)))");
    assert_eq!(s("-x * 2"), "(* (neg x) 2)");
    assert_eq!(s("a @ b + c"), "(+ (@ a b) c)");
    assert_eq!(s("a - b - c"), "(- (- a b) c)");
    assert_eq!(s("a / b // c % d"), "(% (// (/ a b) c) d)");
    assert_eq!(s("~a + +b"), "(+ (~ a) (pos b))");
    assert_eq!(s("--x"), "(neg (neg x))");
    assert_eq!(s("(1 + 2) * 3"), "(* (+ 1 2) 3)");
    assert_eq!(s("2 ** 3 * 4"), "(* (** 2 3) 4)");
}

#[test]
fn bitwise_comparison_and_logic_precedence() {
    assert_eq!(s("x & y | z"), "(| (& x y) z)");
    assert_eq!(s("a | b ^ c & d"), "(| a (^ b (& c d)))");
    assert_eq!(s("a << 1 + 2"), "(<< a (+ 1 2))");
    assert_eq!(s("a + 1 >> 2"), "(>> (+ a 1) 2)");
    assert_eq!(s("not a == b"), "(not (Eq a b))");
    assert_eq!(s("a < b | c"), "(Lt a (| b c))");
    assert_eq!(s("a or b and c"), "(Or a (And b c))");
    assert_eq!(s("a and not b or c"), "(Or (And a (not b)) c)");
    assert_eq!(s("not not a"), "(not (not a))");
    assert_eq!(s("a is None"), "(Is a None)");
    assert_eq!(s("a is not None"), "(IsNot a None)");
    assert_eq!(s("a != b and a <= c"), "(And (Ne a b) (Le a c))");
    assert_eq!(s("(a < b) < c"), "(Lt (Lt a b) c)");
}

#[test]
fn atoms_and_literals() {
    assert_eq!(s("42"), "42");
    assert_eq!(s("1.5"), "1.5");
    assert_eq!(s("True"), "true");
    assert_eq!(s("None"), "None");
    assert_eq!(s("'a' \"b\""), "\"ab\"");
    assert_eq!(s("..."), "...");
    assert_eq!(s("()"), "(tuple)");
    assert_eq!(s("(a,)"), "(tuple a)");
    assert_eq!(s("(a, b,)"), "(tuple a b)");
    assert_eq!(s("[]"), "(list)");
    assert_eq!(s("[1, [2, 3],]"), "(list 1 (list 2 3))");
    assert_eq!(s("a, b"), "(tuple a b)");
    assert_eq!(s("a,"), "(tuple a)");
    assert_eq!(s("(a)"), "a");
}

#[test]
fn postfix_calls_attributes_indexing() {
    assert_eq!(
        s("torch.arange(12).view(3, 4)"),
        "(call (. (call (. torch arange) 12) view) 3 4)"
    );
    assert_eq!(s("f(a, b, k=v, dim=-1,)"), "(call f a b k=v dim=(neg 1))");
    assert_eq!(s("f()"), "(call f)");
    assert_eq!(s("x.t().T"), "(. (call (. x t)) T)");
    assert_eq!(
        s("x[i, 1:3, ::2, None, ..., -1]"),
        "(idx x i 1:3: ::2 None ... (neg 1))"
    );
    assert_eq!(s("x[:]"), "(idx x ::)");
    assert_eq!(s("x[::]"), "(idx x ::)");
    assert_eq!(s("x[a:]"), "(idx x a::)");
    assert_eq!(s("x[:b:c]"), "(idx x :b:c)");
    // A trailing comma makes a one-item tuple, as in Python.
    assert_eq!(s("x[1,]"), "(idx x (tuple 1))");
    assert_eq!(s("x[(1, 2)]"), "(idx x (tuple 1 2))");
    assert_eq!(s("x[0][1]"), "(idx (idx x 0) 1)");
    assert_eq!(s("(a + b).sum()"), "(call (. (+ a b) sum))");
    assert_eq!(s("-x.abs()"), "(neg (call (. x abs)))");
}

#[test]
fn spans_cover_source_text() {
    let src = "x.t().view(12)";
    let e = expr(src);
    assert_eq!(e.span, Span::new(0, 14));
    let ExprKind::Call { func, args } = &e.kind else {
        panic!()
    };
    assert_eq!(func.span.text(src), "x.t().view");
    assert_eq!(args[0].value.span.text(src), "12");
    let ExprKind::Attr { obj, name_span, .. } = &func.kind else {
        panic!()
    };
    assert_eq!(name_span.text(src), "view");
    assert_eq!(obj.span.text(src), "x.t()");

    let src = "y = (a + b) * c  # comment";
    let st = stmt(src);
    assert_eq!(st.span.text(src), "y = (a + b) * c");
    let StmtKind::Assign { targets, value } = &st.kind else {
        panic!()
    };
    assert_eq!(targets[0].span().text(src), "y");
    assert_eq!(value.span.text(src), "(a + b) * c");
    let ExprKind::Binary { lhs, .. } = &value.kind else {
        panic!()
    };
    assert_eq!(lhs.span.text(src), "(a + b)");

    let src = "z = x[1:3, ::2]";
    let StmtKind::Assign { value, .. } = stmt(src).kind else {
        panic!()
    };
    let ExprKind::Index { items, .. } = &value.kind else {
        panic!()
    };
    let IndexItem::Slice { span, .. } = &items[1] else {
        panic!()
    };
    assert_eq!(span.text(src), "::2");
    let IndexItem::Slice { span, .. } = &items[0] else {
        panic!()
    };
    assert_eq!(span.text(src), "1:3");

    let src = "a = 1;  b = -2 ** 2 ;c";
    let all = stmts(src);
    assert_eq!(all[0].span.text(src), "a = 1");
    assert_eq!(all[1].span.text(src), "b = -2 ** 2");
    assert_eq!(all[2].span.text(src), "c");
    let src = "f(k = 1)";
    let ExprKind::Call { args, .. } = expr(src).kind else {
        panic!()
    };
    assert_eq!(args[0].name.as_ref().unwrap().1.text(src), "k");
    assert_eq!(args[0].value.span.text(src), "1");
}

#[test]
fn assignments() {
    let StmtKind::Assign { targets, value } = stmt("x = 1, 2").kind else {
        panic!()
    };
    assert_eq!(targets.iter().map(target_name).collect::<Vec<_>>(), ["x"]);
    assert_eq!(sexp(&value), "(tuple 1 2)");

    let StmtKind::Assign { targets, value } = stmt("a = b = x * 2").kind else {
        panic!()
    };
    assert_eq!(
        targets.iter().map(target_name).collect::<Vec<_>>(),
        ["a", "b"]
    );
    assert_eq!(sexp(&value), "(* x 2)");

    for (src, want) in [
        ("a, b = t", "(a,b)"),
        ("(a, b) = t", "(a,b)"),
        ("[a, (b, c)] = t", "(a,(b,c))"),
        ("a, = t", "(a)"),
        ("x[0, 1:] = 5", "x[0,1::]"),
        ("x.grad = None", "x.grad"),
        ("y.t()[0] = 1", "(call (. y t))[0]"),
        ("(a) = 1", "a"),
    ] {
        let StmtKind::Assign { targets, .. } = stmt(src).kind else {
            panic!("{src}")
        };
        assert_eq!(target_name(&targets[0]), want, "{src}");
    }
    let src = "a, b = t";
    let StmtKind::Assign { targets, .. } = stmt(src).kind else {
        panic!()
    };
    assert_eq!(targets[0].span().text(src), "a, b");
}

#[test]
fn augmented_assignments() {
    let ops = [
        ("+=", BinOp::Add),
        ("-=", BinOp::Sub),
        ("*=", BinOp::Mul),
        ("/=", BinOp::Div),
        ("//=", BinOp::FloorDiv),
        ("%=", BinOp::Mod),
        ("**=", BinOp::Pow),
        ("@=", BinOp::MatMul),
        ("&=", BinOp::BitAnd),
        ("|=", BinOp::BitOr),
        ("^=", BinOp::BitXor),
        ("<<=", BinOp::Shl),
        (">>=", BinOp::Shr),
    ];
    for (sym, want) in ops {
        let src = format!("y {sym} x + 1");
        let StmtKind::AugAssign { target, op, value } = stmt(&src).kind else {
            panic!("{src}")
        };
        assert_eq!(op, want);
        assert_eq!(target_name(&target), "y");
        assert_eq!(sexp(&value), "(+ x 1)");
    }
    let StmtKind::AugAssign { target, .. } = stmt("x[0] += 1").kind else {
        panic!()
    };
    assert_eq!(target_name(&target), "x[0]");
    let StmtKind::AugAssign { target, .. } = stmt("x.data *= 2").kind else {
        panic!()
    };
    assert_eq!(target_name(&target), "x.data");
    assert_eq!(
        err("a, b += 1").message,
        "'tuple' is an illegal expression for augmented assignment"
    );
    assert_eq!(
        err("f() += 1").message,
        "'function call' is an illegal expression for augmented assignment"
    );
}

#[test]
fn invalid_targets() {
    let e = err("f(x) = 1");
    assert_eq!(e.message, "cannot assign to function call");
    assert_eq!(e.span, Span::new(0, 4));
    assert_eq!(err("1 = x").message, "cannot assign to literal");
    assert_eq!(err("'s' = x").message, "cannot assign to literal");
    assert_eq!(err("None = x").message, "cannot assign to None");
    assert_eq!(err("a + b = x").message, "cannot assign to expression");
    assert_eq!(err("a < b = x").message, "cannot assign to comparison");
    let src = "a, f() = x";
    let e = err(src);
    assert_eq!(e.message, "cannot assign to function call");
    assert_eq!(e.span.text(src), "f()");
    assert_eq!(err("del f()").message, "cannot delete function call");
    assert_eq!(err("x = 1 = y").message, "cannot assign to literal");
}

#[test]
fn del_statement() {
    let src = "del a, b[0], c.d";
    let st = stmt(src);
    assert_eq!(st.span.text(src), src);
    let StmtKind::Del(targets) = st.kind else {
        panic!()
    };
    assert_eq!(
        targets.iter().map(target_name).collect::<Vec<_>>(),
        ["a", "b[0]", "c.d"]
    );
    assert_eq!(err("del").message, "unexpected end of input");
}

#[test]
fn report_statements() {
    let report = |src: &str| match stmt(src).kind {
        StmtKind::Report { keyword, args, .. } => {
            (keyword, args.iter().map(sexp).collect::<Vec<_>>())
        }
        other => panic!("{src}: {other:?}"),
    };
    // `print(...)` is Python's print function; `print x` is the report.
    assert_eq!(s("print(x, y)"), "(call print x y)");
    assert_eq!(s("print()"), "(call print)");
    assert_eq!(report("print x, y").1, ["x", "y"]);
    assert_eq!(report("inspect(x, y)").1, ["x", "y"]);
    assert_eq!(s("map(f, xs)"), "(call map f xs)");
    assert_eq!(report("inspect x, y.t()").1, ["x", "(call (. y t))"]);
    assert_eq!(report("share").1, Vec::<String>::new());
    assert_eq!(report("storage -x").1, ["(neg x)"]);
    assert_eq!(report("timeit x @ y").1, ["(@ x y)"]);

    let src = ";inspect  x ; share";
    let all = stmts(src);
    let StmtKind::Report { keyword_span, .. } = &all[0].kind else {
        panic!()
    };
    assert_eq!(keyword_span.text(src), "inspect");
    assert_eq!(all[0].span.text(src), "inspect  x");
    assert_eq!(all[1].span.text(src), "share");

    // Not reports: assignment, attribute, indexing, tuple, plain names.
    assert!(matches!(stmt("print = 3").kind, StmtKind::Assign { .. }));
    assert!(matches!(stmt("map += 1").kind, StmtKind::AugAssign { .. }));
    assert_eq!(s("inspect.foo"), "(. inspect foo)");
    assert_eq!(s("mem[0]"), "(idx mem 0)");
    assert!(matches!(
        stmt("diff, b = 1, 2").kind,
        StmtKind::Assign { .. }
    ));
    assert_eq!(s("inspector"), "inspector");
}

#[test]
fn with_blocks() {
    let src = "with no_grad(): y = x * 2; z = y + 1\nw = 3";
    let all = stmts(src);
    assert_eq!(all.len(), 2);
    let StmtKind::With { context, body, .. } = &all[0].kind else {
        panic!()
    };
    assert_eq!(sexp(context), "(call no_grad)");
    assert_eq!(body.len(), 2);
    assert_eq!(
        all[0].span.text(src),
        "with no_grad(): y = x * 2; z = y + 1"
    );

    let src = "with no_grad():\n    y = x * 2\n\n    # note\n    z = y\nw = 1\n";
    let all = stmts(src);
    assert_eq!(all.len(), 2);
    let StmtKind::With { body, .. } = &all[0].kind else {
        panic!()
    };
    assert_eq!(body.len(), 2);
    assert_eq!(
        all[0].span.text(src),
        "with no_grad():\n    y = x * 2\n\n    # note\n    z = y"
    );

    let src = "with a():\n  with b():\n      x = 1\n  y = 2\nz = 3";
    let all = stmts(src);
    assert_eq!(all.len(), 2);
    let StmtKind::With { body, .. } = &all[0].kind else {
        panic!()
    };
    assert_eq!(body.len(), 2);
    let StmtKind::With { body: inner, .. } = &body[0].kind else {
        panic!()
    };
    assert_eq!(inner.len(), 1);

    // A block may end at the end of the text.
    let StmtKind::With { body, .. } = stmt("with g():\n\tx = 1").kind else {
        panic!()
    };
    assert_eq!(body.len(), 1);
}

#[test]
fn with_errors() {
    assert_eq!(
        err("with a:\nx = 1").message,
        "IndentationError: expected an indented block after 'with' statement on line 1"
    );
    assert_eq!(
        err("with a:").message,
        "IndentationError: expected an indented block after 'with' statement on line 1"
    );
    assert_eq!(err("with a x: y").message, "expected ':'");
    assert_eq!(err("with a: ;").message, "unexpected token ';'");
    assert!(
        err("with a: with b: c")
            .message
            .contains("cannot follow ':'")
    );
    // A broken header skips its block; the next statement is still parsed.
    let r = parse_program("with a b:\n    x = 1\n    y = 2\nz = 3");
    assert_eq!(r.len(), 2);
    assert!(r[0].is_err() && r[1].is_ok());
    // A body's first error is the block's (Python reports one); the rest
    // of the program is still parsed.
    let r = parse_program("with a:\n    x = )\n    y = 1\n    z = $\nw = 2");
    assert_eq!(r.len(), 2, "{r:?}");
    assert!(r[0].is_err() && r[1].is_ok());
}

#[test]
fn indentation_errors() {
    let src = "x = 1\n  y = 2\n  y = 3\nz = 4";
    let r = parse_program(src);
    assert_eq!(r.len(), 3);
    let e = r[1].as_ref().unwrap_err();
    assert_eq!(e.message, "unexpected indent");
    assert_eq!(e.span.text(src), "y");
    assert!(r[0].is_ok() && r[2].is_ok());
    // Blank and comment-only lines are never indentation errors.
    assert_eq!(stmts("x = 1\n      \n   # c\n\ny = 2\n").len(), 2);
    let r = parse_program("with a:\n        x = 1\n    y = 2\n");
    assert!(
        r.iter()
            .any(|r| r.as_ref().is_err_and(|e| e.message.contains("unindent")))
    );
}

#[test]
fn syntax_errors_and_spans() {
    let cases: &[(&str, &str, &str)] = &[
        ("b = )", "unexpected token ')'", ")"),
        ("a b", "unexpected token 'b'", "b"),
        ("x = (1, 2", "'(' was never closed", "("),
        (
            "x = [1, 2)",
            "closing parenthesis ')' does not match opening parenthesis '['",
            ")",
        ),
        ("f(a b)", "expected ',' or ')'", "b"),
        ("(a b)", "expected ',' or ')'", "b"),
        ("x = 'abc", "unterminated string literal", "'abc"),
        ("x = $", "invalid character '$'", "$"),
        (
            "x = 99999999999999999999",
            "integer literal too large",
            "99999999999999999999",
        ),
        (
            "f(k=1, 2)",
            "positional argument follows keyword argument",
            "2",
        ),
        ("f(k=1, k=2)", "keyword argument repeated: k", "k"),
        ("x.1", "unexpected token '.1'", ".1"),
        ("x.not", "expected an attribute name after '.'", "not"),
        ("a + not b", "unexpected token 'not'", "not"),
        ("x[]", "expected an index", "]"),
        ("class A: pass", "tsr does not support class definitions", "class"),
        ("def f():\n    yield 1", "tsr does not support generator functions ('yield')", "yield"),
        ("%timeit x @ y", "'%timeit' is an IPython magic, which tsr does not support", "%timeit"),
        ("@d\nx = 1", "unexpected token 'x'", "x"),
    ];
    for (src, message, text) in cases {
        let e = err(src);
        assert_eq!(&e.message, message, "{src}");
        assert_eq!(e.span.text(src), *text, "{src}");
    }
    let e = err("x = ");
    assert_eq!(e.message, "unexpected end of input");
    assert_eq!(e.span, Span::new(4, 4));
    assert_eq!(err("x = \ny = 1").message, "unexpected end of line");
    let e = err("print('x' * 1000)  ) ");
    assert_eq!(e.message, "unexpected token ')'");
    assert_eq!(e.to_string(), "unexpected token ')'");
}

#[test]
fn unsupported_constructs_say_what_to_use_instead() {
    // (source, the text the error points at, its line and column, a word of the hint)
    let cases: &[(&str, &str, (usize, usize), &str)] = &[
        ("class C: ...", "class", (1, 1), "functions"),
        ("x = 1\nclass C:\n    pass", "class", (2, 1), "dicts"),
        ("def f(n):\n    for i in range(n):\n        yield i", "yield", (3, 9), "generator expression"),
        ("def f():\n    x = yield 1", "yield", (2, 9), "list"),
        ("%timeit a @ b", "%timeit", (1, 1), "timeit EXPR"),
        ("y = 2\n%timeit y", "%timeit", (2, 1), "timeit EXPR"),
        ("%%time", "%%time", (1, 1), "timeit EXPR"),
        ("%matplotlib inline", "%matplotlib", (1, 1), "magics are not available"),
    ];
    for (src, text, at, hint) in cases {
        let e = err(src);
        assert_eq!(e.span.text(src), *text, "{src}: {}", e.message);
        assert_eq!(crate::lang::span::line_col(src, e.span.start), *at, "{src}");
        assert!(!e.message.contains("unexpected"), "{src}: {}", e.message);
        let h = e.hint.clone().unwrap_or_default();
        assert!(h.contains(hint), "{src}: hint {h:?}");
    }
    // `%` between operands is still the modulo operator.
    assert!(parse_program("r = 7 % 3").iter().all(Result::is_ok));
}

#[test]
fn error_recovery() {
    let r = parse_program("a = 1; b = ); c = 3");
    assert_eq!(r.len(), 3);
    assert!(r[0].is_ok() && r[1].is_err() && r[2].is_ok());
    assert_eq!(r[1].as_ref().unwrap_err().message, "unexpected token ')'");

    let r = parse_program("x = 'unterminated\ny = 2\nz = f(1; 2)\nw = $ + 1; v = 5");
    let oks: Vec<bool> = r.iter().map(Result::is_ok).collect();
    assert_eq!(oks, [false, true, false, false, true]);

    // An unterminated string inside brackets still ends at its line.
    let r = parse_program("f('abc\ny = 2");
    assert_eq!(r.len(), 2);
    assert!(r[1].is_ok());

    // Multiple lexical errors in one statement are one error.
    let r = parse_program("a = $ $ $\nb = 1");
    assert_eq!(r.len(), 2);
    assert_eq!(r[0].as_ref().unwrap_err().message, "invalid character '$'");
}

#[test]
fn unclosed_brackets_recover_at_the_next_statement() {
    // The bracket swallows only the lines indented deeper than its own.
    let src = "x = 1\nz = (1 +\nprint x.shape\n";
    let r = parse_program(src);
    assert_eq!(r.len(), 3, "{r:?}");
    let e = r[1].as_ref().unwrap_err();
    assert_eq!(e.message, "'(' was never closed");
    assert_eq!(e.span.text(src), "(");
    assert!(matches!(
        &r[2],
        Ok(Stmt {
            kind: StmtKind::Report { .. },
            ..
        })
    ));

    let src = "x = [1,\n     2,\n\n     3\ny = 2";
    let r = parse_program(src);
    assert_eq!(r.len(), 2, "{r:?}");
    assert_eq!(r[0].as_ref().unwrap_err().message, "'[' was never closed");
    assert!(r[1].is_ok());

    // Nested, partly closed brackets; the outermost open one is reported.
    let src = "with a:\n    y = f(g(1), [2]\n    w = 3\nv = 4";
    let r = parse_program(src);
    let e = r[0].as_ref().unwrap_err();
    assert_eq!(e.message, "'(' was never closed");
    assert_eq!(e.span, Span::new(17, 18));
    assert!(r.last().unwrap().is_ok());
    assert_eq!(err("f(a b").message, "'(' was never closed");
    assert_eq!(err("print(1, 2").message, "'(' was never closed");
    assert_eq!(err("with f(:\n    x").message, "'(' was never closed");
    // More specific errors win.
    assert_eq!(err("x = ($").message, "invalid character '$'");
    assert_eq!(err("x = ('abc").message, "unterminated string literal");
    // Brackets closed later are still multi-line expressions.
    assert_eq!(stmts("x = (1 +\n2)\ny = [\n1]").len(), 2);
}

#[test]
fn index_errors() {
    assert_eq!(err("x[1,,2]").message, "unexpected token ','");
    assert_eq!(err("x[1:2:3:4]").message, "unexpected token ':'");
    assert_eq!(err("x[1 2]").message, "expected ',' or ']'");
    assert_eq!(err("f(1 2)").message, "expected ',' or ')'");
    assert_eq!(err("f(x=1=2)").message, "expected ',' or ')'");
    assert_eq!(err("(1, 2 3)").message, "expected ',' or ')'");
    assert_eq!(err("a 'b'").message, "unexpected string literal");
}

#[test]
fn empty_statements_and_comments() {
    assert!(parse_program("").is_empty());
    assert!(parse_program(";;\n\n# only a comment\n").is_empty());
    assert_eq!(
        stmts("#!/usr/bin/env tsr\nx = torch.arange(12).view(3, 4); y = x.t(); inspect x, y\n")
            .len(),
        3
    );
    assert_eq!(stmts("x = 1 + \\\n    2").len(), 1);
    assert_eq!(stmts("x = f(1,\n      2)\r\ny = 2\r\n").len(), 2);
}

#[test]
fn is_complete_cases() {
    let complete = [
        "",
        "x = 1",
        "x = 1\n",
        "x = )",
        "x = 'abc",
        "with no_grad(): y = x * 2\n",
        "with no_grad():\n    y = x * 2\n\n",
        "with no_grad():\n    y = x * 2\n    \n",
        "with a:\n    with b:\n        x = 1\n\n",
        "  x = 1\n",
        "x = (1,\n2)\n",
        "x = 1 + \\\n2\n",
        "x = 1 + \\\n\n",
    ];
    for src in complete {
        assert!(is_complete(src), "{src:?} should be complete");
    }
    let incomplete = [
        "x = (1,\n",
        "f(\n",
        "x = [1, [2,\n",
        "x = 1 + \\\n",
        "x = 1 + \\",
        "with no_grad():\n",
        "with no_grad():",
        "with no_grad():\n\n",
        "with no_grad():  # comment\n",
        "with no_grad():\n    y = x * 2\n",
        "with no_grad():\n    y = x * 2",
        "with no_grad():\n    y = x * 2\n    # comment\n",
        "with a:\n    with b:\n        x = 1\n",
        "with a:\n    with b:\n",
    ];
    for src in incomplete {
        assert!(!is_complete(src), "{src:?} should be incomplete");
    }
}
