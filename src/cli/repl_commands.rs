//! REPL `:commands`: parsing into [`Command`], the help texts, and the
//! `:vars` listing. Nothing here touches the terminal; `repl.rs` runs them.

use std::fmt;

use crate::eval::value::Value;

/// A parsed `:command`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `:help [topic]`.
    Help(Option<String>),
    /// `:vars`.
    Vars,
    /// `:reset`.
    Reset,
    /// `:save FILE`.
    Save(String),
    /// `:load FILE`.
    Load(String),
    /// `:html FILE`: the session so far as an HTML page with figures.
    Html(String),
    /// `:svg DIR`: the session's figures so far, one `.svg` file each.
    Svg(String),
    /// `:quit`, `:q`, `:exit`.
    Quit,
}

/// Why a `:command` line could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CommandError {
    Unknown { name: String, suggestion: Option<String> },
    MissingArgument { command: &'static str, usage: &'static str },
    UnexpectedArgument { command: &'static str, arg: String },
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Unknown { name, .. } if name.is_empty() => {
                write!(f, "missing command name after `:`; type :help for the list of commands")
            }
            CommandError::Unknown { name, suggestion: Some(s) } => {
                write!(f, "unknown command `:{name}` (did you mean `:{s}`?); type :help for the list of commands")
            }
            CommandError::Unknown { name, suggestion: None } => {
                write!(f, "unknown command `:{name}`; type :help for the list of commands")
            }
            CommandError::MissingArgument { command, usage } => write!(f, ":{command} needs an argument; usage: {usage}"),
            CommandError::UnexpectedArgument { command, arg } => {
                write!(f, ":{command} takes no argument (got `{arg}`)")
            }
        }
    }
}

/// One command: its canonical name, aliases, usage line and summary.
pub struct CommandSpec {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    pub usage: &'static str,
    pub summary: &'static str,
}

pub const COMMANDS: &[CommandSpec] = &[
    CommandSpec {
        name: "help",
        aliases: &["h", "?"],
        usage: ":help [topic]",
        summary: "this help, or a topic with a worked example",
    },
    CommandSpec { name: "vars", aliases: &[], usage: ":vars", summary: "list bindings (tensors: shape, stride, dtype, storage)" },
    CommandSpec {
        name: "reset",
        aliases: &[],
        usage: ":reset",
        summary: "drop every binding (and the statements :save would write)",
    },
    CommandSpec {
        name: "save",
        aliases: &[],
        usage: ":save FILE.tsr",
        summary: "write the statements that succeeded as a replayable script",
    },
    CommandSpec { name: "load", aliases: &[], usage: ":load FILE.tsr", summary: "run a script in this session" },
    CommandSpec {
        name: "html",
        aliases: &[],
        usage: ":html FILE.html",
        summary: "write the session so far as one offline page: sources, output, figures",
    },
    CommandSpec { name: "svg", aliases: &[], usage: ":svg DIR", summary: "write the session's figures so far as numbered .svg files" },
    CommandSpec { name: "quit", aliases: &["q", "exit"], usage: ":quit", summary: "leave (also :q, :exit, Ctrl-D)" },
];

/// The canonical name of the command `word` (with or without its `:`).
pub fn lookup(word: &str) -> Option<&'static str> {
    let w = word.strip_prefix(':').unwrap_or(word);
    COMMANDS.iter().find(|c| c.name == w || c.aliases.contains(&w)).map(|c| c.name)
}

/// Every command word as typed (`:help`, `:h`, …), for completion.
pub fn command_words() -> impl Iterator<Item = String> {
    COMMANDS.iter().flat_map(|c| std::iter::once(c.name).chain(c.aliases.iter().copied())).map(|w| format!(":{w}"))
}

/// Removes one pair of matching quotes around a file name.
fn unquote(s: &str) -> &str {
    for q in ['"', '\''] {
        if s.len() >= 2 && s.starts_with(q) && s.ends_with(q) {
            return &s[1..s.len() - 1];
        }
    }
    s
}

/// Parses a REPL input line. `None` when it is not a command (does not
/// start with `:`), so it should run as tsr source instead.
pub fn parse(input: &str) -> Option<Result<Command, CommandError>> {
    let body = input.trim().strip_prefix(':')?;
    let (word, arg) = match body.find(char::is_whitespace) {
        Some(i) => (&body[..i], body[i..].trim()),
        None => (body, ""),
    };
    let Some(name) = lookup(word) else {
        let names = COMMANDS.iter().flat_map(|c| std::iter::once(c.name).chain(c.aliases.iter().copied()));
        let suggestion = if word.is_empty() { None } else { crate::eval::names::closest(word, names) };
        let suggestion = suggestion.and_then(|s| lookup(&s)).map(str::to_string);
        return Some(Err(CommandError::Unknown { name: word.to_string(), suggestion }));
    };
    let spec = COMMANDS.iter().find(|c| c.name == name)?;
    let no_arg = |cmd: Command| {
        if arg.is_empty() {
            Ok(cmd)
        } else {
            Err(CommandError::UnexpectedArgument { command: spec.name, arg: arg.to_string() })
        }
    };
    let file = |make: fn(String) -> Command| {
        let f = unquote(arg);
        if f.is_empty() {
            Err(CommandError::MissingArgument { command: spec.name, usage: spec.usage })
        } else {
            Ok(make(f.to_string()))
        }
    };
    Some(match name {
        "help" => Ok(Command::Help((!arg.is_empty()).then(|| arg.to_string()))),
        "vars" => no_arg(Command::Vars),
        "reset" => no_arg(Command::Reset),
        "quit" => no_arg(Command::Quit),
        "save" => file(Command::Save),
        "load" => file(Command::Load),
        "html" => file(Command::Html),
        "svg" => file(Command::Svg),
        _ => Err(CommandError::Unknown { name: word.to_string(), suggestion: None }),
    })
}

// ---------------------------------------------------------------------------
// Help

/// A `:help` topic.
pub struct HelpTopic {
    pub name: &'static str,
    pub summary: &'static str,
    pub text: &'static str,
}

/// `:help TOPIC` texts. Add a row to add a topic; `:help` lists them all.
pub const HELP_TOPICS: &[HelpTopic] = &[
    HelpTopic {
        name: "inspect",
        summary: "the layout table of one or more tensors",
        text: "\
inspect EXPR[, EXPR ...]
  Shows each tensor side by side: shape, stride, storage_offset, dtype,
  numel, data_ptr, is_contiguous, its storage (S1, S2, ... - equal ids mean
  shared memory), which other bindings share it, and the version counter.
  Rows that differ between the tensors are marked with ≠.

  x = arange(6).view(2, 3)
  y = x.t()
  inspect x, y        # same storage S1; shape (2, 3) vs (3, 2), stride (3, 1) vs (1, 3)
  inspect x[1]        # any expression: shape (3,), storage_offset 3, still S1
",
    },
    HelpTopic {
        name: "view",
        summary: "reinterpret the same storage with a new shape (never copies)",
        text: "\
x.view(*shape)
  Returns a tensor over the SAME storage with a new shape; -1 infers one
  dimension. It never copies, so it fails when the current strides cannot
  express the new shape (e.g. after a transpose). Use reshape() then.

  x = arange(12)
  m = x.view(3, 4)    # shape (3, 4), stride (4, 1), same storage as x
  v = m.view(-1, 6)   # shape (2, 6)
  inspect x, m, v     # all on storage S1
  t = m.t()           # shape (4, 3), stride (1, 4): not contiguous
  t.view(12)          # RuntimeError: view size is not compatible with input
                      # tensor's size and stride ... Use .reshape(...) instead.
",
    },
    HelpTopic {
        name: "reshape",
        summary: "a view when possible, a copy when it must",
        text: "\
x.reshape(*shape)
  Like view() when the strides allow it (same storage), otherwise it copies
  into a new, contiguous storage. Compare the storage ids to see which.

  x = arange(12).view(3, 4)
  r = x.reshape(6, 2)   # a view: same storage S1
  t = x.t()             # stride (1, 4)
  c = t.reshape(12)     # cannot be a view of t: a copy in a new storage
  inspect t, c          # storage S1 vs S2
",
    },
    HelpTopic {
        name: "contiguous",
        summary: "row-major layout, and when contiguous() copies",
        text: "\
x.contiguous() / x.is_contiguous()
  A tensor is contiguous when its strides are row-major for its shape:
  stride[-1] == 1 and stride[i] == stride[i+1] * shape[i+1].
  contiguous() returns the tensor itself when it already is; otherwise it
  copies into a new storage laid out row-major.

  x = arange(12).view(3, 4)
  print x.contiguous() is x   # True: no copy
  y = x.t()                   # shape (4, 3), stride (1, 4)
  print y.is_contiguous()     # False
  c = y.contiguous()          # shape (4, 3), stride (3, 1), new storage
  inspect y, c
",
    },
    HelpTopic {
        name: "stride",
        summary: "how far to jump in storage per step along each dimension",
        text: "\
x.stride() / x.stride(dim)
  stride[d] is how many storage elements to skip to move one step along
  dimension d. Element [i, j] lives at storage_offset + i*stride[0] + j*stride[1].
  Views only change shape, stride and offset; the data never moves.

  x = arange(12).view(3, 4)
  print x.stride()          # (4, 1)
  print x.t().stride()      # (1, 4): transposing swaps strides
  c = x[:, 1]               # shape (3,), stride (4,), storage_offset 1
  e = ones(3).expand(4, 3)  # stride (0, 1): stride 0 repeats the same row
  inspect c, e
",
    },
    HelpTopic {
        name: "storage",
        summary: "the storage behind a tensor and every view on it",
        text: "\
storage EXPR
  The untyped storage behind a tensor: id, device, nbytes (and how many
  elements of the tensor's dtype fit), data_ptr, allocator, version counter,
  every live binding that views it with the range of elements it can reach,
  and how many bytes no live binding can reach (a small slice keeping a big
  buffer alive). `storage x.untyped_storage()` works too.

  big = zeros(1000000)
  s = big[:10]
  del big
  storage s           # 4000000 B allocated, 40 B reachable: >99.9% unreachable
",
    },
    HelpTopic {
        name: "map",
        summary: "draw the storage as cells with each tensor's indices on it",
        text: "\
map EXPR[, EXPR ...]
  Draws each storage as a strip of cells (storage index above, value
  inside) and, under it, one row per tensor with the logical index of each
  element in the cell that holds it. A colour per tensor; cells a tensor
  does not touch show `·`. A stride-0 cell lists every index that reads it.
  Big storages show their first and last cells and the touched ones, with
  `…` for the rest.

  x = arange(12).view(3, 4)
  map x, x.t(), x[1:]     # x.t()[1, 0] sits in cell 1; x[1:] starts at cell 4
  map ones(3).expand(2, 3)  # each cell holds [0, j] and [1, j]
",
    },
    HelpTopic {
        name: "share",
        summary: "every storage in the session and the bindings on it",
        text: "\
share
  A tree of every storage the bindings keep alive, with the bindings on
  each (their shape, stride, offset and element range), flagging bindings
  that overlap each other, aliases (y = x) and self-overlapping views.

  a = arange(12).view(3, 4)
  b = a[1:]
  c = a.t().reshape(12)   # a copy: its own storage
  share                   # S1: a, b (overlap); S2: c
",
    },
    HelpTopic {
        name: "overlap",
        summary: "can writing through x change y? (exact, with a witness)",
        text: "\
overlap x, y  /  overlap x
  Decides exactly whether two tensors share an element (like NumPy's
  shares_memory): different storages never do; otherwise it solves
  offset_x + sum(i_k * stride_x[k]) = offset_y + sum(j_k * stride_y[k])
  and shows a witness, or why there is none. It also says whether each
  tensor overlaps itself (expand, unfold): writing through such a view is
  ambiguous. `overlap x` asks only that.

  x = arange(10)
  overlap x[::2], x[1::2]   # NO: evens and odds never meet (gcd 2)
  m = arange(12).view(3, 4)
  overlap m[1], m[:, 2]     # YES: m[1][2] and m[:, 2][1] are both storage[6]
  overlap ones(3).expand(2, 3)
",
    },
    HelpTopic {
        name: "addr",
        summary: "the offset formula and address of one element, worked out",
        text: "\
addr x[i, j, ...]
  Works out offset = storage_offset + i*stride[0] + j*stride[1] + ... with
  the real numbers, then address = storage data_ptr + offset * element_size,
  and shows the value there. Negative indices wrap as in Python; an index out
  of range gives PyTorch's IndexError.

  base = arange(29, dtype=torch.float32)
  x = base.as_strided((2, 3, 4), (12, 4, 1), 5)
  addr x[1, 2, 3]     # offset = 5 + 1*12 + 2*4 + 3*1 = 28; address = ptr + 28*4 B
",
    },
    HelpTopic {
        name: "bytes",
        summary: "hex dump of a tensor's bytes, with IEEE 754 fields",
        text: "\
bytes EXPR
  Each element's bytes (lowest address first: little-endian), its value,
  and for floats the sign, exponent and mantissa bits with the formula that
  gives the value. Long tensors show their first 24 and last 8 elements.
  `bytes x.untyped_storage()` dumps the whole storage, 16 bytes a row,
  undecoded: a storage has no dtype.

  x = tensor([1.0, -2.5])
  bytes x                       # 1.0 is 00 00 80 3f: sign 0, exponent 127
  bytes x.untyped_storage()
",
    },
    HelpTopic {
        name: "lineage",
        summary: "every op from the allocation to this tensor",
        text: "\
lineage EXPR
  The chain of operations from the tensor that allocated the data to this
  one: each op, whether it was a view or copied into a new storage, and the
  shape, stride and offset before -> after.

  x = arange(12).view(3, 4)
  y = x.t().reshape(12)
  lineage y     # arange(12) alloc S1, view(3, 4), t(), reshape(12) copy S2
",
    },
    HelpTopic {
        name: "explain",
        summary: "for each op in an expression: view or copy, and why",
        text: "\
explain EXPR
  Evaluates the expression one operation at a time and says for each whether
  it made a view (same storage) or a copy (new storage) and why: reshape
  copies when two dims cannot merge (the stride rule is shown with numbers);
  a failing view() shows the chunk analysis and the cheapest fix.

  x = arange(12).view(3, 4)
  explain x.t().reshape(12)   # dims 0 and 1 cannot merge: stride[0] = 1
                              # != size[1] * stride[1] = 12, so it copies 96 B
  explain x.t().view(12)      # fails: requested dim 0 spans two chunks
",
    },
    HelpTopic {
        name: "diff",
        summary: "the header fields that differ between two tensors",
        text: "\
diff x, y
  Shape, stride, storage_offset, storage, dtype, device, contiguity, numel,
  element size, data_ptr and requires_grad of both, the differing ones
  marked with ≠.

  x = arange(12).view(3, 4)
  diff x, x.t()       # shape, stride, is_contiguous differ; same storage
  diff x, x.clone()   # storage and data_ptr differ
",
    },
    HelpTopic {
        name: "contiguity",
        summary: "every layout flag at once and the strides each needs",
        text: "\
contiguity EXPR
  C-contiguous, channels_last (rank 4), channels_last_3d (rank 5),
  non-overlapping-and-dense and Fortran order, with the strides each would
  need, the row-major check dim by dim, and the special cases: size-1 dims'
  strides are never checked, and a tensor with no elements is contiguous.

  contiguity arange(12).view(3, 4).t()   # not C-contiguous, but dense and Fortran
  contiguity zeros(3, 1).t()             # contiguous: the size-1 dim is skipped
",
    },
];

/// The text for `:help` (no topic) or `:help TOPIC`; `Err` for an unknown
/// topic, with the known ones and a suggestion.
pub fn help_text(topic: Option<&str>) -> Result<String, String> {
    let Some(topic) = topic else { return Ok(general_help()) };
    let topic = topic.trim();
    if let Some(t) = HELP_TOPICS.iter().find(|t| t.name == topic) {
        return Ok(t.text.to_string());
    }
    // A prefix is enough: `:help contig` (the first listed topic wins a tie).
    if let Some(t) = HELP_TOPICS.iter().find(|t| !topic.is_empty() && t.name.starts_with(topic)) {
        return Ok(t.text.to_string());
    }
    // `:help save` → the command's usage.
    if let Some(c) = lookup(topic).and_then(|n| COMMANDS.iter().find(|c| c.name == n)) {
        return Ok(format!("{}\n  {}\n", c.usage, c.summary));
    }
    let names: Vec<&str> = HELP_TOPICS.iter().map(|t| t.name).collect();
    let mut msg = format!("no help topic `{topic}`");
    if let Some(s) = crate::eval::names::closest(topic, names.iter().copied()) {
        msg.push_str(&format!(" (did you mean `{s}`?)"));
    }
    msg.push_str(&format!("; topics: {}", names.join(", ")));
    Err(msg)
}

fn general_help() -> String {
    let mut s = String::from(
        "\
tsr runs a small PyTorch-like language and shows how tensors sit in memory:
shape, stride, storage offset and which tensors share a storage.

Statements
  x = arange(12).view(3, 4)   bind a name (Python syntax; `y = x` shares the tensor)
  x.t()                       a bare expression shows its value
  inspect x, x.t()            the layout table of each tensor (:help inspect)
  print x.stride()            print values, like Python's print()
  del x                       drop a binding
  with no_grad():             a block; end it with a blank line
  Also: storage, map, share, overlap, addr, bytes, lineage, explain, diff,
  contiguity, mem, memtrace, timeit, graph (a keyword starting a statement).
  Functions: tensor, arange, zeros, ones, full, eye, empty_strided, cat, stack, ...
  (also as torch.NAME); dtypes: float32, int64, bool, ... (torch.float16 too).
  `;` separates statements, `#` starts a comment, and an open bracket or a
  trailing `\\` continues on the next line (shown as `...  `).

Commands
",
    );
    let width = COMMANDS.iter().map(|c| c.usage.chars().count()).max().unwrap_or(0);
    for c in COMMANDS {
        s.push_str(&format!("  {:<width$}  {}\n", c.usage, c.summary));
    }
    s.push_str("\nHelp topics (:help TOPIC)\n");
    let width = HELP_TOPICS.iter().map(|t| t.name.len()).max().unwrap_or(0);
    for t in HELP_TOPICS {
        s.push_str(&format!("  {:<width$}  {}\n", t.name, t.summary));
    }
    s.push_str(
        "\nKeys: Tab completes names, methods after `.` and :commands; Ctrl-C cancels the\n\
         input; Ctrl-D quits; Up/Down browse the history (kept across sessions).\n",
    );
    s
}

// ---------------------------------------------------------------------------
// :vars

fn tuple(xs: &[usize]) -> String {
    match xs.len() {
        1 => format!("({},)", xs[0]),
        _ => format!("({})", xs.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")),
    }
}

/// One line per binding, columns aligned. Tensors show shape, stride, dtype
/// and storage id (plus the offset when it is not 0); other values their
/// Python repr.
pub fn vars_listing(vars: &crate::eval::globals::Globals) -> String {
    if vars.is_empty() {
        return "no bindings\n".to_string();
    }
    let rows: Vec<(String, Vec<String>)> = vars
        .iter()
        .map(|(name, v)| {
            let cols = match v {
                Value::Tensor(t) => {
                    let mut cols = vec![
                        "Tensor".to_string(),
                        format!("shape {}", tuple(t.shape())),
                        format!("stride {}", tuple(t.stride())),
                        t.dtype.name().to_string(),
                        format!("S{}", t.storage.id),
                    ];
                    if t.layout.offset != 0 {
                        cols.push(format!("offset {}", t.layout.offset));
                    }
                    cols
                }
                other => {
                    let mut text = crate::eval::py::repr::repr(other);
                    if text.chars().count() > 200 {
                        text = text.chars().take(200).collect::<String>() + "…";
                    }
                    vec![other.type_name().to_string(), text]
                }
            };
            (name.clone(), cols)
        })
        .collect();
    // Align the tensor columns; the last column of each row is left as is.
    let ncols = rows.iter().map(|r| r.1.len()).max().unwrap_or(0);
    let mut widths = vec![0usize; ncols + 1];
    for (name, cols) in &rows {
        widths[0] = widths[0].max(name.chars().count());
        for (i, c) in cols.iter().enumerate() {
            if i + 1 < cols.len() {
                widths[i + 1] = widths[i + 1].max(c.chars().count());
            }
        }
    }
    let mut out = String::new();
    for (name, cols) in &rows {
        let mut line = format!("{:<w$}", name, w = widths[0]);
        for (i, c) in cols.iter().enumerate() {
            line.push_str("  ");
            if i + 1 < cols.len() {
                line.push_str(&format!("{:<w$}", c, w = widths[i + 1]));
            } else {
                line.push_str(c);
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Option<Result<Command, CommandError>> {
        parse(s)
    }

    #[test]
    fn not_a_command() {
        assert_eq!(p("x = 1"), None);
        assert_eq!(p("x[:, 1]"), None);
        assert_eq!(p(""), None);
    }

    #[test]
    fn parses_commands_and_aliases() {
        assert_eq!(p(":help"), Some(Ok(Command::Help(None))));
        assert_eq!(p(":h view"), Some(Ok(Command::Help(Some("view".into())))));
        assert_eq!(p("  :help   stride  "), Some(Ok(Command::Help(Some("stride".into())))));
        assert_eq!(p(":vars"), Some(Ok(Command::Vars)));
        assert_eq!(p(":reset"), Some(Ok(Command::Reset)));
        for q in [":quit", ":q", ":exit", " :q "] {
            assert_eq!(p(q), Some(Ok(Command::Quit)), "{q}");
        }
        assert_eq!(p(":save /tmp/s.tsr"), Some(Ok(Command::Save("/tmp/s.tsr".into()))));
        assert_eq!(p(":load 'my file.tsr'"), Some(Ok(Command::Load("my file.tsr".into()))));
        assert_eq!(p(":load \"a b.tsr\""), Some(Ok(Command::Load("a b.tsr".into()))));
        assert_eq!(p(":html out.html"), Some(Ok(Command::Html("out.html".into()))));
        assert_eq!(p(":svg figs"), Some(Ok(Command::Svg("figs".into()))));
        assert_eq!(p(":html"), Some(Err(CommandError::MissingArgument { command: "html", usage: ":html FILE.html" })));
        assert_eq!(p(":save a b.tsr"), Some(Ok(Command::Save("a b.tsr".into()))));
    }

    #[test]
    fn argument_errors() {
        assert_eq!(p(":save"), Some(Err(CommandError::MissingArgument { command: "save", usage: ":save FILE.tsr" })));
        assert_eq!(p(":load ''"), Some(Err(CommandError::MissingArgument { command: "load", usage: ":load FILE.tsr" })));
        assert_eq!(p(":vars x"), Some(Err(CommandError::UnexpectedArgument { command: "vars", arg: "x".into() })));
        assert_eq!(p(":quit now"), Some(Err(CommandError::UnexpectedArgument { command: "quit", arg: "now".into() })));
    }

    #[test]
    fn unknown_commands_suggest() {
        assert_eq!(p(":varz"), Some(Err(CommandError::Unknown { name: "varz".into(), suggestion: Some("vars".into()) })));
        assert_eq!(p(":sav x"), Some(Err(CommandError::Unknown { name: "sav".into(), suggestion: Some("save".into()) })));
        assert_eq!(p(":zzz"), Some(Err(CommandError::Unknown { name: "zzz".into(), suggestion: None })));
        let e = p(":").and_then(|r| r.err()).map(|e| e.to_string()).unwrap_or_default();
        assert!(e.contains("missing command name"), "{e}");
        let e = p(":varz").and_then(|r| r.err()).map(|e| e.to_string()).unwrap_or_default();
        assert!(e.contains("did you mean `:vars`"), "{e}");
    }

    #[test]
    fn help_topics() {
        let general = help_text(None).unwrap_or_default();
        for needle in ["inspect", "print", ":vars", ":save FILE.tsr", ":quit", "view", "reshape", "contiguous", "stride"] {
            assert!(general.contains(needle), "{needle}");
        }
        for t in ["inspect", "view", "reshape", "contiguous", "stride"] {
            let text = help_text(Some(t)).unwrap_or_default();
            assert!(text.contains(t), "{t}");
        }
        assert!(help_text(Some("save")).is_ok_and(|t| t.contains(":save FILE.tsr")));
        assert!(help_text(Some("contig")).is_ok_and(|t| t.starts_with("x.contiguous()")));
        let err = help_text(Some("veiw")).err().unwrap_or_default();
        assert!(err.contains("did you mean `view`"), "{err}");
    }

    #[test]
    fn lists_vars() {
        assert_eq!(vars_listing(&crate::eval::globals::Globals::new()), "no bindings\n");
        let mut vars = crate::eval::globals::Globals::new();
        vars.insert("n".to_string(), Value::Int(5));
        vars.insert("s".to_string(), Value::Str("hi".into()));
        vars.insert("sz".to_string(), Value::Size(vec![3, 4]));
        let cfg = crate::engine::EngineConfig { stable_addrs: true, max_memory: 1 << 20, ..Default::default() };
        let ctx = crate::engine::context::Context::new(&cfg);
        if let Ok(t) = crate::engine::Tensor::alloc(&ctx, &[3, 4], crate::engine::DType::Float32, "zeros(3, 4)") {
            vars.insert("x".to_string(), Value::tensor(t));
        }
        let out = vars_listing(&vars);
        assert!(out.contains("n   int"), "{out}");
        assert!(out.contains("'hi'"), "{out}");
        assert!(out.contains("torch.Size([3, 4])"), "{out}");
        assert!(out.contains("shape (3, 4)") && out.contains("stride (4, 1)") && out.contains("float32"), "{out}");
        assert!(out.lines().any(|l| l.starts_with("x ") && l.contains(" S")), "{out}");
    }
}
