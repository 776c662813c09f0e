//! safetensors: an 8-byte little-endian header length, a JSON header
//! (`{"name": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]}, …,
//! "__metadata__": {…}}`, padded with spaces to 8 bytes), then the data.
//! Parsing, validation (offsets in range, contiguous, covering the file)
//! and writing are the `safetensors` crate's, the reference implementation
//! that the Python package wraps, so its checks and its words are the same.
//! The file is memory-mapped: listing it reads the header alone.

use std::collections::HashMap;
use std::fs::File;

use safetensors::tensor::{Dtype, Metadata, SafeTensors, View};

use crate::engine::DType;

use super::error::{IoError, Result};
use super::FileTensor;

/// `Error while deserializing header: …`, as the Python package says it.
fn header_error(e: safetensors::SafeTensorError) -> IoError {
    IoError::new(crate::engine::ErrorKind::SafetensorError, format!("Error while deserializing header: {e}"))
}

pub fn dtype_of(d: Dtype) -> Result<DType> {
    Ok(match d {
        Dtype::BOOL => DType::Bool,
        Dtype::U8 => DType::UInt8,
        Dtype::I8 => DType::Int8,
        Dtype::I16 => DType::Int16,
        Dtype::I32 => DType::Int32,
        Dtype::I64 => DType::Int64,
        Dtype::F16 => DType::Float16,
        Dtype::BF16 => DType::BFloat16,
        Dtype::F32 => DType::Float32,
        Dtype::F64 => DType::Float64,
        other => return Err(IoError::type_error(format!("tsr has no dtype for safetensors' {other:?}"))),
    })
}

pub fn st_dtype(d: DType) -> Dtype {
    match d {
        DType::Bool => Dtype::BOOL,
        DType::UInt8 => Dtype::U8,
        DType::Int8 => Dtype::I8,
        DType::Int16 => Dtype::I16,
        DType::Int32 => Dtype::I32,
        DType::Int64 => Dtype::I64,
        DType::Float16 => Dtype::F16,
        DType::BFloat16 => Dtype::BF16,
        DType::Float32 => Dtype::F32,
        DType::Float64 => Dtype::F64,
    }
}

/// An opened file: its tensors in the order of their data, and the mapping.
#[derive(Debug)]
pub struct StFile {
    pub names: Vec<String>,
    pub tensors: Vec<FileTensor>,
    /// Byte range of each tensor's data in the file.
    pub ranges: Vec<(usize, usize)>,
    pub metadata: Option<HashMap<String, String>>,
    pub file_bytes: u64,
    map: Mapped,
}

#[derive(Debug)]
enum Mapped {
    Map(memmap2::Mmap),
    Small(Vec<u8>),
}

impl Mapped {
    fn bytes(&self) -> &[u8] {
        match self {
            Mapped::Map(m) => m,
            Mapped::Small(v) => v,
        }
    }
}

pub fn open(path: &str) -> Result<StFile> {
    let file = File::open(path).map_err(|e| IoError::os(&e, path))?;
    let file_bytes = file.metadata().map(|m| m.len()).map_err(|e| IoError::os(&e, path))?;
    let map = if file_bytes < 4096 {
        let mut v = Vec::with_capacity(file_bytes as usize);
        std::io::Read::read_to_end(&mut &file, &mut v).map_err(|e| IoError::os(&e, path))?;
        Mapped::Small(v)
    } else {
        // SAFETY: the mapping is read-only and private to tsr; a file changed
        // underneath it while mapped can change the bytes read, never their bounds.
        Mapped::Map(unsafe { memmap2::Mmap::map(&file) }.map_err(|e| IoError::os(&e, path))?)
    };
    parse(map, file_bytes)
}

/// A safetensors file held in memory (for fuzzing and tests).
pub fn from_bytes(bytes: Vec<u8>) -> Result<StFile> {
    let n = bytes.len() as u64;
    parse(Mapped::Small(bytes), n)
}

fn parse(map: Mapped, file_bytes: u64) -> Result<StFile> {
    let (n, meta) = SafeTensors::read_metadata(map.bytes()).map_err(header_error)?;
    let base = 8 + n;
    let mut st = StFile { names: vec![], tensors: vec![], ranges: vec![], metadata: meta.metadata().clone(), file_bytes, map };
    add_tensors(&mut st, &meta, base)?;
    Ok(st)
}

fn add_tensors(st: &mut StFile, meta: &Metadata, base: usize) -> Result<()> {
    let infos = meta.tensors();
    for name in meta.offset_keys() {
        let info = infos[&name];
        let dtype = dtype_of(info.dtype)?;
        let (a, b) = info.data_offsets;
        let stride = crate::engine::layout::contiguous_strides(&info.shape);
        let i = st.tensors.len();
        st.tensors.push(FileTensor::checked(dtype, info.shape.clone(), stride, 0, i, b - a)?);
        st.ranges.push((base + a, base + b));
        st.names.push(name);
    }
    Ok(())
}

impl StFile {
    /// The data of tensor `i`.
    pub fn data(&self, i: usize) -> &[u8] {
        let (a, b) = self.ranges[i];
        &self.map.bytes()[a..b]
    }
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }
}

/// One tensor to write: contiguous bytes in row-major order.
pub struct SaveTensor {
    pub dtype: DType,
    pub shape: Vec<usize>,
    pub data: Vec<u8>,
}

impl View for &SaveTensor {
    fn dtype(&self) -> Dtype {
        st_dtype(self.dtype)
    }
    fn shape(&self) -> &[usize] {
        &self.shape
    }
    fn data(&self) -> std::borrow::Cow<'_, [u8]> {
        std::borrow::Cow::Borrowed(&self.data)
    }
    fn data_len(&self) -> usize {
        self.data.len()
    }
}

/// Writes the tensors as `safetensors.torch.save_file` does.
pub fn save(path: &str, tensors: &[(String, SaveTensor)], metadata: Option<HashMap<String, String>>) -> Result<()> {
    let items: Vec<(&str, &SaveTensor)> = tensors.iter().map(|(n, t)| (n.as_str(), t)).collect();
    safetensors::tensor::serialize_to_file(items, metadata, std::path::Path::new(path))
        .map_err(|e| IoError::new(crate::engine::ErrorKind::SafetensorError, format!("Error while serializing: {e}")))
}
