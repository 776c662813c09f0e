//! Golden tests: every `snapshots/*.tsr` demo is run by the real binary with
//! `run FILE --stable-addrs --keep-going --color never` (plus any flags on a
//! `# tsr-args:` first line) and its combined stdout+stderr and exit code must
//! equal `snapshots/NAME.out` byte for byte.
//!
//! Re-bless after an intended change: `TSR_BLESS=1 cargo test --test snapshots`.

mod common;

use std::path::Path;

fn run_demo(path: &Path) -> String {
    let src = std::fs::read_to_string(path).expect("read demo");
    // A relative path, so error locations read the same on every checkout.
    let name = path.file_name().and_then(|n| n.to_str()).expect("utf8 name");
    let rel = format!("snapshots/{name}");
    let mut args = vec!["run", rel.as_str(), "--stable-addrs", "--keep-going", "--color", "never"];
    let extra: Vec<&str> = src
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("# tsr-args:"))
        .map(|a| a.split_whitespace().collect())
        .unwrap_or_default();
    args.extend(extra);
    let out = common::tsr(&args, "");
    format!("{}[exit {}]\n", out.combined, out.code)
}

#[test]
fn snapshots_match() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("snapshots");
    let bless = std::env::var_os("TSR_BLESS").is_some();
    let mut demos: Vec<_> = std::fs::read_dir(&dir)
        .expect("snapshots dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "tsr"))
        .collect();
    demos.sort();
    assert!(demos.len() >= 8, "expected at least 8 demos, found {}", demos.len());
    let mut failures = vec![];
    for demo in &demos {
        let got = run_demo(demo);
        let expected_path = demo.with_extension("out");
        if bless {
            std::fs::write(&expected_path, &got).expect("write snapshot");
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if got != expected {
            failures.push(format!(
                "--- {} differs ---\nexpected:\n{}\ngot:\n{}",
                demo.display(),
                expected,
                got
            ));
        }
    }
    assert!(failures.is_empty(), "{} snapshot(s) differ (TSR_BLESS=1 to re-bless):\n{}", failures.len(), failures.join("\n"));
}
