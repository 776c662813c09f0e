//! The width reports are laid out for: `--width N`, else the terminal's
//! (asked again for every report, so a resize is followed), else
//! `COLUMNS`, else 80.

use std::io::IsTerminal;

use crate::render::style::DEFAULT_WIDTH;

/// The columns of the terminal on stdout, if stdout is one.
fn terminal_columns() -> Option<usize> {
    if !std::io::stdout().is_terminal() {
        return None;
    }
    // SAFETY: TIOCGWINSZ writes one `winsize` into the struct we pass; the
    // call has no other effect.
    let mut ws: libc::winsize = unsafe { std::mem::zeroed() };
    let rc = unsafe { libc::ioctl(libc::STDOUT_FILENO, libc::TIOCGWINSZ, &mut ws) };
    (rc == 0 && ws.ws_col > 0).then_some(ws.ws_col as usize)
}

/// `COLUMNS` as a positive number of columns.
fn env_columns() -> Option<usize> {
    std::env::var("COLUMNS").ok()?.trim().parse::<usize>().ok().filter(|&n| n > 0)
}

/// The width now: `flag`, the terminal's, `COLUMNS`, or 80.
pub fn current(flag: Option<usize>) -> usize {
    flag.or_else(terminal_columns).or_else(env_columns).unwrap_or(DEFAULT_WIDTH)
}
