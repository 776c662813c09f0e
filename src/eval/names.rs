//! Builtin names: functions, dtypes, modules and constants, reachable bare
//! (`arange`) or through `torch.` (`torch.arange`, `torch.cuda.…`); and
//! "did you mean" suggestions for unknown names.

use crate::engine::{DType, ErrorKind};
use crate::lang::span::Span;

use super::error::EvalError;
use super::value::Value;

/// Is `name` a torch function (`f(...)` or `torch.f(...)`)? The names
/// are the registry's function rows.
pub fn is_function(name: &str) -> bool {
    !name.contains('.') && super::registry::function(name).is_some()
}

/// Constants: memory formats and friends.
pub const CONSTANTS: &[&str] = &["contiguous_format", "channels_last", "channels_last_3d", "preserve_format", "strided", "sparse_coo", "inf", "nan"];

/// Modules that can be prefixes.
pub const MODULES: &[&str] = &["torch", "cuda", "cpu"];

/// The builtin bound to `name`, if any.
pub fn builtin(name: &str) -> Option<Value> {
    let name = name.strip_prefix("torch.").unwrap_or(name);
    if let Some(d) = DType::from_name(name) {
        return Some(Value::DType(d));
    }
    match name {
        "torch" => return Some(Value::Module("torch")),
        "cuda" => return Some(Value::Module("torch.cuda")),
        "autograd" => return Some(Value::Module("torch.autograd")),
        "_C" => return Some(Value::Module("torch._C")),
        "contiguous_format" => return Some(Value::MemoryFormat("contiguous_format")),
        "channels_last" => return Some(Value::MemoryFormat("channels_last")),
        "channels_last_3d" => return Some(Value::MemoryFormat("channels_last_3d")),
        "preserve_format" => return Some(Value::MemoryFormat("preserve_format")),
        "strided" => return Some(Value::Layout("strided")),
        "sparse_coo" => return Some(Value::Layout("sparse_coo")),
        "inf" => return Some(Value::Float(f64::INFINITY)),
        "nan" => return Some(Value::Float(f64::NAN)),
        _ => {}
    }
    if super::memory::FUNCTIONS.contains(&name) && name.contains("memory") || name == "empty_cache" {
        return Some(Value::Function(format!("cuda.{name}")));
    }
    is_function(name).then(|| Value::Function(name.to_string()))
}

/// Every name completion and suggestions may offer.
pub fn all_builtin_names() -> Vec<String> {
    let mut v: Vec<String> = super::registry::function_names().chain(CONSTANTS.iter().copied()).chain(MODULES.iter().copied()).map(|s| s.to_string()).collect();
    v.extend(DType::ALL.iter().map(|d| d.name().to_string()));
    v.extend(["float", "double", "half", "long", "int", "short"].iter().map(|s| s.to_string()));
    v
}

/// The closest candidate to `name` (Jaro-Winkler ≥ 0.8), if any.
pub fn closest<'a>(name: &str, candidates: impl Iterator<Item = &'a str>) -> Option<String> {
    // Jaro-Winkler is quadratic-ish in the lengths: a 1 MB name took seconds
    // per candidate. Names that long are never typos of a real name.
    const MAX_LEN: usize = 256;
    if name.len() > MAX_LEN {
        return None;
    }
    candidates
        .filter(|c| c.len() <= MAX_LEN)
        .map(|c| (strsim::jaro_winkler(name, c), c))
        .filter(|(score, c)| *score >= 0.8 && *c != name)
        .max_by(|a, b| a.0.partial_cmp(&b.0).unwrap_or(std::cmp::Ordering::Equal))
        .map(|(_, c)| c.to_string())
}

/// `NameError` with a "did you mean" hint from bindings and builtins.
pub fn unknown_name<'a>(name: &str, bound: impl Iterator<Item = &'a String>, span: Span) -> EvalError {
    let builtins = all_builtin_names();
    let mut cands: Vec<&str> = bound.map(|s| s.as_str()).collect();
    cands.extend(builtins.iter().map(|s| s.as_str()));
    let err = EvalError::new(ErrorKind::NameError, format!("name '{name}' is not defined"), span);
    match closest(name, cands.into_iter()) {
        Some(c) => err.with_hint(format!("did you mean `{c}`?")),
        None => err,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_torch_prefix_and_dtypes() {
        assert!(matches!(builtin("torch.float16"), Some(Value::DType(DType::Float16))));
        assert!(matches!(builtin("arange"), Some(Value::Function(f)) if f == "arange"));
        assert!(builtin("arnage").is_none());
    }

    #[test]
    fn suggests_close_names() {
        assert_eq!(closest("transpos", ["transpose", "t", "view"].into_iter()), Some("transpose".into()));
        assert_eq!(closest("zzz", ["transpose"].into_iter()), None);
    }
}
