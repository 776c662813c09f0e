//! Python's scope rule, decided at parse time: a name bound anywhere in a
//! function body (assignment, `for` target, `def`, `import`, `except … as`,
//! `del`) is local to the function unless declared `global` or `nonlocal`.
//! Comprehensions and nested functions have scopes of their own and are not
//! entered.

use crate::lang::ast::{FuncDef, Param, Stmt, StmtKind, Target};
use crate::lang::span::Span;

pub fn func_def(name: String, params: Vec<Param>, body: Vec<Stmt>, span: Span) -> FuncDef {
    let mut bound: Vec<String> = params.iter().map(|p| p.name.clone()).collect();
    let mut globals = Vec::new();
    let mut nonlocals = Vec::new();
    // An explicit stack of statement lists (blocks nest at most MAX_BLOCKS deep anyway).
    let mut stack: Vec<&[Stmt]> = vec![&body];
    while let Some(stmts) = stack.pop() {
        for s in stmts {
            match &s.kind {
                StmtKind::Assign { targets, .. } => targets.iter().for_each(|t| target_names(t, &mut bound)),
                StmtKind::AugAssign { target, .. } => target_names(target, &mut bound),
                StmtKind::Del(ts) => ts.iter().for_each(|t| target_names(t, &mut bound)),
                StmtKind::For { target, body, orelse, .. } => {
                    target_names(target, &mut bound);
                    stack.push(body);
                    stack.push(orelse);
                }
                StmtKind::If { body, orelse, .. } | StmtKind::While { body, orelse, .. } => {
                    stack.push(body);
                    stack.push(orelse);
                }
                StmtKind::With { target, body, .. } => {
                    if let Some(t) = target {
                        target_names(t, &mut bound);
                    }
                    stack.push(body);
                }
                StmtKind::Try { body, handlers, orelse, finalbody } => {
                    stack.push(body);
                    stack.push(orelse);
                    stack.push(finalbody);
                    for h in handlers {
                        if let Some(n) = &h.name {
                            bound.push(n.clone());
                        }
                        stack.push(&h.body);
                    }
                }
                StmtKind::Def(f) => bound.push(f.name.clone()),
                StmtKind::Import(items) => {
                    for (m, alias, _) in items {
                        bound.push(alias.clone().unwrap_or_else(|| m.split('.').next().unwrap_or("").to_string()));
                    }
                }
                StmtKind::ImportFrom { names, .. } => {
                    for (n, alias, _) in names {
                        bound.push(alias.clone().unwrap_or_else(|| n.clone()));
                    }
                }
                StmtKind::Global(ns) => globals.extend(ns.iter().cloned()),
                StmtKind::Nonlocal(ns) => nonlocals.extend(ns.iter().cloned()),
                _ => {}
            }
        }
    }
    let mut locals: Vec<String> = Vec::new();
    for n in bound {
        if !globals.contains(&n) && !nonlocals.contains(&n) && !locals.contains(&n) {
            locals.push(n);
        }
    }
    FuncDef { name, params, body, span, locals, globals, nonlocals, posonly: 0, decorators: Vec::new() }
}

fn target_names(t: &Target, out: &mut Vec<String>) {
    match t {
        Target::Name(n, _) => out.push(n.clone()),
        Target::Tuple(ts, _) => ts.iter().for_each(|t| target_names(t, out)),
        Target::Starred(t, _) => target_names(t, out),
        Target::Index { .. } | Target::Attr { .. } => {}
    }
}
