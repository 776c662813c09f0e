//! Tests of the lexer alone: literals, operators, keywords, layout tokens
//! (newlines, indentation, continuations) and lexical errors with spans.

use crate::lang::ast::BinOp;
use crate::lang::lexer::lex;
use crate::lang::span::Span;
use crate::lang::token::TokenKind;
use TokenKind as T;

fn kinds(src: &str) -> Vec<TokenKind> {
    lex(src).tokens.into_iter().map(|t| t.kind).collect()
}

fn first(src: &str) -> TokenKind {
    kinds(src).into_iter().next().unwrap()
}

fn first_error(src: &str) -> (String, Span) {
    lex(src)
        .tokens
        .into_iter()
        .find_map(|t| match t.kind {
            T::Error(m) => Some((m, t.span)),
            _ => None,
        })
        .expect("expected an error token")
}

#[test]
fn integers_in_all_bases() {
    assert_eq!(first("42"), T::Int(42));
    assert_eq!(first("1_000_000"), T::Int(1_000_000));
    assert_eq!(first("0x1F"), T::Int(31));
    assert_eq!(first("0X_ff"), T::Int(255));
    assert_eq!(first("0b101"), T::Int(5));
    assert_eq!(first("0o17"), T::Int(15));
    assert_eq!(first("0"), T::Int(0));
    assert_eq!(first("000"), T::Int(0));
    assert_eq!(first("9223372036854775807"), T::Int(i64::MAX));
}

#[test]
fn integer_errors() {
    assert_eq!(
        first_error("9223372036854775808").0,
        "integer literal too large"
    );
    assert_eq!(
        first_error("0xffffffffffffffffff").0,
        "integer literal too large"
    );
    assert_eq!(first_error("1__0").0, "invalid decimal literal");
    assert_eq!(first_error("1_").0, "invalid decimal literal");
    assert_eq!(first_error("0x").0, "invalid hexadecimal literal");
    assert_eq!(first_error("0b102").0, "invalid binary literal");
    assert_eq!(first_error("0o8").0, "invalid octal literal");
    assert!(first_error("012").0.starts_with("leading zeros"));
    let (msg, span) = first_error("x = 12abc + 1");
    assert_eq!(msg, "invalid decimal literal");
    assert_eq!(span, Span::new(4, 9));
}

#[test]
fn floats() {
    assert_eq!(first("1.5"), T::Float(1.5));
    assert_eq!(first("1."), T::Float(1.0));
    assert_eq!(first(".5"), T::Float(0.5));
    assert_eq!(first("1e-3"), T::Float(0.001));
    assert_eq!(first("2.5E+4"), T::Float(25000.0));
    assert_eq!(first("1_0.2_5"), T::Float(10.25));
    assert_eq!(first("012.5"), T::Float(12.5));
    assert_eq!(first_error("1e").0, "invalid decimal literal");
    assert_eq!(first_error("1e+").0, "invalid decimal literal");
}

#[test]
fn strings_and_escapes() {
    assert_eq!(first(r#""a\nb\t\\\"'""#), T::Str("a\nb\t\\\"'".into()));
    assert_eq!(first(r"'it\'s'"), T::Str("it's".into()));
    assert_eq!(first(r"'\q'"), T::Str("\\q".into()));
    assert_eq!(first("'héllo ✓'"), T::Str("héllo ✓".into()));
    assert_eq!(first("''"), T::Str(String::new()));
    let (msg, span) = first_error("x = 'abc\ny = 1");
    assert_eq!(msg, "unterminated string literal");
    assert_eq!(span, Span::new(4, 8));
    assert_eq!(first_error("'abc\\").0, "unterminated string literal");
    // Triple-quoted strings span lines; raw strings keep backslashes.
    assert_eq!(kinds("x = \"\"\"doc\nstring\"\"\" + 1")[2], T::Str("doc\nstring".into()));
    assert_eq!(first(r"r'a\nb'"), T::Str("a\\nb".into()));
    assert_eq!(first(r"'\x41\u00e9'"), T::Str("Aé".into()));
    let (msg, _) = first_error("x = '''never closed\n");
    assert_eq!(msg, "unterminated triple-quoted string literal");
}

#[test]
fn unterminated_string_closes_brackets() {
    let k = kinds("f('abc\ny");
    assert_eq!(k[3], T::Newline);
    assert_eq!(k[4], T::Name("y".into()));
    assert_eq!(lex("f('abc\n").open_brackets, 0);
}

#[test]
fn operators_longest_match() {
    let k = kinds("a **= b // c //= d << e <<= f != g == h ... .");
    assert!(k.contains(&T::AugAssign(BinOp::Pow)));
    assert!(k.contains(&T::DoubleSlash));
    assert!(k.contains(&T::AugAssign(BinOp::FloorDiv)));
    assert!(k.contains(&T::Shl));
    assert!(k.contains(&T::AugAssign(BinOp::Shl)));
    assert!(k.contains(&T::NotEq));
    assert!(k.contains(&T::EqEq));
    assert!(k.contains(&T::Ellipsis));
    assert!(k.contains(&T::Dot));
}

#[test]
fn keywords_and_names() {
    assert_eq!(
        kinds("True False None and or not is in del with wither _x1"),
        vec![
            T::True,
            T::False,
            T::None,
            T::And,
            T::Or,
            T::Not,
            T::Is,
            T::In,
            T::Del,
            T::With,
            T::Name("wither".into()),
            T::Name("_x1".into()),
            T::Newline,
            T::Eof
        ]
    );
}

#[test]
fn invalid_characters_point_at_the_char() {
    let (msg, span) = first_error("x = $y");
    assert_eq!(msg, "invalid character '$'");
    assert_eq!(span, Span::new(4, 5));
    let (msg, span) = first_error("café = 1");
    assert_eq!(msg, "invalid character 'é' (U+00E9)");
    assert_eq!(span, Span::new(3, 5));
    assert_eq!(first_error("a ! b").0, "invalid character '!'");
    assert_eq!(
        first_error("\u{7}").0,
        "invalid character '\\u{7}' (U+0007)"
    );
}

#[test]
fn newlines_only_outside_brackets() {
    assert_eq!(
        kinds("f(1,\n 2)\nx"),
        vec![
            T::Name("f".into()),
            T::LParen,
            T::Int(1),
            T::Comma,
            T::Int(2),
            T::RParen,
            T::Newline,
            T::Name("x".into()),
            T::Newline,
            T::Eof
        ]
    );
}

#[test]
fn comments_blank_lines_and_continuations() {
    assert_eq!(
        kinds("#!/usr/bin/env tsr\n\n   \n  # indented comment\nx = 1 + \\\n    2 # done\n"),
        vec![
            T::Name("x".into()),
            T::Assign,
            T::Int(1),
            T::Plus,
            T::Int(2),
            T::Newline,
            T::Eof
        ]
    );
    assert!(lex("x = 1 + \\\n").trailing_continuation);
    assert!(lex("x = 1 + \\").trailing_continuation);
    assert!(!lex("x = 1 + \\\n2").trailing_continuation);
    assert_eq!(
        first_error("x = 1 \\ 2").0,
        "unexpected character after line continuation character"
    );
}

#[test]
fn indentation() {
    let k = kinds("with a:\n    x\n    y\nz\n");
    assert_eq!(
        k,
        vec![
            T::With,
            T::Name("a".into()),
            T::Colon,
            T::Newline,
            T::Indent,
            T::Name("x".into()),
            T::Newline,
            T::Name("y".into()),
            T::Newline,
            T::Dedent,
            T::Name("z".into()),
            T::Newline,
            T::Eof
        ]
    );
    // Dedents are closed at the end of the text.
    let k = kinds("a:\n  b:\n    c");
    assert_eq!(k.iter().filter(|k| **k == T::Indent).count(), 2);
    assert_eq!(k.iter().filter(|k| **k == T::Dedent).count(), 2);
    assert_eq!(
        first_error("a:\n    b\n  c\n").0,
        "unindent does not match any outer indentation level"
    );
}

#[test]
fn crlf_line_endings() {
    assert_eq!(
        kinds("x = 1\r\ny\r\n"),
        vec![
            T::Name("x".into()),
            T::Assign,
            T::Int(1),
            T::Newline,
            T::Name("y".into()),
            T::Newline,
            T::Eof
        ]
    );
}

#[test]
fn spans_are_byte_ranges() {
    let toks = lex("ab  = 'é'").tokens;
    assert_eq!(toks[0].span, Span::new(0, 2));
    assert_eq!(toks[1].span, Span::new(4, 5));
    assert_eq!(toks[2].span, Span::new(6, 10));
    assert_eq!(toks.last().unwrap().span, Span::new(10, 10));
}

#[test]
fn never_closed_brackets_end_at_a_shallower_line() {
    let lexed = lex("z = (1 +\n    2\nprint x\n");
    assert_eq!(lexed.open_brackets, 1);
    assert_eq!(lexed.unclosed, [4]);
    let k: Vec<TokenKind> = lexed.tokens.into_iter().map(|t| t.kind).collect();
    // `2` continues the statement (indented deeper), `print` starts a new one.
    assert_eq!(k[5], T::Int(2));
    assert_eq!(k[6], T::Newline);
    assert_eq!(k[7], T::Name("print".into()));
    // Closed brackets are untouched, and so is the REPL's view.
    let lexed = lex("f(1,\n2)\n");
    assert_eq!(lexed.open_brackets, 0);
    assert!(lexed.unclosed.is_empty());
    assert_eq!(lex("f((1)\n").unclosed, [1]);
}
