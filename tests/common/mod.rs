//! Helpers for tests that run the real `tsr` binary. They set `TSR_CUDA=off`
//! (the default of `--cuda`) so a GPU on the machine changes no expected
//! output; tests that want a device pass `--cuda sim` or `--cuda real`.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::process::{Command, Stdio};

pub struct Output {
    /// stdout and stderr interleaved in write order (one shared pipe).
    pub combined: String,
    pub code: i32,
}

/// Runs tsr with `args`, feeding `stdin`, capturing stdout+stderr together.
pub fn tsr(args: &[&str], stdin: &str) -> Output {
    let (mut reader, writer) = std::io::pipe().expect("pipe");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tsr"));
    cmd.args(args)
        .env("TSR_CUDA", "off")
        .env_remove("COLUMNS")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(writer.try_clone().expect("clone pipe"))
        .stderr(writer);
    let mut child = cmd.spawn().expect("spawn tsr");
    drop(cmd);
    if let Some(mut si) = child.stdin.take() {
        let input = stdin.to_string();
        std::thread::spawn(move || {
            let _ = si.write_all(input.as_bytes());
        });
    }
    let mut combined = String::new();
    reader.read_to_string(&mut combined).expect("read output");
    let status = child.wait().expect("wait tsr");
    Output { combined, code: status.code().unwrap_or(-1) }
}

/// Runs tsr and returns (stdout, stderr, exit code) separately.
pub fn tsr_split(args: &[&str], stdin: &str) -> (String, String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tsr"))
        .args(args)
        .env("TSR_CUDA", "off")
        .env_remove("COLUMNS")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn tsr");
    if let Some(mut si) = child.stdin.take() {
        let input = stdin.to_string();
        std::thread::spawn(move || {
            let _ = si.write_all(input.as_bytes());
        });
    }
    let out = child.wait_with_output().expect("wait tsr");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}
