//! CUDA memory snapshots (`torch.cuda.memory._dump_snapshot`): a plain
//! pickle of dicts and lists, read with no globals allowed. Only the fields
//! tsr's `mem` report needs are taken; the blocks must tile their segment.

use super::error::{IoError, Result};
use super::pickle::read::{unpickle, Node, Obj, Pickled, Policy};

/// A block's `state`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlockKind {
    /// `active_allocated`
    Allocated,
    /// `active_pending_free`: freed by the program, still in use by a stream.
    PendingFree,
    /// `inactive`: cached, free.
    Inactive,
}

#[derive(Debug, Clone, PartialEq)]
pub struct SnapBlock {
    pub address: u64,
    pub size: u64,
    pub requested_size: u64,
    pub state: BlockKind,
}

#[derive(Debug, Clone, PartialEq)]
pub struct SnapSegment {
    pub address: u64,
    pub total_size: u64,
    pub small: bool,
    pub blocks: Vec<SnapBlock>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Snapshot {
    pub segments: Vec<SnapSegment>,
}

/// Snapshots of real training runs are large, but not this large.
const MAX_BYTES: u64 = 1 << 30;

pub fn read(path: &str) -> Result<Snapshot> {
    let meta = std::fs::metadata(path).map_err(|e| IoError::os(&e, path))?;
    if meta.len() > MAX_BYTES {
        return Err(IoError::runtime(format!("{} is {} bytes; tsr reads snapshots of at most {MAX_BYTES}", super::py_quote(path), meta.len())));
    }
    let data = std::fs::read(path).map_err(|e| IoError::os(&e, path))?;
    if data.starts_with(b"PK\x03\x04") {
        return Err(bad("this is a zip archive (a torch.save checkpoint? `tsr inspect` lists those)"));
    }
    parse(&data)
}

fn bad(what: &str) -> IoError {
    IoError::value(format!("not a CUDA memory snapshot: {what}"))
        .with_hint("write one with torch.cuda.memory._dump_snapshot(path) after torch.cuda.memory._record_memory_history()")
}

fn get<'a>(p: &'a Pickled, dict: &Obj, key: &str) -> Option<&'a Obj> {
    match p.node(dict)? {
        Node::Dict(items) => items.iter().find(|(k, _)| matches!(k, Obj::Str(s) if &**s == key)).map(|(_, v)| v),
        _ => None,
    }
}

fn list<'a>(p: &'a Pickled, o: &Obj) -> Option<&'a [Obj]> {
    match p.node(o)? {
        Node::List(v) | Node::Tuple(v) => Some(v),
        _ => None,
    }
}

fn uint(o: Option<&Obj>) -> Option<u64> {
    match o? {
        Obj::Int(i) if *i >= 0 => Some(*i as u64),
        _ => None,
    }
}

pub fn parse(data: &[u8]) -> Result<Snapshot> {
    let p = unpickle(data, Policy::Plain)?;
    let root = p.root.clone().ok_or_else(|| bad("empty pickle"))?;
    let segs = get(&p, &root, "segments").and_then(|s| list(&p, s)).ok_or_else(|| bad("no 'segments' list"))?;
    let mut segments = Vec::with_capacity(segs.len());
    for s in segs {
        let address = uint(get(&p, s, "address")).ok_or_else(|| bad("a segment without 'address'"))?;
        let total_size = uint(get(&p, s, "total_size")).ok_or_else(|| bad("a segment without 'total_size'"))?;
        let small = matches!(get(&p, s, "segment_type"), Some(Obj::Str(t)) if &**t == "small");
        let mut blocks = vec![];
        let mut at = address;
        for b in get(&p, s, "blocks").and_then(|b| list(&p, b)).ok_or_else(|| bad("a segment without 'blocks'"))? {
            let size = uint(get(&p, b, "size")).ok_or_else(|| bad("a block without 'size'"))?;
            let baddr = uint(get(&p, b, "address")).unwrap_or(at);
            if baddr != at {
                return Err(bad(&format!("the blocks of the segment at 0x{address:x} do not tile it (a block at 0x{baddr:x}, expected 0x{at:x})")));
            }
            let state = match get(&p, b, "state") {
                Some(Obj::Str(s)) => s.to_string(),
                _ => return Err(bad("a block without 'state'")),
            };
            let kind = match state.as_str() {
                "active_allocated" => BlockKind::Allocated,
                "active_pending_free" => BlockKind::PendingFree,
                "inactive" => BlockKind::Inactive,
                other => return Err(bad(&format!("unknown block state '{other}'"))),
            };
            let requested_size = uint(get(&p, b, "requested_size")).unwrap_or(size);
            blocks.push(SnapBlock { address: baddr, size, requested_size, state: kind });
            at = at.checked_add(size).ok_or_else(|| bad("a block size overflows"))?;
        }
        if at - address != total_size {
            return Err(bad(&format!("the blocks of the segment at 0x{address:x} add up to {} bytes, not its total_size {total_size}", at - address)));
        }
        segments.push(SnapSegment { address, total_size, small, blocks });
    }
    Ok(Snapshot { segments })
}
