//! Small text tools shared by the teaching renderers: a colour per tensor,
//! aligned columns whose width ignores colour codes, and number formats.

use owo_colors::OwoColorize;

use crate::render::style::Style;

pub use crate::render::table::hex;
pub use crate::report::teach::explain::tuple;

/// The colour of the `i`-th tensor of a report (cycles after 6).
pub fn tint(st: Style, i: usize, s: &str) -> String {
    if !st.color {
        return s.to_string();
    }
    match i % 6 {
        0 => s.cyan().bold().to_string(),
        1 => s.yellow().bold().to_string(),
        2 => s.magenta().bold().to_string(),
        3 => s.green().bold().to_string(),
        4 => s.blue().bold().to_string(),
        _ => s.red().bold().to_string(),
    }
}

pub fn green(st: Style, s: &str) -> String {
    if st.color { s.green().bold().to_string() } else { s.to_string() }
}

pub fn red(st: Style, s: &str) -> String {
    if st.color { s.red().bold().to_string() } else { s.to_string() }
}

/// Python's spelling of a boolean.
pub fn py_bool(b: bool) -> &'static str {
    if b { "True" } else { "False" }
}

/// `n thing` / `n things`.
pub fn plural(n: usize, thing: &str) -> String {
    format!("{n} {thing}{}", if n == 1 { "" } else { "s" })
}

/// Display width of plain text (every char one column).
pub fn width(s: &str) -> usize {
    s.chars().count()
}

/// `s` cut to `w` columns, ending in `…` when cut.
pub fn fit(s: &str, w: usize) -> String {
    if width(s) <= w {
        return s.to_string();
    }
    let mut out: String = s.chars().take(w.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// One table cell: the text that sets its width, and the text shown (the
/// same text, possibly coloured).
#[derive(Debug, Clone)]
pub struct Cell {
    pub plain: String,
    pub shown: String,
}

impl Cell {
    pub fn new(s: impl Into<String>) -> Cell {
        let s = s.into();
        Cell { shown: s.clone(), plain: s }
    }
    pub fn styled(plain: impl Into<String>, paint: impl Fn(&str) -> String) -> Cell {
        let plain = plain.into();
        Cell { shown: paint(&plain), plain }
    }
}

/// Rows of cells as left-aligned columns, two spaces apart, each line
/// starting with `indent`, at most `cols` wide. Trailing spaces are
/// trimmed. A row of one cell (a note between rows) does not widen the
/// first column, and wraps. Columns that do not fit side by side fold into
/// further groups under the first, each repeating the first column; a last
/// column still too wide wraps its cells under themselves.
pub fn columns(indent: &str, rows: &[Vec<Cell>], cols: usize) -> String {
    let n = rows.iter().map(|r| r.len()).max().unwrap_or(0);
    let mut widths = vec![0usize; n];
    for r in rows.iter().filter(|r| r.len() > 1) {
        for (i, c) in r.iter().enumerate() {
            widths[i] = widths[i].max(width(&c.plain));
        }
    }
    let fits = |ws: &[usize]| width(indent) + ws.iter().sum::<usize>() + 2 * ws.len().saturating_sub(1) <= cols;
    if n <= 2 || fits(&widths) {
        return lay_out(indent, rows, &widths, cols, true);
    }
    // Groups of columns after the first that fit beside it.
    let mut groups: Vec<Vec<usize>> = vec![];
    for i in 1..n {
        match groups.last_mut() {
            Some(g) if fits(&[&[widths[0]][..], &g.iter().map(|&j| widths[j]).collect::<Vec<_>>(), &[widths[i]]].concat()) => g.push(i),
            _ => groups.push(vec![i]),
        }
    }
    let mut out = String::new();
    for (k, g) in groups.iter().enumerate() {
        let pick: Vec<usize> = std::iter::once(0).chain(g.iter().copied()).collect();
        let sub: Vec<Vec<Cell>> = rows
            .iter()
            .filter(|r| r.len() > 1 || k == 0)
            .map(|r| if r.len() > 1 { pick.iter().filter_map(|&j| r.get(j).cloned()).collect() } else { r.clone() })
            .collect();
        let ws: Vec<usize> = pick.iter().map(|&j| widths[j]).collect();
        if k > 0 {
            out.push('\n');
        }
        out.push_str(&lay_out(indent, &sub, &ws, cols, k == 0));
    }
    out
}

/// `columns` once the columns are chosen: the last column wraps when the
/// line would be wider than `cols`.
fn lay_out(indent: &str, rows: &[Vec<Cell>], widths: &[usize], cols: usize, notes: bool) -> String {
    let mut out = String::new();
    for r in rows {
        if r.len() == 1 {
            if notes {
                for l in pack(&[r[0].clone()], cols, indent, &format!("{indent}  "), " ") {
                    out.push_str(&l);
                    out.push('\n');
                }
            }
            continue;
        }
        let mut line = indent.to_string();
        for (i, c) in r.iter().enumerate() {
            if i + 1 == r.len() && width_of(&line) + width(&c.plain) > cols {
                // The last cell wraps under itself, by words.
                let hang = " ".repeat(width_of(&line));
                let pieces: Vec<Cell> = words(&c.plain).into_iter().map(Cell::new).collect();
                let lines = pack(&pieces, cols, &line, &hang, " ");
                out.push_str(&lines.join("\n"));
                line.clear();
                break;
            }
            line.push_str(&c.shown);
            if i + 1 < r.len() {
                line.push_str(&" ".repeat(widths[i].saturating_sub(width(&c.plain)) + 2));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// A byte count: `96 B`, `4.00 KiB (4096 B)`.
pub fn bytes(n: usize) -> String {
    if n <= 1024 {
        return format!("{n} B");
    }
    format!("{} ({n} B)", crate::engine::alloc::cpu::format_bytes(n as u64))
}

/// `lo..=hi` of a footprint, or `-` when empty.
pub fn range(fp: Option<[usize; 2]>) -> String {
    match fp {
        Some([lo, hi]) => format!("{lo}..={hi}"),
        None => "-".to_string(),
    }
}

/// A short form of a value for a cell: at most 4 significant digits for floats.
pub fn short_value(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::Number(n) if n.is_f64() => {
            let f = n.as_f64().unwrap_or(0.0);
            let a = f.abs();
            if f == f.trunc() && a < 1e6 {
                format!("{f:.0}.")
            } else if (1e-3..1e5).contains(&a) {
                let s = format!("{f:.4}");
                s.trim_end_matches('0').to_string()
            } else {
                format!("{f:.1e}")
            }
        }
        serde_json::Value::Number(n) => n.to_string(),
        serde_json::Value::Bool(b) => py_bool(*b).to_string(),
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Null => "?".to_string(),
        other => other.to_string(),
    }
}

/// `text` wrapped at spaces to `width` columns: the first line starts with
/// `first`, later ones with `hang` (a hanging indent). A word wider than a
/// line is split across lines, never dropped.
pub fn wrap(text: &str, width: usize, first: &str, hang: &str) -> Vec<String> {
    let words: Vec<Cell> = words(text).into_iter().map(Cell::new).collect();
    pack(&words, width, first, hang, " ")
}

/// `text` split at spaces where a line may break: not inside `[…]` or
/// `{…}` (an index such as `x[:, 2]` stays whole) nor inside backticks.
pub fn words(text: &str) -> Vec<&str> {
    let mut out = vec![];
    let (mut depth, mut tick, mut start) = (0i32, false, 0usize);
    for (i, c) in text.char_indices() {
        match c {
            '[' | '{' if !tick => depth += 1,
            ']' | '}' if !tick => depth = (depth - 1).max(0),
            '`' => tick = !tick,
            ' ' if depth == 0 && !tick => {
                if i > start {
                    out.push(&text[start..i]);
                }
                start = i + 1;
            }
            _ => {}
        }
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

/// `wrap` joined into text, each line ending in a newline.
pub fn wrapped(text: &str, width: usize, first: &str, hang: &str) -> String {
    wrap(text, width, first, hang).into_iter().map(|l| l + "\n").collect()
}

/// Pieces laid out in lines of at most `width` columns, `sep` between
/// pieces on a line; the first line starts with `first`, later ones with
/// `hang`. A piece is kept whole when it fits on a line of its own, and is
/// split by columns when it does not (its colour is dropped then).
pub fn pack(pieces: &[Cell], cols: usize, first: &str, hang: &str, sep: &str) -> Vec<String> {
    let mut lines = vec![];
    let mut line = first.to_string();
    let mut used = width_of(first);
    let mut empty = true;
    let hang_w = width_of(hang);
    for p in pieces {
        let w = width(&p.plain);
        let need = if empty { w } else { w + width(sep) };
        if used + need <= cols || (empty && used + w <= cols) {
            if !empty {
                line.push_str(sep);
            }
            line.push_str(&p.shown);
            used += need;
            empty = false;
            continue;
        }
        if !empty {
            lines.push(std::mem::replace(&mut line, hang.to_string()));
            used = hang_w;
        }
        if used + w <= cols {
            line.push_str(&p.shown);
            used += w;
            empty = false;
            continue;
        }
        // Wider than a line: split by columns.
        for ch in p.plain.chars() {
            if used >= cols && used > hang_w {
                lines.push(std::mem::replace(&mut line, hang.to_string()));
                used = hang_w;
            }
            line.push(ch);
            used += 1;
        }
        empty = false;
    }
    if !empty || lines.is_empty() {
        lines.push(line);
    }
    lines.into_iter().map(|l| l.trim_end().to_string()).collect()
}

/// A report's first line: its bold title, then `rest` dimmed, wrapped to
/// `cols` with a hanging indent of two.
pub fn heading(st: Style, title: &str, rest: &str, cols: usize) -> String {
    let mut pieces = vec![Cell::styled(title, |t| st.bold(t))];
    pieces.extend(words(rest).into_iter().map(|w| Cell::styled(w, |t| st.dim(t))));
    pack(&pieces, cols, "", "  ", " ").into_iter().map(|l| l + "\n").collect()
}

/// A sentence after an optional styled lead word (`solve`, `fix:`),
/// wrapped at word boundaries with a hanging indent; `paint` colours the
/// words of the sentence.
pub fn para(lead: Option<Cell>, text: &str, cols: usize, first: &str, hang: &str, paint: impl Fn(&str) -> String) -> String {
    let mut pieces: Vec<Cell> = lead.into_iter().collect();
    pieces.extend(words(text).into_iter().map(|w| Cell::styled(w, &paint)));
    pack(&pieces, cols, first, hang, " ").into_iter().map(|l| l + "\n").collect()
}

/// Text whose lines are wrapped where wider than `cols`, each keeping its
/// indentation and continuing two columns deeper.
pub fn fold_lines(text: &str, cols: usize) -> String {
    let mut out = String::new();
    for line in text.split_inclusive('\n') {
        let body = line.strip_suffix('\n').unwrap_or(line);
        if width_of(body) <= cols {
            out.push_str(line);
            continue;
        }
        let indent: String = body.chars().take_while(|c| *c == ' ').collect();
        // `term   description`: the description wraps under itself.
        let rest = &body[indent.len()..];
        let column = rest.find("  ").and_then(|i| rest[i..].find(|c: char| c != ' ').map(|j| indent.len() + i + j));
        let (first, text, hang) = match column {
            Some(c) if c < cols / 2 => (body[..c].to_string(), &body[c..], " ".repeat(width_of(&body[..c]))),
            _ => (indent.clone(), rest, format!("{indent}  ")),
        };
        for l in wrap(text, cols, &first, &hang) {
            out.push_str(&l);
            out.push('\n');
        }
    }
    out
}

/// The display width of text that may hold colour codes.
pub fn width_of(s: &str) -> usize {
    let mut n = 0;
    let mut esc = false;
    for c in s.chars() {
        match (esc, c) {
            (false, '\u{1b}') => esc = true,
            (true, 'm') => esc = false,
            (true, _) => {}
            (false, _) => n += 1,
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_keeps_every_word_within_the_width() {
        let text = "a view never copies: the new header points at the same storage with other strides";
        let narrow = wrap(text, 10, "  ", "    ");
        assert!(narrow.iter().all(|l| width(l) <= 10), "{narrow:?}");
        assert_eq!(narrow.concat().replace(' ', ""), text.replace(' ', ""));
        for w in [20, 33, 80] {
            let lines = wrap(text, w, "  ", "    ");
            assert!(lines.iter().all(|l| width(l) <= w), "{w}: {lines:?}");
            let back: Vec<&str> = lines.iter().flat_map(|l| l.split_whitespace()).collect();
            assert_eq!(back.join(" "), text);
            assert!(lines[1..].iter().all(|l| l.starts_with("    ")));
        }
        assert_eq!(wrap("x", 80, "", ""), vec!["x"]);
    }

    #[test]
    fn an_index_is_never_split() {
        assert_eq!(words("writing through x[1] changes x[:, 2] now"), ["writing", "through", "x[1]", "changes", "x[:, 2]", "now"]);
        assert_eq!(words("run `overlap a, b` first"), ["run", "`overlap a, b`", "first"]);
        assert_eq!(words("  a  b "), ["a", "b"]);
    }

    #[test]
    fn a_piece_wider_than_the_line_is_split_not_lost() {
        let lines = wrap("ab 0123456789abcdef", 8, "", "  ");
        assert!(lines.iter().all(|l| width(l) <= 8), "{lines:?}");
        assert_eq!(lines.concat().replace(' ', ""), "ab0123456789abcdef");
    }

    #[test]
    fn colour_codes_take_no_columns() {
        assert_eq!(width_of("\u{1b}[1;36mab\u{1b}[0m"), 2);
        let pieces = [Cell::styled("abc", |s| format!("\u{1b}[1m{s}\u{1b}[0m")), Cell::new("def")];
        assert_eq!(pack(&pieces, 7, "", "", " ").len(), 1);
        assert_eq!(pack(&pieces, 6, "", "", " ").len(), 2);
    }
}
