//! Teaching statements: builds `report::teach` reports from the session.

use crate::engine::ErrorKind;
use crate::lang::ast::Expr;
use crate::lang::span::Span;
use crate::report::Report;

use super::error::{EvalError, EvalResult};
use super::interp::Interp;

pub fn run(_it: &mut Interp, keyword: &str, _kspan: Span, _args: &[Expr], span: Span) -> EvalResult<Vec<Report>> {
    Err(EvalError::new(
        ErrorKind::NotImplementedError,
        format!("`{keyword}` is not available yet in this version of tsr"),
        span,
    ))
}
