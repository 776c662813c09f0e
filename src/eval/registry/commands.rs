//! The REPL's `:commands`: name, aliases, usage and summary. The REPL
//! (`cli/repl_commands.rs`) parses and runs them; they live here so that
//! `help(":vars")` and `:help vars` print the same text.

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
        summary: "this help, or a topic: an op, a statement, a builtin or a command (also NAME? and ?NAME)",
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

/// The help text of the command `word`.
pub fn help(word: &str) -> Option<String> {
    let name = lookup(word)?;
    let c = COMMANDS.iter().find(|c| c.name == name)?;
    let aliases = if c.aliases.is_empty() { String::new() } else { format!("  (also {})\n", c.aliases.iter().map(|a| format!(":{a}")).collect::<Vec<_>>().join(", ")) };
    Some(format!("{}\n  REPL command: {}\n{aliases}", c.usage, c.summary))
}
