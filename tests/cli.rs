//! Integration tests through the real binary: `-c`, `run`, pipes, `--json`,
//! exit codes and flags.

mod common;

use common::{tsr, tsr_split};

fn json_lines(s: &str) -> Vec<serde_json::Value> {
    s.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("bad JSON line {l:?}: {e}"))).collect()
}

#[test]
fn issue_example_shows_strides_and_shared_storage() {
    let (out, _, code) = tsr_split(&["--json", "-c", "x = arange(12).view(3,4); y = x.t(); inspect x, y"], "");
    assert_eq!(code, 0);
    let v = json_lines(&out);
    assert_eq!(v.len(), 2);
    assert_eq!(v[0]["stride"], serde_json::json!([4, 1]));
    assert_eq!(v[1]["stride"], serde_json::json!([1, 4]));
    assert_eq!(v[0]["storage"]["id"], v[1]["storage"]["id"]);
    assert_eq!(v[1]["is_contiguous"], false);
    assert_eq!(v[0]["kind"], "tensor");
    assert_eq!(v[1]["values"], serde_json::json!([[0, 4, 8], [1, 5, 9], [2, 6, 10], [3, 7, 11]]));
}

#[test]
fn table_output_marks_differences() {
    let (out, _, code) = tsr_split(&["--color", "never", "-c", "x = arange(12).view(3,4); y = x.t(); inspect x, y"], "");
    assert_eq!(code, 0);
    assert!(out.contains("stride ≠"), "{out}");
    assert!(out.contains("(1, 4)"), "{out}");
    assert!(out.contains("False (row-major: (3, 1))"), "{out}");
    assert!(!out.contains('\u{1b}'), "no colour escapes when --color never");
}

#[test]
fn json_contract_fields_and_special_floats() {
    let (out, _, code) = tsr_split(&["--json", "--stable-addrs", "-c", "inspect tensor([1.0, 0.0]) / 0, tensor([0.1], dtype=float16)"], "");
    assert_eq!(code, 0, "{out}");
    let v = json_lines(&out);
    assert_eq!(v[0]["values"], serde_json::json!(["inf", "nan"]));
    assert_eq!(v[1]["values"], serde_json::json!([0.0999755859375]));
    for key in ["name", "shape", "stride", "storage_offset", "dtype", "device", "element_size", "numel", "data_ptr", "is_contiguous", "storage", "requires_grad", "is_leaf", "grad_fn", "version"] {
        assert!(v[0].get(key).is_some(), "missing {key}");
    }
    // The literal is storage 1; the quotient is storage 2, one 64-byte slot later.
    assert_eq!(v[0]["data_ptr"], serde_json::json!(0x7000_0000_0000u64 + 64));
}

#[test]
fn json_errors_go_to_stdout_with_line_and_col() {
    let (out, err, code) = tsr_split(&["--json", "-c", "x = 1\ny = x.t()"], "");
    assert_eq!(code, 1);
    assert!(err.is_empty(), "stderr should be empty in --json mode: {err}");
    let v = json_lines(&out);
    assert_eq!(v[0]["kind"], "error");
    assert_eq!(v[0]["line"], 2);
    assert_eq!(v[0]["col"], 7, "points at the attribute `t`");
}

#[test]
fn run_stops_at_first_error_unless_keep_going() {
    let dir = std::env::temp_dir().join(format!("tsr-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("s.tsr");
    std::fs::write(&f, "#!/usr/bin/env -S tsr run\nprint 1\nx = nope\nprint 2\n").unwrap();
    let p = f.to_str().unwrap();
    let (out, err, code) = tsr_split(&["run", p, "--color", "never"], "");
    assert_eq!((out.as_str(), code), ("1\n", 1));
    assert!(err.contains("NameError: name 'nope' is not defined"), "{err}");
    assert!(err.contains(":3:5"), "{err}");
    let (out, _, code) = tsr_split(&["run", p, "--keep-going"], "");
    assert_eq!((out.as_str(), code), ("1\n2\n", 1));
}

#[test]
fn pipe_keeps_going_after_an_error_and_exits_1() {
    let out = tsr(&["--color", "never"], "x = arange(4)\ny = x.view(3)\nprint x.sum_of_nothing\nprint x\n");
    assert_eq!(out.code, 1);
    assert!(out.combined.contains("shape '[3]' is invalid for input of size 4"), "{}", out.combined);
    assert!(out.combined.ends_with("tensor([0, 1, 2, 3])\n"), "{}", out.combined);
    assert!(out.combined.contains("<stdin>:2:5"), "{}", out.combined);
    assert!(out.combined.contains("<stdin>:3:9"), "{}", out.combined);
}

#[test]
fn pipe_joins_lines_while_brackets_are_open() {
    let out = tsr(&[], "x = tensor([1,\n  2,\n  3])\nprint x.shape\n");
    assert_eq!((out.combined.as_str(), out.code), ("torch.Size([3])\n", 0));
}

#[test]
fn exit_codes_usage_and_version() {
    let (_, _, code) = tsr_split(&["--no-such-flag"], "");
    assert_eq!(code, 2);
    let (_, _, code) = tsr_split(&["run", "/definitely/not/here.tsr"], "");
    assert_eq!(code, 2);
    let (out, _, code) = tsr_split(&["--version"], "");
    assert_eq!(code, 0);
    assert!(out.starts_with("tsr "), "{out}");
    let (out, _, code) = tsr_split(&["--help"], "");
    assert_eq!(code, 0);
    assert!(out.contains("Examples:"), "{out}");
}

#[test]
fn color_always_colours_errors() {
    let (_, err, _) = tsr_split(&["--color", "always", "-c", "q"], "");
    assert!(err.contains('\u{1b}'), "{err:?}");
}

#[test]
fn stable_addrs_are_identical_across_runs() {
    let args = ["--json", "--stable-addrs", "-c", "a = zeros(3); b = ones(5, 5); inspect a, b[1:]"];
    let (first, _, _) = tsr_split(&args, "");
    let (second, _, _) = tsr_split(&args, "");
    assert_eq!(first, second);
    let v = json_lines(&first);
    assert_eq!(v[0]["data_ptr"], serde_json::json!(0x7000_0000_0000u64));
    assert_eq!(v[1]["data_ptr"], serde_json::json!(0x7000_0000_0040u64 + 5 * 4));
}

#[test]
fn real_addresses_are_64_byte_aligned() {
    let (out, _, _) = tsr_split(&["--json", "-c", "inspect zeros(7), ones(3)"], "");
    for v in json_lines(&out) {
        assert_eq!(v["storage"]["data_ptr"].as_u64().unwrap() % 64, 0);
    }
}

#[test]
fn item_assignment_through_views_writes_the_base() {
    let out = tsr(&["-c", "x = zeros(2, 3); y = x.t(); y[0, 1] = 100; y[:, 0] = ones(3); print x"], "");
    assert_eq!(out.combined, "tensor([[  1.,   1.,   1.],\n        [100.,   0.,   0.]])\n");
}

#[test]
fn tuple_unpacking_and_del() {
    let out = tsr(&["-c", "a, b = arange(6).chunk(2); print a, b; del a; print a"], "");
    assert!(out.combined.starts_with("tensor([0, 1, 2]) tensor([3, 4, 5])\n"), "{}", out.combined);
    assert!(out.combined.contains("name 'a' is not defined"));
    assert_eq!(out.code, 1);
}

#[test]
fn memory_cap_turns_huge_allocations_into_errors() {
    let (_, err, code) = tsr_split(&["--max-memory", "1M", "-c", "x = zeros(1000, 1000)"], "");
    assert_eq!(code, 1);
    assert!(err.contains("OutOfMemoryError"), "{err}");
    assert!(err.contains("4000000 bytes"), "{err}");
}

const NON_LEAF_WARNING: &str = "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed.";

#[test]
fn warnings_go_to_stderr_with_location_once_per_line() {
    let src = "x = ones(2, requires_grad=True)\ny = x * 2\nprint(y.grad); print(y.grad)\nprint(y.grad)\nprint(x.grad)\n";
    let dir = std::env::temp_dir().join(format!("tsr-warn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("w.tsr");
    std::fs::write(&file, src).unwrap();
    let (out, err, code) = tsr_split(&["run", file.to_str().unwrap(), "--color", "never"], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "None\nNone\nNone\nNone\n", "warnings never reach stdout");
    // Python's default filter: once per location (line 3 twice, line 4 once more).
    assert_eq!(err.matches(NON_LEAF_WARNING).count(), 2, "{err}");
    assert!(err.contains(&format!("{}:3:9: UserWarning: {NON_LEAF_WARNING}", file.display())), "{err}");
    assert!(err.contains(&format!("{}:4:9: UserWarning:", file.display())), "{err}");
    assert!(err.contains("3 | print(y.grad); print(y.grad)\n  |         ^^^^\n"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn warnings_in_json_are_objects_on_stdout_before_the_report() {
    let (out, err, code) = tsr_split(&["--json", "-c", "x = ones(2, requires_grad=True); y = x * 2\ninspect y.grad\ny.retain_grad(); inspect y.grad"], "");
    assert_eq!(code, 0);
    assert!(err.is_empty(), "stderr should be empty in --json mode: {err}");
    let v = json_lines(&out);
    assert_eq!(v.len(), 3, "{out}");
    assert_eq!(v[0]["kind"], "warning");
    assert_eq!(v[0]["category"], "UserWarning");
    assert!(v[0]["message"].as_str().unwrap().starts_with(NON_LEAF_WARNING));
    assert_eq!((v[0]["line"].as_u64(), v[0]["col"].as_u64()), (Some(2), Some(11)));
    assert_eq!(v[1]["kind"], "value");
    assert_eq!(v[1]["value"], serde_json::Value::Null);
    // After retain_grad() there is nothing to warn about.
    assert_eq!(v[2]["kind"], "value");
}

#[test]
fn assigning_grad_checks_dtype_device_and_size_as_pytorch() {
    let (out, err, code) = tsr_split(&["--cuda", "sim", "--keep-going", "-c", "x = ones(2, requires_grad=True)\nx.grad = ones(2).cuda()\nx.grad = ones(2, dtype=float64)\nx.grad = ones(3)\nx.grad = x"], "");
    assert_eq!(code, 1, "{out}");
    assert!(err.contains("attempting to assign a gradient with device type 'cuda' to a tensor with device type 'cpu'. Please ensure that the gradient and the tensor are on the same device"), "{err}");
    assert!(err.contains("attempting to assign a gradient with dtype 'double' to a tensor with grad_dtype 'Float'."), "{err}");
    assert!(err.contains("attempting to assign a gradient of size '[3]' to a tensor of size '[2]'."), "{err}");
    assert!(err.contains("can't assign Variable as its own grad"), "{err}");
}

#[test]
fn split_outputs_share_one_node_in_graph_json() {
    let (out, _, code) = tsr_split(&["--json", "-c", "x = arange(6.).requires_grad_(); a, b, c = x.split(2); graph (a * c).sum()"], "");
    assert_eq!(code, 0, "{out}");
    let g = &json_lines(&out)[0];
    assert_eq!(g["kind"], "graph");
    let nodes = g["nodes"].as_array().unwrap();
    let splits: Vec<&serde_json::Value> = nodes.iter().filter(|n| n["name"] == "SplitBackward0").collect();
    assert_eq!(splits.len(), 1, "one shared node: {out}");
    assert_eq!(splits[0]["outputs"], 3);
    let mul = nodes.iter().find(|n| n["name"] == "MulBackward0").unwrap();
    assert_eq!(mul["next"][0], mul["next"][1], "both edges reach the same node");
    assert_eq!(mul["next_output_nr"], serde_json::json!([0, 2]));
}

#[test]
fn tensor_methods_without_a_call_are_bound_methods_as_in_pytorch() {
    let src = "x = arange(12.)\nprint(x.size)\nprint(repr(x.view) == '<built-in method view of Tensor object at ' + hex(id(x)) + '>')\n\
               f = x.view\ng = f(3, 4).t\nprint(g().shape, x.size(0))\nprint(str.lower)\n\
               l = []\nprint(x.size == x.size, x.size == x.view, x.size == arange(1.).size, l.append == l.append, [].append == [].append)";
    let (out, err, code) = tsr_split(&["--stable-addrs", "-c", src], "");
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("<built-in method size of Tensor object at 0x"), "{out}");
    assert_eq!(lines[1..], ["True", "torch.Size([4, 3]) 12", "<method 'lower' of 'str' objects>", "True False False True False"], "{out}");
    // --stable-addrs: the address is the same on every run.
    let (again, _, _) = tsr_split(&["--stable-addrs", "-c", src], "");
    assert_eq!(out, again);
}

#[test]
fn dash_c_with_a_syntax_error_anywhere_runs_nothing_as_python_c() {
    let src = "x = 1\nprint(x)\nwith no_grad():\nz = x * 3\nprint(z)";
    let (out, err, code) = tsr_split(&["--color", "never", "-c", src], "");
    assert_eq!((out.as_str(), code), ("", 1), "{err}");
    assert!(err.contains("IndentationError: expected an indented block after 'with' statement on line 3"), "{err}");
    // --keep-going runs what parses, statement by statement.
    let (out, _, code) = tsr_split(&["--keep-going", "-c", src], "");
    assert_eq!((out.as_str(), code), ("1\n", 1));
}
