//! A session as one self-contained HTML page: for each statement its
//! source, its terminal output (ANSI colours turned into CSS classes) and
//! its figures (`render::svg`), inline. No script, no network, no external
//! font; light and dark follow `prefers-color-scheme`. Nothing here reads a
//! clock or an address of its own, so the same session (with
//! `--stable-addrs`) gives the same bytes.

use std::fmt::Write;

use super::svg::{Figure, STYLE, esc};

/// What one statement showed.
#[derive(Debug, Clone, Default)]
pub struct PageEntry {
    /// The statement's source text.
    pub source: String,
    /// Its first line in the input (1-based).
    pub line: usize,
    pub items: Vec<PageItem>,
}

#[derive(Debug, Clone)]
pub enum PageItem {
    /// Text for stdout, with ANSI colour codes.
    Out(String),
    /// Text for stderr (errors, warnings), with ANSI colour codes.
    Err(String),
    Figure(Figure),
}

const PAGE_CSS: &str = "\
:root{color-scheme:light dark;--fg:#1b1b1b;--bg:#ffffff;--muted:#6b6b6b;--panel:#f6f6f4;--rule:#dddddd;--err:#b3261e;\
--red:#c0392b;--green:#007a5a;--yellow:#a86400;--blue:#0060a0;--magenta:#a0468a;--cyan:#00708a}\
@media (prefers-color-scheme:dark){:root{--fg:#e8e8e8;--bg:#141414;--muted:#a0a0a0;--panel:#1e1e1e;--rule:#333333;--err:#ff8a80;\
--red:#ff7b6b;--green:#4fd1a5;--yellow:#f0c060;--blue:#7ab8ff;--magenta:#e79ad6;--cyan:#6ad4ea}}\
body{margin:2rem auto;max-width:72rem;padding:0 1rem;background:var(--bg);color:var(--fg);font:16px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif}\
h1{font-size:1.4rem;margin:0 0 .2rem}header p{color:var(--muted);margin:0 0 1.5rem}\
section{border-top:1px solid var(--rule);padding:.8rem 0}\
pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,'DejaVu Sans Mono','Liberation Mono',monospace;font-size:14px;line-height:1.35;margin:.3rem 0;padding:.5rem .7rem;overflow-x:auto;white-space:pre}\
pre.src{background:var(--panel);border-left:4px solid var(--blue)}pre.src .ln{color:var(--muted);user-select:none;margin-right:1ch}\
pre.err{border-left:4px solid var(--err)}figure{margin:.5rem 0;overflow-x:auto}figcaption{color:var(--muted);font-size:.85rem}\
figure svg{max-width:none;height:auto}\
.b{font-weight:bold}.d{opacity:.65}.red{color:var(--red)}.green{color:var(--green)}.yellow{color:var(--yellow)}\
.blue{color:var(--blue)}.magenta{color:var(--magenta)}.cyan{color:var(--cyan)}.white{color:var(--fg)}.black{color:var(--muted)}";

/// The whole page. `title` names the session (a file name, or `tsr -c`).
pub fn page(title: &str, entries: &[PageEntry], dropped: usize, left_out: usize) -> String {
    let mut out = String::new();
    let n_figures = figures(entries).count();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta name=\"generator\" content=\"tsr {}\">\n<title>{}</title>\n<style>\n{PAGE_CSS}\n{STYLE}\n</style>\n</head>\n<body>\n<header><h1>{}</h1><p>{} statement{}, {} figure{} · made by tsr {}</p></header>\n",
        env!("CARGO_PKG_VERSION"),
        esc(title),
        esc(title),
        entries.len(),
        if entries.len() == 1 { "" } else { "s" },
        n_figures,
        if n_figures == 1 {
            ""
        } else {
            "s"
        },
        env!("CARGO_PKG_VERSION"),
    );
    if dropped > 0 {
        let _ = writeln!(
            out,
            "<p class=\"d\">{dropped} earlier statements are not kept.</p>"
        );
    }
    if left_out > 0 {
        let _ = writeln!(out, "<p class=\"d\">{left_out} outputs are not on this page: it keeps at most 64 MiB of text and figures.</p>");
    }
    let mut fig_no = 0;
    for (i, e) in entries.iter().enumerate() {
        let _ = write!(out, "<section id=\"s{}\">\n<pre class=\"src\">", i + 1);
        for (k, line) in e.source.lines().enumerate() {
            if k > 0 {
                out.push('\n');
            }
            let _ = write!(
                out,
                "<span class=\"ln\">{:>3}</span>{}",
                e.line + k,
                esc(line)
            );
        }
        out.push_str("</pre>\n");
        // Consecutive text of one stream is one block.
        let mut open: Option<bool> = None;
        for item in &e.items {
            let (err, text) = match item {
                PageItem::Out(t) => (false, t),
                PageItem::Err(t) => (true, t),
                PageItem::Figure(f) => {
                    if open.take().is_some() {
                        out.push_str("</pre>\n");
                    }
                    fig_no += 1;
                    let _ = writeln!(
                        out,
                        "<figure id=\"f{fig_no}\" data-kind=\"{}\">{}<figcaption>figure {fig_no}: {}</figcaption></figure>",
                        f.kind, f.svg, f.kind
                    );
                    continue;
                }
            };
            if open != Some(err) {
                if open.is_some() {
                    out.push_str("</pre>\n");
                }
                out.push_str(if err {
                    "<pre class=\"err\">"
                } else {
                    "<pre class=\"out\">"
                });
                open = Some(err);
            }
            out.push_str(&ansi_to_html(text));
        }
        if open.is_some() {
            out.push_str("</pre>\n");
        }
        out.push_str("</section>\n");
    }
    out.push_str("</body>\n</html>\n");
    out
}

/// Every figure of the page, in order.
pub fn figures(entries: &[PageEntry]) -> impl Iterator<Item = &Figure> {
    entries
        .iter()
        .flat_map(|e| e.items.iter())
        .filter_map(|i| match i {
            PageItem::Figure(f) => Some(f),
            _ => None,
        })
}

#[derive(Clone, Copy, PartialEq, Eq, Default)]
struct Sgr {
    bold: bool,
    dim: bool,
    fg: Option<&'static str>,
}

impl Sgr {
    fn classes(self) -> String {
        let mut c: Vec<&str> = vec![];
        if self.bold {
            c.push("b");
        }
        if self.dim {
            c.push("d");
        }
        if let Some(f) = self.fg {
            c.push(f);
        }
        c.join(" ")
    }

    fn apply(&mut self, params: &str) {
        const COLORS: [&str; 8] = [
            "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
        ];
        let codes: Vec<u32> = if params.is_empty() {
            vec![0]
        } else {
            params.split(';').map(|p| p.parse().unwrap_or(0)).collect()
        };
        for c in codes {
            match c {
                0 => *self = Sgr::default(),
                1 => self.bold = true,
                2 => self.dim = true,
                22 => {
                    self.bold = false;
                    self.dim = false;
                }
                30..=37 => self.fg = Some(COLORS[(c - 30) as usize]),
                90..=97 => self.fg = Some(COLORS[(c - 90) as usize]),
                39 => self.fg = None,
                _ => {}
            }
        }
    }
}

/// Terminal text with SGR colour codes as HTML spans; other escape
/// sequences are dropped, markup is escaped.
pub fn ansi_to_html(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut st = Sgr::default();
    // The classes of the span that is open, if one is.
    let mut open: Option<Sgr> = None;
    let put = |out: &mut String, text: &str, st: Sgr, open: &mut Option<Sgr>| {
        if text.is_empty() {
            return;
        }
        if *open != Some(st) {
            if open.take().is_some() {
                out.push_str("</span>");
            }
            if st != Sgr::default() {
                let _ = write!(out, "<span class=\"{}\">", st.classes());
                *open = Some(st);
            }
        }
        out.push_str(&esc(text));
    };
    let mut rest = s;
    while let Some(i) = rest.find('\x1b') {
        put(&mut out, &rest[..i], st, &mut open);
        let seq = &rest[i + 1..];
        let Some(body) = seq.strip_prefix('[') else {
            rest = seq;
            continue;
        };
        let end = body
            .find(|c: char| c.is_ascii_alphabetic())
            .unwrap_or(body.len());
        let (params, tail) = body.split_at(end);
        let final_char = tail.chars().next();
        rest = tail
            .get(final_char.map_or(0, |c| c.len_utf8())..)
            .unwrap_or("");
        if final_char == Some('m') {
            st.apply(params);
        }
    }
    put(&mut out, rest, st, &mut open);
    if open.is_some() {
        out.push_str("</span>");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_become_classes() {
        assert_eq!(
            ansi_to_html("\x1b[1m\x1b[31mError\x1b[0m: a<b"),
            "<span class=\"b red\">Error</span>: a&lt;b"
        );
        assert_eq!(ansi_to_html("plain"), "plain");
        assert_eq!(
            ansi_to_html("\x1b[2mdim\x1b[22m x"),
            "<span class=\"d\">dim</span> x"
        );
        // Non-colour sequences vanish; a lone escape is dropped.
        assert_eq!(ansi_to_html("a\x1b[2Kb\x1b"), "ab");
    }

    #[test]
    fn page_has_each_statement_and_figure() {
        let fig = Figure {
            kind: "map",
            svg: "<svg class=\"tsr\"></svg>".into(),
        };
        let entries = vec![
            PageEntry {
                source: "x = 1".into(),
                line: 1,
                items: vec![],
            },
            PageEntry {
                source: "map x".into(),
                line: 2,
                items: vec![
                    PageItem::Out("hi\n".into()),
                    PageItem::Figure(fig),
                    PageItem::Err("bad\n".into()),
                ],
            },
        ];
        let p = page("demo <1>", &entries, 0, 0);
        assert!(p.contains("<title>demo &lt;1&gt;</title>"));
        assert!(p.contains("2 statements, 1 figure"));
        assert!(p.contains("<span class=\"ln\">  2</span>map x</pre>"));
        assert!(p.contains("<pre class=\"out\">hi\n</pre>\n<figure id=\"f1\" data-kind=\"map\">"));
        assert!(p.contains("<pre class=\"err\">bad\n</pre>"));
        assert!(!p.contains("<script"));
    }
}
