//! Real CUDA through cudarc: the driver loaded at run time (no toolkit at
//! build time), segments from `cuMemAlloc`, host<->device copies, and the
//! kernels of `kernels.cu` compiled with NVRTC on first use.
//!
//! - [`runtime`]: one GPU: allocation, copies, launches, over either
//!   [`driver`] (the CUDA driver and NVRTC through cudarc) or [`emulator`]
//!   (a test double running `kernels.cu` compiled for the host).
//! - [`backend`]: [`backend::DriverBackend`], the caching allocator's segment
//!   backend on a real device.
//! - [`launch`]: typed entry points (strided copy and cast, element-wise
//!   binary/compare/unary, full sum) that the engine's ops call for tensors
//!   on a real device.
//! - [`nvml`]: which processes hold memory on the GPU (NVML, loaded at run
//!   time), for PyTorch's out-of-memory message.
//!
//! Invariant: nothing here runs unless `--cuda auto|real` found a driver and
//! a device; on a machine without them [`runtime::probe`] returns the reason
//! and tsr never touches cudarc again.

pub mod backend;
pub mod driver;
pub mod emulator;
pub mod launch;
pub mod nvml;
pub mod runtime;

pub use runtime::GpuRuntime;
