//! Pictures (`--html`, `--svg`): every figure is checked against the data
//! it claims to show. View elements must sit on the storage cell PyTorch's
//! strides give (`K = offset + Σ index·stride`), memory marks must add up to
//! the allocator's own counters, the page must be self-contained and
//! byte-for-byte reproducible, and the figures match golden files
//! (`TSR_BLESS=1 cargo test --test pictures` rewrites them).

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tsr-pictures-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch dir");
    d
}

/// Runs `code` with `--html` and `--svg`; returns (stdout+stderr, page, svg files).
fn draw(name: &str, code: &str, extra: &[&str]) -> (String, String, Vec<(String, String)>) {
    let dir = scratch(name);
    let html = dir.join("page.html");
    let svg = dir.join("svg");
    let mut args = vec!["--stable-addrs", "--color", "never", "-c", code, "--html", html.to_str().unwrap(), "--svg", svg.to_str().unwrap()];
    args.extend_from_slice(extra);
    let out = common::tsr(&args, "");
    assert_eq!(out.code, 0, "{}", out.combined);
    let page = std::fs::read_to_string(&html).expect("page written");
    let mut files: Vec<(String, String)> = std::fs::read_dir(&svg)
        .map(|rd| rd.filter_map(|e| e.ok()).map(|e| (e.file_name().to_string_lossy().into_owned(), std::fs::read_to_string(e.path()).unwrap_or_default())).collect())
        .unwrap_or_default();
    files.sort();
    let _ = std::fs::remove_dir_all(&dir);
    (out.combined, page, files)
}

/// Every start tag that has attribute `key`, as its attribute map.
fn tags_with(doc: &str, key: &str) -> Vec<BTreeMap<String, String>> {
    let mut out = vec![];
    let needle = format!(" {key}=\"");
    let mut from = 0;
    while let Some(i) = doc[from..].find(&needle) {
        let at = from + i;
        let start = doc[..at].rfind('<').expect("tag start");
        let end = at + doc[at..].find('>').expect("tag end");
        out.push(attrs(&doc[start..end]));
        from = end;
    }
    out
}

fn attrs(tag: &str) -> BTreeMap<String, String> {
    let mut m = BTreeMap::new();
    let mut rest = tag;
    while let Some(eq) = rest.find("=\"") {
        let name = rest[..eq].rsplit(|c: char| c.is_whitespace()).next().unwrap_or("").to_string();
        let after = &rest[eq + 2..];
        let close = after.find('"').expect("closing quote");
        m.insert(name, after[..close].to_string());
        rest = &after[close + 1..];
    }
    m
}

fn num(m: &BTreeMap<String, String>, k: &str) -> u64 {
    m[k].parse().unwrap_or_else(|_| panic!("{k}={} is not a number", m[k]))
}

/// Layouts as PyTorch gives them (shape, stride, storage_offset).
/// (name, expression, shape, stride, storage_offset).
type View = (&'static str, &'static str, &'static [usize], &'static [usize], usize);

const VIEWS: &[View] = &[
    ("p", "torch.arange(24).view(2, 3, 4).permute(2, 0, 1)", &[4, 2, 3], &[1, 12, 4], 0),
    ("s", "torch.arange(12).view(3, 4)[1:, ::2]", &[2, 2], &[4, 2], 4),
    ("e", "torch.arange(12).view(3, 4)[1].expand(3, 4)", &[3, 4], &[0, 1], 4),
    ("u", "torch.arange(10).unfold(0, 4, 2)", &[4, 4], &[2, 1], 0),
    ("o", "torch.arange(12).view(3, 4)[2]", &[4], &[1], 8),
    ("d", "torch.arange(16).view(4, 4).diagonal()", &[4], &[5], 0),
];

#[test]
fn every_view_element_sits_on_the_cell_its_strides_give() {
    for (name, expr, shape, stride, offset) in VIEWS {
        let code = format!("{name} = {expr}\nprint({name}.stride(), {name}.storage_offset())\nmap {name}");
        let (out, page, _) = draw(name, &code, &[]);
        // tsr's own numbers agree with PyTorch's, first.
        let want_stride = format!("({})", stride.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ") + if stride.len() == 1 { "," } else { "" });
        assert!(out.contains(&format!("{want_stride} {offset}")), "{name}: {out}");
        let marks: Vec<_> = tags_with(&page, "data-tensor").into_iter().filter(|m| m.get("data-tensor").map(String::as_str) == Some(name) && m.contains_key("data-cell")).collect();
        assert!(!marks.is_empty(), "{name}: no element marks");
        let mut seen = BTreeSet::new();
        for m in &marks {
            let index: Vec<usize> = m["data-index"].split(',').map(|i| i.parse().expect("index")).collect();
            assert_eq!(index.len(), shape.len(), "{name}: {m:?}");
            assert!(index.iter().zip(*shape).all(|(i, n)| i < n), "{name}: index out of shape {m:?}");
            let k = offset + index.iter().zip(*stride).map(|(i, s)| i * s).sum::<usize>();
            assert_eq!(num(m, "data-cell") as usize, k, "{name}{index:?}");
            seen.insert(index);
        }
        // The grid names every logical element.
        assert_eq!(seen.len(), shape.iter().product::<usize>(), "{name}: elements drawn");
        // And every cell mark of the storage is a real cell, drawn once.
        let cells: Vec<u64> = tags_with(&page, "data-storage").iter().filter(|m| m.contains_key("data-cell")).map(|m| num(m, "data-cell")).collect();
        let unique: BTreeSet<u64> = cells.iter().copied().collect();
        assert_eq!(unique.len(), cells.len(), "{name}: a cell drawn twice");
    }
}

#[test]
fn stride_zero_stacks_indices_on_one_cell() {
    let (_, page, _) = draw("stack", "e = torch.arange(4).expand(3, 4)\nmap e", &[]);
    let on_cell_2: Vec<String> = tags_with(&page, "data-tensor")
        .into_iter()
        .filter(|m| m.get("data-cell").map(String::as_str) == Some("2") && m.get("class").is_some_and(|c| c.contains("stack")))
        .map(|m| m["data-index"].clone())
        .collect();
    assert_eq!(on_cell_2, ["0,2", "1,2", "2,2"]);
}

#[test]
fn memory_marks_add_up_to_the_allocator_counters() {
    let code = "a = torch.zeros(256, device='cuda')\nb = torch.zeros(3000, device='cuda')\nc = torch.zeros(600000, device='cuda')\ndel a\nprint(torch.cuda.memory_allocated(), torch.cuda.memory_reserved())\nmem cuda";
    let (out, page, _) = draw("mem", code, &["--cuda", "sim"]);
    let line = out.lines().next().expect("counters");
    let nums: Vec<u64> = line.split_whitespace().map(|w| w.parse().expect("number")).collect();
    let (allocated, reserved) = (nums[0], nums[1]);
    let segments: u64 = tags_with(&page, "data-segment").iter().map(|m| num(m, "data-size")).sum();
    let blocks = tags_with(&page, "data-block");
    let active: u64 = blocks.iter().filter(|m| m["data-state"] == "active_allocated").map(|m| num(m, "data-size")).sum();
    let all: u64 = blocks.iter().map(|m| num(m, "data-size")).sum();
    assert_eq!(segments, reserved);
    assert_eq!(active, allocated);
    assert_eq!(all, reserved, "blocks tile their segments");
    assert!(blocks.iter().any(|m| m["data-state"] == "inactive"), "the freed block stays cached");
}

#[test]
fn the_page_is_offline_and_reproducible() {
    let code = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pictures/demo.tsr")).expect("demo");
    let (_, a, _) = draw("rep1", &code, &["--cuda", "sim"]);
    let (_, b, _) = draw("rep2", &code, &["--cuda", "sim"]);
    assert_eq!(a, b, "same session, same bytes");
    for banned in ["<script", "http://", "https://", "@import", "url(http", "<link"] {
        let hits: Vec<_> = a.match_indices(banned).filter(|(i, _)| !a[*i..].starts_with("http://www.w3.org/2000/svg")).collect();
        assert!(hits.is_empty(), "page reaches out: {banned}");
    }
    assert_eq!(a.matches("<section").count(), 13, "one section per statement");
    assert_eq!(a.matches("<figure").count(), 7);
    assert!(a.contains("prefers-color-scheme:dark"));
}

#[test]
fn figures_match_golden_files() {
    let code = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pictures/demo.tsr")).expect("demo");
    let (_, _, files) = draw("golden", &code, &["--cuda", "sim"]);
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/pictures/golden");
    let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["001-map.svg", "002-share.svg", "003-lineage.svg", "004-explain.svg", "005-bytes.svg", "006-mem.svg", "007-memtrace.svg"]);
    let bless = std::env::var_os("TSR_BLESS").is_some();
    for (name, text) in &files {
        assert!(text.starts_with("<?xml") && text.contains("<style>"), "{name} stands alone");
        let path = golden.join(name);
        if bless {
            std::fs::create_dir_all(&golden).expect("golden dir");
            std::fs::write(&path, text).expect("bless");
            continue;
        }
        let want = std::fs::read_to_string(&path).unwrap_or_else(|_| panic!("missing {}; run TSR_BLESS=1 cargo test --test pictures", path.display()));
        assert!(&want == text, "{name} differs from its golden file (TSR_BLESS=1 to accept)");
    }
}

#[test]
fn unwritable_outputs_are_clear_errors() {
    let dir = scratch("unwritable");
    let file = dir.join("a-file");
    std::fs::write(&file, "x").expect("file");
    let bad_html = dir.join("no/such/dir/page.html");
    let out = common::tsr(&["-c", "map torch.arange(3)", "--html", bad_html.to_str().unwrap()], "");
    assert_eq!(out.code, 2, "{}", out.combined);
    assert!(out.combined.contains("error: --html: cannot write"), "{}", out.combined);
    let out = common::tsr(&["-c", "map torch.arange(3)", "--svg", file.to_str().unwrap()], "");
    assert_eq!(out.code, 2, "{}", out.combined);
    assert!(out.combined.contains("error: --svg: cannot create"), "{}", out.combined);
    // The program's own output still came first.
    assert!(out.combined.starts_with("map S1"), "{}", out.combined);
    let _ = std::fs::remove_dir_all(&dir);
}
