//! Colour on or off, decided once by the CLI and passed to renderers.

use owo_colors::OwoColorize;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    pub color: bool,
}

impl Style {
    pub fn plain() -> Self {
        Style { color: false }
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
