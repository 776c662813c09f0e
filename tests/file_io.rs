//! Real files, checked against what real PyTorch, NumPy and safetensors
//! said of them.
//!
//! `scripts/io_fixtures.py` wrote every file in `tests/io/files/` with
//! PyTorch 2.15, NumPy 2.5 and safetensors 0.8 and recorded in
//! `tests/io/manifest.json` what loading it gives: each tensor's dtype,
//! shape, stride, offset, which tensors share a storage and its size, what
//! `print` shows, or the exact error. These tests run the real binary:
//! `tsr inspect FILE --json` must list the same layouts and sharing, a
//! program that loads and prints the file must print the same bytes, and
//! every hostile file must fail with the library's own words, exit 1, and
//! never panic.

mod common;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde_json::Value as Json;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("io")
}

fn manifest() -> Vec<Json> {
    let text = std::fs::read_to_string(root().join("manifest.json")).expect("manifest.json");
    let m: Json = serde_json::from_str(&text).expect("manifest is JSON");
    m["files"].as_array().expect("files").clone()
}

fn file(entry: &Json) -> String {
    format!("tests/io/files/{}", entry["file"].as_str().expect("file name"))
}

fn is_hostile(entry: &Json) -> bool {
    entry["error"].as_str().is_some_and(|e| e != "no error")
}

/// Files whose layout tsr reports differently, with the reason.
const LAYOUT_EXCEPTIONS: &[(&str, &str)] = &[];

#[test]
fn inspect_lists_every_tensor_as_pytorch_laid_it_out() {
    let mut checked = 0;
    for e in manifest() {
        let name = e["file"].as_str().unwrap();
        let tensors = e["tensors"].as_array().cloned().unwrap_or_default();
        if is_hostile(&e) || tensors.is_empty() || LAYOUT_EXCEPTIONS.iter().any(|(f, _)| *f == name) {
            continue;
        }
        let (out, err, code) = common::tsr_split(&["inspect", &file(&e), "--json"], "");
        assert_eq!(code, 0, "{name}: {err}");
        let rows: Vec<Json> = out.lines().map(|l| serde_json::from_str(l).expect("JSON line")).collect();
        let listed: Vec<&Json> = rows.iter().filter(|r| r["kind"] == "file_tensor").collect();
        assert_eq!(listed.len(), tensors.len(), "{name}: tensor count\n{out}");
        // Storage ids need only agree as a partition: tsr's id ↔ PyTorch's.
        let mut ours_to_theirs: HashMap<u64, u64> = HashMap::new();
        let mut theirs_to_ours: HashMap<u64, u64> = HashMap::new();
        for (got, want) in listed.iter().zip(&tensors) {
            for k in ["name", "dtype", "shape", "stride", "storage_offset", "storage_bytes"] {
                assert_eq!(got[k], want[k], "{name}: {k} of {}", want["name"]);
            }
            let (o, t) = (got["storage"].as_u64().unwrap(), want["storage"].as_u64().unwrap());
            assert_eq!(*ours_to_theirs.entry(o).or_insert(t), t, "{name}: {} shares a storage PyTorch keeps apart", want["name"]);
            assert_eq!(*theirs_to_ours.entry(t).or_insert(o), o, "{name}: {} is apart from a storage PyTorch shares", want["name"]);
        }
        let summary = rows.last().expect("summary");
        assert_eq!(summary["kind"], "file_summary");
        assert_eq!(summary["file_bytes"], e["file_bytes"], "{name}: file_bytes");
        checked += 1;
    }
    assert!(checked >= 25, "only {checked} files checked");
}

/// The program that loads a fixture and prints it, in the form the manifest
/// recorded (`printed` from PyTorch; `printed_torch` for NumPy arrays, which
/// tsr gives as tensors).
fn print_program(e: &Json) -> Option<(String, String)> {
    let p = file(e);
    let (prog, want) = match e["format"].as_str()? {
        "torch" => (format!("import torch\nprint(torch.load({p:?}))\n"), e["printed"].as_str()?),
        "numpy" => (format!("import torch\nimport numpy as np\nprint(torch.from_numpy(np.load({p:?})))\n"), e["printed_torch"].as_str()?),
        "npz" => (format!("import torch\nimport numpy as np\nprint({{k: torch.from_numpy(v) for k, v in np.load({p:?}).items()}})\n"), e["printed_torch"].as_str()?),
        "safetensors" => (format!("import safetensors.torch\nprint(safetensors.torch.load_file({p:?}))\n"), e["printed"].as_str()?),
        _ => return None,
    };
    Some((prog, format!("{want}\n")))
}

/// Printed forms tsr does not match yet, with the reason.
const PRINT_EXCEPTIONS: &[(&str, &str)] = &[];

#[test]
fn loaded_files_print_what_pytorch_printed() {
    let dir = std::env::temp_dir().join(format!("tsr_file_io_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut checked = 0;
    for e in manifest() {
        let name = e["file"].as_str().unwrap();
        if is_hostile(&e) || PRINT_EXCEPTIONS.iter().any(|(f, _)| *f == name) {
            continue;
        }
        let Some((prog, want)) = print_program(&e) else { continue };
        let script = dir.join(format!("{name}.py"));
        std::fs::write(&script, prog).unwrap();
        let (out, err, code) = common::tsr_split(&["run", script.to_str().unwrap(), "--color", "never"], "");
        assert_eq!((code, out.as_str()), (0, want.as_str()), "{name}: {err}");
        checked += 1;
    }
    assert!(checked >= 25, "only {checked} files printed");
}

#[test]
fn hostile_files_fail_in_the_librarys_own_words() {
    let dir = std::env::temp_dir().join(format!("tsr_file_io_h_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut checked = 0;
    for e in manifest() {
        if !is_hostile(&e) {
            continue;
        }
        let name = e["file"].as_str().unwrap();
        let p = file(&e);
        let call = match e["format"].as_str().unwrap() {
            "torch" => format!("torch.load({p:?})"),
            "numpy" => format!("np.load({p:?})"),
            _ => format!("safetensors.torch.load_file({p:?})"),
        };
        let script = dir.join(format!("{name}.py"));
        std::fs::write(&script, format!("import torch\nimport numpy as np\nimport safetensors.torch\nx = 1\ny = {call}\nprint('not reached')\n")).unwrap();
        let (out, err, code) = common::tsr_split(&["run", script.to_str().unwrap(), "--color", "never"], "");
        let (_, message) = e["error"].as_str().unwrap().split_once(": ").expect("Type: message");
        assert_eq!(code, 1, "{name}: {err}");
        assert!(out.is_empty(), "{name}: printed {out}");
        assert!(err.contains(&format!(": {message}\n")), "{name}: expected\n{message}\ngot\n{err}");
        assert!(err.contains(":5:"), "{name}: the error points at the line: {err}");
        // Listing it fails cleanly too: exit 1 and one JSON error object.
        let (out, err, code) = common::tsr_split(&["inspect", &p, "--json"], "");
        assert_eq!(code, 1, "{name}: inspect: {out}{err}");
        let obj: Json = serde_json::from_str(out.trim()).unwrap_or_else(|_| panic!("{name}: not one JSON object: {out}"));
        assert_eq!(obj["kind"], "error", "{name}");
        checked += 1;
    }
    assert!(checked >= 15, "only {checked} hostile files");
}

#[test]
fn bombs_end_cleanly() {
    // A list nested 100 000 deep loads, as in PyTorch; printing it is
    // CPython's RecursionError.
    let (out, err, code) = common::tsr_split(&["-c", "import torch\nx = torch.load('tests/io/files/deep.pt')\nprint(len(x))\nprint(x)"], "");
    assert_eq!((code, out.as_str()), (1, "1\n"), "{err}");
    assert!(err.contains("RecursionError: maximum recursion depth exceeded while getting the repr of an object"), "{err}");
    // One level more than tsr turns into values is refused cleanly.
    let mut pkl = b"\x80\x02".to_vec();
    pkl.extend(std::iter::repeat_n(b']', 100_002));
    pkl.extend(std::iter::repeat_n(b'a', 100_001));
    pkl.push(b'.');
    let dir = std::env::temp_dir().join(format!("tsr_deeper_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("deeper.pt");
    {
        use std::io::Write;
        let mut z = zip::ZipWriter::new(std::fs::File::create(&p).unwrap());
        z.start_file("deeper/data.pkl", zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored)).unwrap();
        z.write_all(&pkl).unwrap();
        z.finish().unwrap();
    }
    let (_, err, code) = common::tsr_split(&["-c", &format!("import torch\nx = torch.load({:?})", p.to_str().unwrap())], "");
    assert_eq!(code, 1);
    assert!(err.contains("RecursionError: the file's objects are nested more than 100000 deep"), "{err}");
    // 31 lists referring to each other 10^30 times: loads as 31 shared lists.
    let (out, err, code) = common::tsr_split(&["-c", "import torch\nx = torch.load('tests/io/files/memo_bomb.pt')\nprint(len(x), x[0] is x[1])"], "");
    assert_eq!((code, out.as_str()), (0, "10 True\n"), "{err}");
    let (out, _, code) = common::tsr_split(&["inspect", "tests/io/files/memo_bomb.pt"], "");
    assert_eq!(code, 0);
    assert!(out.contains("more paths not listed"), "{out}");
}

/// `tests/io/roundtrip/write.py` writes every kind of file tsr writes;
/// `scripts/io_roundtrip.py` loaded the committed results with PyTorch,
/// NumPy, safetensors and `_memory_viz` and recorded what they read. tsr
/// must still write exactly those bytes, and read them back as they did.
#[test]
fn written_files_are_the_bytes_pytorch_read_back() {
    let src = root().join("roundtrip");
    let dir = std::env::temp_dir().join(format!("tsr_roundtrip_{}", std::process::id()));
    std::fs::create_dir_all(dir.join("out")).unwrap();
    std::fs::copy(src.join("write.py"), dir.join("write.py")).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tsr"))
        .args(["run", "write.py", "--cuda", "sim", "--stable-addrs", "--color", "never"])
        .current_dir(&dir)
        .env("TSR_CUDA", "sim")
        .env_remove("COLUMNS")
        .output()
        .expect("run tsr");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let read: Json = serde_json::from_str(&std::fs::read_to_string(src.join("read.json")).unwrap()).unwrap();
    let files = read["files"].as_object().unwrap();
    let mut written: Vec<String> = std::fs::read_dir(dir.join("out")).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    written.sort();
    let mut recorded: Vec<String> = files.keys().cloned().collect();
    recorded.sort();
    assert_eq!(written, recorded, "the set of files written");
    for (name, entry) in files {
        let ours = std::fs::read(dir.join("out").join(name)).unwrap();
        let theirs = std::fs::read(src.join("out").join(name)).unwrap();
        assert!(ours == theirs, "{name}: tsr now writes other bytes than the ones PyTorch read; rerun scripts/io_roundtrip.py");
        // Read back by tsr, the layout and sharing are what the library saw.
        let want = entry["tensors"].as_array().unwrap();
        if want.is_empty() {
            continue;
        }
        let (listing, err, code) = common::tsr_split(&["inspect", dir.join("out").join(name).to_str().unwrap(), "--json"], "");
        assert_eq!(code, 0, "{name}: {err}");
        let got: Vec<Json> = listing.lines().map(|l| serde_json::from_str::<Json>(l).unwrap()).filter(|r| r["kind"] == "file_tensor").collect();
        assert_eq!(got.len(), want.len(), "{name}");
        let mut pairs: HashMap<u64, u64> = HashMap::new();
        for (g, w) in got.iter().zip(want) {
            for k in ["name", "dtype", "shape", "stride", "storage_offset", "storage_bytes"] {
                assert_eq!(g[k], w[k], "{name}: {k} of {}", w["name"]);
            }
            let (o, t) = (g["storage"].as_u64().unwrap(), w["storage"].as_u64().unwrap());
            assert_eq!(*pairs.entry(o).or_insert(t), t, "{name}: sharing of {}", w["name"]);
        }
    }
    // The snapshot adds up to the allocator's own counters.
    let snap = &files["snapshot.pickle"]["snapshot"];
    assert!(snap["trace_plot"].as_bool().unwrap() && snap["segment_plot"].as_bool().unwrap());
    let expected: Json = serde_json::from_str(String::from_utf8_lossy(&out.stdout).lines().last().unwrap()).unwrap();
    assert_eq!(snap["reserved"], expected["snapshot.pickle"]["reserved"]);
    assert_eq!(snap["allocated"], expected["snapshot.pickle"]["allocated"]);
}

#[test]
fn mem_load_shows_a_snapshot_as_the_mem_report() {
    let p = root().join("roundtrip").join("out").join("snapshot.pickle");
    let (out, err, code) = common::tsr_split(&["--json", "-c", &format!("mem load {:?}", p.to_str().unwrap())], "");
    assert_eq!(code, 0, "{err}");
    let r: Json = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(r["kind"], "memory");
    let read: Json = serde_json::from_str(&std::fs::read_to_string(root().join("roundtrip").join("read.json")).unwrap()).unwrap();
    let snap = &read["files"]["snapshot.pickle"]["snapshot"];
    assert_eq!(r["stats"]["reserved_bytes.all.current"], snap["reserved"]);
    assert_eq!(r["stats"]["allocated_bytes.all.current"], snap["allocated"]);
    let sizes: u64 = r["segments"].as_array().unwrap().iter().map(|s| s["size"].as_u64().unwrap()).sum();
    assert_eq!(Some(sizes), snap["reserved"].as_u64());
    // A snapshot pickle that asks for a global is refused by name.
    let evil = std::env::temp_dir().join(format!("tsr_evil_snapshot_{}.pickle", std::process::id()));
    std::fs::write(&evil, b"\x80\x02cos\nsystem\nq\x00X\x04\x00\x00\x00trueq\x01\x85q\x02Rq\x03.").unwrap();
    let (_, err, code) = common::tsr_split(&["-c", &format!("mem load {:?}", evil.to_str().unwrap())], "");
    assert_eq!(code, 1);
    assert!(err.contains("os.system"), "{err}");
}

/// Snapshots in `_dump_snapshot`'s format (pickled by Python's `pickle`):
/// `mem load` totals and segments are what `_memory_viz` saw.
#[test]
fn mem_load_reads_pytorch_pickled_snapshots() {
    let text = std::fs::read_to_string(root().join("manifest.json")).unwrap();
    let m: Json = serde_json::from_str(&text).unwrap();
    let snaps = m["snapshots"].as_array().expect("snapshots");
    assert!(!snaps.is_empty());
    for s in snaps {
        let p = format!("tests/io/files/{}", s["file"].as_str().unwrap());
        let (out, err, code) = common::tsr_split(&["--json", "-c", &format!("mem load {p:?}")], "");
        assert_eq!(code, 0, "{p}: {err}");
        let r: Json = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(r["stats"]["reserved_bytes.all.current"], s["reserved"], "{p}");
        assert_eq!(r["stats"]["allocated_bytes.all.current"], s["allocated"], "{p}: the active_allocated blocks");
        let segs = r["segments"].as_array().unwrap();
        let want = s["segments"].as_array().unwrap();
        assert_eq!(segs.len(), want.len(), "{p}");
        for (g, w) in segs.iter().zip(want) {
            assert_eq!(g["address"], w[0]);
            assert_eq!(g["size"], w[1]);
            assert_eq!(g["pool"], w[2]);
            let blocks = g["blocks"].as_array().unwrap();
            let wb = w[3].as_array().unwrap();
            assert_eq!(blocks.len(), wb.len());
            for (gb, wbk) in blocks.iter().zip(wb) {
                assert_eq!(gb["address"], wbk[0]);
                assert_eq!(gb["size"], wbk[1]);
                let want_state = match wbk[2].as_str().unwrap() {
                    "active_allocated" => "allocated",
                    "active_pending_free" => "pending_free",
                    _ if wb.len() == 1 => "free",
                    _ => "inactive_split",
                };
                assert_eq!(gb["state"], want_state, "{p}: block state {}", wbk[2]);
            }
        }
        // The table form says the same totals.
        let (table, _, code) = common::tsr_split(&["-c", &format!("mem load {p:?}")], "");
        assert_eq!(code, 0);
        assert!(table.contains("reserved 42.00 MiB"), "{table}");
    }
}
