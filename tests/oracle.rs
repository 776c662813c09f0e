//! Proof against PyTorch: runs every case of `tests/oracle/corpus.tsr`
//! through the built `tsr` binary and compares what it reports with what real
//! PyTorch reported for the same source (`tests/oracle/fixtures.json`,
//! written by `scripts/torch_oracle.py`; committed, so this test needs neither
//! Python nor PyTorch).
//!
//! Compared per inspected expression: tensors' shape, stride, storage offset,
//! dtype, contiguity, numel, element size, storage size, version, autograd
//! fields, values (floats within a relative 1e-6 for float32/float64, zeros
//! with their sign, exact for every other dtype) and which inspected tensors share a storage; plain
//! values as JSON; errors' exception type and message (exact); warnings'
//! category and message (exact), in order among the results. Every mismatch
//! of every case is collected and the test fails once, listing them all.

use std::collections::HashMap;
use std::fs::File;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value as Json;

const CORPUS: &str = "tests/oracle/corpus.tsr";
const FIXTURES: &str = "tests/oracle/fixtures.json";
const CASE_TIMEOUT: Duration = Duration::from_secs(30);

/// `(name, source)` for every `### name` case; whole-line comments dropped
/// (the same rules as `scripts/torch_oracle.py`).
fn parse_corpus(text: &str) -> Vec<(String, String)> {
    let mut cases: Vec<(String, Vec<&str>)> = vec![];
    for line in text.split('\n') {
        if let Some(name) = line.strip_prefix("### ") {
            cases.push((name.trim().to_string(), vec![]));
        } else if let Some((_, lines)) = cases.last_mut()
            && !line.trim().starts_with('#')
        {
            lines.push(line.trim_end());
        }
    }
    cases.into_iter().map(|(n, lines)| (n, lines.join("\n").trim_matches('\n').to_string())).collect()
}

/// Runs one case; returns the JSON objects tsr printed (tensor, value and
/// error reports) or a description of why there are none.
fn run_tsr(idx: usize, source: &str) -> Result<Vec<Json>, String> {
    let dir = std::env::temp_dir();
    let base = dir.join(format!("tsr-oracle-{}-{idx}", std::process::id()));
    let (src_path, out_path, err_path) = (base.with_extension("tsr"), base.with_extension("out"), base.with_extension("err"));
    std::fs::write(&src_path, format!("{source}\n")).map_err(|e| format!("cannot write temp file: {e}"))?;
    let result = (|| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tsr"))
            .arg("run")
            .arg(&src_path)
            .args(["--json", "--stable-addrs", "--color", "never"])
            .env("TSR_CUDA", "off")
            .env_remove("COLUMNS")
            .stdin(Stdio::null())
            .stdout(File::create(&out_path).map_err(|e| e.to_string())?)
            .stderr(File::create(&err_path).map_err(|e| e.to_string())?)
            .spawn()
            .map_err(|e| format!("cannot start tsr: {e}"))?;
        let start = Instant::now();
        let status = loop {
            if let Some(s) = child.try_wait().map_err(|e| e.to_string())? {
                break s;
            }
            if start.elapsed() > CASE_TIMEOUT {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("tsr did not finish within {CASE_TIMEOUT:?}"));
            }
            std::thread::sleep(Duration::from_millis(2));
        };
        let stdout = std::fs::read_to_string(&out_path).unwrap_or_default();
        let stderr = std::fs::read_to_string(&err_path).unwrap_or_default();
        let mut items = vec![];
        for line in stdout.lines().filter(|l| !l.trim().is_empty()) {
            let v: Json = serde_json::from_str(line).map_err(|e| format!("stdout line is not JSON ({e}): {}", clip(line)))?;
            if matches!(v["kind"].as_str(), Some("tensor" | "value" | "error" | "warning")) {
                items.push(v);
            }
        }
        if items.is_empty() && (!status.success() || !stderr.trim().is_empty()) {
            return Err(format!("no reports; tsr exited with {status}; stderr: {}", clip(stderr.trim())));
        }
        Ok(items)
    })();
    for p in [&src_path, &out_path, &err_path] {
        let _ = std::fs::remove_file(p);
    }
    result
}

fn clip(s: &str) -> String {
    const MAX: usize = 300;
    if s.chars().count() <= MAX {
        s.to_string()
    } else {
        format!("{}… ({} chars)", s.chars().take(MAX).collect::<String>(), s.chars().count())
    }
}

fn show(v: &Json) -> String {
    clip(&v.to_string())
}

/// Where `want` and `got` first differ (a path like `[1][0]` and both
/// sides), or `None`. Numbers must agree in kind (integer vs float); floats
/// agree within relative `rel` (0.0: exactly).
fn json_diff(want: &Json, got: &Json, rel: f64, path: &str) -> Option<String> {
    let here = |w: &Json, g: &Json| Some(format!("{}expected {}, got {}", if path.is_empty() { String::new() } else { format!("at {path}: ") }, show(w), show(g)));
    match (want, got) {
        (Json::Number(w), Json::Number(g)) => {
            if w.is_f64() != g.is_f64() {
                return here(want, got);
            }
            if !w.is_f64() {
                return (w != g).then(|| here(want, got)).flatten();
            }
            let (a, b) = (w.as_f64().unwrap_or(f64::NAN), g.as_f64().unwrap_or(f64::NAN));
            // Zeros must agree in sign too: PyTorch prints -0. and tsr must say
            // the same.
            let same_zero = a != 0.0 || b != 0.0 || a.is_sign_negative() == b.is_sign_negative();
            let ok = same_zero && (a == b || (a - b).abs() <= rel * a.abs().max(b.abs()));
            (!ok).then(|| here(want, got)).flatten()
        }
        (Json::Array(w), Json::Array(g)) => {
            if w.len() != g.len() {
                return here(want, got);
            }
            w.iter().zip(g).enumerate().find_map(|(i, (a, b))| json_diff(a, b, rel, &format!("{path}[{i}]")))
        }
        (Json::Object(w), Json::Object(g)) => {
            if w.len() != g.len() || w.keys().any(|k| !g.contains_key(k)) {
                return here(want, got);
            }
            w.iter().find_map(|(k, a)| json_diff(a, &g[k], rel, &format!("{path}.{k}")))
        }
        _ => (want != got).then(|| here(want, got)).flatten(),
    }
}

/// One line describing a tsr report, for "expected X, got Y".
fn describe(v: &Json) -> String {
    match v["kind"].as_str() {
        Some("error") => format!("{} {}", v["type"].as_str().unwrap_or("?"), show(&v["message"])),
        Some("tensor") => format!("tensor `{}` shape {} dtype {}", v["name"].as_str().unwrap_or("?"), v["shape"], v["dtype"]),
        Some("value") => format!("value `{}` = {}", v["name"].as_str().unwrap_or("?"), show(&v["value"])),
        Some("warning") => format!("{} {}", v["category"].as_str().unwrap_or("?"), show(&v["message"])),
        _ => show(v),
    }
}

/// Compares one case's reports with its fixture results; pushes one line per
/// mismatch onto `out`.
fn compare_case(want: &[Json], got: &[Json], out: &mut Vec<String>) {
    // tsr's storages, numbered in first-seen order over all its tensor reports
    // (as the oracle numbers PyTorch's); 0-byte storages share nothing.
    let mut ids: HashMap<u64, usize> = HashMap::new();
    let groups: Vec<Json> = got
        .iter()
        .map(|g| match (g["storage"]["nbytes"].as_u64(), g["storage"]["id"].as_u64()) {
            _ if g["kind"] != "tensor" => Json::Null,
            (Some(0), _) => Json::Null,
            (_, Some(id)) => {
                let n = ids.len();
                Json::from(*ids.entry(id).or_insert(n))
            }
            _ => Json::String("missing storage.id".into()),
        })
        .collect();
    for (i, (w, g)) in want.iter().zip(got).enumerate() {
        let expr = w["name"].as_str().or(w["statement"].as_str()).unwrap_or("");
        let mut bad = |field: &str, msg: String| out.push(format!("#{i} `{expr}` {field}: {msg}"));
        let wkind = w["kind"].as_str().unwrap_or("?");
        let gkind = g["kind"].as_str().unwrap_or("?");
        if wkind == "error" {
            let we = &w["error"];
            if gkind != "error" {
                bad("result", format!("expected {} {}, got {}", we["type"].as_str().unwrap_or("?"), show(&we["message"]), describe(g)));
                continue;
            }
            if we["type"] != g["type"] {
                bad("error type", format!("expected {}, got {} (message {})", we["type"], g["type"], show(&g["message"])));
            }
            if we["message"] != g["message"] {
                bad("error message", format!("expected {}, got {}", show(&we["message"]), show(&g["message"])));
            }
            continue;
        }
        if gkind != wkind {
            let want = if wkind == "warning" { format!("{} {}", w["category"].as_str().unwrap_or("?"), show(&w["message"])) } else { format!("a {wkind} report") };
            bad("result", format!("expected {want}, got {}", describe(g)));
            continue;
        }
        if wkind == "warning" {
            for field in ["category", "message"] {
                if w[field] != g[field] {
                    bad(field, format!("expected {}, got {}", show(&w[field]), show(&g[field])));
                }
            }
            continue;
        }
        if w["name"] != g["name"] {
            bad("name", format!("expected {}, got {}", w["name"], g["name"]));
        }
        if wkind == "value" {
            if let Some(d) = json_diff(&w["value"], &g["value"], 1e-6, "") {
                bad("value", d);
            }
            continue;
        }
        // A tensor.
        let fields: [(&str, &Json); 11] = [
            ("shape", &g["shape"]),
            ("stride", &g["stride"]),
            ("storage_offset", &g["storage_offset"]),
            ("dtype", &g["dtype"]),
            ("is_contiguous", &g["is_contiguous"]),
            ("numel", &g["numel"]),
            ("element_size", &g["element_size"]),
            ("storage_nbytes", &g["storage"]["nbytes"]),
            ("version", &g["version"]),
            ("requires_grad", &g["requires_grad"]),
            ("is_leaf", &g["is_leaf"]),
        ];
        // The version counter of a `.grad` tensor too: it shows how
        // PyTorch's engine buffered, adopted or copied the gradient.
        for (field, gv) in fields {
            if &w[field] != gv {
                bad(field, format!("expected {}, got {}", show(&w[field]), show(gv)));
            }
        }
        if w["grad_fn"] != g["grad_fn"] {
            bad("grad_fn", format!("expected {}, got {}", w["grad_fn"], g["grad_fn"]));
        }
        let group = &groups[i];
        if &w["storage_group"] != group {
            bad("storage sharing", format!(
                "expected storage group {}, got {} (inspected storages numbered in first-seen order; null: 0 bytes)",
                w["storage_group"], group
            ));
        }
        if let Some(wv) = w.get("values") {
            let rel = match w["dtype"].as_str() {
                Some("float32" | "float64") => 1e-6,
                _ => 0.0,
            };
            match g.get("values") {
                None => bad("values", format!("expected {}, got no values", show(wv))),
                Some(gv) => {
                    if let Some(d) = json_diff(wv, gv, rel, "") {
                        bad("values", d);
                    }
                }
            }
        }
    }
    if want.len() != got.len() {
        let extra = if got.len() > want.len() {
            format!("; first extra: {}", describe(&got[want.len()]))
        } else {
            let w = &want[got.len()];
            let what = if w["kind"] == "error" {
                let raised = if got.last().is_some_and(|g| g["kind"] == "error") { "" } else { " (tsr raised no error)" };
                format!(
                    "`{}` raising {} {}{raised}",
                    w["statement"].as_str().unwrap_or("?"),
                    w["error"]["type"].as_str().unwrap_or("?"),
                    show(&w["error"]["message"])
                )
            } else if w["kind"] == "warning" {
                format!("warning {}", show(&w["message"]))
            } else {
                format!("{} `{}`", w["kind"].as_str().unwrap_or("?"), w["name"].as_str().unwrap_or("?"))
            };
            format!("; first missing: {what}")
        };
        out.push(format!("result count: expected {}, got {}{extra}", want.len(), got.len()));
    }
}

#[test]
fn tsr_matches_pytorch() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = std::fs::read_to_string(root.join(CORPUS)).expect("read the corpus");
    let fixtures: Json = serde_json::from_str(&std::fs::read_to_string(root.join(FIXTURES)).expect("read the fixtures")).expect("fixtures are JSON");
    let cases = parse_corpus(&corpus);
    assert!(!cases.is_empty(), "the corpus has no cases");
    let fixture_cases: HashMap<&str, &Json> = fixtures["cases"]
        .as_array()
        .expect("fixtures.cases is an array")
        .iter()
        .map(|c| (c["name"].as_str().expect("case name"), c))
        .collect();

    let mut report: Vec<String> = vec![];
    let (mut failed_cases, mut mismatches, mut results) = (0, 0, 0);
    // Documented divergences: they must still differ, and are not failures.
    let known_text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/oracle/known_divergences.txt")).unwrap_or_default();
    let known: Vec<&str> = known_text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim())
        .filter(|l| !l.is_empty())
        .collect();
    let mut known_seen: Vec<&str> = vec![];
    for (idx, (name, source)) in cases.iter().enumerate() {
        let mut out = vec![];
        match fixture_cases.get(name.as_str()) {
            None => out.push("no fixture for this case: rerun scripts/torch_oracle.py".to_string()),
            Some(fx) if fx["source"].as_str() != Some(source.as_str()) => {
                out.push("the fixture was recorded from different source: rerun scripts/torch_oracle.py".to_string())
            }
            Some(fx) => {
                let want = fx["results"].as_array().map(Vec::as_slice).unwrap_or(&[]);
                results += want.len();
                match run_tsr(idx, source) {
                    Ok(got) => compare_case(want, &got, &mut out),
                    Err(e) => out.push(e),
                }
            }
        }
        if known.contains(&name.as_str()) {
            if out.is_empty() {
                failed_cases += 1;
                mismatches += 1;
                report.push(format!("[{name}]\n    now matches PyTorch: remove it from tests/oracle/known_divergences.txt"));
            } else {
                known_seen.push(known.iter().copied().find(|k| *k == name.as_str()).unwrap_or(""));
            }
            continue;
        }
        if !out.is_empty() {
            failed_cases += 1;
            mismatches += out.len();
            report.push(format!("[{name}]\n    {}", out.join("\n    ")));
        }
    }
    let stale: Vec<&str> = fixture_cases.keys().copied().filter(|n| !cases.iter().any(|(c, _)| c == n)).collect();
    if !stale.is_empty() {
        mismatches += stale.len();
        report.push(format!("[fixtures]\n    cases not in the corpus (rerun scripts/torch_oracle.py): {}", stale.join(", ")));
    }
    for k in &known {
        if !known_seen.contains(k) && !cases.iter().any(|(c, _)| c == k) {
            failed_cases += 1;
            report.push(format!("[{k}]\n    listed in known_divergences.txt but not in the corpus"));
        }
    }
    println!(
        "oracle: {} cases, {results} expected results (PyTorch {}); {failed_cases} cases differ; {} known divergences",
        cases.len(),
        fixtures["torch_version"].as_str().unwrap_or("?"),
        known_seen.len()
    );
    if !report.is_empty() {
        panic!(
            "tsr differs from PyTorch {} in {failed_cases} of {} cases ({mismatches} mismatches):\n\n{}\n",
            fixtures["torch_version"].as_str().unwrap_or("?"),
            cases.len(),
            report.join("\n")
        );
    }
}
