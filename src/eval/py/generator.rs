//! Generator expressions, run lazily as in Python: the first iterable is
//! evaluated when the generator is made, everything else one item at a
//! time as it is consumed (side effects happen then, and items appended
//! to a list meanwhile are seen).

use std::cell::RefCell;
use std::rc::Rc;

use crate::engine::ErrorKind;
use crate::lang::ast::{Comprehension, Expr};
use crate::lang::span::Span;

use super::super::error::{EvalError, EvalResult};
use super::super::interp::Interp;
use super::super::value::{Scope, Value};
use super::seq::PyIter;

/// A suspended generator expression.
pub struct Generator {
    /// The expression and clauses, shared (each item reads them).
    elt: Rc<Expr>,
    gens: Rc<[Comprehension]>,
    scope: Rc<RefCell<Scope>>,
    /// One iterator per running `for` clause, outermost first.
    iters: Vec<PyIter>,
    running: bool,
}

impl std::fmt::Debug for Generator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "<generator object <genexpr>>")
    }
}

impl Interp {
    /// `(elt for … in …)`: evaluates the first iterable now.
    pub fn make_generator(&mut self, elt: &Expr, gens: &[Comprehension]) -> EvalResult<Value> {
        let Some(first) = gens.first() else {
            return Err(EvalError::new(ErrorKind::SyntaxError, "a generator needs a for clause", elt.span));
        };
        let seq = self.eval(&first.iter)?;
        let it = self.iter_of(&seq, first.iter.span)?;
        let scope = Rc::new(RefCell::new(Scope { vars: Default::default(), parent: self.scope.clone(), func: None }));
        Ok(Value::Gen(Rc::new(RefCell::new(Generator { elt: Rc::new(elt.clone()), gens: Rc::from(gens), scope, iters: vec![it], running: false }))))
    }

    /// The generator's next item, or `None` when it is exhausted.
    pub fn gen_next(&mut self, g: &Rc<RefCell<Generator>>, span: Span) -> EvalResult<Option<Value>> {
        let (mut iters, scope, elt, gens) = {
            let mut st = g.borrow_mut();
            if st.running {
                return Err(EvalError::new(ErrorKind::ValueError, "generator already executing", span));
            }
            st.running = true;
            (std::mem::take(&mut st.iters), st.scope.clone(), st.elt.clone(), st.gens.clone())
        };
        let saved = self.scope.replace(scope);
        let result = self.gen_step(&mut iters, &elt, &gens, span);
        self.scope = saved;
        let mut st = g.borrow_mut();
        st.running = false;
        // A generator that raised or ended is finished.
        st.iters = if matches!(result, Ok(Some(_))) { iters } else { vec![] };
        result
    }

    fn gen_step(&mut self, iters: &mut Vec<PyIter>, elt: &Expr, gens: &[Comprehension], span: Span) -> EvalResult<Option<Value>> {
        'next: loop {
            self.check_interrupt(span)?;
            let Some(k) = iters.len().checked_sub(1) else { return Ok(None) };
            let g = &gens[k];
            let Some(item) = self.next_item(&mut iters[k], g.iter.span)? else {
                iters.pop();
                continue;
            };
            self.assign_target(&g.target, item)?;
            for cond in &g.ifs {
                let c = self.eval(cond)?;
                if !super::super::expr::truthy(&c, cond.span)? {
                    continue 'next;
                }
            }
            if let Some(inner) = gens.get(k + 1) {
                let seq = self.eval(&inner.iter)?;
                let it = self.iter_of(&seq, inner.iter.span)?;
                iters.push(it);
                continue;
            }
            return Ok(Some(self.eval(elt)?));
        }
    }
}
