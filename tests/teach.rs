//! The teaching reports through the real binary: `--json` fields of each
//! report, exact overlap answers, the address formula, and that nothing
//! panics or hangs on odd or huge input.

mod common;

use common::{tsr, tsr_split};
use serde_json::{json, Value};

/// Runs `code` with `--json --stable-addrs` and returns every JSON line.
fn run_json(code: &str) -> (Vec<Value>, i32) {
    let (out, err, code) = tsr_split(&["--json", "--stable-addrs", "-c", code], "");
    assert!(err.is_empty(), "stderr: {err}");
    let lines = out.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("bad JSON line {l:?}: {e}"))).collect();
    (lines, code)
}

/// The single report of kind `kind` produced by `code` (which must succeed).
fn report(code: &str, kind: &str) -> Value {
    let (lines, status) = run_json(code);
    assert_eq!(status, 0, "{lines:?}");
    let found: Vec<&Value> = lines.iter().filter(|l| l["kind"] == kind).collect();
    assert_eq!(found.len(), 1, "{lines:?}");
    found[0].clone()
}

#[test]
fn storage_lists_views_and_unreachable_bytes() {
    let r = report("big = zeros(1000); s = big[10:20]; t = big[15:30]; del big; storage s", "storage");
    assert_eq!(r["nbytes"], 4000);
    assert_eq!(r["elements"], 1000);
    assert_eq!(r["dtype"], "float32");
    assert_eq!(r["allocator"], "cpu (64-byte aligned)");
    assert_eq!(r["data_ptr"], json!(0x7000_0000_0000u64));
    let views = r["views"].as_array().cloned().unwrap_or_default();
    let names: Vec<&str> = views.iter().filter_map(|v| v["name"].as_str()).collect();
    assert_eq!(names, ["s", "t"]);
    assert_eq!(views[0]["footprint"], json!([10, 19]));
    assert_eq!(views[1]["offset"], 15);
    // s and t together reach elements 10..=29: 20 elements, 80 bytes.
    assert_eq!(r["reachable_bytes"], 80);
    assert_eq!(r["unreachable_bytes"], 4000 - 80);
}

#[test]
fn map_gives_every_storage_index_and_broadcast_cells() {
    let r = report("x = arange(12).view(3, 4); map x, x.t(), ones(3).expand(2, 3)", "map");
    let storages = r["storages"].as_array().cloned().unwrap_or_default();
    assert_eq!(storages.len(), 2, "x and x.t() share S1; the expand is S2");
    let t = &storages[0]["tensors"][1];
    assert_eq!(t["name"], "x.t()");
    assert_eq!(t["elements"], json!([0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11]));
    assert_eq!(t["truncated"], false);
    assert_eq!(storages[0]["complete"], true);
    // Cell 1 is x[0, 1] and x.t()[1, 0].
    let cell = &storages[0]["cells"][1];
    assert_eq!(cell["hits"][0]["indices"], json!([[0, 1]]));
    assert_eq!(cell["hits"][1]["indices"], json!([[1, 0]]));
    // The expand: one cell, two indices.
    let e = &storages[1];
    assert_eq!(e["tensors"][0]["self_overlap"], true);
    assert_eq!(e["cells"][2]["hits"][0]["indices"], json!([[0, 2], [1, 2]]));
    assert_eq!(e["cells"][2]["hits"][0]["count"], 2);
}

#[test]
fn map_of_a_huge_storage_is_instant_and_elided() {
    let start = std::time::Instant::now();
    let r = report(
        "big = zeros(100000000, dtype=torch.int8); m = big.view(10000, 10000); map m.t(), big[::1000000], big[5:9]",
        "map",
    );
    assert!(start.elapsed().as_secs() < 10, "took {:?}", start.elapsed());
    let s = &r["storages"][0];
    assert_eq!(s["cells_total"], 100_000_000u64);
    assert_eq!(s["complete"], false);
    let cells = s["cells"].as_array().map(|c| c.len()).unwrap_or(0);
    assert!(cells <= 40 && cells > 10, "{cells} cells drawn");
    let t = &s["tensors"][0];
    assert_eq!(t["truncated"], true);
    assert_eq!(t["elements"].as_array().map(|e| e.len()), Some(4096));
    assert_eq!(t["elements"][1], 10000, "m.t()[0, 1] is storage 10000");
}

#[test]
fn share_is_a_tree_of_storages_with_overlaps() {
    let r = report("a = arange(12).view(3, 4); b = a[1:]; c = a[:1]; d = a.t().reshape(12); e = a; share", "share");
    let storages = r["storages"].as_array().cloned().unwrap_or_default();
    assert_eq!(storages.len(), 2);
    let s1 = &storages[0];
    let names: Vec<&str> = s1["tensors"].as_array().map(|t| t.iter().filter_map(|x| x["name"].as_str()).collect()).unwrap_or_default();
    assert_eq!(names, ["a", "b", "c", "e"]);
    assert_eq!(s1["tensors"][3]["alias_of"], "a");
    // b (rows 1-2) and c (row 0) do not overlap; both overlap a.
    assert_eq!(s1["tensors"][1]["overlaps_with"], json!(["a"]));
    assert_eq!(s1["tensors"][2]["overlaps_with"], json!(["a"]));
    assert_eq!(storages[1]["tensors"][0]["name"], "d");
}

#[test]
fn overlap_is_exact_with_a_witness() {
    // Interleaved slices: bounds meet, elements never do.
    let r = report("x = arange(10); overlap x[::2], x[1::2]", "overlap");
    assert_eq!(r["overlap"], false);
    assert!(r.get("witness").is_some_and(|w| w.is_null()));
    // A row and a column meet in one cell.
    let r = report("m = arange(12).view(3, 4); overlap m[1], m[:, 2]", "overlap");
    assert_eq!(r["overlap"], true);
    assert_eq!(r["witness"]["a_index"], json!([2]));
    assert_eq!(r["witness"]["b_index"], json!([1]));
    assert_eq!(r["witness"]["storage_index"], 6);
    assert_eq!(r["witness"]["text"], "m[1][2] and m[:, 2][1] are both storage[6]");
    // Different storages never overlap.
    let r = report("m = arange(12).view(3, 4); overlap m, m.clone()", "overlap");
    assert_eq!((r["overlap"].clone(), r["same_storage"].clone()), (json!(false), json!(false)));
    // A reinterpreting view of the same bytes.
    let r = report("f = arange(4, dtype=torch.float32); overlap f[1:], f.view(torch.int32)[:2]", "overlap");
    assert_eq!(r["overlap"], true);
    assert_eq!(r["witness"]["storage_index"], 1);
}

#[test]
fn overlap_flags_self_overlap_of_expanded_views() {
    let r = report("e = ones(3).expand(4, 3); overlap e", "overlap");
    assert_eq!(r["overlap"], true);
    assert_eq!(r["b"], Value::Null);
    assert_eq!(r["witness"]["a_index"], json!([0, 0]));
    assert_eq!(r["witness"]["b_index"], json!([1, 0]));
    let r = report("e = ones(3).expand(4, 3); x = ones(3); overlap x, e", "overlap");
    assert_eq!(r["self_overlap"][0]["overlap"], false);
    assert_eq!(r["self_overlap"][1]["overlap"], true);
}

#[test]
fn overlap_of_huge_tensors_is_decided_without_enumerating() {
    let start = std::time::Instant::now();
    let r = report(
        "big = zeros(100000000, dtype=torch.int8); m = big.view(10000, 10000); overlap m.t()[5:], m[:, 7]",
        "overlap",
    );
    assert!(start.elapsed().as_secs() < 10, "took {:?}", start.elapsed());
    assert_eq!(r["overlap"], true);
    let w = &r["witness"];
    // Check the witness by the stride formula: m.t()[5:] has offset 5, strides (1, 10000).
    let (a, b) = (&w["a_index"], &w["b_index"]);
    let pa = 5 + a[0].as_u64().unwrap_or(0) + 10000 * a[1].as_u64().unwrap_or(0);
    let pb = 7 + 10000 * b[0].as_u64().unwrap_or(0);
    assert_eq!(pa, pb);
    assert_eq!(w["storage_index"], json!(pa));
}

#[test]
fn addr_works_out_the_seed_example() {
    let r = report("base = arange(29, dtype=torch.float32); x = base.as_strided((2, 3, 4), (12, 4, 1), 5); addr x[1, 2, 3]", "addr");
    assert_eq!(r["offset"], 28);
    assert_eq!(r["address"], json!(0x7000_0000_0000u64 + 28 * 4));
    assert_eq!(r["data_ptr"], json!(0x7000_0000_0000u64 + 5 * 4));
    assert_eq!(r["value"], json!(28.0));
    let terms: Vec<u64> = r["terms"].as_array().map(|t| t.iter().filter_map(|x| x["product"].as_u64()).collect()).unwrap_or_default();
    assert_eq!(terms, [12, 8, 3]);
    let r = report("x = arange(12).view(3, 4); addr x[-1, -2]", "addr");
    assert_eq!((r["wrapped"].clone(), r["offset"].clone()), (json!([2, 2]), json!(10)));
}

#[test]
fn addr_out_of_range_is_pytorchs_index_error() {
    let (lines, code) = run_json("x = arange(12).view(3, 4); addr x[3, 0]");
    assert_eq!(code, 1);
    assert_eq!(lines[0]["kind"], "error");
    assert_eq!(lines[0]["type"], "IndexError");
    assert_eq!(lines[0]["message"], "index 3 is out of bounds for dimension 0 with size 3");
}

#[test]
fn bytes_shows_little_endian_ieee_fields() {
    let r = report("bytes tensor([1.0, -2.5])", "bytes");
    assert_eq!(r["byte_order"], "little-endian");
    assert_eq!(r["elements"][0]["bytes"], json!([0, 0, 128, 63]));
    assert_eq!(r["elements"][0]["ieee"]["exponent"], 127);
    assert_eq!(r["elements"][1]["ieee"]["sign"], 1);
    assert_eq!(r["elements"][1]["ieee"]["mantissa_bits"], "01000000000000000000000");
    let r = report("bytes arange(1000)", "bytes");
    assert_eq!((r["total"].clone(), r["omitted"].clone()), (json!(1000), json!(968)));
    assert_eq!(r["elements"][31]["index"], json!([999]));
    let r = report("x = arange(4, dtype=torch.int16); bytes x.untyped_storage()", "bytes");
    assert_eq!(r["scope"], "storage");
    assert_eq!(r["rows"][0]["bytes"], json!([0, 0, 1, 0, 2, 0, 3, 0]));
}

#[test]
fn lineage_lists_ops_and_copies() {
    let r = report("x = arange(12).view(3, 4); y = x.t().reshape(12); lineage y", "lineage");
    let ops: Vec<&str> = r["steps"].as_array().map(|s| s.iter().filter_map(|x| x["op"].as_str()).collect()).unwrap_or_default();
    assert_eq!(ops, ["arange(12)", "view(3, 4)", "t()", "reshape(12)"]);
    let copied: Vec<bool> = r["steps"].as_array().map(|s| s.iter().filter_map(|x| x["copied"].as_bool()).collect()).unwrap_or_default();
    assert_eq!(copied, [true, false, false, true]);
    assert_eq!(r["steps"][2]["before"]["stride"], json!([4, 1]));
    assert_eq!(r["steps"][2]["after"]["stride"], json!([1, 4]));
    // The factory's allocation is not a copy: reshape is the one copy.
    assert_eq!((r["copies"].as_u64(), r["allocs"].as_u64()), (Some(1), Some(1)));
    let r = report("x = arange(12).view(3, 4); lineage x", "lineage");
    assert_eq!((r["copies"].as_u64(), r["allocs"].as_u64()), (Some(0), Some(1)));
}

#[test]
fn explain_says_why_reshape_copies() {
    let r = report("x = arange(12).view(3, 4); explain x.t().reshape(12)", "explain");
    let copied: Vec<bool> = r["steps"].as_array().map(|s| s.iter().filter_map(|x| x["copied"].as_bool()).collect()).unwrap_or_default();
    assert_eq!(copied, [false, false, true]);
    let why = r["steps"][2]["why"].as_str().unwrap_or_default();
    assert_eq!(
        why,
        "x.t() has strides (1, 4); dims 0 and 1 cannot merge because stride[0] = 1 ≠ size[1] · stride[1] = 12, so reshape copies 96 B into a new storage S2"
    );
    assert_eq!(r["steps"][1]["kind"], "view");
    assert_eq!(r["error"], Value::Null);
}

#[test]
fn explain_of_a_failing_view_keeps_the_steps_and_shows_the_chunks() {
    let r = report("x = arange(12).view(3, 4); explain x.t().view(12)", "explain");
    let steps = r["steps"].as_array().cloned().unwrap_or_default();
    assert_eq!(steps.len(), 3);
    assert_eq!(steps[2]["kind"], "error");
    let c = &steps[2]["chunks"];
    assert_eq!(c["chunks"], json!([{"dims": [0], "numel": 4, "base_stride": 1}, {"dims": [1], "numel": 3, "base_stride": 4}]));
    assert_eq!(c["spanning"]["new_dim"], 0);
    assert_eq!(r["error"]["type"], "RuntimeError");
    assert!(r["error"]["fix"].as_str().is_some_and(|f| f.starts_with("x.t().reshape(12)")), "{r}");
}

#[test]
fn explain_marks_ops_that_return_themselves() {
    let r = report("x = arange(6).view(2, 3); explain x.contiguous().long().t().contiguous()", "explain");
    let kinds: Vec<&str> = r["steps"].as_array().map(|s| s.iter().filter_map(|x| x["kind"].as_str()).collect()).unwrap_or_default();
    assert_eq!(kinds, ["binding", "same", "same", "view", "copy"]);
}

#[test]
fn diff_and_contiguity_fields() {
    let r = report("x = arange(12).view(3, 4); diff x, x.t()", "diff");
    assert_eq!(r["differing"], json!(["shape", "stride", "is_contiguous"]));
    assert_eq!(r["same_storage"], true);
    let r = report("contiguity arange(12).view(3, 4).t()", "contiguity");
    assert_eq!(r["contiguous"]["holds"], false);
    assert_eq!(r["contiguous"]["strides"], json!([3, 1]));
    assert_eq!(r["fortran"]["holds"], true);
    assert_eq!(r["non_overlapping_and_dense"]["holds"], true);
    assert_eq!(r["channels_last"]["applies"], false);
    let r = report("contiguity zeros(3, 1).t()", "contiguity");
    assert_eq!(r["contiguous"]["holds"], true, "size-1 dims are never checked");
    let r = report("contiguity zeros(2, 3, 4, 5).contiguous(memory_format=torch.channels_last)", "contiguity");
    assert_eq!(r["channels_last"]["holds"], true);
    assert_eq!(r["channels_last"]["strides"], json!([60, 1, 15, 3]));
    let r = report("contiguity zeros(0, 3).t()", "contiguity");
    assert_eq!(r["contiguous"]["holds"], true);
    assert!(r["notes"][0].as_str().is_some_and(|n| n.contains("numel is 0")));
}

#[test]
fn tables_colour_only_when_asked() {
    let code = "x = arange(6).view(2, 3); map x, x.t(); explain x.t().reshape(6); storage x; share; bytes x";
    let (plain, _, c1) = tsr_split(&["--color", "never", "--stable-addrs", "-c", code], "");
    let (color, _, c2) = tsr_split(&["--color", "always", "--stable-addrs", "-c", code], "");
    assert_eq!((c1, c2), (0, 0));
    assert!(!plain.contains('\u{1b}'));
    assert!(color.contains('\u{1b}'));
    assert!(plain.contains("│ 0,1 │"), "{plain}");
}

#[test]
fn odd_input_never_panics() {
    let src = "\
s = tensor(3.5)
e = zeros(3, 0)
storage s; map s; addr s; bytes s; contiguity s; overlap s; lineage s; explain s
storage e; map e; bytes e; contiguity e; overlap e, e; explain e.view(0, 5); addr e[0, 0]
map zeros(0); bytes zeros(0).untyped_storage(); storage zeros(0).untyped_storage()
z = arange(100).as_strided((10, 10), (0, 0))
map z; overlap z; share; contiguity z; bytes z
q = arange(50).as_strided((3, 4, 5), (7, 5, 3), 2)
overlap q; map q, q[1]
explain q.view(60); explain q.reshape(-1).view(6, 10)
explain 1; explain torch; explain x; explain s.item() + 1
addr s[0]; addr q[1, 2]; addr q[1, 2, 3, 4]; addr q[(1, 2, 3)]; addr q[1, 'a', 2]
bytes 3; storage 1.5; lineage (1, 2); diff s, 3; map s, s, s, s, s, s, s, s, s
";
    let out = tsr(&["--color", "never"], src);
    assert!(!out.combined.contains("InternalError"), "{}", out.combined);
    assert_eq!(out.code, 1, "some statements fail on purpose");
}

#[test]
fn every_report_statement_has_help_with_an_example() {
    for s in tsr::eval::registry::statements::STATEMENTS {
        let cmd = s.name;
        let text = tsr::cli::repl_commands::help_text(Some(cmd)).unwrap_or_default();
        assert!(text.starts_with(cmd), "{cmd}: {text}");
        // The worked example, as `:help` shows it, runs as written in the real binary.
        assert!(!s.example.trim().is_empty(), "{cmd} has no example");
        assert!(text.contains(s.example.lines().next().unwrap_or("")), "{cmd}: the help shows another example");
        let out = tsr(&["--color", "never", "--cuda", "sim"], s.example);
        assert_eq!(out.code, 0, "{cmd} example failed:\n{}\n{}", s.example, out.combined);
    }
    // `contig` finds the contiguity statement first, then ops (`contiguous`).
    assert!(tsr::cli::repl_commands::help_text(Some("contig")).is_ok_and(|t| t.starts_with("contiguity EXPR")));
}

#[test]
fn explain_shows_an_in_place_view_op_changing_the_header() {
    let r = report("x = arange(6).view(2, 3); explain x.t_()", "explain");
    let step = &r["steps"][1];
    assert_eq!(step["kind"], "in-place");
    assert_eq!(step["input"]["shape"], json!([2, 3]));
    assert_eq!(step["output"]["stride"], json!([1, 3]));
    let why = step["why"].as_str().unwrap_or_default();
    assert!(why.starts_with("changes x's own header in place (shape (2, 3) → (3, 2)"), "{why}");
    let r = report("x = arange(4); explain x.resize_(3, 3)", "explain");
    assert!(r["steps"][1]["why"].as_str().is_some_and(|w| w.contains("it now covers 72 B")), "{r}");
}
