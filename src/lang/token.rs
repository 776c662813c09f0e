//! Tokens produced by the lexer (`lexer.rs`) and consumed by the parser
//! (`parser.rs`). Every token carries the byte span of its source text.
//!
//! Besides ordinary tokens the stream contains layout tokens in the style of
//! Python's tokenizer (`Newline`, `Indent`, `Dedent`, `Eof`) and `Error`
//! tokens: the lexer never stops at a bad character, it records the problem
//! in the stream and keeps going, so that the parser can report it against
//! the statement it belongs to and recover at the next statement.

use super::ast::BinOp;
use super::span::Span;

#[derive(Debug, Clone, PartialEq)]
pub enum TokenKind {
    /// An integer literal (decimal, `0x`, `0o` or `0b`; underscores allowed).
    Int(i64),
    Float(f64),
    /// A string literal with its escapes already decoded.
    Str(String),
    /// An f-string: literal pieces and replacement fields (byte ranges of
    /// the source, parsed by the parser).
    FStr(Vec<FPiece>),
    /// An identifier that is not a keyword.
    Name(String),

    // Keywords.
    True,
    False,
    None,
    And,
    Or,
    Not,
    Is,
    In,
    Del,
    With,
    If,
    Elif,
    Else,
    For,
    While,
    Break,
    Continue,
    Pass,
    Def,
    Return,
    Lambda,
    Try,
    Except,
    Finally,
    Raise,
    Assert,
    Import,
    From,
    As,
    Global,
    Nonlocal,
    /// `class`, `yield`, `async`, `await`: recognised so that tsr can say
    /// it does not support them.
    Unsupported(&'static str),

    // Operators.
    Plus,
    Minus,
    Star,
    Slash,
    DoubleSlash,
    Percent,
    DoubleStar,
    At,
    Tilde,
    Amp,
    Pipe,
    Caret,
    Shl,
    Shr,
    Lt,
    Le,
    Gt,
    Ge,
    EqEq,
    NotEq,
    /// `=`.
    Assign,
    /// `+=`, `-=`, `**=`, …: the operator applied in place.
    AugAssign(BinOp),

    // Delimiters.
    LParen,
    RParen,
    LBracket,
    RBracket,
    LBrace,
    RBrace,
    Comma,
    Colon,
    Semi,
    Dot,
    Ellipsis,
    /// `->` (return annotations).
    Arrow,
    /// `:=` (not supported).
    Walrus,

    // Layout.
    /// End of a logical line (only emitted outside brackets, and only after a
    /// line that produced tokens).
    Newline,
    /// The line is indented deeper than the enclosing block.
    Indent,
    /// The line returns to a shallower indentation level (zero-width span).
    Dedent,
    /// End of input (zero-width span at the end of the text).
    Eof,

    /// A lexical error (invalid character, unterminated string, bad number…);
    /// the string is the complete error message.
    Error(String),
}

impl TokenKind {
    /// `(`, `[` or `{`.
    pub fn is_opener(&self) -> bool {
        matches!(
            self,
            TokenKind::LParen | TokenKind::LBracket | TokenKind::LBrace
        )
    }

    /// `)`, `]` or `}`.
    pub fn is_closer(&self) -> bool {
        matches!(
            self,
            TokenKind::RParen | TokenKind::RBracket | TokenKind::RBrace
        )
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    pub kind: TokenKind,
    pub span: Span,
}

impl Token {
    pub fn new(kind: TokenKind, span: Span) -> Self {
        Token { kind, span }
    }
}

/// A piece of an f-string.
#[derive(Debug, Clone, PartialEq)]
pub enum FPiece {
    Lit(String),
    /// `{expr=!r:spec}`: `expr` is the byte range of the expression text,
    /// `debug` the text echoed by `=` (expression, `=` and the spaces).
    Field { expr: (usize, usize), debug: Option<String>, conv: Option<char>, spec: Vec<FPiece> },
}
