//! The syntax tree. Every node carries the byte span of the text it came from,
//! so the evaluator can point at the exact operand that failed.

use std::rc::Rc;

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
    /// `with EXPR [as TARGET]:`.
    With { context: Expr, target: Option<Target>, body: Vec<Stmt> },
    /// `if`/`elif`/`else` (an `elif` is an `If` alone in `orelse`).
    If { test: Expr, body: Vec<Stmt>, orelse: Vec<Stmt> },
    While { test: Expr, body: Vec<Stmt>, orelse: Vec<Stmt> },
    For { target: Target, iter: Expr, body: Vec<Stmt>, orelse: Vec<Stmt> },
    Break,
    Continue,
    Pass,
    Return(Option<Expr>),
    /// `def name(params): body`.
    Def(Rc<FuncDef>),
    Try { body: Vec<Stmt>, handlers: Vec<Handler>, orelse: Vec<Stmt>, finalbody: Vec<Stmt> },
    /// `raise`, `raise E`, `raise E from C`.
    Raise { exc: Option<Expr>, cause: Option<Expr> },
    Assert { test: Expr, msg: Option<Expr> },
    /// `import a.b as c, d`: (dotted name, alias, span).
    Import(Vec<(String, Option<String>, Span)>),
    /// `from a.b import c as d, e` (`*` is the name "*").
    ImportFrom { module: String, names: Vec<(String, Option<String>, Span)> },
    Global(Vec<String>),
    Nonlocal(Vec<String>),
}

/// `except TYPE as NAME: body`.
#[derive(Debug, Clone, PartialEq)]
pub struct Handler {
    pub typ: Option<Expr>,
    pub name: Option<String>,
    pub body: Vec<Stmt>,
    pub span: Span,
}

/// A function: `def` or `lambda`.
#[derive(Debug, Clone, PartialEq)]
pub struct FuncDef {
    pub name: String,
    pub params: Vec<Param>,
    /// For a lambda: one `Return` statement.
    pub body: Vec<Stmt>,
    pub span: Span,
    /// Names bound in the body (assigned, loop targets, `def`s, imports,
    /// `except … as`), minus `global`/`nonlocal` ones: Python's locals.
    pub locals: Vec<String>,
    pub globals: Vec<String>,
    pub nonlocals: Vec<String>,
    /// How many leading parameters are positional-only (before `/`).
    pub posonly: usize,
    /// `@expr` lines above a `def`, top first.
    pub decorators: Vec<Expr>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamKind {
    /// An ordinary parameter (after `*` or `*args`: keyword-only).
    Normal,
    KwOnly,
    /// `*args`.
    VarArgs,
    /// `**kwargs`.
    VarKw,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Param {
    pub name: String,
    pub kind: ParamKind,
    pub default: Option<Expr>,
    pub span: Span,
}

/// One `for … in … if …` clause of a comprehension.
#[derive(Debug, Clone, PartialEq)]
pub struct Comprehension {
    pub target: Target,
    pub iter: Expr,
    pub ifs: Vec<Expr>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompKind {
    List,
    Set,
    Gen,
}

/// A piece of an f-string.
#[derive(Debug, Clone, PartialEq)]
pub enum FPart {
    Lit(String),
    Field { expr: Box<Expr>, debug: Option<String>, conv: Option<char>, spec: Vec<FPart> },
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
    /// `*rest` inside a tuple target.
    Starred(Box<Target>, Span),
}

impl Target {
    pub fn span(&self) -> Span {
        match self {
            Target::Name(_, s) | Target::Tuple(_, s) => *s,
            Target::Index { span, .. } | Target::Attr { span, .. } | Target::Starred(_, span) => *span,
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
    /// `a < b`, `a == b`, `x in xs`, …
    Compare { op: CmpOp, lhs: Box<Expr>, rhs: Box<Expr> },
    /// `a < b <= c`: each operand evaluated once, stops at the first false.
    Chain { operands: Vec<Expr>, ops: Vec<CmpOp> },
    /// `a and b`, `a or b`.
    Logic { op: LogicOp, lhs: Box<Expr>, rhs: Box<Expr> },
    Tuple(Vec<Expr>),
    List(Vec<Expr>),
    /// `{a, b}`.
    Set(Vec<Expr>),
    /// `{k: v, **d}` (`None` key: `**d`).
    Dict(Vec<(Option<Expr>, Expr)>),
    /// `*xs` in a display or a call.
    Starred(Box<Expr>),
    /// `a if cond else b`.
    IfExp { test: Box<Expr>, body: Box<Expr>, orelse: Box<Expr> },
    Lambda(Rc<FuncDef>),
    /// `[e for …]`, `{e for …}`, `(e for …)`.
    Comp { kind: CompKind, elt: Box<Expr>, gens: Vec<Comprehension> },
    /// `{k: v for …}`.
    DictComp { key: Box<Expr>, value: Box<Expr>, gens: Vec<Comprehension> },
    FString(Vec<FPart>),
    /// `name := value`.
    NamedExpr { name: String, value: Box<Expr> },
}

#[derive(Debug, Clone, PartialEq)]
pub struct Arg {
    /// `Some` for keyword arguments `name=value`.
    pub name: Option<(String, Span)>,
    pub value: Expr,
    /// `*value` (1) or `**value` (2).
    pub star: u8,
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
    In,
    NotIn,
}

impl CmpOp {
    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Is => "is",
            CmpOp::IsNot => "is not",
            CmpOp::In => "in",
            CmpOp::NotIn => "not in",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogicOp {
    And,
    Or,
}
