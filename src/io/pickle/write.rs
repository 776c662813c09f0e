//! A pickler for the objects `torch.save` writes: the opcodes CPython's
//! `pickle` module emits at protocol 2 (the protocol `torch.save` uses), with
//! a memo for shared lists, dicts and tensors, so that objects shared when
//! saved are shared when loaded.

use std::collections::HashMap;

use crate::engine::DType;

use super::read::storage_class;
use super::super::error::{IoError, Result};

/// An object to pickle. Containers and tensors carry an identity (`id`):
/// the second time an identity is met, the pickle refers to the first.
#[derive(Debug, Clone)]
pub enum WObj {
    None,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    Tuple(Vec<WObj>),
    List { id: usize, items: Vec<WObj> },
    Dict { id: usize, items: Vec<(WObj, WObj)> },
    OrderedDict { id: usize, items: Vec<(WObj, WObj)>, metadata: Option<Box<WObj>> },
    Size(Vec<usize>),
    Tensor { id: usize, t: WTensor },
    /// A container or tensor already written (a shared or cyclic reference).
    Seen(usize),
}

/// A tensor header and the storage it lives on.
#[derive(Debug, Clone)]
pub struct WTensor {
    /// Equal exactly for tensors that share a storage.
    pub storage: u64,
    pub dtype: DType,
    /// The storage's size in elements of `dtype`.
    pub storage_numel: usize,
    pub location: String,
    pub offset: usize,
    pub shape: Vec<usize>,
    pub stride: Vec<usize>,
    pub requires_grad: bool,
    /// A `torch.nn.Parameter`: `_rebuild_parameter(data, requires_grad, OrderedDict())`.
    pub parameter: bool,
}

/// CPython's pickle nesting limit, as `RecursionError` says it.
const MAX_DEPTH: usize = 1000;

#[derive(Default)]
pub struct Pickler {
    pub out: Vec<u8>,
    memo: HashMap<MemoKey, u32>,
    next_memo: u32,
    /// Storage ids in the order their keys were given (`'0'`, `'1'`, …).
    pub storages: Vec<u64>,
}

#[derive(Hash, PartialEq, Eq)]
enum MemoKey {
    Id(usize),
    Str(String),
    Global(&'static str, &'static str),
}

impl Pickler {
    /// Pickles `root` at protocol 2; the storages it refers to are in
    /// `self.storages`, key `i` for index `i`.
    pub fn dump(root: &WObj) -> Result<Pickler> {
        let mut p = Pickler::default();
        p.out.extend_from_slice(&[0x80, 2]);
        p.save(root, 0)?;
        p.out.push(b'.');
        Ok(p)
    }

    /// Memoizes the object just written under `key` (BINPUT).
    fn put(&mut self, key: MemoKey) {
        let i = self.next_memo;
        self.next_memo += 1;
        self.memo.insert(key, i);
        self.put_index(i);
    }
    /// Memoizes the object just written where nothing looks it up again, as
    /// CPython memoizes every tuple, dict and reduced object.
    fn put_anon(&mut self) {
        let i = self.next_memo;
        self.next_memo += 1;
        self.put_index(i);
    }
    fn put_index(&mut self, i: u32) {
        if i < 256 {
            self.out.extend_from_slice(&[b'q', i as u8]);
        } else {
            self.out.push(b'r');
            self.out.extend_from_slice(&i.to_le_bytes());
        }
    }
    fn get(&mut self, i: u32) {
        if i < 256 {
            self.out.extend_from_slice(&[b'h', i as u8]);
        } else {
            self.out.push(b'j');
            self.out.extend_from_slice(&i.to_le_bytes());
        }
    }
    /// Writes a memoized item again, if it was written before.
    fn memo_get(&mut self, key: &MemoKey) -> bool {
        match self.memo.get(key).copied() {
            Some(i) => {
                self.get(i);
                true
            }
            None => false,
        }
    }

    fn int(&mut self, v: i64) {
        if (0..=0xff).contains(&v) {
            self.out.extend_from_slice(&[b'K', v as u8]);
        } else if (0..=0xffff).contains(&v) {
            self.out.push(b'M');
            self.out.extend_from_slice(&(v as u16).to_le_bytes());
        } else if (i32::MIN as i64..=i32::MAX as i64).contains(&v) {
            self.out.push(b'J');
            self.out.extend_from_slice(&(v as i32).to_le_bytes());
        } else {
            // LONG1 with the shortest two's-complement encoding.
            let b = v.to_le_bytes();
            let mut n = 8;
            while n > 1 {
                let top = b[n - 1];
                let next_sign = b[n - 2] & 0x80 != 0;
                if (top == 0 && !next_sign) || (top == 0xff && next_sign) {
                    n -= 1;
                } else {
                    break;
                }
            }
            self.out.extend_from_slice(&[0x8a, n as u8]);
            self.out.extend_from_slice(&b[..n]);
        }
    }

    fn str(&mut self, s: &str) {
        if self.memo_get(&MemoKey::Str(s.to_string())) {
            return;
        }
        self.out.push(b'X');
        self.out.extend_from_slice(&(s.len() as u32).to_le_bytes());
        self.out.extend_from_slice(s.as_bytes());
        self.put(MemoKey::Str(s.to_string()));
    }

    fn global(&mut self, module: &'static str, name: &'static str) {
        if self.memo_get(&MemoKey::Global(module, name)) {
            return;
        }
        self.out.push(b'c');
        self.out.extend_from_slice(module.as_bytes());
        self.out.push(b'\n');
        self.out.extend_from_slice(name.as_bytes());
        self.out.push(b'\n');
        self.put(MemoKey::Global(module, name));
    }

    /// A tuple, as CPython writes one: `()`, TUPLE1-3, or MARK … TUPLE.
    fn tuple(&mut self, items: &[WObj], depth: usize) -> Result<()> {
        if items.is_empty() {
            self.out.push(b')');
            return Ok(());
        }
        if items.len() > 3 {
            self.out.push(b'(');
        }
        for it in items {
            self.save(it, depth + 1)?;
        }
        self.out.push(match items.len() {
            1 => 0x85,
            2 => 0x86,
            3 => 0x87,
            _ => b't',
        });
        // CPython memoizes every non-empty tuple.
        self.put_anon();
        Ok(())
    }

    fn ints_tuple(&mut self, xs: &[usize], depth: usize) -> Result<()> {
        let items: Vec<WObj> = xs.iter().map(|&x| WObj::Int(x as i64)).collect();
        self.tuple(&items, depth)
    }

    /// Dict items in CPython's batches: one item is `k v SETITEM`, more are
    /// `MARK k v … SETITEMS`, at most 1000 a batch.
    fn set_items(&mut self, items: &[(WObj, WObj)], depth: usize) -> Result<()> {
        for batch in items.chunks(1000) {
            if batch.len() > 1 {
                self.out.push(b'(');
            }
            for (k, v) in batch {
                self.save(k, depth + 1)?;
                self.save(v, depth + 1)?;
            }
            self.out.push(if batch.len() > 1 { b'u' } else { b's' });
        }
        Ok(())
    }

    fn save(&mut self, o: &WObj, depth: usize) -> Result<()> {
        if depth > MAX_DEPTH {
            return Err(IoError::new(crate::engine::ErrorKind::RecursionError, "maximum recursion depth exceeded while pickling an object"));
        }
        match o {
            WObj::None => self.out.push(b'N'),
            WObj::Bool(b) => self.out.push(if *b { 0x88 } else { 0x89 }),
            WObj::Int(i) => self.int(*i),
            WObj::Float(f) => {
                self.out.push(b'G');
                self.out.extend_from_slice(&f.to_be_bytes());
            }
            WObj::Str(s) => self.str(s),
            WObj::Tuple(items) => self.tuple(items, depth)?,
            WObj::Seen(id) => {
                if !self.memo_get(&MemoKey::Id(*id)) {
                    return Err(IoError::runtime("internal error: a shared object was not written first"));
                }
            }
            WObj::List { id, items } => {
                self.out.push(b']');
                self.put(MemoKey::Id(*id));
                for batch in items.chunks(1000) {
                    if batch.len() > 1 {
                        self.out.push(b'(');
                    }
                    for it in batch {
                        self.save(it, depth + 1)?;
                    }
                    self.out.push(if batch.len() > 1 { b'e' } else { b'a' });
                }
            }
            WObj::Dict { id, items } => {
                self.out.push(b'}');
                self.put(MemoKey::Id(*id));
                self.set_items(items, depth)?;
            }
            WObj::OrderedDict { id, items, metadata } => {
                self.global("collections", "OrderedDict");
                self.out.extend_from_slice(b")R");
                self.put(MemoKey::Id(*id));
                self.set_items(items, depth)?;
                if let Some(m) = metadata {
                    // The instance's __dict__: {'_metadata': …}, then BUILD.
                    self.out.push(b'}');
                    self.put_anon();
                    self.str("_metadata");
                    self.save(m, depth + 1)?;
                    self.out.extend_from_slice(b"sb");
                }
            }
            WObj::Size(dims) => {
                self.global("torch", "Size");
                self.ints_tuple(dims, depth)?;
                self.out.push(0x85);
                self.put_anon();
                self.out.push(b'R');
                self.put_anon();
            }
            WObj::Tensor { id, t } => {
                if self.memo_get(&MemoKey::Id(*id)) {
                    return Ok(());
                }
                self.tensor(t, depth)?;
                self.put(MemoKey::Id(*id));
            }
        }
        Ok(())
    }

    /// `_rebuild_tensor_v2(storage, offset, size, stride, requires_grad, OrderedDict())`.
    fn tensor(&mut self, t: &WTensor, depth: usize) -> Result<()> {
        if t.parameter {
            self.global("torch._utils", "_rebuild_parameter");
            self.tensor(&WTensor { parameter: false, requires_grad: false, ..t.clone() }, depth)?;
            self.put_anon();
            self.out.push(if t.requires_grad { 0x88 } else { 0x89 });
            self.global("collections", "OrderedDict");
            self.out.extend_from_slice(b")R");
            self.put_anon();
            self.out.push(0x87);
            self.put_anon();
            self.out.push(b'R');
            return Ok(());
        }
        self.global("torch._utils", "_rebuild_tensor_v2");
        self.out.push(b'(');
        // The persistent id: ('storage', torch.FloatStorage, key, location, numel).
        let key = match self.storages.iter().position(|&s| s == t.storage) {
            Some(i) => i,
            None => {
                self.storages.push(t.storage);
                self.storages.len() - 1
            }
        };
        self.out.push(b'(');
        self.str("storage");
        self.global("torch", storage_class(t.dtype));
        self.str(&key.to_string());
        self.str(&t.location);
        self.int(t.storage_numel as i64);
        self.out.push(b't');
        self.put_anon();
        self.out.push(b'Q');
        self.int(t.offset as i64);
        self.ints_tuple(&t.shape, depth)?;
        self.ints_tuple(&t.stride, depth)?;
        self.out.push(if t.requires_grad { 0x88 } else { 0x89 });
        self.global("collections", "OrderedDict");
        self.out.extend_from_slice(b")R");
        self.put_anon();
        self.out.push(b't');
        self.put_anon();
        self.out.push(b'R');
        Ok(())
    }
}
