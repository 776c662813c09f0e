//! Expressions: literals, names, attributes, calls, indexing and operators.

use std::rc::Rc;

use crate::engine::ops::index::{index_layout, IndexSpec};
use crate::engine::{ErrorKind, Tensor};
use crate::lang::ast::{Arg, Expr, ExprKind, IndexItem, LogicOp, UnOp};
use crate::lang::span::Span;

use super::args::{to_int, Args};
use super::error::{AtSpan, EvalError, EvalResult};
use super::interp::Interp;
use super::value::Value;

impl Interp {
    pub fn eval(&mut self, e: &Expr) -> EvalResult<Value> {
        let v = self.eval_expr(e)?;
        // An op that linked to an output of a multi-output view whose base
        // changed in place fails here (recording itself cannot fail).
        super::grad::attrs::check_invalid_use(e.span)?;
        Ok(v)
    }

    fn eval_expr(&mut self, e: &Expr) -> EvalResult<Value> {
        match &e.kind {
            ExprKind::Int(i) => Ok(Value::Int(*i)),
            ExprKind::Float(f) => Ok(Value::Float(*f)),
            ExprKind::Bool(b) => Ok(Value::Bool(*b)),
            ExprKind::None => Ok(Value::None),
            ExprKind::Str(s) => Ok(Value::Str(s.clone())),
            ExprKind::Ellipsis => Ok(Value::Ellipsis),
            ExprKind::Name(n) => self.lookup_name(n, e.span),
            ExprKind::Tuple(xs) => {
                let items = self.eval_items(xs)?;
                self.check_container(&items, e.span)?;
                Ok(Value::Tuple(items))
            }
            ExprKind::List(xs) => {
                let items = self.eval_items(xs)?;
                self.check_container(&items, e.span)?;
                Ok(Value::list(items))
            }
            ExprKind::Attr { obj, name, name_span } => {
                let o = self.eval(obj)?;
                self.get_attr(o, name, *name_span)
            }
            ExprKind::Chain { .. }
            | ExprKind::Set(_)
            | ExprKind::Dict(_)
            | ExprKind::Starred(_)
            | ExprKind::IfExp { .. }
            | ExprKind::Lambda(_)
            | ExprKind::Comp { .. }
            | ExprKind::DictComp { .. }
            | ExprKind::FString(_)
            | ExprKind::NamedExpr { .. } => self.eval_python(e),
            ExprKind::Call { func, args } => self.call(func, args, e.span),
            ExprKind::Index { obj, items } => {
                let o = self.eval(obj)?;
                self.index(o, items, e.span)
            }
            ExprKind::Unary { op, operand } => {
                let v = self.eval(operand)?;
                super::ops::unary(self, *op, &v, e.span)
            }
            ExprKind::Binary { op, lhs, rhs } => {
                let a = self.eval(lhs)?;
                let b = self.eval(rhs)?;
                super::ops::binop(self, *op, &a, &b, e.span)
            }
            ExprKind::Compare { op, lhs, rhs } => {
                let a = self.eval(lhs)?;
                let b = self.eval(rhs)?;
                self.compare_values(*op, &a, &b, e.span)
            }
            ExprKind::Logic { op, lhs, rhs } => {
                let a = self.eval(lhs)?;
                let t = truthy(&a, lhs.span)?;
                match (op, t) {
                    (LogicOp::And, false) | (LogicOp::Or, true) => Ok(a),
                    _ => self.eval(rhs),
                }
            }
        }
    }

    /// Tuples hold their items by value: `x = (x,)` on 3000 lines
    /// overflowed the stack when printed (every printer and `tensor()`
    /// recurse per level), and `x = (x, x)` doubles x's size each time. A new
    /// tuple or list display is bounded in depth and in host memory (the
    /// `--max-memory` cap); lists grown later are checked by `check_len`.
    pub fn check_container(&self, items: &[Value], span: Span) -> EvalResult<()> {
        // 100 also keeps `--json` values within common parsers' nesting
        // limits (serde_json stops at 128).
        const MAX_DEPTH: usize = 100;
        // Values live outside the tensor allocator and are copied whole by
        // every use (`[x, x]` holds three copies of x for a moment): keep one
        // to an eighth of the cap, and at most 4M values.
        let limit = ((self.ctx.cpu.cap / 8 / std::mem::size_of::<Value>() as u64) as usize).min(1 << 22);
        let (mut nodes, mut depth) = (0usize, 0usize);
        let mut stack: Vec<(&Value, usize)> = items.iter().map(|v| (v, 2)).collect();
        while let Some((v, d)) = stack.pop() {
            nodes += 1;
            depth = depth.max(d);
            if depth > MAX_DEPTH {
                return Err(EvalError::new(
                    ErrorKind::RuntimeError,
                    format!("maximum recursion depth exceeded: tsr nests tuples and lists at most {MAX_DEPTH} levels deep"),
                    span,
                ));
            }
            if nodes > limit {
                return Err(EvalError::new(
                    ErrorKind::OutOfMemoryError,
                    format!("tsr holds at most {limit} values in one tuple or list (nested ones included); this one has more"),
                    span,
                )
                .with_hint("tuples and lists hold copies, not references: `x = [x, x]` doubles x"));
            }
            if let Value::Tuple(xs) = v {
                stack.extend(xs.iter().map(|x| (x, d + 1)));
            }
        }
        Ok(())
    }

    /// Attribute `name` of `o` (methods of Python values come back bound).
    pub fn get_attr(&mut self, o: Value, name: &str, span: Span) -> EvalResult<Value> {
        if let Some(v) = self.python_attr(&o, name, span)? {
            return Ok(v);
        }
        match o {
            Value::Module(m) => {
                let full = format!("{}.{}", m, name);
                let found = if m == "torch" {
                    super::names::builtin(name)
                } else {
                    super::builtins::module_attr(m, name)
                };
                found.ok_or_else(|| {
                    let err = EvalError::new(
                        ErrorKind::AttributeError,
                        format!("module '{m}' has no attribute '{name}'"),
                        span,
                    );
                    let names = super::names::all_builtin_names();
                    match super::names::closest(name, names.iter().map(|s| s.as_str())) {
                        Some(c) if m == "torch" => err.with_hint(format!("did you mean `torch.{c}`?")),
                        _ => {
                            let _ = full;
                            err
                        }
                    }
                })
            }
            Value::Tensor(t) => super::methods::attribute(self, &t, name, span),
            Value::GradFn(n) => match name {
                "next_functions" => Ok(Value::Tuple(
                    n.next
                        .iter()
                        .map(|e| {
                            // PyTorch's (node, input_nr) pairs: which output of the node.
                            let (v, nr) = match e {
                                Some(crate::engine::autograd::Edge::Node(m, nr)) => (Value::GradFn(m.clone()), *nr),
                                Some(crate::engine::autograd::Edge::Leaf(l)) => (Value::AccumulateGrad(l.clone()), 0),
                                None => (Value::None, 0),
                            };
                            Value::Tuple(vec![v, Value::Int(nr as i64)])
                        })
                        .collect(),
                )),
                _ => Err(no_attr(&n.name, name, span)),
            },
            Value::NamedTuple(ty, fs) => fs
                .into_iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v)
                .ok_or_else(|| no_attr(&format!("torch.return_types.{ty}"), name, span)),
            Value::DType(d) => super::typeinfo::dtype_attr(d, name).ok_or_else(|| no_attr("torch.dtype", name, span)),
            Value::TypeInfo(d) => super::typeinfo::attr(d, name, span),
            Value::Device(d) => d.attr(name).ok_or_else(|| no_attr("torch.device", name, span)),
            other => Err(no_attr(other.type_name(), name, span)),
        }
    }

    fn call(&mut self, func: &Expr, args: &[Arg], span: Span) -> EvalResult<Value> {
        // A method call on a tensor: evaluate the receiver, then dispatch by name.
        if let ExprKind::Attr { obj, name, name_span } = &func.kind {
            let recv = self.eval(obj)?;
            if let Value::Storage(st) = &recv {
                return storage_method(st, name, *name_span);
            }
            if let Value::NdArray(arr) = &recv
                && super::numpy_module::METHODS.contains(&name.as_str())
            {
                let (pos, _) = self.eval_call_args(args)?;
                return super::numpy_module::method(self, arr, name, pos, span);
            }
            if let (Value::NpScalar(_, s), "item") = (&recv, name.as_str()) {
                return Ok(Value::from_scalar(*s));
            }
            if let Value::TypedStorage(s) = &recv
                && super::typed_storage::METHODS.contains(&name.as_str())
            {
                let (pos, _) = self.eval_call_args(args)?;
                return super::typed_storage::method(s, name, &pos, span);
            }
            if let Value::Hook(h) = &recv {
                let (pos, _) = self.eval_call_args(args)?;
                return super::hooks::handle_method(self, h, name, &pos, span);
            }
            if let Value::Generator(g) = &recv {
                let (pos, _) = self.eval_call_args(args)?;
                return super::generator_value::method(self, g, name, &pos, span);
            }
            if let Value::SafeOpen(f) = &recv {
                let (pos, _) = self.eval_call_args(args)?;
                return super::files_numpy::safe_open_method(self, f, name, pos, span);
            }
            if let (Value::GradFn(n), "name") = (&recv, name.as_str()) {
                // PyTorch's C++ node names carry their namespace.
                use super::registry::nodes;
                let full = match n.name.as_str() {
                    own if [nodes::COPY_SLICES, nodes::COPY_BACKWARDS, nodes::NOT_IMPLEMENTED].contains(&own) => format!("torch::autograd::{own}"),
                    other => other.to_string(),
                };
                return Ok(Value::Str(full));
            }
            if let (Value::AccumulateGrad(_), "name") = (&recv, name.as_str()) {
                return Ok(Value::Str("torch::autograd::AccumulateGrad".into()));
            }
            if let Value::Tensor(t) = &recv {
                let a = self.eval_args(name, args, span)?;
                let op_text = Span::new(name_span.start, span.end).text(&self.src).to_string();
                return super::methods::call(self, t, name, a, *name_span, &op_text);
            }
            if !matches!(recv, Value::Tensor(_)) && super::py::methods::has_method(&recv, name) {
                let (pos, kw) = self.eval_call_args(args)?;
                return super::py::methods::call_method(self, &recv, name, pos, kw, span);
            }
            let f = self.get_attr(recv, name, *name_span)?;
            return self.call_value(f, args, span, func.span);
        }
        if let Some(v) = super::registry::help::help_attr_call(self, func, args)? {
            return Ok(v);
        }
        let f = self.eval(func)?;
        self.call_value(f, args, span, func.span)
    }

    fn call_value(&mut self, f: Value, args: &[Arg], span: Span, fspan: Span) -> EvalResult<Value> {
        if !matches!(f, Value::Function(_)) || args.iter().any(|a| a.star > 0) {
            let (pos, kw) = self.eval_call_args(args)?;
            return self.call_value_args_at(f, pos, kw, span, fspan);
        }
        match f {
            Value::Function(fname) => {
                let a = self.eval_args(&fname, args, span)?;
                let op_text = span.text(&self.src).to_string();
                super::builtins::call(self, &fname, a, &op_text)
            }
            Value::DType(_) | Value::Module(_) => Err(EvalError::type_error(
                format!("'{}' object is not callable", f.type_name()),
                fspan,
            )),
            other => Err(EvalError::type_error(
                format!("'{}' object is not callable", other.type_name()),
                fspan,
            )),
        }
    }

    pub(super) fn eval_args(&mut self, name: &str, args: &[Arg], span: Span) -> EvalResult<Args> {
        let mut a = Args { name: name.to_string(), pos: vec![], kw: vec![], span, pos_base: 0 };
        for arg in args {
            // `x.view(*shape)`, `f(**opts)`: spread into positional and keyword arguments.
            if arg.star == 1 {
                let v = self.eval(&arg.value)?;
                for x in self.items_of(&v, arg.value.span)? {
                    a.pos.push((torch_type(x), arg.value.span));
                }
                continue;
            }
            if arg.star == 2 {
                let Value::Dict(d) = self.eval(&arg.value)? else {
                    return Err(EvalError::type_error("argument after ** must be a mapping", arg.value.span));
                };
                for (k, x) in d.borrow().items() {
                    let Value::Str(k) = k else {
                        return Err(EvalError::type_error("keywords must be strings", arg.value.span));
                    };
                    if a.kw.iter().any(|(n, _, _)| *n == k) {
                        return Err(EvalError::type_error(format!("{name}() got multiple values for keyword argument '{k}'"), arg.value.span));
                    }
                    a.kw.push((k, torch_type(x), arg.value.span));
                }
                continue;
            }
            let v = torch_type(self.eval(&arg.value)?);
            match &arg.name {
                Some((k, s)) => {
                    if a.kw.iter().any(|(n, _, _)| n == k) {
                        return Err(EvalError::new(
                            ErrorKind::SyntaxError,
                            format!("keyword argument repeated: {k}"),
                            *s,
                        ));
                    }
                    a.kw.push((k.clone(), v, arg.value.span));
                }
                None => a.pos.push((v, arg.value.span)),
            }
        }
        Ok(a)
    }

    pub(super) fn index(&mut self, o: Value, items: &[IndexItem], span: Span) -> EvalResult<Value> {
        match o {
            Value::Tensor(t) => {
                let r = Value::tensor(index_or_copy(self, &t, items, span)?);
                super::view_base::mark(&r, std::slice::from_ref(&t));
                Ok(r)
            }
            Value::NdArray(a) => super::numpy_module::index(self, &a, items, span),
            other => self.index_python(other, items, span),
        }
    }

    pub fn opt_int(&mut self, e: &Option<Expr>) -> EvalResult<Option<i64>> {
        match e {
            None => Ok(None),
            Some(e) => match self.eval(e)? {
                Value::None => Ok(None),
                v => to_int(&v).map(Some).ok_or_else(|| {
                    EvalError::type_error(
                        "slice indices must be integers or None or have an __index__ method",
                        e.span,
                    )
                }),
            },
        }
    }
}

/// `x[items]`: a view for basic indices, a copy for advanced ones.
pub fn index_or_copy(it: &mut Interp, t: &Rc<Tensor>, items: &[IndexItem], span: Span) -> EvalResult<Tensor> {
    let mut first = None;
    if let [IndexItem::Expr(e)] = items {
        let v = it.eval(e)?;
        if let Some(out) = it.mask_get(t, &v, span)? {
            return Ok(out);
        }
        first = Some(v);
    }
    match it.eval_indices_with(items, first, t.ndim(), span)? {
        super::advindex::Indices::Basic(specs, tuple) => basic_view(it, t, &specs, tuple, span),
        super::advindex::Indices::Advanced(adv) => it.advanced_get(t, &adv, span),
        super::advindex::Indices::PyBool(b) => it.advanced_get(t, &[crate::engine::ops::advanced::AdvItem::Bool(b)], span),
    }
}

pub(super) fn basic_view(it: &mut Interp, t: &Rc<Tensor>, specs: &[IndexSpec], tuple: bool, span: Span) -> EvalResult<Tensor> {
    let l = index_layout(t.layout(), specs).at(span)?;
    let text = span.text(&it.src).to_string();
    let op = text.find('[').map(|i| text[i..].to_string()).unwrap_or(text);
    let tuple = tuple || super::grad::index_views::trailing_comma(&op);
    Ok(super::grad::index_views::record_index(it, t, specs, tuple, t.view_as_layout(l, &op)))
}

fn no_attr(ty: &str, name: &str, span: Span) -> EvalError {
    EvalError::new(ErrorKind::AttributeError, format!("'{ty}' object has no attribute '{name}'"), span)
}

pub fn truthy(v: &Value, span: Span) -> EvalResult<bool> {
    v.truthy().ok_or_else(|| {
        let what = match v {
            Value::Tensor(t) if t.numel() == 0 => "no values",
            _ => "more than one value",
        };
        EvalError::new(ErrorKind::RuntimeError, format!("Boolean value of Tensor with {what} is ambiguous"), span)
    })
}

pub fn unop_name(op: UnOp) -> &'static str {
    match op {
        UnOp::Neg => "-",
        UnOp::Pos => "+",
        UnOp::Invert => "~",
        UnOp::Not => "not",
    }
}

/// Methods of `x.untyped_storage()`.
fn storage_method(st: &crate::engine::storage::Storage, name: &str, span: Span) -> EvalResult<Value> {
    match name {
        "data_ptr" => Ok(Value::Int(st.data_ptr() as i64)),
        "nbytes" | "size" => Ok(Value::Int(st.nbytes() as i64)),
        "is_pinned" => Ok(Value::Bool(st.pinned())),
        "element_size" => Ok(Value::Int(1)),
        "tolist" => Ok(Value::list(st.bytes().bytes().iter().map(|&b| Value::Int(b as i64)).collect())),
        "is_shared" => Ok(Value::Bool(st.shared() || st.device.is_cuda())),
        "device" => Ok(Value::Device(st.device.into())),
        _ => Err(no_attr("torch.storage.UntypedStorage", name, span)),
    }
}

/// PyTorch's argument parser takes Python's types as dtypes.
pub(super) fn torch_type(v: Value) -> Value {
    match v {
        Value::Type("bool") => Value::DType(crate::engine::DType::Bool),
        Value::Type("int") => Value::DType(crate::engine::DType::Int64),
        Value::Type("float") => Value::DType(crate::engine::DType::Float64),
        v => v,
    }
}
