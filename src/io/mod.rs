//! Files: PyTorch's zip checkpoints, NumPy's `.npy`/`.npz`, safetensors and
//! CUDA memory snapshots, read and written.
//!
//! Every reader returns plain data: a tree of values ([`pickle::read::Obj`]
//! for pickles), tensor headers ([`FileTensor`]) and storages
//! ([`FileStorage`]), never engine tensors. Each header goes through one
//! checked constructor, [`FileTensor::checked`], which refuses a layout that
//! reaches outside its storage, so a hostile file can never make a tensor
//! that reads out of bounds. Storage bytes are read only when asked
//! ([`Source`]), so listing a file's tensors (`tsr inspect FILE`) reads its
//! metadata alone. The layer knows the engine's dtypes and nothing of the
//! evaluator.

pub mod error;
pub mod inspect;
pub mod npy;
pub mod pickle;
pub mod safetensors_file;
pub mod snapshot;
pub mod torch_file;

use crate::engine::layout::MAX_DIMS;
use crate::engine::DType;

pub use error::{IoError, Result};

/// A tensor header read from a file.
#[derive(Debug, Clone, PartialEq)]
pub struct FileTensor {
    pub dtype: DType,
    pub shape: Vec<usize>,
    pub stride: Vec<usize>,
    pub offset: usize,
    /// Index of its storage in the file's storage list.
    pub storage: usize,
    pub requires_grad: bool,
}

/// Where a storage's bytes are in the file, and how many there are.
#[derive(Debug, Clone, PartialEq)]
pub struct FileStorage {
    pub nbytes: usize,
    pub dtype: DType,
    pub source: Source,
}

/// How to get a storage's bytes.
#[derive(Debug, Clone, PartialEq)]
pub enum Source {
    /// A zip record (torch's `archive/data/0`, an `.npz` member).
    ZipRecord { name: String },
    /// A byte range of the file itself (`.npy`, safetensors).
    Range { start: u64 },
}

impl FileTensor {
    /// The one constructor every reader uses: refuses more than 64 dims, an
    /// element count that overflows, and a layout that reaches past the end
    /// of a storage of `storage_nbytes` bytes (PyTorch's `setStorage` check).
    pub fn checked(dtype: DType, shape: Vec<usize>, stride: Vec<usize>, offset: usize, storage: usize, storage_nbytes: usize) -> Result<FileTensor> {
        if shape.len() > MAX_DIMS || stride.len() != shape.len() {
            return Err(IoError::runtime(format!("a tensor in the file has {} sizes and {} strides (tsr allows at most {MAX_DIMS} dims)", shape.len(), stride.len())));
        }
        crate::engine::layout::check_numel(&shape)?;
        let itemsize = dtype.size() as u128;
        // Bytes the layout needs: (offset + Σ (size-1)·stride + 1) · itemsize, or 0 when empty.
        let needed: u128 = if shape.contains(&0) {
            0
        } else {
            let last: u128 = shape.iter().zip(&stride).map(|(&n, &s)| (n as u128 - 1) * s as u128).sum();
            (offset as u128 + last + 1) * itemsize
        };
        if needed > storage_nbytes as u128 {
            return Err(IoError::runtime(format!(
                "setStorage: sizes {}, strides {}, storage offset {offset}, and itemsize {} requiring a storage size of {needed} are out of bounds for storage of size {storage_nbytes}",
                crate::engine::error::fmt_list(&shape),
                crate::engine::error::fmt_list(&stride),
                dtype.size(),
            )));
        }
        Ok(FileTensor { dtype, shape, stride, offset, storage, requires_grad: false })
    }
}

/// Reads until `buf` is full or the input ends; how many bytes came.
pub fn read_up_to(r: &mut impl std::io::Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match r.read(&mut buf[n..])? {
            0 => break,
            k => n += k,
        }
    }
    Ok(n)
}

/// Tensor data read from a file: stops between 8 MiB chunks when Ctrl-C
/// sets the interrupt flag (a multi-gigabyte load returns at once), else
/// reads until `buf` is full or the input ends; how many bytes it read.
pub fn read_data_interruptible(r: &mut impl std::io::Read, buf: &mut [u8], what: &str) -> Result<usize> {
    const CHUNK: usize = 8 << 20;
    let mut n = 0;
    while n < buf.len() {
        if crate::engine::interrupt::requested() {
            let e = crate::engine::interrupt::error();
            return Err(IoError::new(e.kind, e.message));
        }
        let end = (n + CHUNK).min(buf.len());
        let got = read_up_to(r, &mut buf[n..end]).map_err(|e| IoError::runtime(format!("{what}: {e}")))?;
        n += got;
        if got < end - (n - got) {
            break;
        }
    }
    Ok(n)
}

/// The first `n` bytes of the file at `path` (fewer if it is shorter), to
/// tell its format by content.
pub fn file_head(path: &str, n: u64) -> Result<Vec<u8>> {
    use std::io::Read;
    let f = std::fs::File::open(path).map_err(|e| IoError::os(&e, path))?;
    let mut head = vec![];
    f.take(n).read_to_end(&mut head).map_err(|e| IoError::os(&e, path))?;
    Ok(head)
}

/// A string as Python's `repr` quotes it (for paths in messages).
pub fn py_quote(s: &str) -> String {
    if s.contains('\'') && !s.contains('"') {
        format!("\"{s}\"")
    } else {
        format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'"))
    }
}

/// Swaps each `size`-byte element of `bytes` in place (big-endian data).
pub fn swap_bytes(bytes: &mut [u8], size: usize) {
    if size > 1 {
        for chunk in bytes.chunks_exact_mut(size) {
            chunk.reverse();
        }
    }
}
