//! Fuzz target: the whole pipeline (parse, evaluate, build reports, render
//! tables and JSON) through `tsr::cli::runner::Runner`, with a 64 MiB cap on
//! tensor memory. The runner catches panics at the statement boundary, but
//! libFuzzer's panic hook aborts first, so any panic (the runner would print
//! an `InternalError`) is a finding; so are timeouts (hangs) and RSS blowups
//! (allocations that dodge `--max-memory`).
#![no_main]

use std::io::Write;
use std::sync::{Arc, Mutex};

use libfuzzer_sys::fuzz_target;
use tsr::cli::runner::{Runner, RunnerConfig};

#[derive(Clone, Default)]
struct Buf(Arc<Mutex<Vec<u8>>>);

impl Write for Buf {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        let mut v = self.0.lock().unwrap();
        // Keep only the tail: enough to see an InternalError, bounded memory.
        if v.len() > 1 << 16 {
            v.clear();
        }
        v.extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fuzz_target!(|data: &[u8]| {
    let src = String::from_utf8_lossy(data);
    let cfg = RunnerConfig {
        json: data.first().is_some_and(|b| b & 1 == 1),
        color: false,
        stable_addrs: true,
        keep_going: true,
        max_memory: 64 << 20,
        ..RunnerConfig::default()
    };
    let err = Buf::default();
    let mut r = Runner::with_writers(&cfg, "fuzz.tsr", Box::new(std::io::sink()), Box::new(err.clone()));
    r.run_chunk(&src, false, false);
    let text = String::from_utf8_lossy(&err.0.lock().unwrap()).into_owned();
    assert!(!text.contains("InternalError"), "{text}");
});
