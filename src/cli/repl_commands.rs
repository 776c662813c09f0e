//! REPL `:commands`: parsing into [`Command`] (and IPython's `NAME?`),
//! `:help`'s texts (made by `eval::registry::help`, the same as `help()`'s;
//! the command specs live in `eval::registry::commands`), and the `:vars`
//! listing. Nothing here touches the terminal; `repl.rs` runs them.

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

pub use crate::eval::registry::commands::{lookup, CommandSpec, COMMANDS};

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
    if let Some(name) = help_query(input) {
        return Some(Ok(Command::Help(Some(name.to_string()))));
    }
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

/// The text for `:help` (no topic) or `:help TOPIC`: the same text as
/// `help("TOPIC")` (`eval::registry::help`); `Err` for an unknown topic,
/// with a suggestion.
pub fn help_text(topic: Option<&str>) -> Result<String, String> {
    match topic {
        None => Ok(crate::eval::registry::help::general()),
        Some(t) => crate::eval::registry::help::topic(t),
    }
}

/// `x.view?`, `?torch.cat`, `len?` (IPython's forms): the name asked
/// about, when `line` is one of them.
pub fn help_query(line: &str) -> Option<&str> {
    let t = line.trim();
    let name = t.strip_suffix('?').or_else(|| t.strip_prefix('?'))?.trim();
    let mut parts = name.split('.');
    let ok = parts.all(|p| p.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_') && p.chars().all(|c| c.is_alphanumeric() || c == '_'));
    ok.then_some(name)
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
                    if t.layout().offset != 0 {
                        cols.push(format!("offset {}", t.layout().offset));
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
    fn every_listed_command_parses() {
        // The specs live in eval::registry::commands; each needs an arm in parse().
        for c in COMMANDS {
            for w in std::iter::once(c.name).chain(c.aliases.iter().copied()) {
                for line in [format!(":{w}"), format!(":{w} f.tsr")] {
                    assert!(!matches!(p(&line), Some(Err(CommandError::Unknown { .. }))), "{line}");
                }
            }
        }
    }

    #[test]
    fn ipython_help_queries() {
        assert_eq!(p("x.view?"), Some(Ok(Command::Help(Some("x.view".into())))));
        assert_eq!(p("?torch.cat"), Some(Ok(Command::Help(Some("torch.cat".into())))));
        assert_eq!(p("  len? "), Some(Ok(Command::Help(Some("len".into())))));
        for not_help in ["x = 1  # why?", "?", "x.?", "print('a?')", "a ? b", "?1x"] {
            assert!(!matches!(p(not_help), Some(Ok(Command::Help(_)))), "{not_help}");
        }
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
        assert!(help_text(Some("contig")).is_ok_and(|t| t.starts_with("contiguity EXPR")));
        // `:help NAME` is help("NAME"): the op rows, statements, builtins.
        assert_eq!(help_text(Some("x.view")), crate::eval::registry::help::topic("view"));
        assert!(help_text(Some("torch.cat")).is_ok_and(|t| t.starts_with("torch.cat(Tensor[] tensors")));
        assert!(help_text(Some(":vars")).is_ok_and(|t| t.starts_with(":vars")));
        assert!(help_text(Some("len")).is_ok_and(|t| t.starts_with("len(obj, /)")));
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
