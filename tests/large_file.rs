//! `tsr inspect` reads metadata only: a 3 GiB checkpoint, `.npy` and
//! safetensors file (sparse, built here) are listed after reading a few
//! kilobytes. The proof is the kernel's count of bytes this process read
//! (`rchar` in `/proc/self/io`), so this test is alone in its binary. The
//! time it takes is printed, not asserted (speed is for benchmarks).

use std::fs::File;
use std::io::{Seek, SeekFrom, Write};
use std::path::Path;
use std::time::Instant;

const BIG: u64 = 3 << 30;

fn rchar() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/io").ok()?;
    s.lines().find_map(|l| l.strip_prefix("rchar: ")).and_then(|v| v.trim().parse().ok())
}

/// A stored zip entry's local header (sizes given, CRC 0: tsr's reader,
/// like PyTorch's, checks no CRC of a record it does not read).
fn local_header(out: &mut Vec<u8>, name: &str, size: u32, crc: u32) {
    out.extend_from_slice(&0x04034b50u32.to_le_bytes());
    out.extend_from_slice(&[20, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    out.extend_from_slice(&crc.to_le_bytes());
    out.extend_from_slice(&size.to_le_bytes());
    out.extend_from_slice(&size.to_le_bytes());
    out.extend_from_slice(&(name.len() as u16).to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    out.extend_from_slice(name.as_bytes());
}

fn central_header(out: &mut Vec<u8>, name: &str, size: u32, crc: u32, offset: u32) {
    out.extend_from_slice(&0x02014b50u32.to_le_bytes());
    out.extend_from_slice(&[20, 0, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    out.extend_from_slice(&crc.to_le_bytes());
    out.extend_from_slice(&size.to_le_bytes());
    out.extend_from_slice(&size.to_le_bytes());
    out.extend_from_slice(&(name.len() as u16).to_le_bytes());
    out.extend_from_slice(&[0; 12]);
    out.extend_from_slice(&offset.to_le_bytes());
    out.extend_from_slice(name.as_bytes());
}

fn crc32(data: &[u8]) -> u32 {
    let mut c = !0u32;
    for &b in data {
        c ^= b as u32;
        for _ in 0..8 {
            c = if c & 1 != 0 { (c >> 1) ^ 0xedb8_8320 } else { c >> 1 };
        }
    }
    !c
}

/// `torch.save(torch.empty(3 GiB / 4, dtype=float32))`, with the data as a hole.
fn sparse_checkpoint(path: &Path) {
    let numel = BIG / 4;
    let mut pkl = b"\x80\x02ctorch._utils\n_rebuild_tensor_v2\nq\x00((X\x07\x00\x00\x00storageq\x01ctorch\nFloatStorage\nq\x02X\x01\x00\x00\x000q\x03X\x03\x00\x00\x00cpuq\x04J".to_vec();
    pkl.extend_from_slice(&(numel as u32).to_le_bytes());
    pkl.extend_from_slice(b"tq\x05QK\x00J");
    pkl.extend_from_slice(&(numel as u32).to_le_bytes());
    pkl.extend_from_slice(b"\x85q\x06K\x01\x85q\x07\x89ccollections\nOrderedDict\nq\x08)Rq\ttq\nRq\x0b.");
    let mut head = vec![];
    let pkl_crc = crc32(&pkl);
    local_header(&mut head, "big/data.pkl", pkl.len() as u32, pkl_crc);
    head.extend_from_slice(&pkl);
    let data_offset = head.len() as u32;
    local_header(&mut head, "big/data/0", BIG as u32, 0);
    let data_start = head.len() as u64;
    let mut f = File::create(path).unwrap();
    f.write_all(&head).unwrap();
    f.seek(SeekFrom::Start(data_start + BIG)).unwrap();
    let cd_offset = (data_start + BIG) as u32;
    let mut cd = vec![];
    central_header(&mut cd, "big/data.pkl", pkl.len() as u32, pkl_crc, 0);
    central_header(&mut cd, "big/data/0", BIG as u32, 0, data_offset);
    let cd_len = cd.len() as u32;
    cd.extend_from_slice(&0x06054b50u32.to_le_bytes());
    cd.extend_from_slice(&[0, 0, 0, 0, 2, 0, 2, 0]);
    cd.extend_from_slice(&cd_len.to_le_bytes());
    cd.extend_from_slice(&cd_offset.to_le_bytes());
    cd.extend_from_slice(&[0, 0]);
    f.write_all(&cd).unwrap();
}

fn sparse_npy(path: &Path) {
    let mut header = format!("{{'descr': '<f4', 'fortran_order': False, 'shape': ({}, 1024), }}", BIG / 4096);
    let pad = 64 - (10 + header.len() + 1) % 64;
    header.push_str(&" ".repeat(pad));
    header.push('\n');
    let mut f = File::create(path).unwrap();
    f.write_all(b"\x93NUMPY\x01\x00").unwrap();
    f.write_all(&(header.len() as u16).to_le_bytes()).unwrap();
    f.write_all(header.as_bytes()).unwrap();
    f.set_len(10 + header.len() as u64 + BIG).unwrap();
}

fn sparse_safetensors(path: &Path) {
    let mut header = format!("{{\"w\":{{\"dtype\":\"F32\",\"shape\":[{},1024],\"data_offsets\":[0,{BIG}]}}}}", BIG / 4096);
    while header.len() % 8 != 0 {
        header.push(' ');
    }
    let mut f = File::create(path).unwrap();
    f.write_all(&(header.len() as u64).to_le_bytes()).unwrap();
    f.write_all(header.as_bytes()).unwrap();
    f.set_len(8 + header.len() as u64 + BIG).unwrap();
}

#[test]
fn three_gib_files_are_listed_from_their_metadata() {
    let dir = std::env::temp_dir().join(format!("tsr_large_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    type Maker = fn(&Path);
    let cases: [(&str, Maker, &str); 3] = [("big.pt", sparse_checkpoint, "torch"), ("big.npy", sparse_npy, "npy"), ("big.safetensors", sparse_safetensors, "safetensors")];
    for (name, make, format) in cases {
        let p = dir.join(name);
        make(&p);
        let before = rchar();
        let t = Instant::now();
        let listing = tsr::io::inspect::list(p.to_str().unwrap()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let elapsed = t.elapsed();
        let after = rchar();
        assert_eq!(listing.format, format);
        assert_eq!(listing.tensors.len(), 1, "{name}");
        assert_eq!(listing.tensors[0].storage_bytes as u64, BIG, "{name}");
        assert!(listing.file_bytes > BIG, "{name}");
        if let (Some(a), Some(b)) = (before, after) {
            assert!(b - a < 1 << 20, "{name}: read {} bytes to list a 3 GiB file", b - a);
            eprintln!("{name}: listed in {elapsed:?}, {} bytes read", b - a);
        }
        std::fs::remove_file(&p).unwrap();
    }
}
