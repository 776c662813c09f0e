//! The interactive REPL (placeholder until the rustyline front end lands).
use std::process::ExitCode;

use super::runner::{Runner, RunnerConfig};

pub fn run(cfg: &RunnerConfig) -> ExitCode {
    let mut r = Runner::new(cfg, "");
    let mut line = String::new();
    while std::io::stdin().read_line(&mut line).map(|n| n > 0).unwrap_or(false) {
        r.run_chunk(&line, true, false);
        line.clear();
    }
    ExitCode::SUCCESS
}
