//! The syntax tree. Every node carries the byte span of the text it came from,
//! so the evaluator can point at the exact operand that failed.

use super::span::Span;

#[derive(Debug, Clone, PartialEq)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub enum StmtKind {
    /// A bare expression (echoed in the REPL).
    Expr(Expr),
    /// `a = expr`, `a, b = expr`, `y[0, 1] = expr`, `a = b = expr`.
    Assign { targets: Vec<Target>, value: Expr },
    /// `y += expr` (in place, as in PyTorch).
    AugAssign { target: Target, op: BinOp, value: Expr },
    /// `del a, b`.
    Del(Vec<Target>),
    /// A reporting statement: `inspect x, y`, `print x`, `storage x`, `share`, …
    /// `keyword` is one of [`REPORT_KEYWORDS`].
    Report { keyword: String, keyword_span: Span, args: Vec<Expr> },
    /// `with NAME(): <indented block>` (used for `no_grad`).
    With { context: Expr, body: Vec<Stmt> },
}

/// Words that start a reporting statement when they begin a statement and are
/// followed by something other than `=`, an augmented assignment, `.`, `[` or `,`.
pub const REPORT_KEYWORDS: &[&str] = &[
    "inspect", "print", "storage", "map", "share", "overlap", "addr", "bytes", "lineage",
    "explain", "diff", "contiguity", "mem", "memtrace", "timeit", "graph",
];

#[derive(Debug, Clone, PartialEq)]
pub enum Target {
    Name(String, Span),
    /// `a, b` or `(a, b)` or `[a, b]` on the left of `=`.
    Tuple(Vec<Target>, Span),
    /// `x[...]` on the left of `=` (item assignment through a view).
    Index { obj: Box<Expr>, items: Vec<IndexItem>, span: Span },
    /// `x.grad` on the left of `=`.
    Attr { obj: Box<Expr>, name: String, span: Span },
}

impl Target {
    pub fn span(&self) -> Span {
        match self {
            Target::Name(_, s) | Target::Tuple(_, s) => *s,
            Target::Index { span, .. } | Target::Attr { span, .. } => *span,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    Int(i64),
    Float(f64),
    Bool(bool),
    None,
    Str(String),
    Ellipsis,
    Name(String),
    /// `obj.name`; `name_span` covers just the attribute name.
    Attr { obj: Box<Expr>, name: String, name_span: Span },
    /// `func(args…)`; `func` is usually a `Name` or an `Attr` (a method call).
    Call { func: Box<Expr>, args: Vec<Arg> },
    /// `obj[items…]`.
    Index { obj: Box<Expr>, items: Vec<IndexItem> },
    Unary { op: UnOp, operand: Box<Expr> },
    Binary { op: BinOp, lhs: Box<Expr>, rhs: Box<Expr> },
    /// `a < b`, `a == b`, … (a chain `a < b < c` is `(a < b) and (b < c)`
    /// only for scalars; tsr keeps the first pair and rejects longer chains).
    Compare { op: CmpOp, lhs: Box<Expr>, rhs: Box<Expr> },
    /// `a and b`, `a or b`.
    Logic { op: LogicOp, lhs: Box<Expr>, rhs: Box<Expr> },
    Tuple(Vec<Expr>),
    List(Vec<Expr>),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Arg {
    /// `Some` for keyword arguments `name=value`.
    pub name: Option<(String, Span)>,
    pub value: Expr,
}

#[derive(Debug, Clone, PartialEq)]
pub enum IndexItem {
    /// An integer, a tensor, `None` or `...` (as an `Expr`).
    Expr(Expr),
    /// `start:stop:step`, each optional.
    Slice { start: Option<Expr>, stop: Option<Expr>, step: Option<Expr>, span: Span },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Pos,
    Invert,
    Not,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    FloorDiv,
    Mod,
    Pow,
    MatMul,
    BitAnd,
    BitOr,
    BitXor,
    Shl,
    Shr,
}

impl BinOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::FloorDiv => "//",
            BinOp::Mod => "%",
            BinOp::Pow => "**",
            BinOp::MatMul => "@",
            BinOp::BitAnd => "&",
            BinOp::BitOr => "|",
            BinOp::BitXor => "^",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CmpOp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    Is,
    IsNot,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogicOp {
    And,
    Or,
}
