//! The evaluator: runs statements against a session's bindings, calling the
//! engine and building reports. It never prints: it returns `Report`s.
pub mod advindex;
pub mod args;
pub mod builtins;
pub mod error;
pub mod grad;
pub mod expr;
pub mod ext;
pub mod files;
pub mod files_numpy;
pub mod flow;
pub mod globals;
pub mod host_memory;
pub mod interp;
pub mod literal;
pub mod matmul;
pub mod memory;
pub mod methods;
pub mod names;
pub mod ndarray;
pub mod numpy_module;
pub mod pieces;
pub mod printopts;
pub mod py;
pub mod pyexpr;
pub mod ops;
pub mod reductions;
pub mod registry;
pub mod setitem;
pub mod snapshot;
pub mod teach;
pub mod typed_storage;
pub mod value;
pub mod warnings;

pub use error::{EvalError, EvalResult};
pub use interp::Interp;
pub use value::Value;
