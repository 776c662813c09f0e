//! The Python object model: values' behaviour as Python defines it, apart
//! from tensors (the torch module) and from the reports.
//!
//! - `dict.rs`: hash keys and the insertion-ordered dict/set table;
//! - `exc.rs`: exception types, their hierarchy and Python's messages;
//! - `func.rs`: scopes, closures and calling a `def`/`lambda`;
//! - `generator.rs`: generator expressions, run lazily;
//! - `seq.rs`: iteration, indexing and slicing of Python sequences;
//! - `compare.rs`: `==`, ordering, `in` and arithmetic on Python values;
//! - `repr.rs`: `repr()` and `str()`;
//! - `format.rs`: format specs, f-strings, `%` and `str.format`;
//! - `builtins.rs`: the builtin functions, one table row each (`numbers.rs`:
//!   `int`/`float`/`round`; `sort.rs`: `sorted` and `list.sort`);
//! - `methods.rs`: methods of str, list, dict and set.
pub mod builtins;
pub mod compare;
pub mod dict;
pub mod exc;
pub mod format;
pub mod math;
pub mod func;
pub mod generator;
pub mod methods;
pub mod numbers;
pub mod repr;
pub mod seq;
pub mod sort;
pub mod str_methods;
