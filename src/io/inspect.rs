//! `tsr inspect FILE`: a file's tensors, read from its metadata alone (the
//! zip's central directory and `data.pkl`, an `.npy` header, a safetensors
//! header). The format is told by the content, never by the extension.

use crate::engine::DType;

use super::error::{IoError, Result};
use super::pickle::read::{Node, Obj, Pickled};

/// One tensor of a file.
#[derive(Debug, Clone, PartialEq)]
pub struct Listed {
    /// The key path joined with `.` (`layers.0.weight`); `` for a bare tensor.
    pub name: String,
    pub dtype: DType,
    pub shape: Vec<usize>,
    pub stride: Vec<usize>,
    pub storage_offset: usize,
    /// Equal exactly for tensors that share one storage.
    pub storage: usize,
    pub storage_bytes: usize,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Listing {
    /// `torch`, `torch-legacy`, `npy`, `npz` or `safetensors`.
    pub format: &'static str,
    pub file_bytes: u64,
    pub tensors: Vec<Listed>,
    /// Paths not listed because the file has more than [`MAX_ROWS`].
    pub elided: u64,
}

/// At most this many tensor paths are listed (a pickle can reach one
/// tensor by astronomically many paths).
pub const MAX_ROWS: usize = 100_000;
const MAX_DEPTH: usize = 1000;
/// At most this many objects are visited (memo references make a DAG whose
/// paths can outnumber anything).
const MAX_VISITS: u64 = 10_000_000;

/// What the first bytes say the file is.
pub fn detect(head: &[u8]) -> Option<&'static str> {
    if head.starts_with(b"PK\x03\x04") || head.starts_with(b"PK\x05\x06") {
        return Some("zip");
    }
    if head.starts_with(super::npy::MAGIC) {
        return Some("npy");
    }
    if head.len() >= 9 && head[8] == b'{' {
        return Some("safetensors");
    }
    if head.starts_with(super::torch_file::LEGACY_MAGIC) {
        return Some("legacy");
    }
    if head.first() == Some(&0x80) {
        return Some("pickle");
    }
    None
}

pub fn list(path: &str) -> Result<Listing> {
    let head = super::file_head(path, 16)?;
    match detect(&head) {
        Some(kind @ ("zip" | "legacy")) => {
            // A torch checkpoint has `NAME/data.pkl`; an .npz has `.npy` members.
            match super::torch_file::open(path) {
                Ok(ar) => {
                    let file_bytes = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
                    let format = if ar.is_legacy() { "torch-legacy" } else { "torch" };
                    let mut out = Listing { format, file_bytes, tensors: vec![], elided: 0 };
                    let mut w = Walk { p: &ar.pickled, out: &mut out, tensor_of: tensor_index(&ar.pickled), ar: &ar, visits: 0 };
                    if let Some(root) = ar.pickled.root.clone() {
                        w.walk(&root, String::new(), 0)?;
                    }
                    Ok(out)
                }
                Err(e) if kind == "zip" && e.message.contains("data.pkl: file not found") => list_npz(path),
                Err(e) => Err(e),
            }
        }
        Some("npy") => {
            let f = super::npy::open(path)?;
            let h = &f.header;
            let t = h.tensor(0)?;
            let listed = Listed { name: String::new(), dtype: t.dtype, shape: t.shape, stride: t.stride, storage_offset: 0, storage: 0, storage_bytes: h.nbytes() };
            Ok(Listing { format: "npy", file_bytes: f.file_bytes, tensors: vec![listed], elided: 0 })
        }
        Some("safetensors") => {
            let f = super::safetensors_file::open(path)?;
            let tensors = f
                .tensors
                .iter()
                .zip(&f.names)
                .enumerate()
                .map(|(i, (t, n))| Listed { name: n.clone(), dtype: t.dtype, shape: t.shape.clone(), stride: t.stride.clone(), storage_offset: 0, storage: i, storage_bytes: f.ranges[i].1 - f.ranges[i].0 })
                .collect();
            Ok(Listing { format: "safetensors", file_bytes: f.file_bytes, tensors, elided: 0 })
        }
        _ => Err(IoError::value(format!("{} is not a file tsr can list: not a PyTorch checkpoint, .npy, .npz or safetensors file", super::py_quote(path)))),
    }
}

fn list_npz(path: &str) -> Result<Listing> {
    let z = super::npy::open_npz(path)?;
    let mut tensors = vec![];
    for (i, (name, h)) in z.members.iter().enumerate() {
        let t = h.tensor(i)?;
        tensors.push(Listed { name: name.clone(), dtype: t.dtype, shape: t.shape, stride: t.stride, storage_offset: 0, storage: i, storage_bytes: h.nbytes() });
    }
    Ok(Listing { format: "npz", file_bytes: z.file_bytes, tensors, elided: 0 })
}

/// For each arena node that is a tensor, its index in the archive's tensor list.
fn tensor_index(p: &Pickled) -> Vec<Option<usize>> {
    let mut k = 0;
    p.nodes
        .iter()
        .map(|n| {
            if matches!(n, Node::Tensor(_)) {
                k += 1;
                Some(k - 1)
            } else {
                None
            }
        })
        .collect()
}

struct Walk<'a> {
    p: &'a Pickled,
    ar: &'a super::torch_file::TorchArchive,
    out: &'a mut Listing,
    tensor_of: Vec<Option<usize>>,
    visits: u64,
}

fn join(prefix: &str, key: &str) -> String {
    if prefix.is_empty() { key.to_string() } else { format!("{prefix}.{key}") }
}

fn key_text(k: &Obj) -> String {
    match k {
        Obj::Str(s) => s.to_string(),
        Obj::Int(i) => i.to_string(),
        Obj::Bool(b) => if *b { "True".into() } else { "False".into() },
        Obj::Float(f) => f.to_string(),
        Obj::None => "None".into(),
        _ => "?".into(),
    }
}

impl Walk<'_> {
    fn walk(&mut self, o: &Obj, name: String, depth: usize) -> Result<()> {
        let Obj::Ref(i) = o else { return Ok(()) };
        if depth > MAX_DEPTH {
            return Err(IoError::new(crate::engine::ErrorKind::RecursionError, format!("the file's objects are nested more than {MAX_DEPTH} deep")));
        }
        self.visits += 1;
        if self.out.tensors.len() >= MAX_ROWS || self.visits > MAX_VISITS {
            self.out.elided += 1;
            return Ok(());
        }
        match &self.p.nodes[*i] {
            Node::Tensor(t) => {
                let ft = &self.ar.tensors[self.tensor_of[*i].expect("a tensor node has an index")];
                self.out.tensors.push(Listed {
                    name,
                    dtype: ft.dtype,
                    shape: ft.shape.clone(),
                    stride: ft.stride.clone(),
                    storage_offset: ft.offset,
                    storage: t.storage,
                    storage_bytes: self.ar.storages[t.storage].nbytes,
                });
            }
            Node::List(v) | Node::Tuple(v) => {
                for (k, x) in v.iter().enumerate() {
                    self.walk(x, join(&name, &k.to_string()), depth + 1)?;
                }
            }
            Node::Dict(items) | Node::OrderedDict { items, .. } => {
                for (k, x) in items {
                    self.walk(x, join(&name, &key_text(k)), depth + 1)?;
                }
            }
            _ => {}
        }
        Ok(())
    }
}
