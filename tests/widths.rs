//! Every report laid out for 40, 80 and 120 columns: no line is wider than
//! the width (`--width N`), the text matches its golden file
//! (`tests/widths/golden/NAME.W.out`; `TSR_BLESS=1` rewrites them), and
//! `--json` is the same at every width. `print` follows PyTorch's
//! `linewidth`, never the terminal's; an error's `Type: message` line is
//! kept whole, as Python prints it.

mod common;

use std::path::{Path, PathBuf};

const WIDTHS: [usize; 3] = [40, 80, 120];

/// Scripts whose output is Python's `print`, laid out by `linewidth`.
const PYTHON_TEXT: &[&str] = &["print"];

fn scripts() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/widths");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir).expect("tests/widths").filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == "tsr")).collect();
    v.sort();
    v
}

fn extra_args(src: &str) -> Vec<String> {
    src.lines().find_map(|l| l.strip_prefix("# tsr-args: ")).map(|a| a.split_whitespace().map(String::from).collect()).unwrap_or_default()
}

fn run(path: &Path, width: Option<usize>, json: bool) -> common::Output {
    let src = std::fs::read_to_string(path).expect("script");
    let rel = path.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap_or(path).to_string_lossy().into_owned();
    let mut args: Vec<String> = vec!["run".into(), rel, "--stable-addrs".into(), "--color".into(), "never".into()];
    if let Some(w) = width {
        args.push("--width".into());
        args.push(w.to_string());
    }
    if json {
        args.push("--json".into());
    }
    args.extend(extra_args(&src));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    common::tsr(&args, "")
}

#[test]
fn every_report_fits_40_80_and_120_columns() {
    let bless = std::env::var_os("TSR_BLESS").is_some();
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/widths/golden");
    let mut failures = vec![];
    let scripts = scripts();
    assert!(scripts.len() >= 15, "the width scripts are missing");
    for path in &scripts {
        let name = path.file_stem().unwrap_or_default().to_string_lossy().into_owned();
        for w in WIDTHS {
            let out = run(path, Some(w), false);
            if !PYTHON_TEXT.contains(&name.as_str()) {
                for line in out.combined.lines() {
                    let n = line.chars().count();
                    // An error's `Type: message` line is kept whole, as Python's.
                    let message = line.split_once(": ").is_some_and(|(t, _)| !t.is_empty() && t.chars().all(|c| c.is_ascii_alphanumeric()) && t.chars().next().is_some_and(|c| c.is_ascii_uppercase()));
                    if n > w && !message {
                        failures.push(format!("{name} at {w}: a line of {n} columns: {line}"));
                    }
                }
            }
            let file = golden.join(format!("{name}.{w}.out"));
            let text = format!("{}[exit {}]\n", out.combined, out.code);
            if bless {
                std::fs::create_dir_all(&golden).expect("golden dir");
                std::fs::write(&file, &text).expect("write golden");
            } else {
                let want = std::fs::read_to_string(&file).unwrap_or_default();
                if want != text {
                    failures.push(format!("{name} at {w} differs from {} (TSR_BLESS=1 to accept):\n{text}", file.display()));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn json_and_print_do_not_depend_on_the_width() {
    for path in scripts() {
        let name = path.file_stem().unwrap_or_default().to_string_lossy().into_owned();
        let narrow = run(&path, Some(40), true).combined;
        assert_eq!(narrow, run(&path, Some(120), true).combined, "{name}: --json changed with the width");
        if PYTHON_TEXT.contains(&name.as_str()) {
            assert_eq!(run(&path, Some(40), false).combined, run(&path, Some(120), false).combined, "{name}: print followed the terminal");
        }
    }
}

#[test]
fn columns_sets_the_width_and_the_flag_overrides_it() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/widths/inspect.tsr");
    let exe = env!("CARGO_BIN_EXE_tsr");
    let widest = |cols: Option<&str>, flag: Option<&str>| {
        let mut c = std::process::Command::new(exe);
        c.args(["run", path.to_str().unwrap_or_default(), "--stable-addrs", "--color", "never"]).env("TSR_CUDA", "off").env_remove("COLUMNS");
        if let Some(v) = cols {
            c.env("COLUMNS", v);
        }
        if let Some(f) = flag {
            c.args(["--width", f]);
        }
        let out = c.output().expect("run tsr");
        String::from_utf8_lossy(&out.stdout).lines().map(|l| l.chars().count()).max().unwrap_or(0)
    };
    let default = widest(None, None);
    assert!(default <= 80 && default > 40, "default width: widest line {default}");
    assert!(widest(Some("50"), None) <= 50);
    assert!(widest(Some("50"), Some("120")) > 80, "--width must override COLUMNS");
    assert!(widest(Some("garbage"), None) <= 80);
}

#[test]
fn tsr_inspect_of_a_file_fits_the_width() {
    for w in WIDTHS {
        let ws = w.to_string();
        let out = common::tsr(&["inspect", "tests/io/files/dtypes.pt", "--width", &ws, "--color", "never"], "");
        assert_eq!(out.code, 0, "{}", out.combined);
        let widest = out.combined.lines().map(|l| l.chars().count()).max().unwrap_or(0);
        assert!(widest <= w, "inspect FILE at {w}: a line of {widest}\n{}", out.combined);
        for name in ["bfloat16", "float64", "int8"] {
            assert!(out.combined.contains(name), "{name} lost at {w}");
        }
    }
}
