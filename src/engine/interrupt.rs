//! Ctrl-C for long computations. The REPL's SIGINT handler sets a flag;
//! kernels stop taking new chunks of work when it is set, and the evaluator
//! turns it into a `KeyboardInterrupt` before anything is bound, so an
//! interrupted statement leaves the session as it was.

use std::sync::atomic::{AtomicBool, Ordering};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

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
