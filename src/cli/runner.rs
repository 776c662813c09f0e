//! Runs source text statement by statement and writes each report or error
//! as it happens. Shared by `run`, `-c`, the pipe reader and the REPL.

use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::process::ExitCode;
use std::cell::RefCell;
use std::rc::Rc;

use crate::engine::alloc::cuda::CudaMode;
use crate::engine::EngineConfig;
use crate::eval::{EvalError, Interp};
use crate::lang::span::Span;
use crate::render::html::{PageEntry, PageItem};
use crate::render::style::Style;
use crate::report::diag::Diagnostic;
use crate::report::Report;

#[derive(Debug, Clone)]
pub struct RunnerConfig {
    pub json: bool,
    pub color: bool,
    pub stable_addrs: bool,
    pub keep_going: bool,
    pub max_memory: u64,
    /// `--cuda`, resolved: simulated device or none.
    pub cuda: CudaMode,
    /// The CUDA allocator settings (`PYTORCH_CUDA_ALLOC_CONF` format).
    pub alloc_conf: String,
    /// Keep each statement's source, output and figures for an HTML page
    /// (`--html`, `--svg`, the REPL's `:html`).
    pub record: bool,
    /// `--width`; `None` asks the terminal (then `COLUMNS`, then 80) for
    /// each report.
    pub width: Option<usize>,
}

impl Default for RunnerConfig {
    fn default() -> Self {
        RunnerConfig {
            json: false,
            color: false,
            stable_addrs: true,
            keep_going: true,
            max_memory: 1 << 30,
            cuda: CudaMode::Off,
            alloc_conf: String::new(),
            record: false,
            width: Some(crate::render::style::DEFAULT_WIDTH),
        }
    }
}

pub struct Runner {
    pub interp: Interp,
    /// Shown in error locations (`demo.tsr:3:5`).
    pub origin: String,
    /// Lines already consumed, so error lines count from the start of input.
    pub line_base: usize,
    /// Source of every statement that succeeded (for `:save`).
    pub ok_statements: Vec<String>,
    pub failed: bool,
    /// Set by `exit()`/`quit()` (`SystemExit`): the status to exit with;
    /// nothing more runs.
    pub exit_status: Option<u8>,
    /// Writes reports as the evaluator makes them (shared with its sink).
    em: Rc<RefCell<Emitter>>,
}

/// Where reports, warnings and errors are written.
struct Emitter {
    json: bool,
    /// Colour, and the width when `width` is fixed.
    style: Style,
    width: Option<usize>,
    origin: String,
    line_base: usize,
    /// Warnings already shown (Python's default filter shows a warning
    /// once per location in a session).
    warned: std::collections::HashSet<(String, String, usize)>,
    /// Whether stdout's last byte ended a line (`print(x, end="")` leaves it open).
    at_line_start: bool,
    out: Box<dyn Write>,
    err: Box<dyn Write>,
    /// What the page shows, when recording.
    page: Option<PageLog>,
}

/// The statements recorded for the HTML page: at most `PAGE_ENTRIES` (the
/// oldest are dropped first, and counted) and `PAGE_BYTES` of text and
/// figures (outputs past it are counted, not kept: a loop of `map x` must
/// not fill the memory).
#[derive(Default)]
struct PageLog {
    entries: std::collections::VecDeque<PageEntry>,
    dropped: usize,
    bytes: usize,
    left_out: usize,
}

/// Statements a page keeps (a long REPL session keeps its latest ones).
pub const PAGE_ENTRIES: usize = 2000;
/// Text and figures a page keeps in all.
pub const PAGE_BYTES: usize = 64 << 20;

fn item_bytes(i: &PageItem) -> usize {
    match i {
        PageItem::Out(t) | PageItem::Err(t) => t.len(),
        PageItem::Figure(f) => f.svg.len(),
    }
}

impl PageLog {
    /// Adds `item` to the latest entry, unless the page is full.
    fn push(&mut self, item: PageItem) {
        let n = item_bytes(&item);
        match self.entries.back_mut() {
            Some(e) if self.bytes + n <= PAGE_BYTES => {
                self.bytes += n;
                e.items.push(item);
            }
            _ => self.left_out += 1,
        }
    }

    fn begin(&mut self, source: String, line: usize) {
        if self.entries.len() == PAGE_ENTRIES
            && let Some(old) = self.entries.pop_front()
        {
            self.bytes -= old.items.iter().map(item_bytes).sum::<usize>().min(self.bytes);
            self.dropped += 1;
        }
        self.bytes += source.len();
        self.entries.push_back(PageEntry { source, line, items: vec![] });
    }
}

/// `i` moved back to a char boundary of `s` (and into it).
fn boundary(s: &str, i: usize) -> usize {
    let mut i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Silences Rust's default panic message: panics are caught at the
/// statement boundary and reported as internal errors instead. With
/// `TSR_PANIC_LOC` set, the panic and its source location go to stderr
/// (for bug reports).
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        if std::env::var_os("TSR_PANIC_LOC").is_some() {
            eprintln!("{info}");
        }
    }));
}

impl Runner {
    pub fn new(cfg: &RunnerConfig, origin: &str) -> Self {
        Self::with_writers(cfg, origin, Box::new(std::io::stdout()), Box::new(std::io::stderr()))
    }

    pub fn with_writers(cfg: &RunnerConfig, origin: &str, out: Box<dyn Write>, err: Box<dyn Write>) -> Self {
        let ecfg = EngineConfig {
            stable_addrs: cfg.stable_addrs,
            max_memory: cfg.max_memory,
            cuda: cfg.cuda,
            alloc_conf: cfg.alloc_conf.clone(),
        };
        let style = Style::new(cfg.color, cfg.width.unwrap_or(crate::render::style::DEFAULT_WIDTH));
        let em = Rc::new(RefCell::new(Emitter {
            json: cfg.json,
            style,
            width: cfg.width,
            origin: origin.to_string(),
            line_base: 0,
            warned: Default::default(),
            at_line_start: true,
            out,
            err,
            page: cfg.record.then(PageLog::default),
        }));
        let mut interp = Interp::new(&ecfg);
        let sink = em.clone();
        interp.sink = Some(Box::new(move |r| sink.borrow_mut().emit(&r)));
        Runner { interp, origin: origin.to_string(), line_base: 0, ok_statements: vec![], failed: false, exit_status: None, em }
    }

    pub fn exit_code(&self) -> ExitCode {
        if let Some(s) = self.exit_status {
            return ExitCode::from(s);
        }
        ExitCode::from(if self.failed { super::EXIT_FAILED } else { 0 })
    }

    /// Runs every statement in `src`. `echo` shows bare expressions' values;
    /// `stop_on_error` stops at the first failure, and then, as Python
    /// compiles a whole program before running it, a syntax error anywhere
    /// runs nothing. Returns true if all succeeded.
    pub fn run_chunk(&mut self, src: &str, echo: bool, stop_on_error: bool) -> bool {
        self.run_source(src, echo, stop_on_error, stop_on_error)
    }

    /// Runs `src` only if all of it parses, going on after a failing
    /// statement (`:load`).
    pub fn run_compiled(&mut self, src: &str, echo: bool) -> bool {
        self.run_source(src, echo, true, false)
    }

    fn run_source(&mut self, src: &str, echo: bool, compile_first: bool, stop_on_error: bool) -> bool {
        if self.exit_status.is_some() {
            return true;
        }
        {
            let mut em = self.em.borrow_mut();
            em.line_base = self.line_base;
            em.origin = self.origin.clone();
        }
        let src_rc: Rc<str> = Rc::from(src);
        let mut all_ok = true;
        let stmts = match catch_unwind(|| crate::lang::parse_program(src)) {
            Ok(s) => s,
            Err(p) => {
                self.internal_error(&src_rc, Span::new(0, src.len()), &p);
                self.line_base += src.matches('\n').count();
                return false;
            }
        };
        // Python compiles a whole file before running any of it: a syntax
        // error anywhere means nothing runs (unless `--keep-going`, or the
        // pipe, which runs each complete statement as it is read). Only the
        // first error is reported, as Python's.
        if compile_first && let Some(Err(e)) = stmts.iter().find(|s| s.is_err()) {
            self.begin_entry(src, e.span);
            self.syntax_error(e, src);
            self.failed = true;
            self.line_base += src.matches('\n').count();
            return false;
        }
        for stmt in stmts {
            match stmt {
                Err(e) => {
                    all_ok = false;
                    self.begin_entry(src, e.span);
                    self.syntax_error(&e, src);
                }
                Ok(stmt) => {
                    self.begin_entry(src, stmt.span);
                    let interp = &mut self.interp;
                    let result = catch_unwind(AssertUnwindSafe(|| interp.exec(&stmt, &src_rc, echo)));
                    match result {
                        Ok(Ok(reports)) => {
                            self.ok_statements.push(stmt.span.text(src).to_string());
                            for r in &reports {
                                self.emit(r);
                            }
                        }
                        Ok(Err(e)) if e.kind == crate::engine::ErrorKind::SystemExit => {
                            for r in std::mem::take(&mut self.interp.pending) {
                                self.emit(&r);
                            }
                            // Python: a number is the status; other values are printed, status 1.
                            let status = match e.message.parse::<i64>() {
                                _ if e.message.is_empty() => 0,
                                Ok(n) => (n & 0xff) as u8,
                                Err(_) => {
                                    self.end_line();
                                    self.em.borrow_mut().write_err(&format!("{}\n", e.message));
                                    1
                                }
                            };
                            self.exit_status = Some(status);
                            break;
                        }
                        Ok(Err(e)) => {
                            all_ok = false;
                            for r in std::mem::take(&mut self.interp.pending) {
                                self.emit(&r);
                            }
                            self.eval_error(&e, src);
                        }
                        Err(p) => {
                            all_ok = false;
                            self.internal_error(&src_rc, stmt.span, &p);
                        }
                    }
                }
            }
            if !all_ok {
                self.failed = true;
                if stop_on_error {
                    break;
                }
            }
        }
        self.line_base += src.matches('\n').count();
        all_ok
    }

    fn syntax_error(&mut self, e: &crate::lang::ParseError, src: &str) {
        let (kind, message) = match e.message.strip_prefix("IndentationError: ") {
            Some(m) => ("IndentationError", m),
            None => ("SyntaxError", e.message.as_str()),
        };
        let d = Diagnostic::new(kind, message, e.hint.clone(), e.span, src, self.line_base, &self.origin);
        self.emit_error(&d);
    }

    fn eval_error(&mut self, e: &EvalError, src: &str) {
        let d = Diagnostic::new(e.kind.name(), &e.message, e.hint.clone(), e.span, src, self.line_base, &self.origin);
        self.emit_error(&d);
    }

    fn internal_error(&mut self, src: &str, span: Span, payload: &Box<dyn std::any::Any + Send>) {
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".into());
        let stmt = span.text(src);
        let msg = format!("tsr internal error while running `{}`: {} (the session is intact; please report this)", stmt, what);
        let d = Diagnostic::new("InternalError", &msg, None, span, src, self.line_base, &self.origin);
        self.emit_error(&d);
    }

    pub fn emit(&mut self, r: &Report) {
        self.em.borrow_mut().emit(r);
    }

    /// Starts the page entry of the statement at `span` (whole lines of it).
    fn begin_entry(&mut self, src: &str, span: Span) {
        let mut em = self.em.borrow_mut();
        let Some(page) = em.page.as_mut() else { return };
        let (a, b) = (boundary(src, span.start), boundary(src, span.end));
        let start = src[..a].rfind('\n').map_or(0, |i| i + 1);
        let end = src[b..].find('\n').map_or(src.len(), |i| b + i);
        let source = src[start..end.max(start)].trim_end().to_string();
        let line = self.line_base + src[..start].matches('\n').count() + 1;
        page.begin(source, line);
    }

    /// The recorded session as one HTML page (`None` when not recording).
    pub fn page_html(&self, title: &str) -> Option<String> {
        let mut em = self.em.borrow_mut();
        let page = em.page.as_mut()?;
        let (dropped, left_out) = (page.dropped, page.left_out);
        Some(crate::render::html::page(title, page.entries.make_contiguous(), dropped, left_out))
    }

    /// Every recorded figure as a standalone SVG: (`NNN-kind.svg`, text).
    pub fn figure_files(&self) -> Vec<(String, String)> {
        let mut em = self.em.borrow_mut();
        let Some(page) = em.page.as_mut() else { return vec![] };
        crate::render::html::figures(page.entries.make_contiguous())
            .enumerate()
            .map(|(i, f)| (format!("{:03}-{}.svg", i + 1, f.kind), crate::render::svg::standalone(f)))
            .collect()
    }

    pub fn emit_error(&mut self, d: &Diagnostic) {
        self.em.borrow_mut().emit_error(d);
    }

    /// Writes a plain line to stdout (REPL command output).
    /// Text from the REPL itself (`:help`, `:vars`), wrapped to the width.
    pub fn say(&mut self, text: &str) {
        let mut em = self.em.borrow_mut();
        let text = crate::render::teach::text::fold_lines(text, em.style_now().width);
        em.write_out(&text);
    }

    /// Ends stdout's line if output left it open (the REPL's prompt would
    /// otherwise overwrite `print(x, end=" ")`).
    pub fn end_line(&mut self) {
        let mut em = self.em.borrow_mut();
        if !em.at_line_start {
            em.write_out("\n");
        }
    }
}

impl Emitter {
    /// The style for the report being written: the width asked now, so a
    /// resized terminal is followed.
    fn style_now(&self) -> Style {
        match self.width {
            Some(_) => self.style,
            None => self.style.with_width(super::width::current(None)),
        }
    }

    fn emit(&mut self, r: &Report) {
        if let Report::Warning(w) = r {
            return self.emit_warning(w.clone());
        }
        let text = if self.json { crate::render::json::render(r) } else { crate::render::table::render(r, self.style_now()) };
        self.write_out(&text);
        self.record(r);
    }

    /// The page's copy of a report: its terminal text in colour, and its figure.
    fn record(&mut self, r: &Report) {
        let st = Style { color: true, ..self.style_now() };
        let Some(page) = self.page.as_mut() else { return };
        if page.bytes >= PAGE_BYTES {
            page.left_out += 1;
            return;
        }
        let text = crate::render::table::render(r, st);
        page.push(if matches!(r, Report::Warning(_)) { PageItem::Err(text) } else { PageItem::Out(text) });
        if let Some(f) = crate::render::svg::figure(r) {
            page.push(PageItem::Figure(f));
        }
    }

    fn write_err(&mut self, text: &str) {
        let _ = self.out.flush();
        let _ = self.err.write_all(text.as_bytes());
        let _ = self.err.flush();
    }

    fn write_out(&mut self, text: &str) {
        if !text.is_empty() {
            self.at_line_start = text.ends_with('\n');
        }
        let _ = self.out.write_all(text.as_bytes());
        let _ = self.out.flush();
    }

    /// A warning: on stdout with `--json`, else on stderr (as Python's),
    /// once per location.
    fn emit_warning(&mut self, mut w: crate::report::warning::WarningReport) {
        w.locate(self.line_base, &self.origin);
        if !self.warned.insert(w.key()) {
            return;
        }
        let r = Report::Warning(w);
        self.record(&r);
        if self.json {
            let _ = self.out.write_all(crate::render::json::render(&r).as_bytes());
            let _ = self.out.flush();
        } else {
            let _ = self.out.flush();
            let _ = self.err.write_all(crate::render::table::render(&r, self.style_now()).as_bytes());
            let _ = self.err.flush();
        }
    }

    fn emit_error(&mut self, d: &Diagnostic) {
        let st = Style { color: true, ..self.style_now() };
        if let Some(page) = self.page.as_mut() {
            page.push(PageItem::Err(crate::render::diag::render(d, st)));
        }
        if self.json {
            let _ = self.out.write_all(crate::render::json::render_error(d).as_bytes());
            let _ = self.out.flush();
        } else {
            let _ = self.out.flush();
            let _ = self.err.write_all(crate::render::diag::render(d, self.style_now()).as_bytes());
            let _ = self.err.flush();
        }
    }
}
