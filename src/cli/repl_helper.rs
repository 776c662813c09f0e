//! The REPL's rustyline helper: completion, syntax highlighting, history
//! hints and multi-line validation. Kept free of terminal I/O so the pieces
//! (tokenizer, completion candidates, continuation markers) are unit-tested.

use std::borrow::Cow;
use std::cell::RefCell;
use std::ops::Range;
use std::rc::Rc;

use owo_colors::OwoColorize;
use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::highlight::{CmdKind, Highlighter};
use rustyline::hint::HistoryHinter;
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{Cmd, ConditionalEventHandler, Context, Event, EventContext, Helper, Hinter, RepeatCount};

use super::repl_commands;

/// The prompt for a new statement.
pub const PROMPT: &str = "tsr> ";
/// The marker shown at the start of every continuation line. It is part of
/// the edited text (so the cursor arithmetic stays right) and is removed by
/// [`strip_continuation`] before the input runs.
pub const CONTINUATION: &str = "...  ";

/// Words the highlighter colours as keywords.
pub const KEYWORDS: &[&str] = &[
    "True", "False", "None", "and", "or", "not", "is", "del", "with", "in", "if", "elif", "else", "for", "while", "break", "continue",
    "pass", "def", "return", "lambda", "try", "except", "finally", "raise", "assert", "import", "from", "as", "global", "nonlocal",
];

/// What to offer after `torch.cuda.` / `torch.cuda.memory.`: the
/// registry's rows under that path (and the `memory` submodule).
fn module_members(module: &str) -> Vec<String> {
    let prefix = format!("{module}.");
    let mut v: Vec<String> = crate::eval::registry::ops()
        .filter_map(|o| o.path().strip_prefix(&prefix).filter(|rest| !rest.contains('.')).map(str::to_string))
        .collect();
    if module == "cuda" {
        v.push("memory".to_string());
    }
    v
}

/// Removes the continuation markers the Enter key inserted.
pub fn strip_continuation(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    for (i, line) in input.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
            out.push_str(line.strip_prefix(CONTINUATION).unwrap_or(line));
        } else {
            out.push_str(line);
        }
    }
    out
}

/// True when `src` (markers already stripped) is a whole statement, ready to
/// run: `:commands` and blank input always are; otherwise the language
/// decides (open brackets, trailing `\`, a `with …:` block before its blank
/// line). Input is checked as if followed by a newline, like the pipe reader
/// sees it, so pressing Enter on an empty continuation line closes a block.
pub fn input_complete(src: &str) -> bool {
    if src.trim().is_empty() || src.trim_start().starts_with(':') {
        return true;
    }
    let text = format!("{src}\n");
    std::panic::catch_unwind(|| crate::lang::is_complete(&text)).unwrap_or(true)
}

/// The indentation the next continuation line starts with, as IPython
/// computes it: the current line's; four spaces more after a line ending in
/// `:` or an opening bracket; after `return`, `raise`, `pass`, `break` or
/// `continue`, the indentation of the enclosing block (the nearest earlier
/// line indented less). An empty line still ends the input.
pub fn next_indent(input: &str) -> String {
    let lines: Vec<&str> = input.split('\n').enumerate().map(|(i, l)| if i > 0 { l.strip_prefix(CONTINUATION).unwrap_or(l) } else { l }).collect();
    let last = lines.last().copied().unwrap_or("");
    let lead = |l: &str| l.len() - l.trim_start_matches([' ', '\t']).len();
    let indent = &last[..lead(last)];
    let code = last.split('#').next().unwrap_or("").trim_end();
    if code.ends_with([':', '(', '[', '{']) {
        return format!("{indent}    ");
    }
    let first_word = code.trim_start().split(|c: char| !(c.is_alphanumeric() || c == '_')).next().unwrap_or("");
    if !indent.is_empty() && matches!(first_word, "return" | "raise" | "pass" | "break" | "continue") {
        let outer = lines.iter().rev().skip(1).filter(|l| !l.trim().is_empty()).map(|l| &l[..lead(l)]).find(|w| w.len() < indent.len());
        return outer.unwrap_or("").to_string();
    }
    indent.to_string()
}

/// Enter: on incomplete input, starts a continuation line with its marker;
/// otherwise falls through to rustyline's accept (and the [`Validator`]).
pub struct EnterHandler;

impl ConditionalEventHandler for EnterHandler {
    fn handle(&self, _evt: &Event, _n: RepeatCount, _positive: bool, ctx: &EventContext) -> Option<Cmd> {
        let line = ctx.line();
        if input_complete(&strip_continuation(line)) {
            None
        } else {
            Some(Cmd::Insert(1, format!("\n{CONTINUATION}{}", next_indent(line))))
        }
    }
}

// ---------------------------------------------------------------------------
// Tokenizer for highlighting

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokKind {
    Number,
    Str,
    Keyword,
    /// `inspect`, `print`, … at the start of a statement.
    ReportKeyword,
    Comment,
    /// The `...  ` marker of a continuation line.
    Continuation,
    /// `:help`, `:vars`, … (the command word only).
    Command,
}

fn is_ident_start(c: char) -> bool {
    c.is_alphabetic() || c == '_'
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// True when the text after a report keyword makes it a name being
/// assigned or used (`print = 3`, `map.x`, `share[0]`, `mem, y = …`).
fn used_as_name(rest: &str) -> bool {
    let r = rest.trim_start_matches([' ', '\t']);
    let Some(c) = r.chars().next() else { return false };
    match c {
        '.' | '[' | ',' => true,
        '=' => !r.starts_with("=="),
        _ => {
            // Augmented assignment: one to three operator characters then `=`.
            let ops: usize = r.chars().take(3).take_while(|c| "+-*/%@&|^<>".contains(*c)).count();
            ops > 0 && r[ops..].starts_with('=') && !matches!(&r[..ops], "<" | ">" | "!")
        }
    }
}

/// Splits `line` into the coloured tokens (everything else stays plain).
/// One pass, no backtracking; never panics, whatever the input.
pub fn tokenize(line: &str) -> Vec<(Range<usize>, TokKind)> {
    let chars: Vec<(usize, char)> = line.char_indices().collect();
    let n = chars.len();
    let at = |i: usize| if i < n { chars[i].0 } else { line.len() };
    let mut out = Vec::new();
    let mut i = 0;
    let mut depth: i32 = 0;
    let mut stmt_start = true;
    let mut line_start = true;
    let mut first_token = true;
    // The last non-blank character, to tell `.5` from `x.t` and see `\` at line end.
    let mut prev: Option<char> = None;
    while i < n {
        let (b, c) = chars[i];
        if line_start {
            line_start = false;
            if b > 0 && line[b..].starts_with(CONTINUATION) {
                out.push((b..b + CONTINUATION.len(), TokKind::Continuation));
                i += CONTINUATION.chars().count();
                continue;
            }
        }
        if c == '\n' {
            stmt_start = depth <= 0 && prev != Some('\\');
            line_start = true;
            prev = None;
            i += 1;
            continue;
        }
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let was_first = std::mem::replace(&mut first_token, false);
        if c == ':' && was_first {
            let mut j = i + 1;
            while j < n && !chars[j].1.is_whitespace() {
                j += 1;
            }
            out.push((b..at(j), TokKind::Command));
            stmt_start = false;
            prev = Some(':');
            i = j;
            continue;
        }
        if c == '#' {
            let mut j = i;
            while j < n && chars[j].1 != '\n' {
                j += 1;
            }
            out.push((b..at(j), TokKind::Comment));
            i = j;
            continue;
        }
        if c == '\'' || c == '"' {
            let mut j = i + 1;
            while j < n {
                let d = chars[j].1;
                if d == '\\' {
                    j += 2;
                    continue;
                }
                if d == '\n' {
                    break;
                }
                j += 1;
                if d == c {
                    break;
                }
            }
            let j = j.min(n);
            out.push((b..at(j), TokKind::Str));
            stmt_start = false;
            prev = Some(c);
            i = j;
            continue;
        }
        let next_is_digit = i + 1 < n && chars[i + 1].1.is_ascii_digit();
        let after_operand = prev.is_some_and(|p| is_ident_char(p) || p == ')' || p == ']');
        if c.is_ascii_digit() || (c == '.' && next_is_digit && !after_operand) {
            let mut j = i + 1;
            while j < n {
                let d = chars[j].1;
                let exp_sign = (d == '+' || d == '-') && matches!(chars[j - 1].1, 'e' | 'E') && !line[b..at(j)].starts_with("0x");
                if d.is_ascii_alphanumeric() || d == '_' || d == '.' || exp_sign {
                    j += 1;
                } else {
                    break;
                }
            }
            out.push((b..at(j), TokKind::Number));
            stmt_start = false;
            prev = Some(chars[j - 1].1);
            i = j;
            continue;
        }
        if is_ident_start(c) {
            let mut j = i + 1;
            while j < n && is_ident_char(chars[j].1) {
                j += 1;
            }
            let end = at(j);
            let word = &line[b..end];
            if prev != Some('.') {
                if KEYWORDS.contains(&word) {
                    out.push((b..end, TokKind::Keyword));
                } else if stmt_start && crate::lang::ast::REPORT_KEYWORDS.contains(&word) && !used_as_name(&line[end..]) {
                    out.push((b..end, TokKind::ReportKeyword));
                }
            }
            stmt_start = false;
            prev = Some(chars[j - 1].1);
            i = j;
            continue;
        }
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth = (depth - 1).max(0),
            ';' if depth <= 0 => {
                stmt_start = true;
                prev = Some(c);
                i += 1;
                continue;
            }
            _ => {}
        }
        stmt_start = false;
        prev = Some(c);
        i += 1;
    }
    out
}

fn paint(text: &str, kind: TokKind) -> String {
    match kind {
        TokKind::Number => text.cyan().to_string(),
        TokKind::Str => text.green().to_string(),
        TokKind::Keyword => text.magenta().to_string(),
        TokKind::ReportKeyword => text.blue().bold().to_string(),
        TokKind::Comment => text.bright_black().to_string(),
        TokKind::Continuation => text.dimmed().to_string(),
        TokKind::Command => text.yellow().bold().to_string(),
    }
}

/// `line` with ANSI colours added; the visible text is unchanged.
pub fn highlight_line(line: &str) -> String {
    let mut out = String::with_capacity(line.len() * 2);
    let mut last = 0;
    for (r, kind) in tokenize(line) {
        let (Some(gap), Some(tok)) = (line.get(last..r.start), line.get(r.clone())) else { continue };
        out.push_str(gap);
        out.push_str(&paint(tok, kind));
        last = r.end;
    }
    out.push_str(line.get(last..).unwrap_or(""));
    out
}

// ---------------------------------------------------------------------------
// Completion

/// True when `pos` (a byte offset in `line`) is inside a string or comment.
fn in_string_or_comment(line: &str, pos: usize) -> bool {
    tokenize(line)
        .iter()
        .any(|(r, k)| matches!(k, TokKind::Str | TokKind::Comment) && r.start < pos && (pos < r.end || unterminated(line, r, *k)))
}

fn unterminated(line: &str, r: &Range<usize>, kind: TokKind) -> bool {
    match kind {
        TokKind::Comment => true,
        TokKind::Str => {
            let s = line.get(r.clone()).unwrap_or("");
            s.chars().count() < 2 || s.chars().next() != s.chars().last() || s.ends_with("\\'") || s.ends_with("\\\"")
        }
        _ => false,
    }
}

/// The dotted name chain that ends right before a `.` (`torch.cuda`, `x`),
/// or "" when the object is not a plain name (`x.t()`, `y[0]`).
fn object_before_dot(before: &str) -> &str {
    let start = before
        .char_indices()
        .rev()
        .take_while(|(_, c)| is_ident_char(*c) || *c == '.')
        .last()
        .map_or(before.len(), |(i, _)| i);
    &before[start..]
}

/// True when the cursor's word starts a statement (report keywords allowed):
/// after `;`, or at the start of a line outside brackets and `\` joins.
fn at_statement_start(lead: &str) -> bool {
    let prior = strip_continuation(lead);
    let last_line = prior.rsplit('\n').next().unwrap_or("");
    let t = last_line.trim();
    if t.ends_with(';') {
        return true;
    }
    if !t.is_empty() {
        return false;
    }
    let earlier = &prior[..prior.len() - last_line.len()];
    let opens = earlier.chars().filter(|c| "([{".contains(*c)).count();
    let closes = earlier.chars().filter(|c| ")]}".contains(*c)).count();
    opens <= closes && !earlier.trim_end_matches('\n').ends_with('\\')
}

fn prefixed(cands: impl IntoIterator<Item = String>, word: &str) -> Vec<Pair> {
    let mut v: Vec<String> = cands.into_iter().filter(|c| c.starts_with(word)).collect();
    v.sort();
    v.dedup();
    v.into_iter().map(|s| Pair { display: s.clone(), replacement: s }).collect()
}

/// Completion candidates for `line` with the cursor at byte `pos`: the start
/// of the text to replace and the replacements. Pure, for tests.
pub fn candidates(line: &str, pos: usize, bound: &[String]) -> (usize, Vec<Pair>) {
    let mut pos = pos.min(line.len());
    while !line.is_char_boundary(pos) {
        pos -= 1;
    }
    let before = &line[..pos];
    // `d['<TAB>`: the string keys of the dict bound to `d` (listed in
    // `bound` as `d['key']`).
    if let Some(open) = before.rfind('[') {
        let name_start = before[..open].char_indices().rev().take_while(|(_, c)| is_ident_char(*c)).last().map(|(i, _)| i);
        let partial = &before[open + 1..];
        if let Some(ns) = name_start
            && (partial.is_empty() || partial.starts_with(['\'', '"']))
            && !partial.contains(']')
        {
            let prefix = format!("{}[", &before[ns..open]);
            let keys: Vec<String> = bound
                .iter()
                .filter_map(|b| b.strip_prefix(&prefix))
                .map(|k| if partial.starts_with('"') { k.replace('\'', "\"") } else { k.to_string() })
                .collect();
            if !keys.is_empty() {
                return (open + 1, prefixed(keys, partial));
            }
        }
    }
    if in_string_or_comment(line, pos) {
        return (pos, vec![]);
    }
    let start = before
        .char_indices()
        .rev()
        .take_while(|(_, c)| is_ident_char(*c))
        .last()
        .map_or(pos, |(i, _)| i);
    let word = &before[start..];
    let lead = &before[..start];
    let bound: Vec<String> = bound.iter().filter(|b| !b.contains('[')).cloned().collect();
    let bound = bound.as_slice();
    if let Some(obj) = lead.strip_suffix('.') {
        let obj = object_before_dot(obj);
        let cands: Vec<String> = match obj {
            "torch" => crate::eval::names::all_builtin_names().into_iter().filter(|n| n != "torch").collect(),
            "torch.cuda" | "cuda" => module_members("cuda"),
            "torch.cuda.memory" | "cuda.memory" => module_members("cuda.memory"),
            o if o.starts_with(|c: char| c.is_ascii_digit()) => vec![],
            _ => crate::eval::registry::method_names()
                .chain(crate::eval::registry::attributes::names())
                .map(|s| s.to_string())
                .collect(),
        };
        return (start, prefixed(cands, word));
    }
    if word.starts_with(|c: char| c.is_ascii_digit()) {
        return (pos, vec![]);
    }
    if word.is_empty() {
        // `inspect <TAB>`: offer the bindings only.
        return (start, prefixed(bound.iter().cloned(), ""));
    }
    let mut cands: Vec<String> = bound.to_vec();
    cands.extend(crate::eval::names::all_builtin_names());
    cands.extend(KEYWORDS.iter().map(|s| s.to_string()));
    if at_statement_start(lead) {
        cands.extend(crate::lang::ast::REPORT_KEYWORDS.iter().map(|s| s.to_string()));
    }
    (start, prefixed(cands, word))
}

/// Completion of a `:command` line: the command word, `:help` topics.
/// Returns None for the file argument of `:load`/`:save` (filenames).
fn command_candidates(before: &str) -> Option<(usize, Vec<Pair>)> {
    let t = before.trim_start();
    let offset = before.len() - t.len();
    match t.find(char::is_whitespace) {
        None => Some((offset, prefixed(repl_commands::command_words().map(|s| s.to_string()), t))),
        Some(sp) => {
            let cmd = &t[..sp];
            let arg = t[sp..].trim_start();
            match repl_commands::lookup(cmd) {
                Some("help") if !arg.contains(char::is_whitespace) => Some((
                    before.len() - arg.len(),
                    prefixed(crate::eval::registry::help::topic_names().into_iter().map(str::to_string), arg),
                )),
                Some("load" | "save") => None,
                _ => Some((before.len(), vec![])),
            }
        }
    }
}

/// The rustyline helper. `names` is shared with the REPL loop, which
/// refreshes it from the bindings after every input.
#[derive(Helper, Hinter)]
pub struct ReplHelper {
    pub names: Rc<RefCell<Vec<String>>>,
    pub color: bool,
    files: FilenameCompleter,
    #[rustyline(Hinter)]
    hinter: HistoryHinter,
}

impl ReplHelper {
    pub fn new(names: Rc<RefCell<Vec<String>>>, color: bool) -> Self {
        ReplHelper { names, color, files: FilenameCompleter::new(), hinter: HistoryHinter::new() }
    }
}

impl Completer for ReplHelper {
    type Candidate = Pair;

    fn complete(&self, line: &str, pos: usize, _ctx: &Context<'_>) -> rustyline::Result<(usize, Vec<Pair>)> {
        let pos = pos.min(line.len());
        if line.is_char_boundary(pos) && line[..pos].trim_start().starts_with(':') {
            return match command_candidates(&line[..pos]) {
                Some(c) => Ok(c),
                None => self.files.complete_path(line, pos),
            };
        }
        let bound = self.names.try_borrow().map(|v| v.clone()).unwrap_or_default();
        Ok(candidates(line, pos, &bound))
    }
}

impl Highlighter for ReplHelper {
    fn highlight<'l>(&self, line: &'l str, _pos: usize) -> Cow<'l, str> {
        if self.color { Cow::Owned(highlight_line(line)) } else { Cow::Borrowed(line) }
    }

    fn highlight_hint<'h>(&self, hint: &'h str) -> Cow<'h, str> {
        if self.color { Cow::Owned(hint.bright_black().to_string()) } else { Cow::Borrowed(hint) }
    }

    fn highlight_char(&self, _line: &str, _pos: usize, kind: CmdKind) -> bool {
        // Re-highlight after every edit (a quote can recolour the rest).
        self.color && kind == CmdKind::Other
    }
}

impl Validator for ReplHelper {
    fn validate(&self, ctx: &mut ValidationContext) -> rustyline::Result<ValidationResult> {
        Ok(if input_complete(&strip_continuation(ctx.input())) {
            ValidationResult::Valid(None)
        } else {
            ValidationResult::Incomplete
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(line: &str) -> Vec<(&str, TokKind)> {
        tokenize(line).into_iter().map(|(r, k)| (&line[r], k)).collect()
    }

    #[test]
    fn dict_keys_complete_inside_brackets() {
        let bound = vec!["d".to_string(), "d['alpha']".to_string(), "d['beta']".to_string()];
        let (at, c) = candidates("print(d['a", 10, &bound);
        assert_eq!(at, 8);
        assert_eq!(c.iter().map(|p| p.replacement.clone()).collect::<Vec<_>>(), ["'alpha']"]);
        let (_, c) = candidates("d[", 2, &bound);
        assert_eq!(c.len(), 2);
        let (_, c) = candidates("d[\"b", 4, &bound);
        assert_eq!(c.iter().map(|p| p.replacement.clone()).collect::<Vec<_>>(), ["\"beta\"]"]);
        // Keys are not offered as names.
        let (_, c) = candidates("d", 1, &bound);
        assert!(c.iter().all(|p| !p.replacement.contains('[')));
    }

    #[test]
    fn continuation_lines_are_indented_after_a_colon() {
        assert_eq!(next_indent("for i in range(3):"), "    ");
        assert_eq!(next_indent(&format!("def f():\n{CONTINUATION}    if x:  # c")), "        ");
        assert_eq!(next_indent(&format!("def f():\n{CONTINUATION}    y = 1")), "    ");
        assert_eq!(next_indent("x = (1,"), "");
        // An opening bracket at the end of the line indents, as IPython.
        assert_eq!(next_indent("x = f("), "    ");
        assert_eq!(next_indent(&format!("if x:\n{CONTINUATION}    y = [")), "        ");
    }

    #[test]
    fn continuation_lines_dedent_after_return_pass_raise_break_continue() {
        let input = |lines: &[&str]| lines.join(&format!("\n{CONTINUATION}"));
        assert_eq!(next_indent(&input(&["def f(x):", "    return x"])), "");
        assert_eq!(next_indent(&input(&["def f(x):", "    if x:", "        raise ValueError(x)"])), "    ");
        assert_eq!(next_indent(&input(&["for i in r:", "    if i:", "        continue  # skip"])), "    ");
        assert_eq!(next_indent(&input(&["while x:", "    break"])), "");
        assert_eq!(next_indent(&input(&["try:", "    pass"])), "");
        // Only as the first word: `passes = 1` and `y = pass_rate` stay.
        assert_eq!(next_indent(&input(&["if x:", "    passes = 1"])), "    ");
        // At the top level there is nothing to dedent.
        assert_eq!(next_indent("pass"), "");
        // A blank line (only its indentation) ends the input, however deep.
        assert!(input_complete(&strip_continuation(&input(&["def f(x):", "    if x:", "        y = 1", "        "]))));
        assert!(!input_complete(&strip_continuation(&input(&["def f(x):", "    if x:", "        y = 1"]))));
    }

    #[test]
    fn colours_the_comment_and_numbers() {
        let toks = kinds("x = 1  # c");
        assert_eq!(toks, vec![("1", TokKind::Number), ("# c", TokKind::Comment)]);
        let h = highlight_line("x = 1  # c");
        assert!(h.contains(&"# c".bright_black().to_string()), "{h:?}");
        assert!(h.contains(&"1".cyan().to_string()));
        assert!(h.starts_with("x = "));
    }

    #[test]
    fn strings_keywords_and_report_keywords() {
        assert_eq!(
            kinds("inspect x, 'a#b', None"),
            vec![("inspect", TokKind::ReportKeyword), ("'a#b'", TokKind::Str), ("None", TokKind::Keyword)]
        );
        // Not at statement start, or used as a name: not a report keyword.
        assert_eq!(kinds("y = inspect"), vec![]);
        assert_eq!(kinds("print = 3"), vec![("3", TokKind::Number)]);
        assert_eq!(kinds("mem += 1"), vec![("1", TokKind::Number)]);
        assert_eq!(kinds("x.t(); print x"), vec![("print", TokKind::ReportKeyword)]);
        // Attributes are never keywords.
        assert_eq!(kinds("x.is_contiguous"), vec![]);
        assert_eq!(kinds("a is not b"), vec![("is", TokKind::Keyword), ("not", TokKind::Keyword)]);
    }

    #[test]
    fn numbers() {
        assert_eq!(kinds("1e-3 + .5 + 0x1f + 2.0"), vec![
            ("1e-3", TokKind::Number),
            (".5", TokKind::Number),
            ("0x1f", TokKind::Number),
            ("2.0", TokKind::Number)
        ]);
        assert_eq!(kinds("x.view(3, 4)"), vec![("3", TokKind::Number), ("4", TokKind::Number)]);
        assert_eq!(kinds("float16"), vec![]);
    }

    #[test]
    fn continuation_lines_and_commands() {
        let line = format!("z = tensor([1,\n{CONTINUATION}2])");
        assert_eq!(kinds(&line), vec![("1", TokKind::Number), (CONTINUATION, TokKind::Continuation), ("2", TokKind::Number)]);
        // Inside brackets the next line is not a statement start.
        assert_eq!(kinds("f(\nprint)"), vec![]);
        assert_eq!(kinds("x = 1\nprint x"), vec![("1", TokKind::Number), ("print", TokKind::ReportKeyword)]);
        assert_eq!(kinds("  :save /tmp/a.tsr"), vec![(":save", TokKind::Command)]);
        assert_eq!(kinds("x[:, 1]"), vec![("1", TokKind::Number)]);
    }

    #[test]
    fn never_panics_and_keeps_text() {
        let weird = [
            "", "'", "\"", "'abc", "\"a\\", "\\", "#", "é = 'ü", "x = '🦀' # 🦀", "1e", "1e+", ".", "..", "...  ",
            "\n...  ", "\n\n", "((((", "))))", "'\\", "x = \"\\\"", "日本語.view(", "\u{0}\u{7f}", ":", "::", "1.e5.",
            "a\u{301}b", "x = 1;;;print", "\t\tinspect\t x", "0x", "_", "'a'b'c", "\r\n", "#\n#",
        ];
        for w in weird {
            let toks = tokenize(w);
            for (r, _) in &toks {
                assert!(w.get(r.clone()).is_some(), "{w:?} {r:?}");
            }
            let plain: String = strip_ansi(&highlight_line(w));
            assert_eq!(plain, w, "highlight must not change the text of {w:?}");
            let _ = candidates(w, w.len(), &["x".into()]);
            for p in 0..=w.len() + 1 {
                let _ = candidates(w, p, &[]);
            }
            let _ = strip_continuation(w);
        }
    }

    proptest::proptest! {
        #[test]
        fn any_input_is_safe(s in "(?s)[^\\x1b]{0,40}", extra in "[ -~\n]{0,20}", pos in 0usize..80) {
            for line in [s.clone(), format!("{s}\n{CONTINUATION}{extra}"), format!("{extra}.{s}")] {
                proptest::prop_assert_eq!(strip_ansi(&highlight_line(&line)), line.clone());
                let _ = candidates(&line, pos, &["x".to_string()]);
                let _ = command_candidates(&line);
                let _ = strip_continuation(&line);
                let _ = repl_commands::parse(&line);
            }
        }
    }

    fn strip_ansi(s: &str) -> String {
        let mut out = String::new();
        let mut it = s.chars().peekable();
        while let Some(c) = it.next() {
            if c == '\x1b' {
                for d in it.by_ref() {
                    if d.is_ascii_alphabetic() {
                        break;
                    }
                }
            } else {
                out.push(c);
            }
        }
        out
    }

    #[test]
    fn strips_markers_only_after_newlines() {
        assert_eq!(strip_continuation("...  x"), "...  x");
        assert_eq!(strip_continuation(&format!("a([1,\n{CONTINUATION} 2])")), "a([1,\n 2])");
        assert_eq!(strip_continuation(&format!("with f():\n{CONTINUATION}    y\n{CONTINUATION}")), "with f():\n    y\n");
        assert_eq!(strip_continuation("a\n... b"), "a\n... b");
    }

    fn repl(line: &str, bound: &[&str]) -> (usize, Vec<String>) {
        let bound: Vec<String> = bound.iter().map(|s| s.to_string()).collect();
        let (start, c) = candidates(line, line.len(), &bound);
        (start, c.into_iter().map(|p| p.replacement).collect())
    }

    #[test]
    fn completes_methods_after_a_dot() {
        let (start, c) = repl("y = x.trans", &["x"]);
        assert_eq!(start, 6);
        assert_eq!(c, vec!["transpose", "transpose_"]);
        let (_, c) = repl("x.t().is_con", &["x"]);
        assert_eq!(c, vec!["is_contiguous"]);
        let (_, c) = repl("x.shap", &["x"]);
        assert_eq!(c, vec!["shape"]);
    }

    #[test]
    fn completes_torch_and_names() {
        let (_, c) = repl("torch.ara", &[]);
        assert_eq!(c, vec!["arange"]);
        let (_, c) = repl("torch.cuda.is", &[]);
        assert_eq!(c, vec!["is_available"]);
        // torch.cuda's names are the registry's rows.
        let (_, c) = repl("torch.cuda.memory_a", &[]);
        assert_eq!(c, vec!["memory_allocated"]);
        let (_, c) = repl("torch.cuda.me", &[]);
        assert!(c.contains(&"memory".to_string()) && c.contains(&"memory_reserved".to_string()), "{c:?}");
        let (_, c) = repl("torch.cuda.memory._sn", &[]);
        assert_eq!(c, vec!["_snapshot"]);
        let (_, c) = repl("torch.swapa", &[]);
        assert_eq!(c, vec!["swapaxes"]);
        let (_, c) = repl("inspect my", &["my_tensor", "other"]);
        assert_eq!(c, vec!["my_tensor"]);
        let (_, c) = repl("ins", &[]);
        assert_eq!(c, vec!["inspect"]);
        // Report keywords only where a statement starts.
        let (_, c) = repl("y = ins", &["inside"]);
        assert_eq!(c, vec!["inside"]);
        let (_, c) = repl("x = 1; pri", &[]);
        assert_eq!(c, vec!["print"]);
        let (_, c) = repl("Tr", &[]);
        assert_eq!(c, vec!["True"]);
        let (_, c) = repl("inspect ", &["b", "a"]);
        assert_eq!(c, vec!["a", "b"]);
        // Nothing inside strings, comments or numbers.
        assert!(repl("x = 'ar", &[]).1.is_empty());
        assert!(repl("# ar", &[]).1.is_empty());
        assert!(repl("1.5", &[]).1.is_empty());
    }

    #[test]
    fn completes_commands_and_topics() {
        assert_eq!(command_candidates(":va").map(|(s, c)| (s, c.len())), Some((0, 1)));
        let (_, c) = command_candidates(":").unwrap_or_default();
        assert!(c.iter().any(|p| p.replacement == ":help"));
        let (start, c) = command_candidates(":help vi").unwrap_or_default();
        assert_eq!(start, 6);
        assert_eq!(c.into_iter().map(|p| p.replacement).collect::<Vec<_>>(), vec!["view", "view_as"]);
        assert!(command_candidates(":load /tm").is_none());
    }

    #[test]
    fn commands_and_blank_input_are_complete() {
        assert!(input_complete(":save '/tmp/x"));
        assert!(input_complete("   "));
    }
}
