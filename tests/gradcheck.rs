//! Gradient check: tsr's `backward()` against central finite differences.
//!
//! Proptest draws one to three float64 leaves of small random shapes and
//! values, and a short random program over them: `+ - * /` (tensor operands
//! broadcast against each other; Python scalars on either side), `exp`,
//! `sin`, `tanh`, `sigmoid`, unary minus, `sum`/`mean` (all dims or one,
//! with or without keepdim), `t()`, `view`/`reshape` (including to 3-D),
//! slice/select/narrow/unfold/diagonal of an expanded value, the outputs
//! of one `unbind`/`chunk`/`split` used together (a multi-output node), and
//! `@` (dot, mv, vector-matrix, mm, batched and broadcast-batched).
//! The program's last value `E` is folded into a scalar
//! `L = (E * W).sum()` with fixed non-uniform weights `W`, and
//!
//! * `L.backward()` gives every leaf's `.grad` (None counts as zeros), and
//! * `L` is evaluated again, under the same program, with each input element
//!   moved by ±1e-6, giving the central difference quotient.
//!
//! Both must agree within 1e-4 relative (plus 1e-5 absolute); a case where
//! the difference quotients for steps 1e-6 and 2e-6 disagree by more than
//! that is skipped (the function curves too much there to judge). Everything runs
//! in-process through `tsr::cli::runner::Runner` with JSON output captured.
//! A program is a list of small integer choices, so a failure shrinks to a
//! short program; the failure message prints the complete tsr source that
//! reproduces it. `PROPTEST_CASES` changes the number of cases (default 256),
//! `GRADCHECK_SEED` the random seed.

use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, RngSeed, TestCaseError};
use serde_json::Value as Json;
use tsr::cli::runner::{Runner, RunnerConfig};

const EPS: f64 = 1e-6;
const RTOL: f64 = 1e-4;
const ATOL: f64 = 1e-5;
/// Programs whose loss gets larger than this are skipped (finite differences
/// lose their digits there, and overflow is not what this test is about).
const MAX_LOSS: f64 = 1e4;

// ---------------------------------------------------------------- running tsr

/// A writer that many owners share, so the test can read what tsr wrote.
#[derive(Clone, Default)]
struct Shared(Rc<RefCell<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// One tsr session whose JSON reports the test reads back.
struct Session {
    runner: Runner,
    out: Shared,
}

impl Session {
    fn new() -> Session {
        let cfg = RunnerConfig { json: true, ..RunnerConfig::default() };
        let out = Shared::default();
        let runner = Runner::with_writers(&cfg, "gradcheck.tsr", Box::new(out.clone()), Box::new(std::io::sink()));
        Session { runner, out }
    }

    /// Runs `src`, stopping at the first error; returns the JSON reports it
    /// printed, or the error report (as text) if one was raised.
    fn run(&mut self, src: &str) -> Result<Vec<Json>, String> {
        self.out.0.borrow_mut().clear();
        self.runner.run_chunk(src, false, true);
        let text = String::from_utf8_lossy(&self.out.0.borrow()).into_owned();
        let mut items = vec![];
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let v: Json = serde_json::from_str(line).map_err(|e| format!("stdout line is not JSON ({e}): {line}"))?;
            if v["kind"] == "error" {
                return Err(format!("{}: {}", v["type"].as_str().unwrap_or("?"), v["message"].as_str().unwrap_or("?")));
            }
            items.push(v);
        }
        Ok(items)
    }
}

fn flatten(v: &Json, out: &mut Vec<f64>) -> Result<(), String> {
    match v {
        Json::Array(a) => a.iter().try_for_each(|e| flatten(e, out)),
        Json::Number(n) => {
            out.push(n.as_f64().unwrap_or(f64::NAN));
            Ok(())
        }
        Json::String(s) if s == "nan" => {
            out.push(f64::NAN);
            Ok(())
        }
        Json::String(s) if s == "inf" || s == "-inf" => {
            out.push(if s == "inf" { f64::INFINITY } else { f64::NEG_INFINITY });
            Ok(())
        }
        other => Err(format!("unexpected value in tensor values: {other}")),
    }
}

// ---------------------------------------------------------------- programs

/// A value of the program: a tsr variable with its shape, and whether its
/// layout is surely contiguous (only then is `.view` used on it).
#[derive(Clone, Debug)]
struct Var {
    name: String,
    shape: Vec<usize>,
    contiguous: bool,
}

fn numel(shape: &[usize]) -> usize {
    shape.iter().product()
}

fn shape_src(shape: &[usize]) -> String {
    match shape.len() {
        1 => format!("({},)", shape[0]),
        _ => format!("({})", shape.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ")),
    }
}

/// PyTorch's broadcast of two shapes, or None.
fn broadcast(a: &[usize], b: &[usize]) -> Option<Vec<usize>> {
    let n = a.len().max(b.len());
    let mut out = vec![0; n];
    for i in 0..n {
        let da = if i + a.len() >= n { a[i + a.len() - n] } else { 1 };
        let db = if i + b.len() >= n { b[i + b.len() - n] } else { 1 };
        out[i] = match (da, db) {
            (x, y) if x == y => x,
            (1, y) => y,
            (x, 1) => x,
            _ => return None,
        };
    }
    Some(out)
}

/// The result shape of `a @ b` (any ranks, broadcast batch dims), or None.
fn matmul_shape(a: &[usize], b: &[usize]) -> Option<Vec<usize>> {
    let (da, db) = (a.len(), b.len());
    if da == 0 || db == 0 {
        return None;
    }
    let kb = if db == 1 { b[0] } else { b[db - 2] };
    if a[da - 1] != kb {
        return None;
    }
    let mut out = broadcast(&a[..da.saturating_sub(2)], &b[..db.saturating_sub(2)])?;
    if da > 1 {
        out.push(a[da - 2]);
    }
    if db > 1 {
        out.push(b[db - 1]);
    }
    Some(out)
}

/// Every shape of 1 to 3 dims holding `n` elements.
fn reshapes(n: usize) -> Vec<Vec<usize>> {
    let mut out = vec![vec![n]];
    for a in 1..=n {
        if n.is_multiple_of(a) {
            out.push(vec![a, n / a]);
            for b in 1..=n / a {
                if (n / a).is_multiple_of(b) {
                    out.push(vec![a, b, n / a / b]);
                }
            }
        }
    }
    out
}

/// One step of a program: which op, two operand picks, a parameter.
type Step = (u8, u8, u8, u8);

const OPS: u8 = 20;

/// Appends the tsr statement for `step` (`name = expr`) to `stmts` and the
/// new value to `pool`.
fn apply(step: Step, pool: &mut Vec<Var>, stmts: &mut Vec<(String, String)>) {
    let (op, a, b, p) = step;
    let av = pool[a as usize % pool.len()].clone();
    let name = format!("t{}", pool.len());
    // The first value from `b` on whose shape broadcasts with `av`'s.
    let partner = |pool: &[Var], ok: &dyn Fn(&Var) -> bool| -> Option<Var> {
        (0..pool.len()).map(|i| &pool[(b as usize + i) % pool.len()]).find(|v| ok(v)).cloned()
    };
    let scalars = ["0.5", "2", "-1.5", "3", "0.25"];
    let c = scalars[p as usize % scalars.len()];
    let (expr, shape, contiguous): (String, Vec<usize>, bool) = match op % OPS {
        op @ 0..=3 => {
            let bv = partner(pool, &|v| broadcast(&av.shape, &v.shape).is_some()).expect("a value broadcasts with itself");
            let shape = broadcast(&av.shape, &bv.shape).unwrap();
            let (x, y) = if p % 2 == 0 { (&av.name, &bv.name) } else { (&bv.name, &av.name) };
            let e = match op {
                0 => format!("{x} + {y}"),
                1 => format!("{x} - {y}"),
                2 => format!("{x} * {y}"),
                // Denominators stay at least 1 away from zero.
                _ => format!("{x} / ({y} * {y} + 1)"),
            };
            (e, shape, av.contiguous && bv.contiguous)
        }
        4 => {
            let e = match (p / 5) % 4 {
                0 => format!("{} * {c}", av.name),
                1 => format!("{c} - {}", av.name),
                2 => format!("{} / {c}", av.name),
                _ => format!("{c} + {}", av.name),
            };
            (e, av.shape.clone(), av.contiguous)
        }
        op @ 5..=9 => {
            let f = ["exp", "sin", "tanh", "sigmoid", "neg"][op as usize - 5];
            let e = if f == "neg" { format!("-{}", av.name) } else if p % 2 == 0 { format!("{}.{f}()", av.name) } else { format!("torch.{f}({})", av.name) };
            (e, av.shape.clone(), av.contiguous)
        }
        op @ 10..=11 => {
            let f = if op == 10 { "sum" } else { "mean" };
            if av.shape.is_empty() || p % 3 == 0 {
                (format!("{}.{f}()", av.name), vec![], true)
            } else {
                let nd = av.shape.len();
                let d = (p as usize / 3) % nd;
                let keep = (p / 9) % 2 == 1;
                let dim_src = if (p / 18) % 2 == 1 { d as i64 - nd as i64 } else { d as i64 };
                let mut shape = av.shape.clone();
                if keep {
                    shape[d] = 1;
                } else {
                    shape.remove(d);
                }
                let e = if keep { format!("{}.{f}({dim_src}, keepdim=True)", av.name) } else { format!("{}.{f}(dim={dim_src})", av.name) };
                (e, shape.clone(), av.contiguous || shape.len() <= 1)
            }
        }
        12 => {
            if av.shape.len() <= 2 {
                let shape: Vec<usize> = av.shape.iter().rev().copied().collect();
                let contiguous = av.contiguous && av.shape.iter().filter(|&&d| d > 1).count() <= 1;
                (format!("{}.t()", av.name), shape, contiguous)
            } else {
                (format!("{}.reshape(-1)", av.name), vec![numel(&av.shape)], true)
            }
        }
        13 => {
            let options = reshapes(numel(&av.shape));
            let shape = options[p as usize % options.len()].clone();
            let mut spec = shape_src(&shape);
            if (p / 7) % 2 == 1 && !shape.is_empty() {
                // One dim given as -1.
                let mut dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
                dims[0] = "-1".into();
                spec = if dims.len() == 1 { "(-1,)".into() } else { format!("({})", dims.join(", ")) };
            }
            let method = if av.contiguous && (p / 14) % 2 == 0 { "view" } else { "reshape" };
            (format!("{}.{method}{}", av.name, spec), shape, av.contiguous || method == "reshape")
        }
        15 => {
            // prod along a dim (keepdim or not), or of everything.
            if av.shape.is_empty() || p % 3 == 0 {
                (format!("{}.prod()", av.name), vec![], true)
            } else {
                let d = (p as usize / 3) % av.shape.len();
                let mut shape = av.shape.clone();
                if (p / 9) % 2 == 1 {
                    shape[d] = 1;
                    (format!("{}.prod({d}, keepdim=True)", av.name), shape, av.contiguous)
                } else {
                    shape.remove(d);
                    (format!("{}.prod({d})", av.name), shape.clone(), av.contiguous || shape.len() <= 1)
                }
            }
        }
        16 => {
            // An in-place op through a view of a non-leaf (CopySlices).
            if av.shape.is_empty() {
                (format!("{} * {c}", av.name), vec![], true)
            } else if p % 2 == 0 {
                let i = (p as usize / 2) % av.shape[0];
                (format!("{a} * 1; {name}[{i}].mul_({c})", a = av.name), av.shape.clone(), av.contiguous)
            } else {
                (format!("{a} * 1; {name}[..., -1:] *= {a}[..., :1] + {c}", a = av.name), av.shape.clone(), av.contiguous)
            }
        }
        17 => {
            // An index-based view of an expanded (overlapping) value: slice,
            // select, narrow, unfold (overlapping windows), diagonal.
            let a = &av.name;
            let rest: String = av.shape.iter().map(|d| format!(", {d}")).collect();
            let s = &av.shape;
            let with = |lead: &[usize], tail: &[usize]| -> Vec<usize> { lead.iter().chain(s.iter()).chain(tail.iter()).copied().collect() };
            match p % 5 {
                0 => (format!("{a}.expand(3{rest})[1:]"), with(&[2], &[]), false),
                1 => (format!("{a}.expand(2{rest})[1, ...]"), s.clone(), av.contiguous),
                2 => (format!("{a}.expand(3{rest}).unfold(0, 2, 1)"), with(&[2], &[2]), false),
                3 if s.len() == 1 => (format!("{a}.expand({n}, {n}).diagonal()", n = s[0]), s.clone(), s[0] <= 1),
                _ => (format!("{a}.expand(2{rest}).narrow(0, 1, 1)"), with(&[1], &[]), av.contiguous),
            }
        }
        18 if !av.shape.is_empty() => {
            // The outputs of one multi-output view (unbind, chunk, split with
            // sizes) used together: one shared node, run once in backward.
            let (a, n) = (&av.name, av.shape[0]);
            let tail = &av.shape[1..];
            match p % 3 {
                1 if n % 2 == 0 => {
                    let shape: Vec<usize> = std::iter::once(n / 2).chain(tail.iter().copied()).collect();
                    (format!("{a}.chunk(2); {name} = {name}[1] * {c} - {name}[0]"), shape, av.contiguous)
                }
                2 if n >= 2 => {
                    let shape: Vec<usize> = std::iter::once(n - 1).chain(tail.iter().copied()).collect();
                    (format!("{a}.split([1, {}]); {name} = {name}[1] * {name}[0]", n - 1), shape, av.contiguous)
                }
                _ => (format!("{a}.unbind(0); {name} = {name}[0] * {c} + {name}[-1] * {name}[0]"), tail.to_vec(), av.contiguous || tail.len() <= 1),
            }
        }
        19 if !av.shape.is_empty() => {
            // Advanced indexing (IndexBackward0): repeated rows add up; a
            // list on dim 1 after a basic slice.
            let (a, n) = (&av.name, av.shape[0]);
            match p % 2 {
                1 if av.shape.len() >= 2 => {
                    let m = av.shape[1];
                    let shape: Vec<usize> = [av.shape[0], 2].into_iter().chain(av.shape[2..].iter().copied()).collect();
                    (format!("{a}[:, [{}, 0]]", m - 1), shape, true)
                }
                _ => {
                    let shape: Vec<usize> = std::iter::once(3).chain(av.shape[1..].iter().copied()).collect();
                    (format!("{a}[[{}, 0, {}]]", n - 1, n - 1), shape, true)
                }
            }
        }
        _ => {
            let found = partner(pool, &|v| matmul_shape(&av.shape, &v.shape).is_some());
            match found {
                Some(bv) => (format!("{} @ {}", av.name, bv.name), matmul_shape(&av.shape, &bv.shape).unwrap(), true),
                None if av.shape.len() == 2 => (format!("{} @ {}.t()", av.name, av.name), vec![av.shape[0], av.shape[0]], true),
                None if av.shape.len() == 1 => (format!("{} @ {}", av.name, av.name), vec![], true),
                None => (format!("{}.sum()", av.name), vec![], true),
            }
        }
    };
    stmts.push((name.clone(), expr));
    pool.push(Var { name, shape, contiguous });
}

#[derive(Debug, Clone)]
struct Case {
    shapes: Vec<Vec<usize>>,
    /// Input values, used in order and cycled.
    values: Vec<f64>,
    steps: Vec<Step>,
}

fn literal(x: f64) -> String {
    let s = format!("{x:?}");
    if s.contains('.') || s.contains('e') || s.contains("inf") || s.contains("nan") { s } else { format!("{s}.0") }
}

/// `name = tensor(<values>, dtype=float64[, requires_grad=True])` with `vals`
/// in row-major order.
fn tensor_src(name: &str, shape: &[usize], vals: &[f64], grad: bool) -> String {
    fn nest(shape: &[usize], vals: &[f64]) -> String {
        match shape.split_first() {
            None => literal(vals[0]),
            Some((&n, rest)) => {
                let step = numel(rest);
                let parts: Vec<String> = (0..n).map(|i| nest(rest, &vals[i * step..(i + 1) * step])).collect();
                format!("[{}]", parts.join(", "))
            }
        }
    }
    let rg = if grad { ", requires_grad=True" } else { "" };
    format!("{name} = tensor({}, dtype=float64{rg})\n", nest(shape, vals))
}

struct Built {
    inputs: Vec<(String, Vec<usize>, Vec<f64>)>,
    /// The program ending in `L = (E * W).sum()`, W included.
    program: String,
}

fn build(case: &Case) -> Built {
    let mut k = 0;
    let mut take = |n: usize| -> Vec<f64> {
        (0..n)
            .map(|_| {
                let v = case.values[k % case.values.len()];
                k += 1;
                v
            })
            .collect()
    };
    let inputs: Vec<(String, Vec<usize>, Vec<f64>)> =
        case.shapes.iter().enumerate().map(|(i, s)| (format!("x{i}"), s.clone(), take(numel(s)))).collect();
    let mut pool: Vec<Var> = inputs.iter().map(|(n, s, _)| Var { name: n.clone(), shape: s.clone(), contiguous: true }).collect();
    let mut stmts = vec![];
    for &step in &case.steps {
        apply(step, &mut pool, &mut stmts);
    }
    let last = pool.last().unwrap().clone();
    // Only the statements the result depends on (so that a failure shows a
    // short program even where shrinking left unused steps behind).
    let uses = |expr: &str, name: &str| {
        expr.split(|c: char| !(c.is_alphanumeric() || c == '_')).any(|w| w == name)
    };
    let mut live = vec![last.name.clone()];
    let mut kept = vec![];
    for (name, expr) in stmts.iter().rev() {
        if live.contains(name) {
            live.extend(pool.iter().map(|v| v.name.clone()).filter(|n| uses(expr, n)));
            kept.push(format!("{name} = {expr}\n"));
        }
    }
    let mut program: String = kept.into_iter().rev().collect();
    // Weights -1, -0.5, 0.5, 1, 1.5, 2, … (never zero), exact in binary.
    let weights: Vec<f64> = (0..numel(&last.shape)).map(|i| [-1.0, -0.5, 0.5, 1.0, 1.5, 2.0][i % 6]).collect();
    program.push_str(&tensor_src("W", &last.shape, &weights, false));
    program.push_str(&format!("L = ({} * W).sum()\n", last.name));
    Built { inputs, program }
}

impl Built {
    /// The whole tsr source for given input values.
    fn source(&self, vals: &[Vec<f64>], grad: bool) -> String {
        let mut s = String::new();
        for ((name, shape, _), v) in self.inputs.iter().zip(vals) {
            s.push_str(&tensor_src(name, shape, v, grad));
        }
        s.push_str(&self.program);
        s
    }

    fn base_values(&self) -> Vec<Vec<f64>> {
        self.inputs.iter().map(|(_, _, v)| v.clone()).collect()
    }
}

fn loss(session: &mut Session, src: &str) -> Result<f64, String> {
    let items = session.run(&format!("{src}inspect L.item()\n"))?;
    items.last().and_then(|v| v["value"].as_f64()).ok_or_else(|| format!("no loss value reported: {items:?}"))
}

fn check(case: &Case) -> Result<(), TestCaseError> {
    check_built(&build(case))
}

fn check_built(built: &Built) -> Result<(), TestCaseError> {
    let base = built.base_values();
    let mut session = Session::new();

    // Analytic gradients.
    let grad_src = built.source(&base, true);
    let mut inspect = String::from("L.backward()\ninspect L.item()");
    for (name, _, _) in &built.inputs {
        inspect.push_str(&format!(", {name}.grad"));
    }
    let full = format!("{grad_src}{inspect}\n");
    let items = session.run(&full).map_err(|e| TestCaseError::fail(format!("tsr raised {e}\nsource:\n{full}")))?;
    prop_assert_eq!(items.len(), built.inputs.len() + 1, "unexpected reports for\n{}", full);
    let l0 = items[0]["value"].as_f64().unwrap_or(f64::NAN);
    if !(l0.is_finite() && l0.abs() < MAX_LOSS) {
        return Err(TestCaseError::reject("loss too large for finite differences"));
    }
    let mut analytic: Vec<Vec<f64>> = vec![];
    for ((name, shape, _), item) in built.inputs.iter().zip(&items[1..]) {
        let mut g = vec![];
        match item["kind"].as_str() {
            Some("value") if item["value"].is_null() => g = vec![0.0; numel(shape)],
            Some("tensor") => {
                prop_assert!(item["shape"] == Json::from(shape.clone()), "{}.grad has shape {} but {} has shape {:?}\nsource:\n{}", name, item["shape"], name, shape, full);
                prop_assert!(item["dtype"] == "float64", "{}.grad has dtype {} instead of float64\nsource:\n{}", name, item["dtype"], full);
                flatten(&item["values"], &mut g).map_err(TestCaseError::fail)?;
            }
            _ => return Err(TestCaseError::fail(format!("{name}.grad: unexpected report {item}\nsource:\n{full}"))),
        }
        analytic.push(g);
    }

    // Central differences.
    let mut bad = vec![];
    for (i, (name, _, vals)) in built.inputs.iter().enumerate() {
        for j in 0..vals.len() {
            let mut central = |eps: f64| -> Result<f64, TestCaseError> {
                let mut plus = base.clone();
                let mut minus = base.clone();
                plus[i][j] += eps;
                minus[i][j] -= eps;
                let h = plus[i][j] - minus[i][j];
                let lp = loss(&mut session, &built.source(&plus, false)).map_err(TestCaseError::fail)?;
                let lm = loss(&mut session, &built.source(&minus, false)).map_err(TestCaseError::fail)?;
                Ok((lp - lm) / h)
            };
            let close = |a: f64, b: f64| (a - b).abs() <= RTOL * a.abs().max(b.abs()) + ATOL;
            let numeric = central(EPS)?;
            let a = analytic[i][j];
            if !close(a, numeric) {
                // The central difference is off by about h²/6·f'''; with
                // twice the step it is off by four times that, so
                // (coarse - numeric) / 3 estimates the error. Where that
                // error alone exceeds the tolerance, the function curves too
                // much here for finite differences to judge.
                let coarse = central(2.0 * EPS)?;
                if !close(numeric, numeric + (coarse - numeric) / 3.0) {
                    return Err(TestCaseError::reject("finite differences unreliable at this point"));
                }
                bad.push(format!("{name} flat[{j}]: backward {a:e}, finite difference {numeric:e}"));
            }
        }
    }
    prop_assert!(bad.is_empty(), "gradients differ from finite differences:\n  {}\nsource:\n{}", bad.join("\n  "), full);
    Ok(())
}

// ---------------------------------------------------------------- strategies

fn shape() -> impl Strategy<Value = Vec<usize>> {
    prop_oneof![
        1 => Just(vec![]),
        3 => prop::collection::vec(1usize..=3, 1),
        5 => prop::collection::vec(1usize..=3, 2),
        1 => prop::collection::vec(1usize..=2, 3),
    ]
}

fn case() -> impl Strategy<Value = Case> {
    (
        prop::collection::vec(shape(), 1..=3),
        // Multiples of 1/64 in [-1.5, 1.5]: exact, short literals.
        prop::collection::vec((-96i32..=96).prop_map(|k| k as f64 / 64.0), 1..=12),
        prop::collection::vec((0u8..OPS, any::<u8>(), any::<u8>(), any::<u8>()), 1..=7),
    )
        .prop_map(|(shapes, values, steps)| Case { shapes, values, steps })
}

fn config() -> Config {
    let cases = std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(256);
    Config {
        cases,
        rng_algorithm: RngAlgorithm::ChaCha,
        rng_seed: RngSeed::Fixed(std::env::var("GRADCHECK_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0x67ad_c4ec)),
        failure_persistence: None,
        max_global_rejects: 4096,
        ..Config::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn backward_matches_finite_differences(case in case()) {
        check(&case)?;
    }
}

// ---------------------------------------------------------------- fixed cases

/// Runs one hand-written program through the same check.
fn fixed(shapes: &[&[usize]], values: &[f64], steps: &[Step]) {
    let case = Case { shapes: shapes.iter().map(|s| s.to_vec()).collect(), values: values.to_vec(), steps: steps.to_vec() };
    if let Err(e) = check(&case) {
        panic!("{e}");
    }
}

#[test]
fn every_op_once() {
    let vals = [0.5, -0.25, 1.0, 0.75, -1.0, 0.125];
    // add, sub, mul, div with broadcasting of (2, 3) against (3,).
    for op in 0..4 {
        fixed(&[&[2, 3], &[3]], &vals, &[(op, 0, 1, 0)]);
    }
    for op in 4..=9 {
        fixed(&[&[2, 3]], &vals, &[(op, 0, 0, 1)]);
    }
    // sum/mean: all, along a dim, with keepdim.
    for p in [0, 4, 10, 19, 28] {
        fixed(&[&[2, 3]], &vals, &[(10, 0, 0, p), (11, 0, 0, p)]);
    }
    // t, then elementwise on the transposed value, view and reshape.
    fixed(&[&[2, 3]], &vals, &[(12, 0, 0, 0), (5, 1, 0, 0), (13, 2, 0, 3)]);
    fixed(&[&[2, 3]], &vals, &[(13, 0, 0, 5), (6, 1, 0, 0)]);
    // matmul: mm, mv, dot, vector-matrix.
    fixed(&[&[2, 3], &[3, 2]], &vals, &[(14, 0, 1, 0)]);
    fixed(&[&[2, 3], &[3]], &vals, &[(14, 0, 1, 0)]);
    fixed(&[&[3], &[3]], &vals, &[(14, 0, 1, 0)]);
    fixed(&[&[3], &[3, 2]], &vals, &[(14, 0, 1, 0)]);
    // unbind, chunk, split with sizes: outputs of one node used together.
    for p in [0, 1, 2, 3] {
        fixed(&[&[2, 3]], &vals, &[(18, 0, 0, p)]);
        fixed(&[&[3, 2]], &vals, &[(12, 0, 0, 0), (18, 1, 0, p)]);
        fixed(&[&[4]], &vals, &[(18, 0, 0, p)]);
    }
    // prod: all, along a dim, with keepdim; a zero in the input.
    for p in [0, 4, 10, 13] {
        fixed(&[&[2, 3]], &vals, &[(15, 0, 0, p)]);
        fixed(&[&[2, 3]], &[0.5, 0.0, 1.0, 0.0, 0.0, 2.0], &[(15, 0, 0, p)]);
    }
    // in place through a view of a non-leaf, plain and transposed.
    for p in [0, 1, 2, 3] {
        fixed(&[&[2, 3]], &vals, &[(16, 0, 0, p)]);
        fixed(&[&[2, 3]], &vals, &[(12, 0, 0, 0), (16, 1, 0, p), (5, 2, 0, 0)]);
    }
}

#[test]
fn advanced_indexing() {
    let vals = [0.5, -0.25, 1.0, 0.75, -1.0, 0.125];
    for p in [0, 1] {
        fixed(&[&[2, 3]], &vals, &[(19, 0, 0, p), (2, 1, 1, 0)]);
        fixed(&[&[2, 3]], &vals, &[(12, 0, 0, 0), (19, 1, 0, p), (6, 2, 0, 0)]);
        fixed(&[&[3]], &vals, &[(19, 0, 0, p), (5, 1, 0, 0)]);
    }
}

#[test]
fn index_views_of_expanded_values() {
    let vals = [0.5, -0.25, 1.0, 0.75, -1.0, 0.125];
    for p in 0..5 {
        fixed(&[&[3]], &vals, &[(17, 0, 0, p), (5, 1, 0, 0)]);
        fixed(&[&[2, 3]], &vals, &[(17, 0, 0, p), (2, 1, 1, 0)]);
        fixed(&[&[2, 3]], &vals, &[(12, 0, 0, 0), (17, 1, 0, p)]);
    }
}

#[test]
fn batched_matmul() {
    let vals = [0.5, -0.25, 1.0, 0.75, -1.0, 0.125, 1.25];
    fixed(&[&[2, 2, 3], &[3, 2]], &vals, &[(14, 0, 1, 0)]);
    fixed(&[&[2, 2, 3], &[2, 3, 2]], &vals, &[(14, 0, 1, 0)]);
    fixed(&[&[1, 2, 3], &[2, 3, 2]], &vals, &[(14, 0, 1, 0)]);
    fixed(&[&[2, 3], &[2, 3, 2]], &vals, &[(14, 0, 1, 0)]);
}

#[test]
fn vector_batched_matmul() {
    let vals = [0.5, -0.25, 1.0, 0.75, -1.0, 0.125, 1.25];
    fixed(&[&[2, 2, 3], &[3]], &vals, &[(14, 0, 1, 0)]);
    fixed(&[&[3], &[2, 3, 2]], &vals, &[(14, 0, 1, 0)]);
}

#[test]
fn single_element_reductions() {
    // sum()/mean() of a tensor with one element but at least one dim: the
    // gradient must keep the input's shape.
    fixed(&[&[1]], &[0.5], &[(10, 0, 0, 0)]);
    fixed(&[&[1, 1]], &[0.5], &[(11, 0, 0, 0)]);
    fixed(&[&[1, 1, 1], &[2]], &[0.5, -0.25], &[(10, 0, 0, 0), (0, 2, 1, 0)]);
}

#[test]
fn matmul_branches() {
    // Every branch of PyTorch's composite matmul: folds through mm/mv (with
    // and without the transpose), bmm over broadcast batches (views and
    // copies), the 3-D batch-of-one squeeze, and a transposed operand.
    let vals = [0.5, -0.25, 1.0, 0.75, -1.0, 0.125, 1.25, -0.5];
    fixed(&[&[2, 1, 2, 3], &[3, 3, 2]], &vals, &[(14, 0, 1, 0)]);
    fixed(&[&[4, 2, 3], &[1, 3, 2]], &vals, &[(14, 0, 1, 0)]);
    fixed(&[&[1, 2, 3], &[4, 3, 2]], &vals, &[(14, 0, 1, 0)]);
    fixed(&[&[3], &[1, 3, 2]], &vals, &[(14, 0, 1, 0)]);
    fixed(&[&[2, 3], &[1, 3, 2]], &vals, &[(14, 0, 1, 0)]);
    fixed(&[&[1, 3], &[2, 3, 2]], &vals, &[(14, 0, 1, 0)]);
    fixed(&[&[2, 2, 1, 3], &[3]], &vals, &[(14, 0, 1, 0)]);
    fixed(&[&[3], &[2, 2, 3, 1]], &vals, &[(14, 0, 1, 0)]);
    // t() of a matrix, then matmul with a batch (a column-major operand).
    fixed(&[&[3, 2], &[2, 3, 2]], &vals, &[(12, 0, 0, 0), (14, 2, 1, 0)]);
    fixed(&[&[3, 2], &[3, 4]], &vals, &[(12, 0, 0, 0), (14, 2, 1, 0)]);
}

/// The program `E = expr` over float64 leaves x0 (2×3), x1 (2×3) and
/// x2 = x1 + 1 (2×3), folded into the loss as the random programs are.
fn expression(expr: &str, width: usize) -> Built {
    let x0 = [0.5, -0.75, 0.25, 0.9, -0.3, 0.6];
    let x1 = [0.2, 0.4, -0.6, 0.95, 0.1, -0.45];
    let x2: Vec<f64> = x1.iter().map(|v| v + 1.0).collect();
    let inputs = vec![("x0".to_string(), vec![2, 3], x0.to_vec()), ("x1".to_string(), vec![2, 3], x1.to_vec()), ("x2".to_string(), vec![2, 3], x2)];
    let weights: Vec<f64> = (0..width).map(|i| [-1.0, -0.5, 0.5, 1.0, 1.5, 2.0][i % 6]).collect();
    let mut program = format!("import torch\nimport torch.nn.functional as F\nE = ({expr}).reshape(-1)\n");
    program.push_str(&tensor_src("W", &[width], &weights, false));
    program.push_str("L = (E * W).sum()\n");
    Built { inputs, program }
}

/// The backward formulas of the API's ops, each against finite
/// differences at a point where it is smooth (no ties, no kinks; zeros for
/// cumprod, whose derivative there is its own case). Each entry is an
/// expression and the number of elements it yields.
#[test]
fn op_formulas_match_finite_differences() {
    let cases: &[(&str, usize)] = &[
        ("x0.cumprod(1)", 6),
        ("x0.cumprod(0)", 6),
        ("(x0 * torch.tensor([[1., 0., 1.], [0., 1., 0.]], dtype=torch.float64)).cumprod(1)", 6),
        ("(x0 * torch.tensor([[0., 1., 0.], [1., 1., 1.]], dtype=torch.float64)).cumprod(1)", 6),
        ("x0.logcumsumexp(1)", 6),
        ("torch.logcumsumexp(x0, 0)", 6),
        ("x0.cumsum(1)", 6),
        ("x0.cummax(1).values", 6),
        ("x0.median().reshape(1)", 1),
        ("x0.nanmedian().reshape(1)", 1),
        ("x0.median(1).values", 2),
        ("x0.nanmean(1)", 2),
        ("x0.quantile(0.3).reshape(1) + x0.nanquantile(torch.tensor([0.25, 0.9], dtype=torch.float64), dim=1, interpolation='midpoint').sum()", 1),
        ("x0.quantile(0.7, dim=0, interpolation='linear')", 3),
        ("x0.aminmax(dim=1)[0] * 2 + x0.aminmax(dim=1)[1]", 2),
        ("x0.aminmax()[0] - x0.aminmax()[1] * 3", 1),
        ("torch.std_mean(x0, dim=1)[0] + torch.std_mean(x0, dim=1)[1] * 2", 2),
        ("torch.var_mean(x0, correction=0)[0] - torch.var_mean(x0)[1]", 1),
        ("torch.maximum(x0, x1)", 6),
        ("torch.minimum(x0, x1) * x1", 6),
        ("x0.max(x1)", 6),
        ("torch.fmax(x0, x1) + torch.fmin(x0, x1) * 2", 6),
        ("x0.clamp(x1, x2)", 6),
        ("x0.clamp(min=x1)", 6),
        ("torch.clamp(x0, max=x1[0])", 6),
        ("x0.softmax(1)", 6),
        ("torch.log_softmax(x0, 0)", 6),
        ("torch.logsumexp(x0, 1)", 2),
        ("x0.gather(1, torch.tensor([[2, 0], [1, 1]]))", 4),
        ("x0.index_select(1, torch.tensor([2, 0]))", 4),
        ("x0[[1, 0, 1]]", 9),
        ("x0[x0 > 0]", 4),
        ("x0.flip(0).roll(1, 1)", 6),
        ("x0.repeat(2, 1)", 12),
        ("x0.triu() + x0.tril(-1) * 2", 6),
        ("x0.topk(2, dim=1).values", 4),
        ("x0.sort(1).values", 6),
        ("x0.kthvalue(2, 1).values", 2),
        ("x0.amax(1) - x0.amin(0).sum()", 2),
        ("torch.atan2(x0, x2) + torch.hypot(x0, x1)", 6),
        ("torch.einsum('ij,kj->ik', x0, x1)", 4),
        ("torch.tensordot(x0, x1, dims=([1], [1]))", 4),
        ("torch.addmm(x0[:, :2], x1, x2.t())", 4),
        ("F.gelu(x0) + F.silu(x1)", 6),
        ("F.normalize(x0, dim=1)", 6),
        ("F.linear(x0, x1, x2[0, :2])", 4),
        ("F.mse_loss(x0, x1).reshape(1)", 1),
        ("F.cross_entropy(x0, torch.tensor([2, 0])).reshape(1)", 1),
        ("F.pad(x0, (1, 2))", 12),
        ("x0.scatter_add(1, torch.tensor([[0, 0, 2], [1, 2, 1]]), x1)", 6),
        ("x0.index_add(1, torch.tensor([2, 0, 2]), x1)", 6),
        ("x0.masked_fill(x1 > 0, 0.5) * x1", 6),
        ("torch.where(x1 > 0, x0, x2)", 6),
        ("x0.diff(dim=1)", 4),
        ("torch.cross(x0, x1, dim=1)", 6),
        ("torch.kron(x0[0], x1[1])", 9),
        ("x0.lerp(x1, 0.3) + torch.addcmul(x0, x1, x2, value=0.5)", 6),
    ];
    let mut failures = vec![];
    for (expr, width) in cases {
        match check_built(&expression(expr, *width)) {
            Ok(()) => {}
            Err(TestCaseError::Reject(why)) => failures.push(format!("{expr}: finite differences cannot judge here ({why})")),
            Err(TestCaseError::Fail(why)) => failures.push(format!("{expr}: {why}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
