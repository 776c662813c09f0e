//! The tensor engine: dtypes, layouts, storages, allocators and ops.
//! The engine never prints and knows nothing of the language or the terminal.
pub mod alloc;
pub mod autograd;
pub mod context;
pub mod device;
pub mod dtype;
pub mod error;
pub mod gpu;
pub mod header;
pub mod interrupt;
pub mod kernels;
pub mod layout;
pub mod ops;
pub mod scalar;
pub mod storage;
pub mod strided;
pub mod tensor;

pub use context::{Context, EngineConfig};
pub use device::Device;
pub use dtype::DType;
pub use error::{EngineError, ErrorKind};
pub use scalar::Scalar;
pub use tensor::Tensor;
