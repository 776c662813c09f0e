//! The command line: argument parsing, script/`-c`/pipe runners, the REPL.
//! Only this layer knows about terminals, colours and exit codes.
pub mod args;
pub mod repl;
pub mod repl_commands;
pub mod repl_helper;
pub mod runner;
pub mod width;

use std::io::{IsTerminal, Read};
use std::process::ExitCode;

use clap::Parser;

use args::{Cli, ColorChoice, Command};
use runner::{Runner, RunnerConfig};

/// Exit code for a statement that failed.
pub const EXIT_FAILED: u8 = 1;
/// Exit code for a usage error (bad flags, unreadable file).
pub const EXIT_USAGE: u8 = 2;

/// The interpreter's stack: Python code may recurse up to its recursion
/// limit (1000 calls), each a few tree-walking frames deep. The memory is
/// reserved, not used, until a program recurses that deep.
const STACK_BYTES: usize = 1 << 30;

pub fn main() -> ExitCode {
    match std::thread::Builder::new().name("tsr".into()).stack_size(STACK_BYTES).spawn(main_on_thread) {
        Ok(h) => h.join().unwrap_or(ExitCode::from(EXIT_FAILED)),
        Err(_) => main_on_thread(),
    }
}

fn main_on_thread() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { EXIT_USAGE } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    runner::install_panic_hook();
    let color = match cli.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    };
    let max_memory = match cli.max_memory.as_deref().map(args::parse_bytes) {
        None => crate::engine::context::default_max_memory(),
        Some(Ok(n)) => n,
        Some(Err(e)) => {
            eprintln!("error: --max-memory: {e}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let alloc_conf = cli
        .alloc_conf
        .clone()
        .or_else(|| std::env::var("PYTORCH_CUDA_ALLOC_CONF").ok())
        .unwrap_or_default();
    let cuda = match cli.cuda {
        args::CudaChoice::Sim => crate::engine::alloc::cuda::CudaMode::Sim,
        args::CudaChoice::Real => crate::engine::alloc::cuda::CudaMode::Real,
        args::CudaChoice::Auto => crate::engine::alloc::cuda::CudaMode::Auto,
        args::CudaChoice::Off => crate::engine::alloc::cuda::CudaMode::Off,
    };
    if let Err(e) = crate::engine::alloc::caching::AllocatorConfig::parse(&alloc_conf) {
        eprintln!("error: CUDA allocator configuration: {}", e.message);
        return ExitCode::from(EXIT_USAGE);
    }
    if cuda == crate::engine::alloc::cuda::CudaMode::Real
        && let Err(reason) = crate::engine::gpu::GpuRuntime::shared()
    {
        eprintln!("error: --cuda real: no usable GPU ({reason}); use --cuda sim for tsr's simulated CUDA device, or --cuda auto");
        return ExitCode::from(EXIT_USAGE);
    }
    let cfg = RunnerConfig {
        json: cli.json,
        color,
        stable_addrs: cli.stable_addrs,
        keep_going: cli.keep_going,
        max_memory,
        cuda,
        alloc_conf,
        record: cli.html.is_some() || cli.svg.is_some(),
        width: cli.width.map(usize::from),
    };
    let out = Outputs { html: cli.html.clone(), svg: cli.svg.clone() };
    match (&cli.command, &cli.code) {
        (Some(Command::Run { file }), _) => {
            let src = match std::fs::read(file) {
                Ok(b) => String::from_utf8_lossy(&b).into_owned(),
                Err(e) => {
                    eprintln!("error: cannot read {}: {}", file.display(), e);
                    return ExitCode::from(EXIT_USAGE);
                }
            };
            let mut r = Runner::new(&cfg, &file.display().to_string());
            r.run_chunk(&src, false, !cfg.keep_going);
            out.write(&r, &file.display().to_string())
        }
        (Some(Command::Inspect { file }), _) => inspect_file(&file.display().to_string(), cfg.json, color, cfg.width),
        (None, Some(code)) => {
            let mut r = Runner::new(&cfg, "");
            r.run_chunk(code, false, !cfg.keep_going);
            out.write(&r, "tsr -c")
        }
        (None, None) => {
            if std::io::stdin().is_terminal() && !cli.json {
                repl::run(&RunnerConfig { record: true, ..cfg })
            } else {
                let mut r = Runner::new(&cfg, "<stdin>");
                run_pipe(&mut r);
                out.write(&r, "<stdin>")
            }
        }
    }
}

/// Where `--html` and `--svg` write, once the run is over.
struct Outputs {
    html: Option<std::path::PathBuf>,
    svg: Option<std::path::PathBuf>,
}

impl Outputs {
    /// Writes the page and the figures; the run's exit code, or 2 when a
    /// file cannot be written.
    fn write(&self, r: &Runner, title: &str) -> ExitCode {
        if let Some(path) = &self.html {
            let page = r.page_html(title).unwrap_or_default();
            if let Err(e) = std::fs::write(path, page) {
                eprintln!("error: --html: cannot write {}: {e}", path.display());
                return ExitCode::from(EXIT_USAGE);
            }
        }
        if let Some(dir) = &self.svg
            && let Err(e) = write_figures(r, dir)
        {
            eprintln!("error: --svg: {e}");
            return ExitCode::from(EXIT_USAGE);
        }
        r.exit_code()
    }
}

/// Each recorded figure as `DIR/NNN-kind.svg`; how many were written.
pub fn write_figures(r: &Runner, dir: &std::path::Path) -> Result<usize, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let files = r.figure_files();
    for (name, text) in &files {
        let path = dir.join(name);
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(files.len())
}

/// `tsr inspect FILE`: the file's tensors, or its error (exit 1; a JSON
/// `error` object with `--json`).
fn inspect_file(path: &str, json: bool, color: bool, width: Option<usize>) -> ExitCode {
    let st = crate::render::style::Style::new(color, width::current(width));
    match crate::io::inspect::list(path) {
        Ok(listing) => {
            let r = crate::report::file::build(path, &listing);
            let text = if json { crate::render::file::json(&r) } else { crate::render::file::table(&r, st) };
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            let kind = e.kind.name();
            if json {
                let obj = serde_json::json!({"kind": "error", "error_type": kind, "message": e.message, "hint": e.hint, "origin": path});
                println!("{obj}");
            } else {
                eprintln!("{}: {}", st.red_bold(kind), e.message);
                if let Some(h) = &e.hint {
                    eprintln!("  = hint: {h}");
                }
            }
            ExitCode::from(1)
        }
    }
}

/// Reads statements from a non-terminal stdin line by line, running each
/// complete statement as soon as it is read; errors never stop the run.
fn run_pipe(r: &mut Runner) {
    let mut input = String::new();
    let mut bytes = Vec::new();
    let stdin = std::io::stdin();
    let mut lock = stdin.lock();
    let mut buf = [0u8; 8192];
    // `is_complete` lexes all the pending text. After every line, a statement
    // spanning 20 000 lines (a big list literal) took minutes; past 4 KiB of
    // pending text it is checked only each time that text has doubled, so
    // the work stays linear. The text still runs, in order, by EOF at the latest.
    const ALWAYS_CHECK: usize = 4096;
    let mut next_check = 0usize;
    loop {
        let n = match lock.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        bytes.extend_from_slice(&buf[..n]);
        // Run every complete line read so far.
        while let Some(pos) = bytes.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = bytes.drain(..=pos).collect();
            input.push_str(&String::from_utf8_lossy(&line));
            if input.len() > ALWAYS_CHECK && input.len() < next_check {
                continue;
            }
            if crate::lang::is_complete(&input) {
                r.run_chunk(&input, false, false);
                input.clear();
                next_check = 0;
            } else {
                next_check = input.len().saturating_mul(2);
            }
        }
    }
    input.push_str(&String::from_utf8_lossy(&bytes));
    if !input.trim().is_empty() {
        r.run_chunk(&input, false, false);
    }
}
