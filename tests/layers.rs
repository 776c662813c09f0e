//! The layers' dependencies point one way (ARCHITECTURE.md): a `use` or
//! path into a layer a folder must not know fails this test.

use std::path::Path;

/// (folder under src/, paths it must never mention)
const RULES: &[(&str, &[&str])] = &[
    ("engine", &["crate::eval", "crate::report", "crate::render", "crate::cli", "crate::io", "crate::lang"]),
    ("io", &["crate::eval", "crate::report", "crate::render", "crate::cli", "crate::lang"]),
    ("report", &["crate::eval", "crate::render", "crate::cli"]),
    ("render", &["crate::eval", "crate::cli", "crate::lang::parse"]),
    ("lang", &["crate::eval", "crate::engine", "crate::report", "crate::render", "crate::cli", "crate::io"]),
];

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn layers_depend_one_way() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut problems = vec![];
    for (folder, banned) in RULES {
        let mut files = vec![];
        rust_files(&src.join(folder), &mut files);
        assert!(!files.is_empty(), "src/{folder} has no files");
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            for (n, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or("");
                for b in *banned {
                    if code.contains(b) {
                        problems.push(format!("{}:{}: {b}", f.strip_prefix(&src).unwrap().display(), n + 1));
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "layer violations:\n{}", problems.join("\n"));
}
