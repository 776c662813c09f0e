//! The op registry against the dispatchers and its own claims: every row's
//! name dispatches, every name the dispatchers handle has a row, a row's
//! class (view, copy, …) is what its example does to storage, and every
//! example in every help text runs.

mod common;

use tsr::eval::registry::help::ExampleRun;
use tsr::eval::registry::{self, attributes, statements, Class};
use tsr::eval::Value;

/// Examples that write files (`torch.save` then `torch.load` of one path)
/// run one at a time: tests run in parallel threads.
static FILES: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn run_example(src: &str) -> Result<ExampleRun, String> {
    let _one = (src.contains("save") || src.contains("_dump_snapshot")).then(|| FILES.lock().unwrap_or_else(|e| e.into_inner()));
    tsr::eval::registry::help::run_example(src)
}

/// Did calling `name` fail because no dispatcher knows it?
fn unknown(err: &str, name: &str) -> bool {
    err.starts_with("AttributeError")
        && (err.contains(&format!("no attribute '{name}'")) || err.contains("is not callable"))
}

/// Runs `src`; `Err` only when `name` is unknown there (other errors,
/// such as a missing argument, mean it dispatched).
fn dispatches(src: &str, name: &str) -> Result<(), String> {
    match run_example(src) {
        Err(e) if unknown(&e, name) => Err(e),
        _ => Ok(()),
    }
}

#[test]
fn every_row_dispatches_in_each_of_its_forms() {
    let mut bad = vec![];
    for o in registry::ops() {
        if o.is_method() {
            let src = format!("x = torch.arange(6.0).view(2, 3)\nx.{}()", o.name);
            if let Err(e) = dispatches(&src, o.name) {
                bad.push(format!("x.{}(): {e}", o.name));
            }
        }
        if o.is_function() {
            let src = format!("x = torch.arange(6.0).view(2, 3)\ntorch.{}(x)", o.path());
            let last = o.name.rsplit('.').next().unwrap_or(o.name);
            if let Err(e) = dispatches(&src, last) {
                bad.push(format!("torch.{}(x): {e}", o.path()));
            }
            // Bare names are the same functions (unless a Python builtin shadows them).
            if tsr::eval::registry::pybuiltins::find(o.name).is_none() && !o.name.contains('.') {
                let src = format!("x = torch.arange(6.0).view(2, 3)\n{}(x)", o.name);
                if let Err(e) = run_example(&src)
                    && e.starts_with("NameError")
                {
                    bad.push(format!("{}(x): {e}", o.name));
                }
            }
        }
    }
    assert!(bad.is_empty(), "rows that do not dispatch:\n{}", bad.join("\n"));
}

/// The string literals that start match arms (`"view" =>`, `"a" | "b" if … =>`).
fn arm_names(file: &str) -> Vec<String> {
    let text = std::fs::read_to_string(format!("{}/src/eval/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let mut out = vec![];
    for line in text.lines() {
        let t = line.trim_start();
        let Some(head) = t.split("=>").next().filter(|_| t.starts_with('"') && t.contains("=>")) else { continue };
        let head = head.split(" if ").next().unwrap_or(head);
        for alt in head.split('|') {
            let alt = alt.trim();
            if let Some(name) = alt.strip_prefix('"').and_then(|a| a.strip_suffix('"'))
                && !name.is_empty()
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            {
                out.push(name.to_string());
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

#[test]
fn every_name_the_dispatchers_handle_has_a_row() {
    let mut missing = vec![];
    // Tensor methods: an arm that answers `x.NAME()` needs a method row.
    let mut names = arm_names("methods.rs");
    names.extend(arm_names("reductions.rs"));
    names.extend(arm_names("pieces.rs"));
    // Op dispatch matches `OpId`s (a variant is a row by construction, so the
    // compiler keeps those arms in step); the string arms left are the
    // attributes' and the dtype conversions'.
    let typed = ["methods.rs", "reductions.rs", "builtins.rs"].iter().map(|f| std::fs::read_to_string(format!("{}/src/eval/{f}", env!("CARGO_MANIFEST_DIR"))).unwrap().matches("OpId::").count()).sum::<usize>();
    assert!(typed > 150 && names.len() > 10, "the arm scan found only {typed} OpId arms and {} string arms: has the dispatch code moved?", names.len());
    for name in &names {
        if registry::method(name).is_some() || attributes::find(name).is_some() {
            continue;
        }
        let src = format!("x = torch.arange(6.0).view(2, 3)\nx.{name}()");
        if dispatches(&src, name).is_ok() {
            missing.push(format!("x.{name}() is handled but has no method row"));
        }
        // An attribute arm (`x.shape`) needs an attribute row.
        let src = format!("x = torch.arange(6.0).view(2, 3)\nx.{name}");
        if dispatches(&src, name).is_ok() {
            missing.push(format!("x.{name} is handled but has no attribute row"));
        }
    }
    // Torch functions: an arm in builtins.rs is reachable only through a row.
    // (Names of other things the same `match` sees are listed here.)
    const NOT_FUNCTIONS: &[&str] = &[];
    for name in arm_names("builtins.rs") {
        if registry::function(&name).is_none() && !NOT_FUNCTIONS.contains(&name.as_str()) {
            missing.push(format!("builtins.rs handles `{name}` but no function row names it (torch.{name} is unreachable)"));
        }
    }
    // The op families (src/eval/ext): every name they answer has its row.
    // (An OpId is a row by construction; its row must have the variant.)
    for f in tsr::eval::ext::FAMILIES {
        for id in f.methods {
            if !id.row().is_method() {
                missing.push(format!("an ext family answers x.{id}() but its row is not a method"));
            }
        }
        for id in f.functions {
            if !id.row().is_function() {
                missing.push(format!("an ext family answers torch.{id}() but its row is not a function"));
            }
        }
    }
    // torch.cuda's functions: one row each.
    for name in tsr::eval::memory::FUNCTIONS.iter().chain(&["_host_emptyCache"]) {
        if registry::function(&format!("cuda.{name}")).is_none() {
            missing.push(format!("torch.cuda.{name} is handled but has no row"));
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

/// The storage ids a value holds (tensors, arrays, tuples of them).
fn storages(v: &Value) -> Vec<u64> {
    match v {
        Value::Tensor(t) => vec![t.storage.id],
        Value::NdArray(a) => vec![a.view.storage.id],
        Value::Tuple(xs) => xs.iter().flat_map(storages).collect(),
        Value::NamedTuple(_, fs) => fs.iter().flat_map(|(_, v)| storages(v)).collect(),
        _ => vec![],
    }
}

fn run(src: &str, what: &str) -> ExampleRun {
    match run_example(src) {
        Ok(r) => r,
        Err(e) => panic!("{what}: the example fails: {e}\n{src}"),
    }
}

#[test]
fn a_rows_class_is_what_its_example_does() {
    let mut wrong = vec![];
    for o in registry::ops() {
        // The example's last line calls the op, so its value is the op's result.
        let last = o.example.lines().last().unwrap_or("");
        let short = o.name.rsplit('.').next().unwrap_or(o.name);
        let calls = last.contains(&format!(".{short}(")) || last.contains(&format!("torch.{}(", o.path()));
        if !calls && o.class != Class::Other {
            wrong.push(format!("{}: the example's last line does not call it: {last}", o.name));
        }
        let r = run(o.example, o.name);
        let result = r.value.as_ref().map(storages).unwrap_or_default();
        let input = r.interp.vars.get("x").map(storages).unwrap_or_default();
        let shares = |s: &u64| input.contains(s);
        let verdict = match o.class {
            Class::View if result.is_empty() || input.is_empty() => Some("a view's example needs an input x and a tensor result"),
            Class::View if !result.iter().all(shares) => Some("classed view, but the result has its own storage"),
            Class::Copy | Class::Reduction if result.is_empty() => Some("a copy's example needs a tensor result"),
            Class::Copy | Class::Reduction | Class::Factory if result.iter().any(shares) => Some("classed as allocating, but the result shares x's storage"),
            Class::Factory if result.is_empty() && !matches!(r.value, Some(Value::Size(_) | Value::Tuple(_))) => Some("a factory's example needs a tensor result"),
            Class::InPlace if result.is_empty() || !result.iter().all(shares) => Some("classed in-place, but the result is not x's storage"),
            Class::InPlace if !matches!(r.interp.vars.get("x"), Some(Value::Tensor(t)) if t.version() > 0) && o.name != "share_memory_" => {
                Some("classed in-place, but x's version counter did not move")
            }
            _ => None,
        };
        if let Some(v) = verdict {
            wrong.push(format!("{}: {v}", o.name));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_view_check_can_fail() {
    // A copy passed off as a view is caught: clone's result has its own storage.
    let r = run("x = torch.arange(3)\nx.clone()", "clone");
    let (res, inp) = (storages(r.value.as_ref().unwrap()), storages(r.interp.vars.get("x").unwrap()));
    assert_ne!(res, inp);
    let r = run("x = torch.arange(3)\nx.view(3)", "view");
    assert_eq!(storages(r.value.as_ref().unwrap()), storages(r.interp.vars.get("x").unwrap()));
}

#[test]
fn every_example_in_every_help_text_runs() {
    let mut failed = vec![];
    let mut check = |what: String, src: &str| {
        if let Err(e) = run_example(src) {
            failed.push(format!("{what}: {e}\n{src}"));
        }
    };
    for o in registry::ops() {
        check(format!("op {}", o.name), o.example);
    }
    for a in attributes::ATTRIBUTES {
        check(format!("attribute {}", a.name), a.example);
    }
    for s in statements::STATEMENTS {
        check(format!("statement {}", s.name), s.example);
    }
    for (name, _, _, example) in tsr::eval::registry::pybuiltins::DOCS {
        if !example.is_empty() {
            check(format!("builtin {name}"), example);
        }
    }
    // A failing example must fail, and on its last line.
    for o in registry::ops().filter(|o| !o.fails.is_empty()) {
        let (setup, _) = o.fails.rsplit_once('\n').unwrap_or(("", ""));
        if run_example(o.fails).is_ok() || (!setup.is_empty() && run_example(setup).is_err()) {
            failed.push(format!("op {}: the failing example does not fail on its last line\n{}", o.name, o.fails));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n\n"));
    // A broken example is caught.
    assert!(run_example("x = torch.arange(3)\nx.veiw(3)").is_err());
}

#[test]
fn help_texts_show_the_row() {
    use tsr::eval::registry::help::topic;
    let view = topic("view").unwrap();
    // PyTorch's overload order: view.dtype first.
    assert!(view.starts_with("Tensor.view.dtype(Tensor(a) self, ScalarType dtype) -> Tensor(a)\nTensor.view(Tensor(a) self, SymInt[] size) -> Tensor(a)\n"), "{view}");
    assert!(view.contains("view: the result shares self's storage") && view.contains(">>> x.view(3, 4)") && view.contains("[ 8,  9, 10, 11]]"), "{view}");
    let cat = topic("torch.cat").unwrap();
    assert!(cat.contains("cat(Tensor[] tensors, int dim=0, *, Tensor(a!) out) -> Tensor") && cat.contains("copy: the result is a new storage"), "{cat}");
    let add = topic("add").unwrap();
    assert!(add.contains("in place: x.add_(...)"), "{add}");
    assert!(view.contains("When it fails:\n>>> x = torch.arange(12).view(3, 4)\n>>> x.t().view(12)\nRuntimeError: view size is not compatible"), "{view}");
    assert!(topic("x.view") == topic("view") && topic("Tensor.view") == topic("view"));
    assert!(topic("veiw").is_err_and(|e| e.contains("did you mean `view`")));
    assert!(topic("torch.view").is_err(), "view is a method only");
    let snap = topic("torch.cuda.memory._snapshot").unwrap();
    assert!(snap.starts_with("torch.cuda.memory._snapshot(Device? device=None)"), "{snap}");
    assert!(topic("torch.cuda.memory_allocated").is_ok_and(|t| t.contains("call as: torch.cuda.memory_allocated(...)")));
}

#[test]
fn every_statement_keyword_builtin_and_command_has_help() {
    use tsr::eval::registry::help::topic;
    for k in tsr::lang::ast::REPORT_KEYWORDS {
        let s = statements::find(k).unwrap_or_else(|| panic!("report statement `{k}` has no help row"));
        assert!(!s.example.trim().is_empty(), "{k}: no example");
        assert!(topic(k).is_ok_and(|t| t.starts_with(s.usage)), "{k}");
    }
    assert_eq!(statements::STATEMENTS.len(), tsr::lang::ast::REPORT_KEYWORDS.len(), "a help row for a statement that does not exist");
    for (name, _, _) in tsr::eval::py::builtins::BUILTINS {
        let doc = tsr::eval::registry::pybuiltins::find(name).unwrap_or_else(|| panic!("builtin `{name}` has no help row"));
        assert!(topic(name).is_ok_and(|t| t.contains(doc.2)), "{name}");
    }
    assert_eq!(tsr::eval::registry::pybuiltins::DOCS.len(), tsr::eval::py::builtins::BUILTINS.len());
    for c in tsr::eval::registry::commands::COMMANDS {
        assert!(topic(&format!(":{}", c.name)).is_ok_and(|t| t.contains(c.summary)), ":{}", c.name);
    }
    let general = topic("").unwrap();
    for needle in ["inspect", "memtrace", ":vars", "swapaxes", "Tensor methods", "Python builtins"] {
        assert!(general.contains(needle), "{needle}");
    }
}

#[test]
fn readme_op_table_is_the_registrys() {
    let path = format!("{}/README.md", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let begin = "<!-- ops:begin (made from the registry: cargo test --test registry readme) -->\n";
    let end = "<!-- ops:end -->";
    let (Some(a), Some(b)) = (text.find(begin), text.find(end)) else { panic!("README.md lost its ops markers") };
    let want = format!("\n{}\n", registry::markdown_table());
    let have = &text[a + begin.len()..b];
    if have != want {
        if std::env::var_os("TSR_BLESS").is_some() {
            std::fs::write(&path, format!("{}{want}{}", &text[..a + begin.len()], &text[b..])).unwrap();
            return;
        }
        panic!("README.md's op table is not the registry's; rerun with TSR_BLESS=1 to rewrite it:\n{want}");
    }
}

#[test]
fn help_in_the_binary_for_methods_functions_strings_and_bare_names() {
    let run = |code: &str| {
        let out = common::tsr(&["-c", code], "");
        assert_eq!(out.code, 0, "{code}:\n{}", out.combined);
        out.combined
    };
    let setup = "x = torch.arange(6).view(2, 3)\n";
    let method = run(&format!("{setup}help(x.view)"));
    assert!(method.starts_with("Tensor.view.dtype(Tensor(a) self, ScalarType dtype) -> Tensor(a)\nTensor.view(Tensor(a) self, SymInt[] size) -> Tensor(a)\n"), "{method}");
    assert_eq!(method, run(&format!("{setup}help('view')")), "help(x.view) and help('view') differ");
    assert_eq!(method, run("help('Tensor.view')"));
    assert_eq!(method, run("help(torch.Tensor.view)"), "the class's method is the same");
    let cat = run("help(torch.cat)");
    assert!(cat.starts_with("torch.cat(Tensor[] tensors, int dim=0, *, Tensor(a!) out) -> Tensor\n") && cat.contains("tensor([ 0,  1,  2,  0, 10, 20])"), "{cat}");
    assert_eq!(cat, run("help(cat)"), "the bare name is the same function");
    assert!(run(&format!("{setup}help(x.shape)")).starts_with("Tensor.shape (attribute)"));
    assert!(run("help(len)").starts_with("len(obj, /)\n"));
    // An example's printed output is shown, as the value of its last line is.
    assert!(run("help(print)").contains(">>> print(\"shape\", (2, 3), sep=\": \")\nshape: (2, 3)\n"), "{}", run("help(print)"));
    assert!(run("help('map')").starts_with("map EXPR[, EXPR ...]\n"));
    assert!(run("help(map)").contains("help(\"map\")"), "the builtin's help points at the statement's");
    assert!(run("help(':vars')").starts_with(":vars\n"));
    assert!(run("help('nosuch')").contains("no help for `nosuch`"));
    assert!(run("help('a' * 10**6)").len() < 200, "an unknown topic is not echoed whole");
    // A value's help is its type's, never the value (which may be huge).
    let big = run("help(list(range(10**6)))");
    assert!(big.starts_with("a value of type list:\nlist(iterable=(), /)") && big.len() < 2000, "{}", &big[..big.len().min(300)]);
    assert!(run("help()").contains("Report statements"));
    // A binding named help is the user's.
    assert_eq!(run("help = len\nprint(help([1, 2]))").trim(), "2");
    assert_eq!(run("def f(help):\n    x = torch.arange(3)\n    return help(x.shape)\nprint(f(len))").trim(), "1", "a parameter named help too");
}

#[test]
fn every_rows_schema_is_read_by_the_argument_binder() {
    // The binder derives PyTorch's argument errors from the rows: a row it
    // cannot read would silently keep hand-written messages.
    let mut unread = vec![];
    for o in registry::ops() {
        if o.is_function() && registry::binder::signatures(o, false).is_none_or(|s| s.is_empty()) {
            unread.push(format!("{} (function): {}", o.name, o.schema));
        }
        if o.is_method() && registry::binder::signatures(o, true).is_none_or(|s| s.is_empty()) {
            unread.push(format!("{} (method): {}", o.name, o.schema));
        }
    }
    assert!(unread.is_empty(), "{}", unread.join("\n"));
}

/// Every `.rs` file under `src/`, with its text up to its `#[cfg(test)]`
/// module (tests may spell out the names they expect).
fn sources() -> Vec<(String, String)> {
    fn walk(dir: &std::path::Path, out: &mut Vec<(String, String)>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().map(|e| e.path()).collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&p).unwrap();
                let code = text.split("#[cfg(test)]").next().unwrap_or("").to_string();
                let rel = p.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap().display().to_string();
                out.push((rel, code));
            }
        }
    }
    let mut out = vec![];
    walk(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut out);
    out
}

/// The string literals in `code` that look like an autograd node name
/// (`"CumsumBackward0"`), with their line numbers.
fn node_literals(code: &str) -> Vec<(usize, String)> {
    let mut out = vec![];
    for (i, line) in code.lines().enumerate() {
        for lit in line.split('"').skip(1).step_by(2) {
            let generated = lit.contains("Backward") && lit.ends_with(|c: char| c.is_ascii_digit()) && lit.chars().all(|c| c.is_ascii_alphanumeric());
            if generated || ["CopySlices", "CopyBackwards", "NotImplemented"].contains(&lit) {
                out.push((i + 1, lit.to_string()));
            }
        }
    }
    out
}

#[test]
fn every_node_name_is_the_registrys() {
    // The rows and registry/nodes.rs name every node; the engine names the
    // one it regenerates for a view written in place (meta::AS_STRIDED_NODE).
    let mut typed = vec![];
    for (path, code) in sources() {
        if path.starts_with("src/eval/registry/") {
            continue;
        }
        for (line, lit) in node_literals(&code) {
            let own = path == "src/engine/autograd/meta.rs" && lit == "AsStridedBackward0" && code.lines().nth(line - 1).is_some_and(|l| l.contains("pub const AS_STRIDED_NODE"));
            if !own {
                typed.push(format!("{path}:{line}: \"{lit}\" (name it through its row: OpId::X.node(k), or registry::nodes)"));
            }
        }
    }
    assert!(typed.is_empty(), "node names typed outside the registry:\n{}", typed.join("\n"));
    // And the scan can fail: it sees a name typed in a line of code.
    assert_eq!(node_literals("grad::record(it, \"CumsumBackward0\", &[Some(t)], v, f, &[])"), [(1, "CumsumBackward0".to_string())]);
}

#[test]
fn every_node_a_record_site_asks_for_is_in_its_row() {
    // `OpId::X.node(k)` in the sources: row X (or, for an in-place row
    // without names, its op's) lists a name at k itself, not by falling
    // back to its last one.
    let by_variant: std::collections::HashMap<String, registry::OpId> = registry::OpId::ALL.iter().map(|&id| (format!("{id:?}"), id)).collect();
    let (mut bad, mut seen) = (vec![], 0);
    for (path, code) in sources() {
        for (i, line) in code.lines().enumerate() {
            for part in line.split("OpId::").skip(1) {
                let Some((variant, rest)) = part.split_once(".node(") else { continue };
                if !variant.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                    continue;
                }
                let Some(k) = rest.split(')').next().and_then(|k| k.parse::<usize>().ok()) else { continue };
                seen += 1;
                let Some(&id) = by_variant.get(variant) else {
                    bad.push(format!("{path}:{}: no OpId::{variant}", i + 1));
                    continue;
                };
                let row = id.row();
                let names = if row.backward.is_empty() { row.name.strip_suffix('_').and_then(registry::OpId::from_name).map_or(&[][..], |b| b.row().backward) } else { row.backward };
                if k >= names.len() {
                    bad.push(format!("{path}:{}: OpId::{variant}.node({k}), but its row lists {names:?}", i + 1));
                }
            }
        }
    }
    assert!(seen > 150, "found only {seen} OpId::X.node(k) sites: has the recording moved?");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
