//! Property test: random sequences of tsr tokens (names, numbers, operators,
//! brackets, keywords, method names) and random text go through the whole
//! pipeline in-process (`Runner::run_chunk`: lex, parse, evaluate, report,
//! render). Whatever the input, no panic may reach the runner: the runner
//! catches one and prints `InternalError`, so stderr must never contain it.
//! (An abort or a stack overflow would kill this test binary outright.)
//!
//! The seed is fixed, so the test is deterministic; to explore further, run
//! it with `PROPTEST_CASES=20000 TOKEN_SOUP_SEED=<n> cargo test --test token_soup`.

use std::io::Write;
use std::sync::{Arc, Mutex};

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, RngSeed, TestRunner};
use tsr::cli::runner::{Runner, RunnerConfig};

/// stderr, shared between the runner and the test.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

const PRELUDE: &str = "x = arange(12).view(3, 4)\ny = ones(2, 3)\nz = tensor([1.5, -2.0])\nb = x > 5\ne = zeros(0, 3)\n";

const NAMES: &[&str] = &[
    "x", "y", "z", "b", "e", "w", "torch", "tensor", "arange", "zeros", "ones", "empty", "full", "linspace", "eye",
    "zeros_like", "empty_strided", "as_strided", "cat", "stack", "where", "matmul", "no_grad", "float16", "int64",
    "bool", "float", "int", "long", "inf", "nan", "print", "inspect", "timeit", "storage", "explain", "lineage",
    "contiguity", "mem", "cuda", "device", "manual_seed", "randn", "sum", "len", "help",
];
const METHODS: &[&str] = &[
    ".view", ".reshape", ".t", ".T", ".mT", ".transpose", ".permute", ".movedim", ".narrow", ".select",
    ".unsqueeze", ".squeeze", ".expand", ".expand_as", ".flatten", ".unflatten", ".diagonal", ".unfold",
    ".as_strided", ".split", ".chunk", ".unbind", ".view_as", ".contiguous", ".clone", ".detach", ".to",
    ".float", ".half", ".int", ".bool", ".item", ".tolist", ".size", ".stride", ".dim", ".numel",
    ".storage_offset", ".data_ptr", ".is_contiguous", ".untyped_storage", ".fill_", ".zero_", ".copy_",
    ".add_", ".mul_", ".div_", ".abs", ".sqrt", ".exp", ".sum", ".mean", ".max", ".argmax", ".std", ".sort",
    ".clamp", ".matmul", ".shape", ".dtype", ".device", ".grad_fn", ".data", ".nope",
];
const NUMBERS: &[&str] = &[
    "0", "1", "2", "3", "4", "-1", "-2", "12", "0.5", "1e3", "1e999", "-0.0", "2**31", "2**62", "2**63", "10**6",
    "10**12", "0x10", "1_000", "True", "False", "None", "'s'", "\"cpu\"", "'cuda'", "...",
];
const OPS: &[&str] = &[
    "+", "-", "*", "/", "//", "%", "**", "@", "<<", ">>", "&", "|", "^", "~", "<", "<=", ">", ">=", "==", "!=",
    "=", "+=", "-=", "*=", "//=", "@=", "is", "is not", "not", "and", "or", "in", ",", ":", "::", ".", ";",
    "dim=", "dtype=", "keepdim=", "del", "with", "if", "lambda", "#",
    // Python's statements and expressions (no `while`: a random `while 1:`
    // would be a program that asks to run forever).
    "for", "in", "else", "elif", "def", "return", "try", "except", "finally", "raise", "assert", "import", "from",
    "as", "global", "nonlocal", "break", "continue", "pass", "class", "yield", "f'{", "}'", "f\"{x=}\"", "{a: b}",
    "*", "**", ":=", "->", "[x for x in y]", "'%d' %", ".format(", "not in",
];
const BRACKETS: &[&str] = &["(", ")", "[", "]", "{", "}", "()", "[]", "(0)", "[0]", "[:, 1]", "[::2]", "[None]"];
const LAYOUT: &[&str] = &["\n", "\n    ", "\n\t", " ", "\\\n", "\r\n", "\0", "\u{feff}", "é", "'", "\""];

fn token() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        4 => proptest::sample::select(NAMES),
        4 => proptest::sample::select(METHODS),
        4 => proptest::sample::select(NUMBERS),
        4 => proptest::sample::select(OPS),
        3 => proptest::sample::select(BRACKETS),
        1 => proptest::sample::select(LAYOUT),
    ]
}

fn soup() -> impl Strategy<Value = String> {
    proptest::collection::vec(token(), 1..40).prop_map(|ts| {
        let mut s = String::new();
        for t in ts {
            // Methods and brackets glue to what precedes them; the rest is spaced.
            if !(t.starts_with('.') || t.starts_with('(') || t.starts_with('[')) {
                s.push(' ');
            }
            s.push_str(t);
        }
        s
    })
}

/// A plausible statement: a receiver, then a chain of method calls,
/// indexing and operators with small and absurd numeric arguments, so that
/// soups get past the parser and into the engine.
fn chain() -> impl Strategy<Value = String> {
    const RECEIVERS: &[&str] = &[
        "x", "y", "z", "b", "e", "arange(12)", "ones(1).expand(10**12)", "zeros(10**9, 0)", "tensor(3)",
        "eye(3)", "x.t()", "ones(2, 1, 3)", "tensor([[1, 2], [3, 4]])", "zeros(0)", "empty_strided((2, 3), (0, 1))",
    ];
    const ARGS: &[&str] = &[
        "", "0", "1", "-1", "2", "3", "0, 1", "1, 0", "-1, 1", "2, 2", "(2, 3)", "(3, 4)", "(0,)", "10**12", "2**62",
        "-2**62", "0, 2**62", "1, 2**40", "(1, 2), (2, 1)", "float16", "dtype=int8", "dim=1", "dim=-1", "True",
        "None", "x", "b", "'cuda'", "(10**6, 10**6), (0, 0)", "1.5", "nan", "inf",
    ];
    const INDEX: &[&str] = &[
        "[0]", "[-1]", "[:, 0]", "[..., None]", "[::2]", "[1:]", "[2**62]", "[None, ..., None]", "[0, 0, 0]", "[:0]",
    ];
    const BINOPS: &[&str] = &[" + ", " - ", " * ", " / ", " // ", " % ", " ** ", " @ ", " == ", " < ", " & ", " >> "];
    // Methods with plausible arguments (and a few absurd ones), so chains
    // get several links deep instead of stopping at an argument error.
    const TYPED: &[(&str, &[&str])] = &[
        (".view", &["-1", "3, 4", "2, -1", "12", "(4, 3)", "1, -1, 1", "10**6, -1", "0, -1"]),
        (".reshape", &["-1", "4, 3", "-1, 2", "(2, 2, 3)", "1, 10**12"]),
        (".t", &[""]), (".T", &[]), (".mT", &[]),
        (".transpose", &["0, 1", "-1, 0", "1, 2", "0, 0"]),
        (".permute", &["1, 0", "0", "2, 0, 1", "-1, 0"]),
        (".narrow", &["0, 0, 1", "-1, 1, 2", "0, 2**40, 1", "1, 0, 0"]),
        (".select", &["0, 0", "-1, -1", "0, 2**62", "1, 1"]),
        (".unsqueeze", &["0", "-1", "1", "3"]),
        (".squeeze", &["", "0", "-1", "(0, 1)"]),
        (".expand", &["2, -1, -1", "10**12, -1, -1", "-1, 10**9", "3, 4", "2**62, 2, 2"]),
        (".flatten", &["", "0, -1", "1"]),
        (".unflatten", &["0, (2, -1)", "-1, (1, -1)", "0, (10**6, 0)"]),
        (".diagonal", &["", "1", "-1, 0, 1", "2**62"]),
        (".unfold", &["0, 2, 1", "-1, 1, 3", "0, 0, 1", "0, 1, 2**62"]),
        (".as_strided", &["(2, 2), (1, 2)", "(10**6, 10**6), (0, 0)", "(3,), (1,), 2", "(1,), (1,), 2**40"]),
        (".split", &["1", "2", "(1, 2)", "1, -1"]),
        (".chunk", &["2", "3, -1", "10**6"]),
        (".unbind", &["", "-1", "1"]),
        (".contiguous", &[""]), (".clone", &[""]), (".detach", &[""]),
        (".to", &["float16", "int8", "'cpu'", "bool", "float64"]),
        (".float", &[""]), (".half", &[""]), (".int", &[""]), (".bool", &[""]),
        (".item", &[""]), (".tolist", &[""]), (".size", &["", "0", "-1"]), (".stride", &["", "0"]),
        (".numel", &[""]), (".storage_offset", &[""]), (".is_contiguous", &[""]),
        (".fill_", &["0", "1.5", "nan"]), (".zero_", &[""]), (".copy_", &["x", "ones(1)", "tensor(2)"]),
        (".add_", &["1", "x", "ones(1)"]), (".mul_", &["2", "0.5"]), (".div_", &["2", "0"]),
        (".abs", &[""]), (".sqrt", &[""]), (".exp", &[""]),
        (".sum", &["", "0", "-1", "(0, 1)", "dim=1, keepdim=True"]), (".mean", &["", "0", "-1"]),
        (".max", &["", "0", "-1"]), (".argmax", &["", "0"]), (".std", &["", "0"]), (".all", &[""]),
        (".sort", &["", "0", "-1"]), (".clamp", &["0, 1", "min=2", "max=-1"]),
        (".matmul", &["x.t()", "ones(4)", "ones(1, 1).expand(4, 10**9)"]),
        (".eq", &["x", "1"]), (".cumsum", &["0"]),
    ];
    let typed = proptest::sample::select(TYPED).prop_flat_map(|(m, args)| {
        let m = m.to_string();
        if args.is_empty() {
            Just(m).boxed()
        } else {
            proptest::sample::select(args).prop_map(move |a| format!("{m}({a})")).boxed()
        }
    });
    let link = prop_oneof![
        6 => typed,
        1 => (proptest::sample::select(METHODS), proptest::sample::select(ARGS)).prop_map(|(m, a)| {
            if matches!(m, ".T" | ".mT" | ".shape" | ".dtype" | ".device" | ".grad_fn" | ".data") { m.to_string() } else { format!("{m}({a})") }
        }),
        1 => proptest::sample::select(INDEX).prop_map(|i| i.to_string()),
        1 => (proptest::sample::select(BINOPS), proptest::sample::select(RECEIVERS)).prop_map(|(o, r)| format!("{o}{r}")),
    ];
    let stmt = prop_oneof![
        3 => Just(""),
        1 => Just("w = "),
        1 => Just("print "),
        1 => Just("inspect "),
        1 => Just("a, c = "),
        1 => Just("w += "),
    ];
    (stmt, proptest::sample::select(RECEIVERS), proptest::collection::vec(link, 1..6))
        .prop_map(|(s, r, links)| format!("{s}{r}{}", links.concat()))
}

fn seed() -> u64 {
    std::env::var("TOKEN_SOUP_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0x7_5e_ed)
}

fn config(default_cases: u32) -> Config {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(default_cases);
    Config {
        cases,
        rng_algorithm: RngAlgorithm::ChaCha,
        rng_seed: RngSeed::Fixed(seed()),
        failure_persistence: None,
        ..Config::default()
    }
}

fn runner(json: bool) -> (Runner, Shared) {
    let cfg = RunnerConfig { json, keep_going: true, max_memory: 64 << 20, ..RunnerConfig::default() };
    let err = Shared::default();
    let mut r = Runner::with_writers(&cfg, "soup.tsr", Box::new(std::io::sink()), Box::new(err.clone()));
    assert!(r.run_chunk(PRELUDE, false, false), "prelude failed");
    (r, err)
}

/// Runs `src` in a fresh session (and once more with REPL-style echo in the
/// same session) and fails if a panic reached the runner.
fn check(src: &str) -> Result<(), TestCaseError> {
    let show = std::env::var_os("TOKEN_SOUP_SHOW").is_some();
    if show {
        eprintln!("=== {src:?}");
    }
    let (mut r, err) = runner(false);
    r.run_chunk(src, false, false);
    r.run_chunk(src, true, true);
    // The session must still work after whatever the soup did.
    r.run_chunk("print(arange(3))", false, true);
    let text = String::from_utf8_lossy(&err.0.lock().unwrap()).into_owned();
    if show {
        eprintln!("{}", text.lines().filter(|l| l.contains("Error")).collect::<Vec<_>>().join("\n"));
    }
    prop_assert!(!text.contains("InternalError"), "input {:?} reached a panic:\n{}", src, text);
    Ok(())
}

#[test]
fn token_soup_never_panics() {
    let mut runner = TestRunner::new(config(3000));
    let result = runner.run(&soup(), |src| check(&src));
    if let Err(e) = result {
        panic!("{e}");
    }
}

#[test]
fn token_soup_lines_never_panic() {
    // Several soups as separate lines: exercises error recovery between
    // statements and indentation handling.
    let mut runner = TestRunner::new(config(1000));
    let lines = proptest::collection::vec(soup(), 1..6).prop_map(|ls| ls.join("\n"));
    let result = runner.run(&lines, |src| check(&src));
    if let Err(e) = result {
        panic!("{e}");
    }
}

#[test]
fn random_text_never_panics() {
    let mut runner = TestRunner::new(config(2000));
    let result = runner.run(&any::<Vec<u8>>(), |bytes| check(&String::from_utf8_lossy(&bytes)));
    if let Err(e) = result {
        panic!("{e}");
    }
}

#[test]
fn json_mode_never_panics() {
    // In --json mode errors go to stdout as objects; check those instead.
    let mut runner = TestRunner::new(config(500));
    let result = runner.run(&soup(), |src| {
        let cfg = RunnerConfig { json: true, keep_going: true, max_memory: 64 << 20, ..RunnerConfig::default() };
        let out = Shared::default();
        let mut r = Runner::with_writers(&cfg, "soup.tsr", Box::new(out.clone()), Box::new(std::io::sink()));
        r.run_chunk(PRELUDE, false, false);
        r.run_chunk(&src, false, false);
        let text = String::from_utf8_lossy(&out.0.lock().unwrap()).into_owned();
        for line in text.lines() {
            let v: serde_json::Value = serde_json::from_str(line).map_err(|e| TestCaseError::fail(format!("bad JSON {line:?}: {e}")))?;
            prop_assert!(v["type"] != "InternalError", "input {:?} reached a panic: {}", src, line);
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}

#[test]
fn method_chains_never_panic() {
    let mut runner = TestRunner::new(config(3000));
    let prog = proptest::collection::vec(chain(), 1..5).prop_map(|ls| ls.join("\n"));
    let result = runner.run(&prog, |src| check(&src));
    if let Err(e) = result {
        panic!("{e}");
    }
}
