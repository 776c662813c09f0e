//! PyTorch's checkpoint format (`torch.save` since 1.6): a zip archive,
//! every record stored uncompressed and aligned to 64 bytes, holding
//! `NAME/data.pkl` (the object, pickled at protocol 2, with storages as
//! persistent ids), `NAME/data/KEY` (one record per storage), `byteorder`,
//! `version` and friends. See `docs/reference/serialization.md`.

use std::fs::File;
use std::io::{Read, Seek, Write};

use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipArchive, ZipWriter};

use super::error::{IoError, Result};
use super::pickle::read::{unpickle, Node, Pickled, Policy};
use super::pickle::write::{Pickler, WObj};
use super::{FileStorage, FileTensor, Source};

/// The tail of every weights-only error (`torch/serialization.py`).
const DOCS_MESSAGE: &str = "\n\nCheck the documentation of torch.load to learn more about types accepted by default with weights_only https://pytorch.org/docs/stable/generated/torch.load.html.";
const UNSAFE_MESSAGE: &str = "In PyTorch 2.6, we changed the default value of the `weights_only` argument in `torch.load` from `False` to `True`. Re-running `torch.load` with `weights_only` set to `False` will likely succeed, but it can result in arbitrary code execution. Do it only if you got the file from a trusted source.";

/// `_get_wo_message`: how `torch.load` wraps an error of its weights-only
/// unpickler.
pub fn weights_only_error(message: &str) -> IoError {
    let text = if message.contains(" was not an allowed global by default.") {
        format!(
            "Weights only load failed. This file can still be loaded, to do so you have two options, \x1b[1mdo those steps only if you trust the source of the checkpoint\x1b[0m. \n\t(1) {UNSAFE_MESSAGE}\n\t(2) Alternatively, to load with `weights_only=True` please check the recommended steps in the following error message.\n\tWeightsUnpickler error: {message}{DOCS_MESSAGE}"
        )
    } else if message.contains("whose module ") && message.contains(" is blocked") {
        format!("Weights only load failed. {UNSAFE_MESSAGE}\n\n\n{message}{DOCS_MESSAGE}")
    } else {
        format!("Weights only load failed. {UNSAFE_MESSAGE}\nPlease file an issue with the following so that we can make `weights_only=True` compatible with your use case: WeightsUnpickler error: \n\n{message}{DOCS_MESSAGE}")
    };
    IoError::unpickling(text).with_hint("tsr loads only tensors and plain data (dicts, lists, tuples, numbers, strings); it never runs code from a file")
}

/// Wraps the unpickler's own errors as `torch.load` does.
fn wrap(e: IoError) -> IoError {
    if e.kind == crate::engine::ErrorKind::UnpicklingError { weights_only_error(&e.message) } else { e }
}

/// An opened checkpoint: its object tree and where each storage's bytes are.
pub struct TorchArchive<R = File> {
    pub pickled: Pickled,
    pub tensors: Vec<FileTensor>,
    pub storages: Vec<FileStorage>,
    pub big_endian: bool,
    records: Records<R>,
}

/// Where the storages' bytes are: zip records, or (the legacy format) the
/// file's bytes after its pickles, each storage an 8-byte count and data.
enum Records<R> {
    Zip(ZipArchive<R>),
    Legacy { data: Vec<u8>, starts: Vec<usize> },
}

/// miniz's advice, which PyTorch appends to its reader's errors.
const MINIZ: &str = " This is an internal miniz error. If you are seeing this error, there is a high likelihood that your checkpoint file is corrupted. This can happen if the checkpoint was not saved properly, was transferred incorrectly, or the file was modified after saving.";

fn stream_error(what: &str, e: zip::result::ZipError) -> IoError {
    let reason = match e {
        zip::result::ZipError::InvalidArchive(m) if m.contains("EOCD") || m.contains("central directory end") => "failed finding central directory".to_string(),
        zip::result::ZipError::InvalidArchive(m) => m.to_string(),
        zip::result::ZipError::Io(e) => e.to_string(),
        other => other.to_string(),
    };
    IoError::runtime(format!("PytorchStreamReader failed reading {what}: {reason}.{MINIZ}"))
}

/// The legacy format's magic number, `0x1950a86a20f9469cfc6c`, pickled.
pub const LEGACY_MAGIC: &[u8] = &[0x80, 0x02, 0x8a, 0x0a, 0x6c, 0xfc, 0x9c, 0x46, 0xf9, 0x20, 0x6a, 0xa8, 0x50, 0x19];

/// A legacy-format file is read whole; this is the most it may be.
const LEGACY_MAX: u64 = 1 << 30;

/// At most this much of a non-zip file is unpickled to find PyTorch's error.
const LEGACY_PROBE: u64 = 1 << 20;

/// Opens `path`, reading only its central directory and `data.pkl` (a
/// legacy-format file is read whole).
pub fn open(path: &str) -> Result<TorchArchive> {
    let mut f = File::open(path).map_err(|e| IoError::os(&e, path))?;
    let mut magic = [0u8; 14];
    let n = super::read_up_to(&mut f, &mut magic).map_err(|e| IoError::os(&e, path))?;
    if n >= LEGACY_MAGIC.len() && magic == LEGACY_MAGIC {
        let len = f.metadata().map(|m| m.len()).unwrap_or(0);
        if len > LEGACY_MAX {
            return Err(IoError::runtime(format!("this legacy-format checkpoint is {len} bytes; tsr reads legacy files of at most {LEGACY_MAX} (the zip format has no limit)")));
        }
        let mut data = vec![];
        f.rewind().and_then(|_| f.read_to_end(&mut data)).map_err(|e| IoError::os(&e, path))?;
        return legacy(data);
    }
    if n < 4 || magic[..4] != *b"PK\x03\x04" {
        return Err(not_a_zip(&mut f, path));
    }
    f.rewind().map_err(|e| IoError::os(&e, path))?;
    from_zip(f)
}

/// A checkpoint from any seekable zip bytes (`open` checks the magic first).
pub fn from_zip<R: Read + Seek>(r: R) -> Result<TorchArchive<R>> {
    let mut archive = ZipArchive::new(r).map_err(|e| stream_error("zip archive", e))?;
    let names: Vec<String> = archive.file_names().filter_map(|n| n.ok()).map(|n| n.to_string()).collect();
    let pkl = names
        .iter()
        .find(|n| n.ends_with("/data.pkl") && n.matches('/').count() == 1)
        .or_else(|| names.iter().find(|n| *n == "data.pkl"))
        .cloned()
        .ok_or_else(|| IoError::runtime("PytorchStreamReader failed locating file data.pkl: file not found"))?;
    let prefix = pkl[..pkl.len() - "data.pkl".len()].to_string();
    let data = read_record(&mut archive, &pkl, 1 << 30)?;
    let big_endian = match archive.index_for_name(&format!("{prefix}byteorder")) {
        Some(_) => read_record(&mut archive, &format!("{prefix}byteorder"), 16)? == b"big",
        None => false,
    };
    let pickled = unpickle(&data, Policy::Torch).map_err(wrap)?;
    let mut storages = Vec::with_capacity(pickled.storages.len());
    for s in &pickled.storages {
        let name = format!("{prefix}data/{}", s.key);
        let record = archive
            .index_for_name(&name)
            .ok_or_else(|| IoError::runtime(format!("PytorchStreamReader failed locating file data/{}: file not found", s.key)))?;
        let size = archive.by_index_raw(record).map_err(|e| stream_error(&format!("file data/{}", s.key), e))?.size();
        let nbytes = s.numel.checked_mul(s.dtype.size()).filter(|&n| n as u64 <= size).ok_or_else(|| {
            IoError::runtime(format!("storage '{}' declares {} elements of {}, but its record holds {size} bytes", s.key, s.numel, s.dtype.name()))
        })?;
        if !s.location.starts_with("cpu") && !s.location.starts_with("cuda") {
            return Err(IoError::runtime(format!("don't know how to restore data location of {} (tagged with {})", super::pickle::read::storage_class(s.dtype), s.location)));
        }
        storages.push(FileStorage { nbytes, dtype: s.dtype, source: Source::ZipRecord { name } });
    }
    let tensors = checked_tensors(&pickled, &storages)?;
    Ok(TorchArchive { pickled, tensors, storages, big_endian, records: Records::Zip(archive) })
}

/// Every tensor header of the file, through the one checked constructor.
fn checked_tensors(pickled: &Pickled, storages: &[FileStorage]) -> Result<Vec<FileTensor>> {
    let mut tensors = vec![];
    for n in &pickled.nodes {
        if let Node::Tensor(t) = n {
            let mut ft = FileTensor::checked(pickled.storages[t.storage].dtype, t.shape.clone(), t.stride.clone(), t.offset, t.storage, storages[t.storage].nbytes)?;
            ft.requires_grad = t.requires_grad;
            tensors.push(ft);
        }
    }
    Ok(tensors)
}

/// The legacy format (`torch.save(_use_new_zipfile_serialization=False)`,
/// the default before PyTorch 1.6): pickles of the magic number, the
/// protocol version and `sys_info`, then the object (storages as persistent
/// ids), then the list of storage keys, then each storage in that order as
/// an 8-byte little-endian element count and its bytes.
pub fn legacy<R>(data: Vec<u8>) -> Result<TorchArchive<R>> {
    let mut pos = LEGACY_MAGIC.len() + 1;
    if data.get(pos - 1) != Some(&b'.') {
        return Err(IoError::runtime("Invalid magic number; corrupt file?"));
    }
    let next = |pos: &mut usize| -> Result<Pickled> {
        let (p, used) = super::pickle::read::unpickle_prefix(&data[*pos..], Policy::Torch).map_err(wrap)?;
        *pos += used;
        Ok(p)
    };
    let version = next(&mut pos)?;
    if version.root != Some(super::pickle::read::Obj::Int(1001)) {
        return Err(IoError::runtime(format!("Invalid protocol version: {:?}", version.root)));
    }
    let _sys_info = next(&mut pos)?;
    let pickled = next(&mut pos)?;
    let keys = next(&mut pos)?;
    let key_list: Vec<String> = match keys.root.as_ref().and_then(|r| keys.node(r)) {
        Some(Node::List(items)) => items
            .iter()
            .map(|o| match o {
                super::pickle::read::Obj::Str(s) => Ok(s.to_string()),
                _ => Err(IoError::runtime("the legacy storage key list holds a non-string")),
            })
            .collect::<Result<_>>()?,
        _ => return Err(IoError::runtime("the legacy file has no storage key list")),
    };
    let mut starts = vec![usize::MAX; pickled.storages.len()];
    let mut storages: Vec<FileStorage> = pickled.storages.iter().map(|s| FileStorage { nbytes: 0, dtype: s.dtype, source: Source::Range { start: 0 } }).collect();
    for key in key_list {
        let count = data.get(pos..pos + 8).ok_or_else(|| IoError::runtime("the legacy file ends inside a storage"))?;
        let count = u64::from_le_bytes(count.try_into().expect("8 bytes")) as usize;
        pos += 8;
        let Some(i) = pickled.storages.iter().position(|s| s.key == key) else {
            return Err(IoError::runtime(format!("the legacy file stores '{key}', which its object does not use")));
        };
        let nbytes = count.checked_mul(pickled.storages[i].dtype.size()).filter(|n| pos.checked_add(*n).is_some_and(|end| end <= data.len())).ok_or_else(|| IoError::runtime("the legacy file ends inside a storage"))?;
        if count != pickled.storages[i].numel {
            return Err(IoError::runtime(format!("storage '{key}' holds {count} elements where its object says {}", pickled.storages[i].numel)));
        }
        starts[i] = pos;
        storages[i] = FileStorage { nbytes, dtype: pickled.storages[i].dtype, source: Source::Range { start: pos as u64 } };
        pos += nbytes;
    }
    if starts.contains(&usize::MAX) {
        return Err(IoError::runtime("a storage of the legacy file has no data"));
    }
    let tensors = checked_tensors(&pickled, &storages)?;
    Ok(TorchArchive { pickled, tensors, storages, big_endian: false, records: Records::Legacy { data, starts } })
}

/// What `torch.load` says of a file that is not a zip: it tries the legacy
/// format, whose weights-only unpickler fails on the first byte it cannot take.
fn not_a_zip(f: &mut File, path: &str) -> IoError {
    let mut head = vec![];
    if f.rewind().is_err() || f.take(LEGACY_PROBE).read_to_end(&mut head).is_err() {
        return IoError::runtime(format!("could not read {}", super::py_quote(path)));
    }
    if head.is_empty() {
        return IoError::new(crate::engine::ErrorKind::EOFError, "Ran out of input");
    }
    match unpickle(&head, Policy::Torch) {
        Err(e) => wrap(e),
        Ok(_) => IoError::runtime("Invalid magic number; corrupt file?"),
    }
}

/// Opens a record as PyTorch's reader does: a stored record's bytes as
/// they are (miniz checks no CRC, so a damaged pickle reaches the
/// unpickler and fails there), a compressed one through its decoder.
fn record<'a, R: Read + Seek>(archive: &'a mut ZipArchive<R>, name: &str) -> Result<zip::read::ZipFile<'a, R>> {
    let short = name.split_once('/').map_or(name, |(_, r)| r).to_string();
    let i = archive.index_for_name(name).ok_or_else(|| IoError::runtime(format!("PytorchStreamReader failed locating file {short}: file not found")))?;
    let stored = archive.by_index_raw(i).map_err(|e| stream_error(&format!("file {short}"), e))?.compression() == CompressionMethod::Stored;
    if stored { archive.by_index_raw(i) } else { archive.by_index(i) }.map_err(|e| stream_error(&format!("file {short}"), e))
}

fn read_record<R: Read + Seek>(archive: &mut ZipArchive<R>, name: &str, cap: u64) -> Result<Vec<u8>> {
    let short = name.split_once('/').map_or(name, |(_, r)| r);
    let mut f = record(archive, name)?;
    if f.size() > cap {
        return Err(IoError::runtime(format!("record {short} is {} bytes; tsr reads at most {cap}", f.size())));
    }
    let mut out = Vec::with_capacity(f.size() as usize);
    f.read_to_end(&mut out).map_err(|e| IoError::runtime(format!("PytorchStreamReader failed reading file {short}: {e}")))?;
    Ok(out)
}

impl<R> TorchArchive<R> {
    /// Whether this is the legacy (pre-1.6, non-zip) format.
    pub fn is_legacy(&self) -> bool {
        matches!(self.records, Records::Legacy { .. })
    }
}

impl<R: Read + Seek> TorchArchive<R> {
    /// Reads storage `i`'s bytes into `out` (exactly its `nbytes`), in the
    /// machine's byte order.
    pub fn read_storage(&mut self, i: usize, out: &mut [u8]) -> Result<()> {
        let s = &self.storages[i];
        let archive = match &mut self.records {
            Records::Zip(a) => a,
            Records::Legacy { data, starts } => {
                let n = out.len().min(s.nbytes);
                out[..n].copy_from_slice(&data[starts[i]..starts[i] + n]);
                return Ok(());
            }
        };
        let Source::ZipRecord { name } = &s.source else { unreachable!("zip storages are zip records") };
        let short = name.split_once('/').map_or(name.as_str(), |(_, r)| r).to_string();
        let mut f = record(archive, name)?;
        let n = out.len().min(s.nbytes);
        let what = format!("PytorchStreamReader failed reading file {short}");
        if super::read_data_interruptible(&mut f, &mut out[..n], &what)? < n {
            return Err(IoError::runtime(format!("{what}: failed to fill whole buffer")));
        }
        if self.big_endian {
            super::swap_bytes(&mut out[..n], s.dtype.size());
        }
        Ok(())
    }
}

/// Writes `root` as `torch.save` does. `storage_bytes(id)` gives the bytes of
/// the storage with that id (as `WTensor::storage` named it).
pub fn save(path: &str, root: &WObj, storage_bytes: &mut dyn FnMut(u64) -> Vec<u8>) -> Result<()> {
    let pickled = Pickler::dump(root)?;
    let stem = std::path::Path::new(path).file_stem().and_then(|s| s.to_str()).filter(|s| !s.is_empty()).unwrap_or("archive");
    let prefix = format!("{stem}/");
    let file = File::create(path).map_err(|e| IoError::os(&e, path))?;
    let mut z = ZipWriter::new(file);
    let opts = SimpleFileOptions::default()
        .compression_method(CompressionMethod::Stored)
        .last_modified_time(zip::DateTime::default())
        .with_alignment(64)
        .large_file(false);
    let werr = |e: zip::result::ZipError| IoError::runtime(format!("PytorchStreamWriter failed writing file: {e}"));
    let ioerr = |e: std::io::Error| IoError::os(&e, path);
    let put = |z: &mut ZipWriter<File>, name: &str, data: &[u8]| -> Result<()> {
        let o = if data.len() as u64 >= u32::MAX as u64 { opts.large_file(true) } else { opts };
        z.start_file(format!("{prefix}{name}"), o).map_err(werr)?;
        z.write_all(data).map_err(ioerr)
    };
    put(&mut z, "data.pkl", &pickled.out)?;
    put(&mut z, ".format_version", b"1")?;
    put(&mut z, ".storage_alignment", b"64")?;
    put(&mut z, "byteorder", b"little")?;
    let mut digest: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |bytes: &[u8]| {
        for &b in bytes {
            digest = (digest ^ b as u64).wrapping_mul(0x100_0000_01b3);
        }
    };
    mix(&pickled.out);
    for (key, id) in pickled.storages.iter().enumerate() {
        let bytes = storage_bytes(*id);
        mix(&bytes);
        put(&mut z, &format!("data/{key}"), &bytes)?;
    }
    put(&mut z, "version", b"3\n")?;
    // PyTorch writes a random 40-digit id; tsr derives one from the content,
    // so the same objects always make the same file.
    let id = format!("{:020}{:020}", digest, digest.rotate_left(29) ^ 0x9e37_79b9_7f4a_7c15);
    put(&mut z, ".data/serialization_id", &id.as_bytes()[..40])?;
    z.finish().map_err(werr)?;
    Ok(())
}
