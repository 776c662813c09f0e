//! `help(...)`, `:help NAME`, `NAME?`: every help text, built from the
//! registry's rows (ops, attributes, statements, builtins, commands). One
//! function per kind of topic; the REPL calls [`topic`] and [`general`].

use std::cell::RefCell;
use std::rc::Rc;

use crate::engine::alloc::cuda::CudaMode;
use crate::engine::EngineConfig;
use crate::lang::ast::{Arg, Expr, ExprKind, StmtKind};
use crate::report::{Report, TextReport};

use super::super::error::EvalResult;
use super::super::interp::Interp;
use super::super::py::builtins::Call;
use super::super::value::Value;
use super::{attributes, commands, pybuiltins, statements, Op};

/// What running an example gave: what it printed and its last value.
pub struct ExampleRun {
    pub printed: String,
    pub value: Option<Value>,
    pub interp: Interp,
}

/// Runs `src` in a fresh session (stable addresses, a simulated CUDA
/// device); the value of its last line when that is an expression. `Err`
/// holds the first error, as `Kind: message`.
pub fn run_example(src: &str) -> Result<ExampleRun, String> {
    let cfg = EngineConfig { stable_addrs: true, max_memory: 1 << 28, cuda: CudaMode::Sim, alloc_conf: String::new() };
    let mut it = Interp::new(&cfg);
    // Every report, from statements and from the last expression alike.
    let reports: Rc<RefCell<Vec<Report>>> = Rc::default();
    let sink = reports.clone();
    it.sink = Some(Box::new(move |r| sink.borrow_mut().push(r)));
    let text: Rc<str> = Rc::from(src);
    let stmts = crate::lang::parse_program(src);
    let n = stmts.len();
    let mut value = None;
    let fail = |e: super::super::EvalError| format!("{}: {}", e.kind.name(), e.message);
    for (i, stmt) in stmts.into_iter().enumerate() {
        let stmt = stmt.map_err(|e| format!("SyntaxError: {e}"))?;
        match &stmt.kind {
            StmtKind::Expr(e) if i + 1 == n => {
                it.src = text.clone();
                value = Some(it.eval(e).map_err(fail)?);
            }
            _ => {
                it.exec(&stmt, &text, false).map_err(fail)?;
            }
        }
    }
    it.sink = None;
    let mut printed = String::new();
    for r in reports.borrow().iter() {
        if let Report::Print(t) = r {
            printed.push_str(&t.text);
            printed.push_str(&t.end);
        }
    }
    Ok(ExampleRun { printed, value, interp: it })
}

/// `>>> ` lines of an example, with its output when `run`.
fn example_block(src: &str, run: bool) -> String {
    let mut s = String::from("\nExample:\n");
    let mut in_block = false;
    for line in src.lines() {
        let cont = line.starts_with(' ') || line.starts_with('\t');
        // A block ends with an empty `...` line, as Python's prompt shows it.
        if in_block && !cont {
            s.push_str("...\n");
        }
        in_block = cont || line.trim_end().ends_with(':');
        s.push_str(if cont { "... " } else { ">>> " });
        s.push_str(line);
        s.push('\n');
    }
    if in_block {
        s.push_str("...\n");
    }
    if !run {
        s.push_str("(help does not run this example: it writes a file)\n");
        return s;
    }
    // The example's print options hold for its output, then the session's return.
    let _session_opts = super::super::printopts::save();
    match run_example(src) {
        Ok(r) => {
            s.push_str(&r.printed);
            if let Some(v) = r.value.filter(|v| !matches!(v, Value::None)) {
                s.push_str(&super::super::py::repr::repr(&v));
                s.push('\n');
            }
        }
        Err(e) => s.push_str(&format!("(the example failed in this build: {e})\n")),
    }
    s
}

/// `text` as one paragraph indented by two spaces; the renderer wraps
/// it to the width (`render::teach::text::fold_lines`).
fn wrap(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.is_empty() {
        return String::new();
    }
    format!("  {}\n", words.join(" "))
}

/// The help of one op row.
pub fn op_text(o: &Op) -> String {
    let prefix = if o.is_function() { "torch." } else { "Tensor." };
    let shown = o.path();
    let mut s: String = o.overloads().map(|l| format!("{prefix}{}{}\n", shown, &l[o.name.len()..])).collect();
    s.push_str(&format!("  {}\n", o.summary));
    s.push_str(&format!("  {}: {}\n", o.class.name(), o.class.returns()));
    let forms = match (o.is_function(), o.is_method()) {
        (true, true) => format!("torch.{0}(x, ...) or x.{0}(...)", o.name),
        (true, false) if o.name.contains('.') => format!("torch.{shown}(...)"),
        (true, false) => format!("torch.{0}(...) (also bare: {0}(...))", o.name),
        _ => format!("x.{}(...)", o.name),
    };
    s.push_str(&format!("  call as: {forms}\n"));
    if let Some(i) = super::method(&format!("{}_", o.name)) {
        s.push_str(&format!("  in place: x.{}(...)\n", i.name));
    }
    if !o.notes.is_empty() {
        s.push('\n');
        s.push_str(&wrap(o.notes));
    }
    s.push_str(&example_block(o.example, o.run));
    if !o.fails.is_empty() {
        s.push_str(&failing_block(o.fails));
    }
    s
}

/// A failing example: its `>>> ` lines and the error it raises.
fn failing_block(src: &str) -> String {
    let mut s = String::from("\nWhen it fails:\n");
    for line in src.lines() {
        s.push_str(&format!(">>> {line}\n"));
    }
    // The example's print options hold for its output, then the session's return.
    let _session_opts = super::super::printopts::save();
    match run_example(src) {
        Err(e) => s.push_str(&format!("{}\n", e.lines().next().unwrap_or(""))),
        Ok(_) => s.push_str("(this build runs it without an error)\n"),
    }
    s
}

/// The help of one tensor attribute.
pub fn attribute_text(a: &attributes::Attribute) -> String {
    format!("Tensor.{} (attribute)\n  {}\n{}", a.name, a.summary, example_block(a.example, true))
}

/// The help of one Python builtin (and the torch op of the same name).
pub fn builtin_text(name: &str) -> Option<String> {
    let (_, sig, summary, example) = pybuiltins::find(name)?;
    let mut s: String = sig.lines().map(|l| format!("{l}\n")).collect();
    s.push_str(&format!("  {summary}\n  (a Python builtin)\n"));
    if super::function(name).is_some() {
        s.push_str(&format!("  torch.{name} is the torch op: help(torch.{name}); {name}(x, dim) with a tensor and more arguments is torch's too\n"));
    }
    if statements::find(name).is_some() {
        s.push_str(&format!("  `{name} EXPR` starting a statement is tsr's report: help(\"{name}\")\n"));
    }
    if !example.is_empty() {
        s.push_str(&example_block(example, true));
    }
    Some(s)
}

/// The help of `topic` as typed after `:help` or in `help("...")`; `Err`
/// says there is none, with a suggestion.
pub fn topic(topic: &str) -> Result<String, String> {
    let t = topic.trim();
    if t.is_empty() {
        return Ok(general());
    }
    if t.starts_with(':') {
        return commands::help(t).ok_or_else(|| not_found(t));
    }
    if t.starts_with("torch.") {
        return super::ops().find(|o| o.is_function() && format!("torch.{}", o.path()) == t).map(op_text).ok_or_else(|| not_found(t));
    }
    // Every kind of topic with this name, the statement first: `map` is a
    // statement and a builtin, `save` an op and a command, `sum` an op and a builtin.
    let sections: Vec<String> = [
        statements::find(t).map(statements::help),
        super::find(t).map(op_text),
        builtin_text(t),
        attributes::find(t).map(attribute_text),
        commands::help(t),
    ]
    .into_iter()
    .flatten()
    .collect();
    if !sections.is_empty() {
        return Ok(sections.join("\nAlso:\n"));
    }
    // `x.view`, `Tensor.view`, `x.shape`: the method or attribute.
    if let Some((_, last)) = t.rsplit_once('.') {
        if let Some(o) = super::method(last) {
            return Ok(op_text(o));
        }
        if let Some(a) = attributes::find(last) {
            return Ok(attribute_text(a));
        }
    }
    // A prefix is enough: `:help contig`.
    if let Some(s) = statements::STATEMENTS.iter().find(|s| s.name.starts_with(t)) {
        return Ok(statements::help(s));
    }
    if let Some(o) = super::ops().find(|o| o.name.starts_with(t)) {
        return Ok(op_text(o));
    }
    Err(not_found(t))
}

/// Every topic name: ops, attributes, statements, builtins, commands.
pub fn topic_names() -> Vec<&'static str> {
    let mut v: Vec<&str> = statements::STATEMENTS.iter().map(|s| s.name).collect();
    v.extend(super::ops().map(|o| o.name));
    v.extend(attributes::names());
    v.extend(pybuiltins::DOCS.iter().map(|d| d.0));
    v.extend(commands::COMMANDS.iter().map(|c| c.name));
    v.sort_unstable();
    v.dedup();
    v
}

fn not_found(t: &str) -> String {
    let shown: String = if t.chars().count() > 60 { t.chars().take(60).chain("…".chars()).collect() } else { t.to_string() };
    let mut msg = format!("no help for `{shown}`");
    let key = t.trim_start_matches(':').rsplit('.').next().unwrap_or(t);
    if let Some(s) = super::super::names::closest(key, topic_names().into_iter()) {
        msg.push_str(&format!(" (did you mean `{s}`?)"));
    }
    msg.push_str("; help() lists the topics");
    msg
}

/// Names joined and wrapped under a heading.
fn listing(heading: &str, names: impl Iterator<Item = &'static str>) -> String {
    let names: Vec<&str> = names.collect();
    format!("\n{heading}\n{}", wrap(&names.join(", ")))
}

/// `help()` and `:help`: what tsr is and every topic.
pub fn general() -> String {
    let mut s = String::from(
        "\
tsr runs a small PyTorch-like language and shows how tensors sit in memory:
shape, stride, storage offset and which tensors share a storage.

  x = arange(12).view(3, 4)   bind a name (Python syntax; `y = x` shares the tensor)
  x.t()                       a bare expression shows its value (in the REPL)
  inspect x, x.t()            a report statement (below)
  help(x.view), help(torch.cat), help(\"map\"), :help NAME, NAME?, ?NAME
  `;` separates statements, `#` starts a comment, and an open bracket or a
  trailing `\\` continues on the next line.

Report statements (a keyword starting a statement; :help NAME for an example)
",
    );
    let width = statements::STATEMENTS.iter().map(|t| t.name.len()).max().unwrap_or(0);
    for t in statements::STATEMENTS {
        s.push_str(&format!("  {:<width$}  {}\n", t.name, t.summary));
    }
    s.push_str("\nREPL commands\n");
    let width = commands::COMMANDS.iter().map(|c| c.usage.chars().count()).max().unwrap_or(0);
    for c in commands::COMMANDS {
        s.push_str(&format!("  {:<width$}  {}\n", c.usage, c.summary));
    }
    s.push_str(&listing("Torch functions (torch.NAME or bare; help(torch.NAME))", super::function_names()));
    let cuda: Vec<String> = super::ops().filter(|o| o.name.contains('.')).map(|o| o.path()).collect();
    s.push_str(&format!("\ntorch.cuda and friends (help(torch.cuda.NAME))\n{}", wrap(&cuda.join(", "))));
    s.push_str(&listing("Tensor methods (help(x.NAME))", super::method_names()));
    s.push_str(&listing("Tensor attributes", attributes::names()));
    s.push_str(&listing("Python builtins", pybuiltins::DOCS.iter().map(|d| d.0)));
    s.push_str(
        "\nKeys: Tab completes names, methods after `.` and :commands; Ctrl-C cancels the\n\
         input; Ctrl-D quits; Up/Down browse the history (kept across sessions).\n",
    );
    s
}

/// The help of a value (`help(torch.cat)`, `help(len)`, `help("view")`).
pub fn value_text(v: &Value) -> String {
    let found = match v {
        Value::Function(name) => super::function(name).map(op_text).or_else(|| {
            let shown = name.strip_prefix("cuda.").map(|n| format!("torch.cuda.{n}")).unwrap_or_else(|| name.clone());
            Some(format!("{shown}(...)\n  a tsr builtin outside torch's op registry (NumPy, safetensors)\n"))
        }),
        Value::Builtin(n) => builtin_text(n).or_else(|| Some(format!("{n}(...)\n  a builtin function{}\n", if n.starts_with("math.") { " of CPython's math module" } else { "" }))),
        Value::Type(n) => builtin_text(n).or_else(|| Some(format!("{n}\n  a Python type{}\n", if n.ends_with("Error") || n.ends_with("Exception") || n.ends_with("Interrupt") || n.ends_with("Exit") { " (an exception: raise it, or catch it with except)" } else { "" }))),
        Value::Str(s) => Some(topic(s).unwrap_or_else(|e| e + "\n")),
        Value::Method(m) => match (&m.0, super::method(&m.1)) {
            (Value::Tensor(_), Some(o)) => Some(op_text(o)),
            (recv, _) => Some(format!("{}.{}\n  a method of {}\n", recv.type_name(), m.1, recv.type_name())),
        },
        Value::Tensor(t) => Some(format!(
            "Tensor of shape {}, dtype {}: a header (shape, stride, offset) on a storage\n  help(x.NAME) for a method or attribute; inspect x for its layout\n{}",
            super::super::py::repr::repr(&Value::Size(t.shape().to_vec())),
            t.dtype.name(),
            listing("Tensor methods", super::method_names())
        )),
        Value::Module("torch") => Some(listing("Torch functions (help(torch.NAME))", super::function_names())),
        Value::Module("torch.nn.functional") => {
            let names: Vec<String> = super::ops().filter(|o| o.name.starts_with("nn.functional.")).map(|o| format!("torch.{}", o.path())).collect();
            Some(format!("torch.nn.functional (help(F.NAME))\n{}", wrap(&names.join(", "))))
        }
        Value::Module(m @ ("torch.cuda" | "torch.cuda.memory")) => {
            let names: Vec<String> = super::ops().filter(|o| o.name.contains('.')).map(|o| format!("torch.{}", o.path())).collect();
            Some(format!("{m}: the CUDA device and its caching allocator\n{}", wrap(&names.join(", "))))
        }
        _ => None,
    };
    // Any other value: the help of its type, as Python's help(obj) gives
    // (never the value itself, which may be a list of millions).
    let ty = v.type_name();
    found.unwrap_or_else(|| match builtin_text(ty) {
        Some(t) => format!("a value of type {ty}:\n{t}"),
        None => format!("a value of type {ty}\n"),
    })
}

fn show(it: &mut Interp, mut text: String) -> Value {
    if !text.ends_with('\n') {
        text.push('\n');
    }
    it.emit(Report::Help(TextReport { text, end: String::new() }));
    Value::None
}

/// The `help` builtin.
pub fn help_builtin(it: &mut Interp, c: Call) -> EvalResult<Value> {
    if let Some((k, _)) = c.kw.first() {
        return Err(super::super::EvalError::type_error(format!("help() got an unexpected keyword argument '{k}'"), c.span));
    }
    if c.pos.len() > 1 {
        return Err(super::super::EvalError::type_error(format!("help() takes at most 1 argument ({} given)", c.pos.len()), c.span));
    }
    let text = match c.pos.first() {
        None => general(),
        Some(v) => value_text(v),
    };
    Ok(show(it, text))
}

/// `help(x.view)`, `help(x.shape)`, `help(torch.Tensor.view)`: a tensor's
/// method or attribute is looked up by name (`x.shape` would otherwise be
/// its value, `torch.Tensor.view` has no value in tsr). `None` when this
/// is not such a call, which then runs as usual.
pub fn help_attr_call(it: &mut Interp, func: &Expr, args: &[Arg]) -> EvalResult<Option<Value>> {
    let (ExprKind::Name(f), [arg]) = (&func.kind, args) else { return Ok(None) };
    if f != "help" || arg.name.is_some() || arg.star != 0 {
        return Ok(None);
    }
    let ExprKind::Attr { obj, name, name_span } = &arg.value.kind else { return Ok(None) };
    if !matches!(it.lookup_name("help", func.span), Ok(Value::Builtin("help"))) {
        return Ok(None);
    }
    let o = it.eval(obj)?;
    if let Value::Tensor(_) | Value::Type("Tensor") = o {
        if let Some(op) = super::method(name) {
            return Ok(Some(show(it, op_text(op))));
        }
        if let Some(a) = attributes::find(name) {
            return Ok(Some(show(it, attribute_text(a))));
        }
    }
    let v = it.get_attr(o, name, *name_span)?;
    Ok(Some(show(it, value_text(&v))))
}
