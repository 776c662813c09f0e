//! `tsr inspect FILE`: a file's tensors and how their storages relate,
//! built from the file layer's metadata listing.

use serde::Serialize;

use crate::io::inspect::Listing;

/// One tensor of the file (JSON: one `file_tensor` object).
#[derive(Debug, Clone, Serialize)]
pub struct FileTensorRow {
    pub name: String,
    pub dtype: String,
    pub shape: Vec<usize>,
    pub stride: Vec<usize>,
    pub storage_offset: usize,
    /// Equal exactly for tensors that share one storage.
    pub storage: usize,
    pub storage_bytes: usize,
    /// The bytes the tensor's own elements take (`numel · itemsize`).
    pub tensor_bytes: usize,
}

/// The file as a whole (JSON: the `file_summary` object).
#[derive(Debug, Clone, Serialize)]
pub struct FileSummary {
    pub path: String,
    pub format: &'static str,
    pub file_bytes: u64,
    /// Storage bytes, each storage counted once.
    pub tensor_bytes: u64,
    pub storages: usize,
    /// Names that share one storage, a group per shared storage.
    pub shared: Vec<Vec<String>>,
    /// Tensors whose storage holds more bytes than the tensor itself.
    pub larger_storage: Vec<String>,
    /// Tensor paths not listed (a file with more than 100 000).
    pub elided: u64,
}

#[derive(Debug, Clone, Serialize)]
pub struct FileReport {
    pub tensors: Vec<FileTensorRow>,
    pub summary: FileSummary,
}

pub fn build(path: &str, l: &Listing) -> FileReport {
    let tensors: Vec<FileTensorRow> = l
        .tensors
        .iter()
        .map(|t| FileTensorRow {
            name: t.name.clone(),
            dtype: t.dtype.name().to_string(),
            shape: t.shape.clone(),
            stride: t.stride.clone(),
            storage_offset: t.storage_offset,
            storage: t.storage,
            storage_bytes: t.storage_bytes,
            tensor_bytes: t.shape.iter().product::<usize>() * t.dtype.size(),
        })
        .collect();
    let mut seen: Vec<(usize, usize)> = vec![];
    let mut groups: Vec<Vec<String>> = vec![];
    for t in &tensors {
        match seen.iter().find(|(s, _)| *s == t.storage) {
            Some(&(_, g)) => groups[g].push(t.name.clone()),
            None => {
                seen.push((t.storage, groups.len()));
                groups.push(vec![t.name.clone()]);
            }
        }
    }
    let tensor_bytes = seen.iter().map(|(s, _)| tensors.iter().find(|t| t.storage == *s).map_or(0, |t| t.storage_bytes as u64)).sum();
    let larger_storage = tensors.iter().filter(|t| t.storage_bytes > t.tensor_bytes).map(|t| t.name.clone()).collect();
    FileReport {
        summary: FileSummary {
            path: path.to_string(),
            format: l.format,
            file_bytes: l.file_bytes,
            tensor_bytes,
            storages: seen.len(),
            shared: groups.into_iter().filter(|g| g.len() > 1).collect(),
            larger_storage,
            elided: l.elided,
        },
        tensors,
    }
}
