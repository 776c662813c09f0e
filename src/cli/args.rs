//! Command-line flags (clap).

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

const EXAMPLES: &str = "\
Examples:
  tsr                                   interactive REPL
  tsr run snapshots/01_transpose_shares_storage.tsr
  tsr -c 'x = arange(12).view(3, 4); y = x.t(); inspect x, y'
  tsr --json -c 'inspect arange(6)[::2]'
  tsr run demo.tsr --stable-addrs       same addresses on every run
  tsr run demo.tsr --html demo.html     the session as a page with figures
  tsr run demo.tsr --svg figures/       each figure as its own .svg
  echo 'print(ones(2))' | tsr            statements from a pipe";

#[derive(Debug, Parser)]
#[command(name = "tsr", version, about = "Make the inside of a tensor visible: shape, stride, offset, storage, views and copies.", after_help = EXAMPLES)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Run CODE (statements separated by newlines or `;`).
    #[arg(short = 'c', value_name = "CODE", global = false)]
    pub code: Option<String>,
    /// Print every report as one JSON object per line.
    #[arg(long, global = true)]
    pub json: bool,
    /// Deterministic addresses (per-device virtual bases, laid out in order).
    #[arg(long, global = true)]
    pub stable_addrs: bool,
    /// Keep running after a failed statement (exit 1 at the end).
    #[arg(long, global = true)]
    pub keep_going: bool,
    /// Lay reports out for N columns (default: the terminal's width, else
    /// $COLUMNS, else 80).
    #[arg(long, value_name = "N", global = true, value_parser = clap::value_parser!(u16).range(1..))]
    pub width: Option<u16>,
    /// When to use colour.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, global = true)]
    pub color: ColorChoice,
    /// Cap on live tensor memory, e.g. 512M, 4G (default: half the RAM).
    #[arg(long, value_name = "BYTES", global = true)]
    pub max_memory: Option<String>,
    /// CUDA: `auto` uses a real GPU when the driver and a device are found
    /// (probed on first use), else none; `real` requires one (checked at
    /// start); `sim` runs PyTorch's caching allocator on a simulated device
    /// with deterministic addresses; `off` disables CUDA.
    /// The environment variable TSR_CUDA sets the default (the test suite
    /// sets it to `off` so results do not depend on the machine).
    #[arg(long, value_enum, default_value_t = CudaChoice::Auto, env = "TSR_CUDA", global = true)]
    pub cuda: CudaChoice,
    /// Also write the session as one self-contained HTML page: each
    /// statement's source, output and figures (map, share, lineage,
    /// explain, bytes, mem, memtrace) as inline SVG.
    #[arg(long, value_name = "OUT.html", global = true)]
    pub html: Option<PathBuf>,
    /// Also write each figure as its own numbered SVG file into DIR
    /// (created if missing): 001-map.svg, 002-mem.svg, …
    #[arg(long, value_name = "DIR", global = true)]
    pub svg: Option<PathBuf>,
    /// CUDA allocator settings, as PYTORCH_CUDA_ALLOC_CONF (which is read when
    /// this is absent), e.g. `max_split_size_mb:64`.
    #[arg(long, value_name = "CONF", global = true)]
    pub alloc_conf: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CudaChoice {
    Auto,
    Real,
    Sim,
    Off,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run a .tsr script (stops at the first error unless --keep-going).
    Run {
        /// The script to run.
        file: PathBuf,
    },
    /// List a file's tensors without running anything: a PyTorch checkpoint,
    /// .npy, .npz or safetensors file (told by its content). Reads metadata
    /// only; shows which tensors share a storage and which storages are
    /// larger than their tensor.
    Inspect {
        /// The file to list.
        file: PathBuf,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

/// Parses `512M`, `4G`, `1024`, `2KiB`.
pub fn parse_bytes(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let split = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let n: u64 = num.parse().map_err(|_| format!("expected a size like 512M or 4G, got '{s}'"))?;
    let mult: u64 = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 1,
        "K" | "KB" | "KIB" => 1 << 10,
        "M" | "MB" | "MIB" => 1 << 20,
        "G" | "GB" | "GIB" => 1 << 30,
        "T" | "TB" | "TIB" => 1 << 40,
        other => return Err(format!("unknown unit '{other}' in '{s}'")),
    };
    n.checked_mul(mult).ok_or_else(|| format!("size too large: '{s}'"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse() {
        assert_eq!(parse_bytes("512M"), Ok(512 << 20));
        assert_eq!(parse_bytes("4g"), Ok(4 << 30));
        assert_eq!(parse_bytes("100"), Ok(100));
        assert!(parse_bytes("x").is_err());
        assert!(parse_bytes("99999999999T").is_err());
    }
}
