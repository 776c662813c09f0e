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

/// The files that create storages (`Tensor::alloc*`, `Storage::allocate*`)
/// are exactly the ones ARCHITECTURE.md's first invariant lists, and no
/// view module is among them.
#[test]
fn allocation_sites_are_the_listed_ones() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let src = root.join("src");
    let mut files = vec![];
    rust_files(&src, &mut files);
    let mut found = std::collections::BTreeSet::new();
    for f in files {
        let rel = f.strip_prefix(&src).unwrap().to_string_lossy().replace('\\', "/");
        if rel == "engine/tensor.rs" || rel == "engine/storage.rs" {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap();
        // Unit tests may allocate anywhere: stop at the test module.
        let lines: Vec<&str> = text.lines().collect();
        let end = lines.windows(2).position(|w| w[0].starts_with("#[cfg(test)]") && w[1].starts_with("mod ")).unwrap_or(lines.len());
        let calls = lines[..end]
            .iter()
            .map(|l| l.split("//").next().unwrap_or(""))
            .any(|c| c.contains("Tensor::alloc") || c.contains("Storage::allocate"));
        if calls {
            found.insert(rel.trim_end_matches(".rs").to_string());
        }
    }
    let arch = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let para = &arch[arch.find("**A view never allocates.**").expect("the invariant")..];
    let para = &para[..para.find("\n- ").unwrap_or(para.len())];
    let mut listed = std::collections::BTreeSet::new();
    // `dir/{a,b,c}.rs` groups in the paragraph.
    let mut rest = para;
    while let Some(i) = rest.find("/{") {
        let start = rest[..i].rfind('`').unwrap() + 1;
        let end = i + rest[i..].find("}.rs").unwrap();
        let dir = &rest[start..i];
        for name in rest[i + 2..end].split(',') {
            listed.insert(format!("{dir}/{}", name.trim()));
        }
        rest = &rest[end..];
    }
    assert!(!listed.is_empty());
    for view_module in ["engine/layout", "engine/ops/index", "engine/layout/memory_format"] {
        assert!(!found.contains(view_module), "{view_module} allocates");
    }
    let missing: Vec<_> = found.difference(&listed).collect();
    let stale: Vec<_> = listed.difference(&found).collect();
    assert!(missing.is_empty() && stale.is_empty(), "allocating files ARCHITECTURE.md does not list: {missing:?}; listed files that do not allocate: {stale:?}");
}
