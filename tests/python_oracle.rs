//! Python oracle: the same program text, run by CPython and by `tsr run`,
//! prints the same bytes.
//!
//! Every `tests/python/cases/NNN_name.py` is a small, deterministic Python
//! program. `scripts/python_oracle.py` ran it with CPython 3.12 (with
//! PyTorch) and recorded, next to it:
//!
//! - `NNN_name.out`: exactly what the program printed on stdout;
//! - `NNN_name.err`: only when the program ended with an uncaught exception,
//!   the last line of its stderr (`KeyError: 'b'`).
//!
//! This test runs `tsr run NNN_name.py --stable-addrs --color never` (cwd =
//! the cases folder, `TSR_CUDA=off`, `NO_COLOR=1`, stdin null, killed after
//! 20 s) for every case that has a `.out`, and requires:
//!
//! - stdout equal to `.out`, byte for byte;
//! - with an `.err`: exit code 1, and stderr containing the `.err` line
//!   (tsr prints an error as `ExcType: message` and then a location);
//! - without an `.err`: exit code 0.
//!
//! All failures are collected and reported together. Cases listed in
//! `tests/python/known_divergences.txt` (one case name per line, with or
//! without `.py`; `#` starts a comment) are run but do not fail the test;
//! a listed case that matches fails the test until its line is removed, so
//! the list stays true.
//!
//! The fixtures are committed, so this test needs no Python. After adding or
//! changing a case, rerun `python3 scripts/python_oracle.py` (it uses
//! `~/venv/bin/python`, or `--python PATH`) and commit the fixtures.

use std::collections::BTreeSet;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const TIMEOUT: Duration = Duration::from_secs(20);
/// Keep at most this much of each stream (a runaway loop must not eat memory).
const STREAM_CAP: usize = 4 << 20;
const MIN_CASES: usize = 200;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("python")
}

fn cases_dir() -> PathBuf {
    root().join("cases")
}

/// Every `*.py` in the cases folder, sorted by name.
fn all_cases() -> Vec<PathBuf> {
    let dir = cases_dir();
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "py"))
        .collect();
    v.sort();
    v
}

fn stem(p: &Path) -> String {
    p.file_stem().and_then(|s| s.to_str()).expect("utf-8 case name").to_string()
}

/// Case names listed in `known_divergences.txt` (without `.py`).
fn known_divergences() -> BTreeSet<String> {
    let path = root().join("known_divergences.txt");
    let Ok(text) = std::fs::read_to_string(&path) else { return BTreeSet::new() };
    text.lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .map(|l| l.strip_suffix(".py").unwrap_or(l).to_string())
        .collect()
}

struct Run {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    /// None: killed by a signal (or by us, on timeout).
    code: Option<i32>,
    timed_out: bool,
}

fn run_tsr(case: &Path) -> Run {
    let name = case.file_name().and_then(|s| s.to_str()).expect("utf-8 case file name");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tsr"))
        .args(["run", name, "--stable-addrs", "--color", "never"])
        .current_dir(cases_dir())
        .env("TSR_CUDA", "off")
        .env_remove("COLUMNS")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn tsr");
    let cap = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut v = Vec::new();
            let mut buf = [0u8; 65536];
            loop {
                match r.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => {
                        if v.len() < STREAM_CAP {
                            v.extend_from_slice(&buf[..n]);
                        }
                    }
                }
            }
            v
        })
    };
    let t_out = cap(Box::new(child.stdout.take().expect("stdout")));
    let t_err = cap(Box::new(child.stderr.take().expect("stderr")));
    let start = Instant::now();
    let mut timed_out = false;
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break s;
        }
        if start.elapsed() > TIMEOUT {
            timed_out = true;
            let _ = child.kill();
            break child.wait().expect("wait after kill");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    Run { stdout: t_out.join().unwrap(), stderr: t_err.join().unwrap(), code: status.code(), timed_out }
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// At most `n` characters of `s`, with an ellipsis when cut.
fn clip(s: &str, n: usize) -> String {
    if s.chars().count() <= n { s.to_string() } else { format!("{}…", s.chars().take(n).collect::<String>()) }
}

/// Where `got` first differs from `want`, line by line.
fn first_difference(want: &[u8], got: &[u8]) -> String {
    let w = text(want);
    let g = text(got);
    let wl: Vec<&str> = w.split_inclusive('\n').collect();
    let gl: Vec<&str> = g.split_inclusive('\n').collect();
    for i in 0..wl.len().max(gl.len()) {
        match (wl.get(i), gl.get(i)) {
            (Some(a), Some(b)) if a == b => continue,
            (Some(a), Some(b)) => {
                return format!("stdout line {}: expected {:?}, got {:?}", i + 1, clip(a, 200), clip(b, 200));
            }
            (Some(a), None) => {
                return format!("stdout ends after {} lines; expected line {}: {:?}", gl.len(), i + 1, clip(a, 200));
            }
            (None, Some(b)) => {
                return format!("stdout has extra output from line {}: {:?}", i + 1, clip(b, 200));
            }
            (None, None) => unreachable!(),
        }
    }
    // Same lines but different bytes: only lossy decoding can do that.
    "stdout differs in bytes that are not valid UTF-8".to_string()
}

/// The first non-empty stderr line, for context in a report.
fn stderr_head(r: &Run) -> String {
    let e = text(&r.stderr);
    match e.lines().find(|l| !l.trim().is_empty()) {
        Some(l) => format!("; stderr: {:?}", clip(l.trim(), 300)),
        None => String::new(),
    }
}

/// The problems of one case (empty: it matches CPython).
fn check_case(case: &Path) -> Vec<String> {
    let want_out = std::fs::read(case.with_extension("out")).expect("read .out");
    let want_err = std::fs::read_to_string(case.with_extension("err"))
        .ok()
        .map(|s| s.lines().find(|l| !l.trim().is_empty()).unwrap_or("").trim().to_string());
    let r = run_tsr(case);
    let mut problems = vec![];
    if r.timed_out {
        problems.push(format!("timed out after {} s (killed){}", TIMEOUT.as_secs(), stderr_head(&r)));
        return problems;
    }
    if r.stdout != want_out {
        problems.push(first_difference(&want_out, &r.stdout));
    }
    match (&want_err, r.code) {
        (_, None) => problems.push(format!("killed by a signal{}", stderr_head(&r))),
        (Some(line), code) => {
            if code != Some(1) {
                problems.push(format!("CPython ended with `{line}`; tsr exited with {code:?}, expected 1"));
            }
            let err = text(&r.stderr);
            if !err.contains(line.as_str()) {
                problems.push(format!("stderr lacks {line:?}; stderr: {:?}", clip(err.trim(), 400)));
            }
        }
        (None, Some(0)) => {}
        (None, Some(c)) => problems.push(format!("exit code {c}, expected 0{}", stderr_head(&r))),
    }
    problems
}

#[test]
fn corpus_has_enough_cases_with_fixtures() {
    let cases = all_cases();
    let mut problems = vec![];
    let mut numbers = BTreeSet::new();
    for c in &cases {
        let s = stem(c);
        let (num, rest) = s.split_at(s.find('_').unwrap_or(0));
        if num.len() != 3 || !num.bytes().all(|b| b.is_ascii_digit()) || rest.len() < 2 {
            problems.push(format!("{s}.py: name must be NNN_short_name.py"));
        } else if !numbers.insert(num.to_string()) {
            problems.push(format!("{s}.py: number {num} used twice"));
        }
        if c.with_extension("err").exists() && !c.with_extension("out").exists() {
            problems.push(format!("{s}: has an .err but no .out"));
        }
    }
    let with_fixtures = cases.iter().filter(|c| c.with_extension("out").exists()).count();
    if with_fixtures < MIN_CASES {
        problems.push(format!(
            "only {with_fixtures} of {} cases have a .out fixture, need at least {MIN_CASES} \
             (run scripts/python_oracle.py)",
            cases.len()
        ));
    }
    // Every fixture belongs to a case.
    for e in std::fs::read_dir(cases_dir()).expect("read cases dir") {
        let p = e.expect("dir entry").path();
        if p.extension().is_some_and(|x| x == "out" || x == "err") && !p.with_extension("py").exists() {
            problems.push(format!("{}: fixture without a .py", p.display()));
        }
    }
    // Every listed divergence names a case.
    let names: BTreeSet<String> = cases.iter().map(|c| stem(c)).collect();
    for k in known_divergences() {
        if !names.contains(&k) {
            problems.push(format!("known_divergences.txt lists {k}, which is not a case"));
        }
    }
    assert!(problems.is_empty(), "python oracle corpus problems:\n  {}", problems.join("\n  "));
}

#[test]
fn tsr_prints_what_cpython_prints() {
    let cases: Vec<PathBuf> = all_cases().into_iter().filter(|c| c.with_extension("out").exists()).collect();
    let known = known_divergences();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(String, Vec<String>)>> = Mutex::new(vec![]);
    let workers = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2).clamp(1, 8);
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(case) = cases.get(i) else { break };
                    let problems = check_case(case);
                    results.lock().unwrap().push((stem(case), problems));
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort();

    let mut differ = vec![];
    let mut stale = vec![];
    let mut still_known = 0usize;
    for (name, problems) in &results {
        match (known.contains(name), problems.is_empty()) {
            (false, true) => {}
            (false, false) => differ.push(format!("{name}:\n      {}", problems.join("\n      "))),
            (true, false) => {
                still_known += 1;
                eprintln!("known divergence {name}: {}", problems.join("; "));
            }
            (true, true) => {
                stale.push(format!("{name}: matches CPython now; remove it from tests/python/known_divergences.txt"))
            }
        }
    }
    let total = results.len();
    eprintln!(
        "python oracle: {} of {total} cases match CPython, {} differ, {still_known} known divergences",
        total - differ.len() - still_known,
        differ.len()
    );
    if !differ.is_empty() || !stale.is_empty() {
        let mut report = differ.clone();
        report.extend(stale.iter().cloned());
        let known_note = if still_known > 0 {
            format!(" ({still_known} more listed in known_divergences.txt)")
        } else {
            String::new()
        };
        panic!(
            "\n  {}\n\n{} of {total} python oracle cases differ{known_note}; {} listed divergences now match",
            report.join("\n  "),
            differ.len(),
            stale.len()
        );
    }
}
