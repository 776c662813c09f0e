//! Ctrl-C for long computations. The REPL's SIGINT handler sets a flag;
//! kernels stop taking new chunks of work when it is set, and the evaluator
//! turns it into a `KeyboardInterrupt` before anything is bound, so an
//! interrupted statement leaves the session as it was.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use super::error::{EngineError, ErrorKind};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Blocks of work finished by the kernels that count them (matmul's):
/// tests read it to see that an interrupted kernel stopped early.
static BLOCKS: AtomicUsize = AtomicUsize::new(0);

/// Elements a loop handles between two looks at the flag (well under a
/// millisecond of element-by-element work).
pub const CHECK_EVERY: usize = 1 << 16;

/// Called from the signal handler: only an atomic store.
pub fn request() {
    INTERRUPTED.store(true, Ordering::Relaxed);
}

pub fn requested() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// Clears the flag (before each statement), returning whether it was set.
pub fn take() -> bool {
    INTERRUPTED.swap(false, Ordering::Relaxed)
}

/// The error a kernel returns when it stopped for Ctrl-C. It clears the
/// flag: the interrupt has been delivered (an `except KeyboardInterrupt:`
/// that catches it goes on normally).
pub fn error() -> EngineError {
    take();
    EngineError::new(ErrorKind::KeyboardInterrupt, "interrupted")
        .with_hint("Ctrl-C; nothing from this statement was kept, the session goes on")
}

/// `Err(error())` when the flag is set: for loops between blocks of work.
pub fn check() -> Result<(), EngineError> {
    if requested() { Err(error()) } else { Ok(()) }
}

/// Counts one finished block of work (see [`blocks_done`]).
pub fn count_block() {
    BLOCKS.fetch_add(1, Ordering::Relaxed);
}

/// Blocks counted since the process started.
pub fn blocks_done() -> usize {
    BLOCKS.load(Ordering::Relaxed)
}

#[cfg(unix)]
extern "C" fn on_sigint(_: libc::c_int) {
    request();
}

/// Installs the SIGINT handler (the REPL calls this; scripts keep the
/// default, which ends the process).
pub fn install_handler() {
    #[cfg(unix)]
    // SAFETY: the handler only performs an atomic store, which is async-signal-safe.
    unsafe {
        libc::signal(libc::SIGINT, on_sigint as extern "C" fn(libc::c_int) as libc::sighandler_t);
    }
}
