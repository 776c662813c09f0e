//! Colour on or off and the width to lay out for, decided by the CLI
//! (per report, so a resized terminal is followed) and passed to renderers.

use owo_colors::OwoColorize;

/// The width when nothing says otherwise (no terminal, no `COLUMNS`).
pub const DEFAULT_WIDTH: usize = 80;
/// Narrower widths are laid out as this one.
pub const MIN_WIDTH: usize = 20;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    pub color: bool,
    /// Columns available; no line of a report is wider.
    pub width: usize,
}

impl Style {
    pub fn new(color: bool, width: usize) -> Self {
        Style { color, width: width.max(MIN_WIDTH) }
    }
    pub fn plain() -> Self {
        Style { color: false, width: DEFAULT_WIDTH }
    }
    /// The same colour choice at another width.
    pub fn with_width(self, width: usize) -> Self {
        Style::new(self.color, width)
    }
    pub fn red_bold(&self, s: &str) -> String {
        if self.color { s.red().bold().to_string() } else { s.to_string() }
    }
    pub fn blue(&self, s: &str) -> String {
        if self.color { s.blue().bold().to_string() } else { s.to_string() }
    }
    pub fn yellow(&self, s: &str) -> String {
        if self.color { s.yellow().to_string() } else { s.to_string() }
    }
    pub fn yellow_bold(&self, s: &str) -> String {
        if self.color { s.yellow().bold().to_string() } else { s.to_string() }
    }
    pub fn cyan(&self, s: &str) -> String {
        if self.color { s.cyan().to_string() } else { s.to_string() }
    }
    pub fn dim(&self, s: &str) -> String {
        if self.color { s.dimmed().to_string() } else { s.to_string() }
    }
    pub fn bold(&self, s: &str) -> String {
        if self.color { s.bold().to_string() } else { s.to_string() }
    }
}
