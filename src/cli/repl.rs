//! The interactive REPL: a rustyline editor (completion, highlighting,
//! history hints, multi-line input), a history file written as you type, and
//! the `:commands`. Statements run through the shared [`Runner`], which keeps
//! the bindings whatever fails.

use std::cell::RefCell;
use std::io::BufRead;
use std::path::PathBuf;
use std::process::ExitCode;
use std::rc::Rc;

use owo_colors::OwoColorize;
use rustyline::config::{ColorMode, CompletionType, Config};
use rustyline::error::ReadlineError;
use rustyline::history::DefaultHistory;
use rustyline::{Editor, EventHandler, KeyCode, KeyEvent, Modifiers};

use super::repl_commands::{self, Command};
use super::repl_helper::{self, EnterHandler, ReplHelper, PROMPT};
use super::runner::{Runner, RunnerConfig};

type ReplEditor = Editor<ReplHelper, DefaultHistory>;

/// Whether the loop goes on after an input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

pub fn run(cfg: &RunnerConfig) -> ExitCode {
    // Ctrl-C while a statement runs interrupts it (KeyboardInterrupt); at the
    // prompt rustyline reads it as a key and cancels the line.
    crate::engine::interrupt::install_handler();
    let names = Rc::new(RefCell::new(Vec::new()));
    let mut s = Session { runner: Runner::new(cfg, ""), names: names.clone(), color: cfg.color };
    let banner = banner(cfg.color);
    s.runner.say(&banner);
    let mut editor = match make_editor(cfg, names) {
        Ok(e) => e,
        Err(e) => {
            s.warn(&format!("line editing unavailable ({e}); reading plain lines"));
            return s.plain_loop();
        }
    };
    let mut history = HistoryFile::open(&mut editor, &s);
    let styled = if cfg.color { PROMPT.green().bold().to_string() } else { PROMPT.to_string() };
    let prompt = (PROMPT, styled.as_str());
    loop {
        match editor.readline(&prompt) {
            Ok(input) => {
                history.record(&mut editor, &input, &s);
                if s.handle(&input) == Flow::Quit {
                    break;
                }
            }
            // Ctrl-C: drop the current input, keep the session.
            Err(ReadlineError::Interrupted) => continue,
            // Ctrl-D on an empty line.
            Err(ReadlineError::Eof) => {
                s.runner.say("\n");
                break;
            }
            Err(ReadlineError::Signal(_)) => continue,
            Err(e) => {
                s.warn(&format!("cannot read input: {e}"));
                return ExitCode::from(super::EXIT_FAILED);
            }
        }
    }
    ExitCode::SUCCESS
}

fn banner(color: bool) -> String {
    let version = env!("CARGO_PKG_VERSION");
    let first = format!("tsr {version} — type :help for help, :quit to exit");
    // tsr has no CUDA backend: every tensor lives on the CPU.
    let cuda = "CUDA: not available (CPU only)";
    if color {
        format!("{}\n{}\n", first.bold(), cuda.bright_black())
    } else {
        format!("{first}\n{cuda}\n")
    }
}

fn make_editor(cfg: &RunnerConfig, names: Rc<RefCell<Vec<String>>>) -> rustyline::Result<ReplEditor> {
    let config = Config::builder()
        .max_history_size(10_000)?
        .history_ignore_dups(true)?
        .completion_type(CompletionType::List)
        .color_mode(if cfg.color { ColorMode::Enabled } else { ColorMode::Disabled })
        .auto_add_history(false)
        .build();
    let mut editor = ReplEditor::with_config(config)?;
    editor.set_helper(Some(ReplHelper::new(names, cfg.color)));
    // Enter on incomplete input opens a continuation line with its `...  `.
    editor.bind_sequence(KeyEvent(KeyCode::Enter, Modifiers::NONE), EventHandler::Conditional(Box::new(EnterHandler)));
    Ok(editor)
}

/// The history file, appended to after every accepted input.
struct HistoryFile {
    path: Option<PathBuf>,
    warned: bool,
}

impl HistoryFile {
    /// `<data dir>/tsr/history` (created if needed), or why there is none.
    fn path() -> Result<PathBuf, String> {
        let dir = dirs::data_dir().ok_or_else(|| "no user data directory".to_string())?.join("tsr");
        std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        Ok(dir.join("history"))
    }

    fn open(editor: &mut ReplEditor, s: &Session) -> HistoryFile {
        match Self::path() {
            Err(e) => {
                s.warn(&format!("history will not be saved: {e}"));
                HistoryFile { path: None, warned: true }
            }
            Ok(path) => {
                let mut warned = false;
                if path.exists()
                    && let Err(e) = editor.load_history(&path)
                {
                    s.warn(&format!("cannot read history {}: {e}", path.display()));
                    warned = true;
                }
                HistoryFile { path: Some(path), warned }
            }
        }
    }

    /// Adds `input` to the history and writes it to the file at once, so a
    /// dying terminal loses nothing. Warns once, then stays quiet.
    fn record(&mut self, editor: &mut ReplEditor, input: &str, s: &Session) {
        if input.trim().is_empty() {
            return;
        }
        let result = editor.add_history_entry(input).and_then(|added| match (&self.path, added) {
            (Some(p), true) => editor.append_history(p),
            _ => Ok(()),
        });
        if let Err(e) = result
            && !self.warned
        {
            self.warned = true;
            let at = self.path.as_ref().map(|p| format!(" to {}", p.display())).unwrap_or_default();
            s.warn(&format!("cannot write history{at}: {e}"));
        }
    }
}

/// The runner plus what the REPL shares with its helper.
struct Session {
    runner: Runner,
    /// Bound names, read by tab completion.
    names: Rc<RefCell<Vec<String>>>,
    color: bool,
}

impl Session {
    fn warn(&self, msg: &str) {
        let label = if self.color { "warning:".yellow().bold().to_string() } else { "warning:".to_string() };
        eprintln!("{label} {msg}");
    }

    fn error(&self, msg: &str) {
        let label = if self.color { "error:".red().bold().to_string() } else { "error:".to_string() };
        eprintln!("{label} {msg}");
    }

    /// Runs one accepted input: a `:command` or tsr source.
    fn handle(&mut self, input: &str) -> Flow {
        let src = repl_helper::strip_continuation(input);
        if src.trim().is_empty() {
            return Flow::Continue;
        }
        let flow = match repl_commands::parse(&src) {
            None => {
                // Each input is numbered from line 1 in error locations.
                self.runner.line_base = 0;
                // One input is one unit, as in Python's REPL: a syntax error
                // anywhere runs none of it, and a failing statement ends it.
                self.runner.run_chunk(&format!("{src}\n"), true, true);
                self.runner.end_line();
                if self.runner.exit_status.is_some() {
                    return Flow::Quit;
                }
                Flow::Continue
            }
            Some(Err(e)) => {
                self.error(&e.to_string());
                Flow::Continue
            }
            Some(Ok(cmd)) => self.command(cmd),
        };
        self.refresh_names();
        flow
    }

    fn refresh_names(&mut self) {
        if let Ok(mut names) = self.names.try_borrow_mut() {
            *names = self.runner.interp.vars.keys().cloned().collect();
            // String keys of bound dicts, as `d['key']`, for completion inside `d[`.
            for (name, v) in &self.runner.interp.vars {
                if let crate::eval::Value::Dict(d) = v {
                    for k in d.borrow().keys().into_iter().take(1000) {
                        if let crate::eval::Value::Str(s) = &k {
                            names.push(format!("{name}[{}]", crate::eval::py::repr::repr(&crate::eval::Value::Str(s.clone()))));
                        }
                    }
                }
            }
        }
    }

    fn command(&mut self, cmd: Command) -> Flow {
        match cmd {
            Command::Quit => return Flow::Quit,
            // `x.view?`, `:help x`: a name bound in this session is asked about through help().
            Command::Help(Some(t)) if repl_commands::help_query(&format!("{t}?")).is_some() && self.runner.interp.vars.get(t.split('.').next().unwrap_or("")).is_some() => {
                self.runner.run_chunk(&format!("help({t})\n"), true, true);
                self.runner.end_line();
            }
            Command::Help(topic) => match repl_commands::help_text(topic.as_deref()) {
                Ok(text) => self.runner.say(&text),
                Err(msg) => self.error(&msg),
            },
            Command::Vars => {
                let text = repl_commands::vars_listing(&self.runner.interp.vars);
                self.runner.say(&text);
            }
            Command::Reset => {
                self.runner.interp.reset();
                self.runner.ok_statements.clear();
                self.runner.say("all bindings cleared\n");
            }
            Command::Save(file) => self.save(&file),
            Command::Load(file) => self.load(&file),
            Command::Html(file) => self.html(&file),
            Command::Svg(dir) => {
                let path = expand_tilde(&dir);
                match super::write_figures(&self.runner, &path) {
                    Ok(n) => self.runner.say(&format!("wrote {n} figure{} to {}\n", if n == 1 { "" } else { "s" }, path.display())),
                    Err(e) => self.error(&e),
                }
            }
        }
        Flow::Continue
    }

    fn save(&mut self, file: &str) {
        let path = expand_tilde(file);
        let n = self.runner.ok_statements.len();
        let mut text = self.runner.ok_statements.join("\n");
        if n > 0 {
            text.push('\n');
        }
        match std::fs::write(&path, text) {
            Ok(()) => {
                let plural = if n == 1 { "" } else { "s" };
                self.runner.say(&format!("saved {n} statement{plural} to {}\n", path.display()));
            }
            Err(e) => self.error(&format!("cannot write {}: {e}", path.display())),
        }
    }

    fn html(&mut self, file: &str) {
        let path = expand_tilde(file);
        let page = self.runner.page_html("tsr session").unwrap_or_default();
        match std::fs::write(&path, page) {
            Ok(()) => self.runner.say(&format!("wrote the session to {}\n", path.display())),
            Err(e) => self.error(&format!("cannot write {}: {e}", path.display())),
        }
    }

    fn load(&mut self, file: &str) {
        let path = expand_tilde(file);
        let src = match std::fs::read(&path) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(e) => return self.error(&format!("cannot read {}: {e}", path.display())),
        };
        let before = self.runner.ok_statements.len();
        // Errors inside the file point at `file:line:col`.
        let origin = std::mem::replace(&mut self.runner.origin, path.display().to_string());
        self.runner.line_base = 0;
        // A syntax error anywhere in the file runs none of it, as `tsr run`.
        let all_ok = self.runner.run_compiled(&src, true);
        self.runner.origin = origin;
        let n = self.runner.ok_statements.len().saturating_sub(before);
        let plural = if n == 1 { "" } else { "s" };
        let failed = if all_ok { "" } else { "; some failed (see above)" };
        self.runner.say(&format!("loaded {}: {n} statement{plural} ran{failed}\n", path.display()));
    }

    /// Without a line editor: reads plain lines (used only if rustyline
    /// cannot start), still with `:commands` and multi-line input.
    fn plain_loop(&mut self) -> ExitCode {
        let stdin = std::io::stdin();
        let mut input = String::new();
        let mut lines = stdin.lock().lines();
        loop {
            self.runner.say(if input.is_empty() { PROMPT } else { repl_helper::CONTINUATION });
            let Some(Ok(line)) = lines.next() else { break };
            if !input.is_empty() {
                input.push('\n');
            }
            input.push_str(&line);
            if repl_helper::input_complete(&input) {
                let text = std::mem::take(&mut input);
                if self.handle(&text) == Flow::Quit {
                    break;
                }
            }
        }
        ExitCode::SUCCESS
    }
}

/// `~/x.tsr` → the home directory's `x.tsr`.
fn expand_tilde(file: &str) -> PathBuf {
    match (file.strip_prefix("~/"), dirs::home_dir()) {
        (Some(rest), Some(home)) => home.join(rest),
        _ => PathBuf::from(file),
    }
}

#[cfg(test)]
#[path = "repl_tests.rs"]
mod tests;
