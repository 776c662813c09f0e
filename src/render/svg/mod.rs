//! Figures as SVG, drawn from the same report structs the table and JSON
//! renderers use (never a second computation). Every mark that stands for
//! data carries it as attributes, so a test can check a picture against
//! the layout it claims to show:
//! - storage cells `data-storage="S1" data-cell="K"`;
//! - view elements `data-tensor="x" data-index="i,j" data-cell="K"`;
//! - memory segments `data-segment="0x…" data-size="N"` and blocks
//!   `data-block="0x…" data-size="N" data-state="active_allocated|inactive|active_pending_free"`.
//!
//! Colours are CSS classes (`STYLE`): the Okabe–Ito palette, safe for
//! colour-blind readers, with a dark variant under `prefers-color-scheme`.
//! Text is monospace from the system's fonts (no font is fetched).

mod bytes;
mod chain;
mod map;
mod memory;
mod share;

use std::fmt::Write;

use crate::report::Report;
use crate::report::teach::TeachReport;

/// One figure: what it shows and its `<svg>` element (classes, no `<style>`).
#[derive(Debug, Clone)]
pub struct Figure {
    /// The report it draws (`map`, `share`, `lineage`, `explain`, `bytes`, `mem`, `memtrace`).
    pub kind: &'static str,
    pub svg: String,
}

/// The figure for a report, if it is a picture report.
pub fn figure(r: &Report) -> Option<Figure> {
    let (kind, svg) = match r {
        Report::Teach(TeachReport::Map(m)) => ("map", map::draw(m)),
        Report::Teach(TeachReport::Share(s)) => ("share", share::draw(s)),
        Report::Teach(TeachReport::Lineage(l)) => ("lineage", chain::lineage(l)),
        Report::Teach(TeachReport::Explain(e)) => ("explain", chain::explain(e)),
        Report::Teach(TeachReport::Bytes(b)) => ("bytes", bytes::draw(b)),
        Report::Memory(m) => ("mem", memory::mem(m)),
        Report::MemTrace(m) => ("memtrace", memory::memtrace(m)),
        _ => return None,
    };
    Some(Figure { kind, svg })
}

/// A figure as a file of its own: the XML declaration and the stylesheet inside.
pub fn standalone(f: &Figure) -> String {
    let style = format!("<style>{STYLE}</style>");
    match f.svg.find('>') {
        Some(i) => format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{}{}{}\n",
            &f.svg[..=i],
            style,
            &f.svg[i + 1..]
        ),
        None => f.svg.clone(),
    }
}

/// Classes shared by every figure: `t0`…`t7` tensor colours, cell states,
/// IEEE fields and allocator block states.
pub const STYLE: &str = "\
svg.tsr{--fg:#1b1b1b;--muted:#6b6b6b;--line:#9a9a9a;--cell:#ffffff;--empty:#f1f1f1;--bg:#ffffff;\
--c0:#0072B2;--c1:#E69F00;--c2:#009E73;--c3:#CC79A7;--c4:#56B4E9;--c5:#D55E00;--c6:#F0E442;--c7:#000000;\
font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,'DejaVu Sans Mono','Liberation Mono',monospace;font-size:13px;background:var(--bg)}\
@media (prefers-color-scheme:dark){svg.tsr{--fg:#e8e8e8;--muted:#a0a0a0;--line:#777;--cell:#1f1f1f;--empty:#2a2a2a;--bg:#141414;--c7:#dddddd}}\
svg.tsr text{fill:var(--fg)}svg.tsr .muted{fill:var(--muted)}svg.tsr .small{font-size:11px}svg.tsr .title{font-weight:bold;font-size:14px}\
svg.tsr .cell{fill:var(--cell);stroke:var(--line)}svg.tsr .untouched{fill:var(--empty)}svg.tsr .gap{fill:none;stroke:var(--line);stroke-dasharray:3 3}\
svg.tsr .link{stroke:var(--line);fill:none}svg.tsr .box{fill:var(--cell);stroke:var(--line)}\
svg.tsr .t0{--c:var(--c0)}svg.tsr .t1{--c:var(--c1)}svg.tsr .t2{--c:var(--c2)}svg.tsr .t3{--c:var(--c3)}\
svg.tsr .t4{--c:var(--c4)}svg.tsr .t5{--c:var(--c5)}svg.tsr .t6{--c:var(--c6)}svg.tsr .t7{--c:var(--c7)}\
svg.tsr .elem{fill:var(--c);fill-opacity:.22;stroke:var(--c);stroke-width:1.5}svg.tsr .swatch{fill:var(--c)}\
svg.tsr .stack{stroke-width:2.5}svg.tsr .view{fill:#009E73;fill-opacity:.18;stroke:#009E73}svg.tsr .copy{fill:#D55E00;fill-opacity:.18;stroke:#D55E00}\
svg.tsr .other{fill:#56B4E9;fill-opacity:.15;stroke:var(--line)}svg.tsr .fail{fill:#CC79A7;fill-opacity:.25;stroke:#CC79A7}\
svg.tsr .sign{fill:#CC79A7;fill-opacity:.35;stroke:var(--line)}svg.tsr .exp{fill:#56B4E9;fill-opacity:.35;stroke:var(--line)}\
svg.tsr .man{fill:#E69F00;fill-opacity:.3;stroke:var(--line)}svg.tsr .byte{fill:var(--cell);stroke:var(--line)}\
svg.tsr .active_allocated{fill:#0072B2;fill-opacity:.75;stroke:var(--fg)}svg.tsr .active_pending_free{fill:#0072B2;fill-opacity:.4;stroke:var(--fg)}\
svg.tsr .inactive{fill:url(#hatch);stroke:var(--fg)}svg.tsr .free{fill:var(--empty);stroke:var(--fg)}\
svg.tsr .hatchline{stroke:#E69F00;stroke-width:3}svg.tsr .ev-alloc,svg.tsr .ev-segment_alloc,svg.tsr .ev-reuse{fill:#0072B2;fill-opacity:.7}\
svg.tsr .ev-free,svg.tsr .ev-segment_free{fill:#D55E00;fill-opacity:.6}svg.tsr .ev-split,svg.tsr .ev-merge{fill:#E69F00;fill-opacity:.6}\
svg.tsr .ev-other{fill:var(--muted)}";

/// XML text and attribute escaping.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if (c as u32) < 0x20 && c != '\n' && c != '\t' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// Character width used to size boxes around monospace text (13 px font).
pub const CHAR_W: f64 = 7.9;

/// Pixel width of `s` in the 13 px monospace font.
pub fn text_w(s: &str) -> f64 {
    s.chars().count() as f64 * CHAR_W
}

/// Builds one `<svg>`: marks are appended, the size grows to hold them.
pub struct Canvas {
    body: String,
    pub w: f64,
    pub h: f64,
    defs: String,
}

impl Canvas {
    pub fn new() -> Canvas {
        Canvas {
            body: String::new(),
            w: 0.0,
            h: 0.0,
            defs: String::new(),
        }
    }

    fn grow(&mut self, x: f64, y: f64) {
        self.w = self.w.max(x);
        self.h = self.h.max(y);
    }

    /// A rectangle with classes and `data-…` attributes (`attrs` already escaped
    /// by `attr`), and an optional tooltip.
    #[allow(clippy::too_many_arguments)]
    pub fn rect(
        &mut self,
        x: f64,
        y: f64,
        w: f64,
        h: f64,
        class: &str,
        attrs: &str,
        tip: Option<&str>,
    ) {
        self.grow(x + w, y + h);
        let _ = write!(
            self.body,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"3\" class=\"{}\"{}",
            n(x),
            n(y),
            n(w),
            n(h),
            class,
            attrs
        );
        match tip {
            Some(t) => {
                let _ = write!(self.body, "><title>{}</title></rect>", esc(t));
            }
            None => self.body.push_str("/>"),
        }
    }

    /// Text at (x, y) (baseline); `anchor` is `start`, `middle` or `end`.
    pub fn text(&mut self, x: f64, y: f64, s: &str, anchor: &str, class: &str) {
        let w = text_w(s);
        let right = match anchor {
            "middle" => x + w / 2.0,
            "end" => x,
            _ => x + w,
        };
        self.grow(right, y + 4.0);
        let cls = if class.is_empty() {
            String::new()
        } else {
            format!(" class=\"{class}\"")
        };
        let anc = if anchor == "start" {
            String::new()
        } else {
            format!(" text-anchor=\"{anchor}\"")
        };
        let _ = write!(
            self.body,
            "<text x=\"{}\" y=\"{}\"{}{}>{}</text>",
            n(x),
            n(y),
            anc,
            cls,
            esc(s)
        );
    }

    pub fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, class: &str) {
        self.grow(x1.max(x2), y1.max(y2));
        let _ = write!(
            self.body,
            "<path d=\"M{} {}L{} {}\" class=\"{}\"/>",
            n(x1),
            n(y1),
            n(x2),
            n(y2),
            class
        );
    }

    /// Opens a group with classes and attributes; close with `end_group`.
    pub fn group(&mut self, class: &str, attrs: &str) {
        let _ = write!(self.body, "<g class=\"{class}\"{attrs}>");
    }

    pub fn end_group(&mut self) {
        self.body.push_str("</g>");
    }

    /// The hatch pattern used for inactive (cached) allocator blocks.
    pub fn hatch(&mut self) {
        self.defs.push_str("<pattern id=\"hatch\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><rect width=\"8\" height=\"8\" fill=\"#E69F00\" fill-opacity=\".15\"/><path d=\"M0 0V8\" class=\"hatchline\"/></pattern>");
    }

    /// The finished `<svg>`, with a 12 px margin, described by `label` for
    /// screen readers; `attrs` go on the root (figure-wide data).
    pub fn finish(self, label: &str, attrs: &str) -> String {
        let (w, h) = ((self.w + 12.0).ceil(), (self.h + 12.0).ceil());
        let defs = if self.defs.is_empty() {
            String::new()
        } else {
            format!("<defs>{}</defs>", self.defs)
        };
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"tsr\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" role=\"img\" aria-label=\"{}\"{attrs}>{defs}<rect width=\"{w}\" height=\"{h}\" fill=\"var(--bg)\"/>{}</svg>",
            esc(label),
            self.body
        )
    }
}

impl Default for Canvas {
    fn default() -> Self {
        Canvas::new()
    }
}

/// ` name="value"`, escaped.
pub fn attr(name: &str, value: &str) -> String {
    format!(" {name}=\"{}\"", esc(value))
}

/// A coordinate with at most one decimal, no trailing `.0` (stable output).
pub fn n(v: f64) -> String {
    let r = (v * 10.0).round() / 10.0;
    if r.fract() == 0.0 {
        format!("{}", r as i64)
    } else {
        format!("{r:.1}")
    }
}

/// `i,j,k` for a logical index (`()` for a 0-d tensor).
pub fn index_attr(i: &[usize]) -> String {
    if i.is_empty() {
        "()".into()
    } else {
        i.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// Words of `s` wrapped at `cols` characters.
pub fn wrap(s: &str, cols: usize) -> Vec<String> {
    let mut lines = vec![];
    let mut cur = String::new();
    for word in s.split_whitespace() {
        if !cur.is_empty() && cur.chars().count() + 1 + word.chars().count() > cols {
            lines.push(std::mem::take(&mut cur));
        }
        if !cur.is_empty() {
            cur.push(' ');
        }
        cur.push_str(word);
    }
    if !cur.is_empty() {
        lines.push(cur);
    }
    lines
}

#[cfg(test)]
mod tests;
