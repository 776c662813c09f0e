//! NumPy's `.npy` format (versions 1.0 to 3.0) and `.npz` archives of them.
//!
//! An `.npy` file is the magic `\x93NUMPY`, a version, a header length (2
//! bytes in 1.0, 4 in 2.0 and 3.0), a header that is a Python dict literal
//! (`{'descr': '<f8', 'fortran_order': False, 'shape': (3, 4), }`, padded
//! with spaces and a newline so the data starts on a 64-byte boundary), then
//! the elements in C or Fortran order. A Fortran-ordered array keeps its
//! order as strides, as `torch.from_numpy` gives them ((3, 4) → (1, 3)).

use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};

use crate::engine::DType;

use super::error::{IoError, Result};
use super::FileTensor;

pub const MAGIC: &[u8] = b"\x93NUMPY";

/// A parsed header: the array's dtype, byte order, shape and order.
#[derive(Debug, Clone, PartialEq)]
pub struct Header {
    pub dtype: DType,
    pub big_endian: bool,
    pub shape: Vec<usize>,
    pub fortran: bool,
    /// Where the data starts, from the start of the `.npy` bytes.
    pub data_start: u64,
    pub version: (u8, u8),
}

impl Header {
    pub fn numel(&self) -> usize {
        self.shape.iter().product()
    }
    pub fn nbytes(&self) -> usize {
        self.numel() * self.dtype.size()
    }
    /// The strides `torch.from_numpy` gives, in elements.
    pub fn strides(&self) -> Vec<usize> {
        let n = self.shape.len();
        let mut st = vec![0; n];
        let mut acc = 1usize;
        let dims: Vec<usize> = if self.fortran { (0..n).collect() } else { (0..n).rev().collect() };
        for i in dims {
            st[i] = acc;
            acc = acc.saturating_mul(self.shape[i].max(1));
        }
        st
    }
    /// The tensor header over a storage of exactly the array's bytes.
    pub fn tensor(&self, storage: usize) -> Result<FileTensor> {
        FileTensor::checked(self.dtype, self.shape.clone(), self.strides(), 0, storage, self.nbytes())
    }
}

/// NumPy's type string for a dtype, native (little-endian) byte order.
pub fn descr(d: DType) -> Option<&'static str> {
    Some(match d {
        DType::Bool => "|b1",
        DType::UInt8 => "|u1",
        DType::Int8 => "|i1",
        DType::Int16 => "<i2",
        DType::Int32 => "<i4",
        DType::Int64 => "<i8",
        DType::Float16 => "<f2",
        DType::Float32 => "<f4",
        DType::Float64 => "<f8",
        DType::BFloat16 => return None,
    })
}

fn dtype_of_descr(s: &str) -> Result<(DType, bool)> {
    let (order, code) = match s.as_bytes().first() {
        Some(b'<' | b'>' | b'|' | b'=') => (s.as_bytes()[0], &s[1..]),
        _ => (b'=', s),
    };
    let d = match code {
        "b1" | "?" => DType::Bool,
        "u1" | "B" => DType::UInt8,
        "i1" | "b" => DType::Int8,
        "i2" | "h" => DType::Int16,
        "i4" | "i" => DType::Int32,
        "i8" | "l" | "q" => DType::Int64,
        "f2" | "e" => DType::Float16,
        "f4" | "f" => DType::Float32,
        "f8" | "d" => DType::Float64,
        _ => {
            return Err(IoError::type_error(format!(
                "can't convert np.ndarray of type numpy.{}. The only supported types are: float64, float32, float16, int64, int32, int16, int8, uint8, and bool.",
                numpy_name(code)
            )))
        }
    };
    Ok((d, order == b'>' && d.size() > 1))
}

fn numpy_name(code: &str) -> String {
    let (k, n) = code.split_at(1.min(code.len()));
    match (k, n) {
        ("u", n) => format!("uint{}", n.parse::<usize>().unwrap_or(0) * 8),
        ("i", n) => format!("int{}", n.parse::<usize>().unwrap_or(0) * 8),
        ("f", n) => format!("float{}", n.parse::<usize>().unwrap_or(0) * 8),
        ("c", n) => format!("complex{}", n.parse::<usize>().unwrap_or(0) * 8),
        ("U", _) => "str_".to_string(),
        ("S", _) => "bytes_".to_string(),
        ("O", _) => "object_".to_string(),
        _ => "void".to_string(),
    }
}

/// Reads the header of the `.npy` bytes that start at the reader's position.
pub fn read_header(r: &mut impl Read) -> Result<Header> {
    let mut pre = [0u8; 8];
    let n = super::read_up_to(r, &mut pre).map_err(|e| IoError::runtime(e.to_string()))?;
    if n < 8 || &pre[..6] != MAGIC {
        let got: String = pre[..n.min(6)].iter().map(|&b| escape_byte(b)).collect();
        return Err(IoError::value(format!("the magic string is not correct; expected b'\\x93NUMPY', got b'{got}'")));
    }
    let version = (pre[6], pre[7]);
    let (len, start) = match version {
        (1, 0) => {
            let mut b = [0u8; 2];
            r.read_exact(&mut b).map_err(|_| eof_header())?;
            (u16::from_le_bytes(b) as usize, 10)
        }
        (2, 0) | (3, 0) => {
            let mut b = [0u8; 4];
            r.read_exact(&mut b).map_err(|_| eof_header())?;
            (u32::from_le_bytes(b) as usize, 12)
        }
        (a, b) => return Err(IoError::value(format!("we only support format version (1,0), (2,0), and (3,0), not ({a}, {b})"))),
    };
    // NumPy refuses headers over 10 000 bytes unless told to trust them.
    if len > 10_000 {
        return Err(IoError::value(format!(
            "Header info length ({len}) is large and may not be safe to load securely.\nTo allow loading, adjust `max_header_size` or fully trust the `.npy` file using `allow_pickle=True`.\nFor safety against large resource use or crashes, sandboxing may be necessary."
        )));
    }
    let mut h = vec![0u8; len];
    r.read_exact(&mut h).map_err(|_| eof_header())?;
    let text = if version == (3, 0) { String::from_utf8(h).ok() } else { h.iter().all(|b| b.is_ascii()).then(|| String::from_utf8_lossy(&h).into_owned()) }
        .ok_or_else(|| IoError::value("the header of the .npy file is not valid text"))?;
    let (dtype, big, shape, fortran) = parse_header(&text)?;
    Ok(Header { dtype, big_endian: big, shape, fortran, data_start: (start + len) as u64, version })
}

fn escape_byte(b: u8) -> String {
    if (0x20..0x7f).contains(&b) && b != b'\\' && b != b'\'' { (b as char).to_string() } else { format!("\\x{b:02x}") }
}

fn eof_header() -> IoError {
    IoError::new(crate::engine::ErrorKind::EOFError, "EOF: reading array header")
}

/// Parses `{'descr': '<f8', 'fortran_order': False, 'shape': (3, 4), }`.
fn parse_header(text: &str) -> Result<(DType, bool, Vec<usize>, bool)> {
    let bad = || IoError::value(format!("Cannot parse header: {}", super::py_quote(text)));
    let body = text.trim().strip_prefix('{').and_then(|t| t.strip_suffix('}')).ok_or_else(bad)?;
    let (mut descr, mut fortran, mut shape) = (None, None, None);
    let mut rest = body.trim();
    while !rest.is_empty() {
        let q = rest.chars().next().ok_or_else(bad)?;
        if q != '\'' && q != '"' {
            return Err(bad());
        }
        let end = rest[1..].find(q).ok_or_else(bad)? + 1;
        let key = &rest[1..end];
        rest = rest[end + 1..].trim_start().strip_prefix(':').ok_or_else(bad)?.trim_start();
        let (value, after) = match rest.chars().next() {
            Some(c @ ('\'' | '"')) => {
                let e = rest[1..].find(c).ok_or_else(bad)? + 1;
                (&rest[..=e], &rest[e + 1..])
            }
            Some('(') => {
                let e = rest.find(')').ok_or_else(bad)?;
                (&rest[..=e], &rest[e + 1..])
            }
            _ => {
                let e = rest.find(',').unwrap_or(rest.len());
                (rest[..e].trim(), &rest[e..])
            }
        };
        match key {
            "descr" if value.starts_with('\'') || value.starts_with('"') => descr = Some(value[1..value.len() - 1].to_string()),
            "descr" => return Err(IoError::type_error("tsr reads arrays of one plain dtype, not structured arrays")),
            "fortran_order" => fortran = Some(match value { "True" => true, "False" => false, _ => return Err(bad()) }),
            "shape" => {
                let inner = value.strip_prefix('(').and_then(|v| v.strip_suffix(')')).ok_or_else(bad)?;
                let mut dims = vec![];
                for part in inner.split(',').map(str::trim).filter(|p| !p.is_empty()) {
                    dims.push(part.parse::<usize>().map_err(|_| bad())?);
                }
                shape = Some(dims);
            }
            _ => return Err(IoError::value(format!("Sorry, this does not support dtype keys other than 'descr', 'fortran_order' and 'shape': got {key:?}"))),
        }
        rest = after.trim_start();
        rest = rest.strip_prefix(',').unwrap_or(rest).trim_start();
    }
    let (Some(descr), Some(fortran), Some(shape)) = (descr, fortran, shape) else {
        return Err(IoError::value(format!("Header does not contain the correct keys: {}", super::py_quote(text))));
    };
    if shape.len() > crate::engine::layout::MAX_DIMS {
        return Err(IoError::value(format!("maximum supported dimension for an ndarray is currently {}, found {}", crate::engine::layout::MAX_DIMS, shape.len())));
    }
    let (dtype, big) = dtype_of_descr(&descr)?;
    let total: Option<usize> = shape.iter().try_fold(dtype.size(), |a: usize, &d| a.checked_mul(d)).filter(|&t| t <= isize::MAX as usize);
    if total.is_none() {
        // NumPy counts the elements in int64, which wraps, reads that many
        // (none, for the usual bomb) and then fails to reshape.
        let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
        return Err(IoError::value(format!("cannot reshape array of size 0 into shape ({})", dims.join(","))));
    }
    Ok((dtype, big, shape, fortran))
}

/// An opened `.npy` file.
pub struct NpyFile {
    pub header: Header,
    pub file_bytes: u64,
    file: File,
}

pub fn open(path: &str) -> Result<NpyFile> {
    let mut file = File::open(path).map_err(|e| IoError::os(&e, path))?;
    let file_bytes = file.metadata().map(|m| m.len()).unwrap_or(0);
    let header = read_header(&mut file)?;
    check_size(&header, file_bytes)?;
    Ok(NpyFile { header, file_bytes, file })
}

impl NpyFile {
    /// Reads the array's bytes into `out` (exactly `nbytes`), native order.
    pub fn read_into(&mut self, out: &mut [u8]) -> Result<()> {
        self.file.seek(SeekFrom::Start(self.header.data_start)).map_err(|e| IoError::runtime(e.to_string()))?;
        read_data(&mut self.file, &self.header, out)
    }
}

/// Refuses (from the sizes alone) data shorter than the header declares.
fn check_size(h: &Header, total: u64) -> Result<()> {
    let have = total.saturating_sub(h.data_start);
    if have < h.nbytes() as u64 {
        return Err(short_data(h, (have / h.dtype.size() as u64) as usize));
    }
    Ok(())
}

fn short_data(h: &Header, items: usize) -> IoError {
    IoError::value(format!(
        "Failed to read all data for array. Expected {} = {} elements, could only read {items} elements. (file seems not fully written?)",
        py_tuple(&h.shape),
        h.numel()
    ))
}

/// Reads `h`'s data from `r` into `out`, failing as NumPy does when short.
pub fn read_data(r: &mut impl Read, h: &Header, out: &mut [u8]) -> Result<()> {
    let got = super::read_data_interruptible(r, out, "reading array data")?;
    if got < out.len() {
        return Err(short_data(h, got / h.dtype.size()));
    }
    if h.big_endian {
        super::swap_bytes(out, h.dtype.size());
    }
    Ok(())
}

/// `(3, 4)`, `(3,)`, `()` as Python prints a tuple of ints.
pub fn py_tuple(xs: &[usize]) -> String {
    match xs {
        [] => "()".to_string(),
        [x] => format!("({x},)"),
        _ => format!("({})", xs.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")),
    }
}

/// The `.npy` bytes NumPy's `np.save` writes for C- or Fortran-ordered
/// data of `shape` (`data` already in that order).
pub fn encode(dtype: DType, shape: &[usize], fortran: bool, data: &[u8]) -> Result<Vec<u8>> {
    let descr = descr(dtype).ok_or_else(|| IoError::type_error("Got unsupported ScalarType BFloat16"))?;
    let fo = if fortran { "True" } else { "False" };
    let mut header = format!("{{'descr': '{descr}', 'fortran_order': {fo}, 'shape': {}, }}", py_tuple(shape));
    // NumPy leaves room for the growing axis to reach 21 digits.
    if let Some(axis) = if fortran { shape.last() } else { shape.first() } {
        header.push_str(&" ".repeat(21usize.saturating_sub(axis.to_string().len())));
    }
    // Version 1.0 unless the length needs 4 bytes; pad with spaces (never
    // none: an aligned header gets 64) so magic + version + length +
    // header + newline is a multiple of 64.
    let (version, pre) = if header.len() + 1 + 64 <= 65535 { ((1u8, 0u8), 10) } else { ((2, 0), 12) };
    let pad = 64 - (pre + header.len() + 1) % 64;
    header.push_str(&" ".repeat(pad));
    header.push('\n');
    let mut out = Vec::with_capacity(pre + header.len() + data.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&[version.0, version.1]);
    if version.0 == 1 {
        out.extend_from_slice(&(header.len() as u16).to_le_bytes());
    } else {
        out.extend_from_slice(&(header.len() as u32).to_le_bytes());
    }
    out.extend_from_slice(header.as_bytes());
    out.extend_from_slice(data);
    Ok(out)
}

/// Writes `bytes` to `path`.
pub fn write_file(path: &str, bytes: &[u8]) -> Result<()> {
    let mut f = File::create(path).map_err(|e| IoError::os(&e, path))?;
    f.write_all(bytes).map_err(|e| IoError::os(&e, path))
}

/// The members of an `.npz` archive, in file order, each with its header.
pub struct NpzFile {
    pub members: Vec<(String, Header)>,
    pub file_bytes: u64,
    archive: zip::ZipArchive<File>,
    names: Vec<String>,
}

fn zip_error(e: zip::result::ZipError) -> IoError {
    IoError::new(crate::engine::ErrorKind::BadZipFile, match e {
        zip::result::ZipError::InvalidArchive(m) => m.to_string(),
        other => other.to_string(),
    })
}

pub fn open_npz(path: &str) -> Result<NpzFile> {
    let file = File::open(path).map_err(|e| IoError::os(&e, path))?;
    let file_bytes = file.metadata().map(|m| m.len()).unwrap_or(0);
    let mut archive = zip::ZipArchive::new(file).map_err(zip_error)?;
    let mut members = vec![];
    let mut names = vec![];
    for i in 0..archive.len() {
        let mut f = archive.by_index(i).map_err(zip_error)?;
        let name = f.name().map_err(zip_error)?.to_string();
        let key = name.strip_suffix(".npy").unwrap_or(&name).to_string();
        let size = f.size();
        let h = read_header(&mut f)?;
        check_size(&h, size)?;
        members.push((key, h));
        names.push(name);
    }
    Ok(NpzFile { members, file_bytes, archive, names })
}

impl NpzFile {
    pub fn read_into(&mut self, i: usize, out: &mut [u8]) -> Result<()> {
        let h = self.members[i].1.clone();
        let mut f = self.archive.by_name(&self.names[i]).map_err(zip_error)?;
        let mut skip = vec![0u8; h.data_start as usize];
        f.read_exact(&mut skip).map_err(|_| eof_header())?;
        read_data(&mut f, &h, out)
    }
}

/// Writes an `.npz` of `members` (name, `.npy` bytes), stored or deflated.
pub fn write_npz(path: &str, members: &[(String, Vec<u8>)], compressed: bool) -> Result<()> {
    let file = File::create(path).map_err(|e| IoError::os(&e, path))?;
    let mut z = zip::ZipWriter::new(file);
    let method = if compressed { zip::CompressionMethod::Deflated } else { zip::CompressionMethod::Stored };
    let opts = zip::write::SimpleFileOptions::default().compression_method(method).last_modified_time(zip::DateTime::default()).large_file(false);
    for (name, bytes) in members {
        let o = if bytes.len() as u64 >= u32::MAX as u64 { opts.large_file(true) } else { opts };
        z.start_file(format!("{name}.npy"), o).map_err(zip_error)?;
        z.write_all(bytes).map_err(|e| IoError::os(&e, path))?;
    }
    z.finish().map_err(zip_error)?;
    Ok(())
}
