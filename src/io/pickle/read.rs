//! A restricted unpickler: the opcodes of pickle protocols 2 to 5 that
//! `torch.save` and `pickle.dump` of plain data write, and a small allowlist
//! of globals. It never calls anything: an allowed global is a tag that
//! `REDUCE` turns into data (an `OrderedDict`, a tensor header, a
//! `torch.Size`). Everything else is refused by name, before any object is
//! built from it.
//!
//! Objects live in an arena and refer to each other by index, so memo
//! references (`BINGET`) cost one word however often they repeat, cycles
//! are harmless, and nothing here recurses: a 100 000-deep pickle reads in
//! constant stack. Every length is checked against the bytes that remain
//! before anything is allocated, so memory is bounded by the input's size.

use std::collections::HashMap;
use std::rc::Rc;

use crate::engine::DType;

use super::super::error::{IoError, Result};

/// A pickled value. Containers are `Ref`s into [`Pickled::nodes`].
#[derive(Debug, Clone, PartialEq)]
pub enum Obj {
    None,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(Rc<str>),
    Bytes(Rc<[u8]>),
    Ref(usize),
}

/// A container, or the data an allowed global's `REDUCE` produced.
#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    List(Vec<Obj>),
    Tuple(Vec<Obj>),
    Dict(Vec<(Obj, Obj)>),
    Set(Vec<Obj>),
    /// `collections.OrderedDict`, with the `_metadata` a `state_dict` carries.
    OrderedDict { items: Vec<(Obj, Obj)>, metadata: Option<Obj> },
    /// `torch.Size(...)`.
    Size(Vec<usize>),
    /// A tensor header (`torch._utils._rebuild_tensor_v2`).
    Tensor(TensorSpec),
    /// A storage from a persistent id: an index into [`Pickled::storages`].
    Storage(usize),
    /// An allowed global not yet applied (`collections.OrderedDict`).
    Global(Global),
}

/// The globals the torch policy accepts: the security boundary, kept small.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Global {
    OrderedDict,
    RebuildTensorV2,
    RebuildParameter,
    Size,
    /// `torch.FloatStorage` and friends: only as a persistent id's type.
    StorageType(DType),
}

/// Which globals a reader accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Policy {
    /// `torch.load(weights_only=True)`: the allowlist above, persistent ids
    /// for storages.
    Torch,
    /// A plain pickle of plain data (a memory snapshot): no globals at all.
    Plain,
}

/// `('storage', torch.FloatStorage, '0', 'cpu', 12)`: a record in the zip.
#[derive(Debug, Clone, PartialEq)]
pub struct StorageSpec {
    pub key: String,
    pub dtype: DType,
    pub location: String,
    pub numel: usize,
}

/// `_rebuild_tensor_v2(storage, offset, size, stride, requires_grad, hooks)`.
#[derive(Debug, Clone, PartialEq)]
pub struct TensorSpec {
    pub storage: usize,
    pub offset: usize,
    pub shape: Vec<usize>,
    pub stride: Vec<usize>,
    pub requires_grad: bool,
    /// Saved as a `torch.nn.Parameter`.
    pub parameter: bool,
}

/// The result of unpickling: the root object and its arena.
#[derive(Debug, Clone, Default)]
pub struct Pickled {
    pub root: Option<Obj>,
    pub nodes: Vec<Node>,
    pub storages: Vec<StorageSpec>,
}

impl Pickled {
    pub fn node(&self, o: &Obj) -> Option<&Node> {
        match o {
            Obj::Ref(i) => self.nodes.get(*i),
            _ => None,
        }
    }
}

/// The storage class name PyTorch pickles for a dtype (`FloatStorage`).
pub fn storage_class(d: DType) -> &'static str {
    match d {
        DType::Bool => "BoolStorage",
        DType::UInt8 => "ByteStorage",
        DType::Int8 => "CharStorage",
        DType::Int16 => "ShortStorage",
        DType::Int32 => "IntStorage",
        DType::Int64 => "LongStorage",
        DType::Float16 => "HalfStorage",
        DType::BFloat16 => "BFloat16Storage",
        DType::Float32 => "FloatStorage",
        DType::Float64 => "DoubleStorage",
    }
}

fn allowed_global(module: &str, name: &str) -> Option<Global> {
    Some(match (module, name) {
        ("collections", "OrderedDict") => Global::OrderedDict,
        ("torch._utils", "_rebuild_tensor_v2") => Global::RebuildTensorV2,
        ("torch._utils", "_rebuild_parameter") => Global::RebuildParameter,
        ("torch", "Size") => Global::Size,
        ("torch", n) => Global::StorageType(DType::ALL.into_iter().find(|d| storage_class(*d) == n)?),
        _ => return None,
    })
}

/// The allowlist, as `module.name` strings (for the README and the tests).
pub fn allowlist() -> Vec<String> {
    let mut v: Vec<String> = ["collections.OrderedDict", "torch._utils._rebuild_tensor_v2", "torch._utils._rebuild_parameter", "torch.Size"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    v.extend(DType::ALL.iter().map(|d| format!("torch.{}", storage_class(*d))));
    v
}

/// One item on the unpickler's stack.
#[derive(Debug, Clone)]
enum Item {
    Obj(Obj),
    Mark,
}

struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
    policy: Policy,
    stack: Vec<Item>,
    memo: HashMap<u32, Obj>,
    out: Pickled,
    storage_keys: HashMap<String, usize>,
}

/// Unpickles `data` under `policy`.
pub fn unpickle(data: &[u8], policy: Policy) -> Result<Pickled> {
    unpickle_prefix(data, policy).map(|(p, _)| p)
}

/// Unpickles the pickle at the start of `data`; also returns how many bytes
/// it took (the legacy checkpoint format is several pickles in a row).
pub fn unpickle_prefix(data: &[u8], policy: Policy) -> Result<(Pickled, usize)> {
    let mut r = Reader { data, pos: 0, policy, stack: vec![], memo: HashMap::new(), out: Pickled::default(), storage_keys: HashMap::new() };
    r.run()?;
    Ok((r.out, r.pos))
}

fn truncated() -> IoError {
    IoError::unpickling("pickle data was truncated")
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8]> {
        let end = self.pos.checked_add(n).filter(|&e| e <= self.data.len()).ok_or_else(truncated)?;
        let s = &self.data[self.pos..end];
        self.pos = end;
        Ok(s)
    }
    fn u8(&mut self) -> Result<u8> {
        Ok(self.take(1)?[0])
    }
    fn u16(&mut self) -> Result<u16> {
        Ok(u16::from_le_bytes(self.take(2)?.try_into().expect("2 bytes")))
    }
    fn u32(&mut self) -> Result<u32> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().expect("4 bytes")))
    }
    fn u64(&mut self) -> Result<u64> {
        Ok(u64::from_le_bytes(self.take(8)?.try_into().expect("8 bytes")))
    }
    fn line(&mut self) -> Result<&'a str> {
        let rest = &self.data[self.pos..];
        let n = rest.iter().position(|&b| b == b'\n').ok_or_else(truncated)?;
        self.pos += n + 1;
        std::str::from_utf8(&rest[..n]).map_err(|_| IoError::unpickling("a GLOBAL name is not UTF-8"))
    }
    fn string(&mut self, n: u64) -> Result<Obj> {
        let n = usize::try_from(n).map_err(|_| truncated())?;
        let b = self.take(n)?;
        let s = std::str::from_utf8(b).map_err(|_| IoError::unpickling("a string in the pickle is not valid UTF-8"))?;
        Ok(Obj::Str(s.into()))
    }
    fn bytes(&mut self, n: u64) -> Result<Obj> {
        let n = usize::try_from(n).map_err(|_| truncated())?;
        Ok(Obj::Bytes(self.take(n)?.into()))
    }

    fn push(&mut self, o: Obj) {
        self.stack.push(Item::Obj(o));
    }
    fn push_node(&mut self, n: Node) {
        self.out.nodes.push(n);
        self.push(Obj::Ref(self.out.nodes.len() - 1));
    }
    fn pop(&mut self) -> Result<Obj> {
        match self.stack.pop() {
            Some(Item::Obj(o)) => Ok(o),
            Some(Item::Mark) => Err(IoError::unpickling("unexpected MARK found")),
            None => Err(IoError::unpickling("unpickling stack underflow")),
        }
    }
    fn top(&self) -> Result<Obj> {
        match self.stack.last() {
            Some(Item::Obj(o)) => Ok(o.clone()),
            Some(Item::Mark) => Err(IoError::unpickling("unexpected MARK found")),
            None => Err(IoError::unpickling("unpickling stack underflow")),
        }
    }
    /// The items above the topmost MARK, which is removed.
    fn pop_mark(&mut self) -> Result<Vec<Obj>> {
        let m = self.stack.iter().rposition(|i| matches!(i, Item::Mark)).ok_or_else(|| IoError::unpickling("could not find MARK"))?;
        let items = self.stack.split_off(m + 1);
        self.stack.pop();
        Ok(items.into_iter().map(|i| match i {
            Item::Obj(o) => o,
            Item::Mark => unreachable!("rposition found the topmost mark"),
        }).collect())
    }
    fn node_mut(&mut self, o: &Obj) -> Option<&mut Node> {
        match o {
            Obj::Ref(i) => self.out.nodes.get_mut(*i),
            _ => None,
        }
    }

    fn append(&mut self, target: &Obj, items: Vec<Obj>) -> Result<()> {
        match self.node_mut(target) {
            Some(Node::List(v)) => {
                v.extend(items);
                Ok(())
            }
            _ => Err(IoError::unpickling("APPEND to something that is not a list")),
        }
    }
    fn set_items(&mut self, target: &Obj, items: Vec<Obj>) -> Result<()> {
        if !items.len().is_multiple_of(2) {
            return Err(IoError::unpickling("odd number of items for SETITEMS"));
        }
        let mut pairs = Vec::with_capacity(items.len() / 2);
        let mut it = items.into_iter();
        while let (Some(k), Some(v)) = (it.next(), it.next()) {
            pairs.push((k, v));
        }
        match self.node_mut(target) {
            Some(Node::Dict(d)) | Some(Node::OrderedDict { items: d, .. }) => {
                for (k, v) in pairs {
                    match d.iter_mut().find(|(old, _)| *old == k) {
                        Some(slot) => slot.1 = v,
                        None => d.push((k, v)),
                    }
                }
                Ok(())
            }
            _ => Err(IoError::unpickling("SETITEM on something that is not a dict")),
        }
    }

    fn global(&mut self, module: &str, name: &str) -> Result<()> {
        let allowed = match self.policy {
            Policy::Torch => allowed_global(module, name),
            Policy::Plain => None,
        };
        match allowed {
            Some(g) => {
                self.push_node(Node::Global(g));
                Ok(())
            }
            None => Err(refused_global(module, name, self.policy)),
        }
    }

    fn run(&mut self) -> Result<()> {
        loop {
            let op = self.u8()?;
            if self.policy == Policy::Torch && !TORCH_OPCODES.contains(&op) {
                return Err(unsupported_opcode(op, self.policy));
            }
            match op {
                0x80 => {
                    let p = self.u8()?;
                    if p > 5 {
                        return Err(IoError::value(format!("unsupported pickle protocol: {p}")));
                    }
                }
                0x95 => {
                    self.u64()?;
                }
                b'.' => {
                    self.out.root = Some(self.pop()?);
                    return Ok(());
                }
                b'(' => self.stack.push(Item::Mark),
                b'}' => self.push_node(Node::Dict(vec![])),
                b']' => self.push_node(Node::List(vec![])),
                b')' => self.push_node(Node::Tuple(vec![])),
                0x8f => self.push_node(Node::Set(vec![])),
                b't' => {
                    let items = self.pop_mark()?;
                    self.push_node(Node::Tuple(items));
                }
                0x85..=0x87 => {
                    let n = (op - 0x84) as usize;
                    let mut items = Vec::with_capacity(n);
                    for _ in 0..n {
                        items.push(self.pop()?);
                    }
                    items.reverse();
                    self.push_node(Node::Tuple(items));
                }
                b'l' => {
                    let items = self.pop_mark()?;
                    self.push_node(Node::List(items));
                }
                b'd' => {
                    let items = self.pop_mark()?;
                    self.push_node(Node::Dict(vec![]));
                    let d = self.top()?;
                    self.set_items(&d, items)?;
                }
                b'a' => {
                    let v = self.pop()?;
                    let l = self.top()?;
                    self.append(&l, vec![v])?;
                }
                b'e' => {
                    let items = self.pop_mark()?;
                    let l = self.top()?;
                    self.append(&l, items)?;
                }
                b's' => {
                    let v = self.pop()?;
                    let k = self.pop()?;
                    let d = self.top()?;
                    self.set_items(&d, vec![k, v])?;
                }
                b'u' => {
                    let items = self.pop_mark()?;
                    let d = self.top()?;
                    self.set_items(&d, items)?;
                }
                0x90 => {
                    let items = self.pop_mark()?;
                    let s = self.top()?;
                    match self.node_mut(&s) {
                        Some(Node::Set(v)) => {
                            for i in items {
                                if !v.contains(&i) {
                                    v.push(i);
                                }
                            }
                        }
                        _ => return Err(IoError::unpickling("ADDITEMS to something that is not a set")),
                    }
                }
                b'J' => {
                    let v = self.u32()? as i32;
                    self.push(Obj::Int(v as i64));
                }
                b'K' => {
                    let v = self.u8()?;
                    self.push(Obj::Int(v as i64));
                }
                b'M' => {
                    let v = self.u16()?;
                    self.push(Obj::Int(v as i64));
                }
                0x8a | 0x8b => {
                    let n = if op == 0x8a { self.u8()? as u64 } else { self.u32()? as u64 };
                    let b = self.take(usize::try_from(n).map_err(|_| truncated())?)?;
                    self.push(Obj::Int(long_le(b)?));
                }
                b'G' => {
                    let b = self.take(8)?;
                    self.push(Obj::Float(f64::from_be_bytes(b.try_into().expect("8 bytes"))));
                }
                b'N' => self.push(Obj::None),
                0x88 => self.push(Obj::Bool(true)),
                0x89 => self.push(Obj::Bool(false)),
                b'X' => {
                    let n = self.u32()? as u64;
                    let s = self.string(n)?;
                    self.push(s);
                }
                0x8c => {
                    let n = self.u8()? as u64;
                    let s = self.string(n)?;
                    self.push(s);
                }
                0x8d => {
                    let n = self.u64()?;
                    let s = self.string(n)?;
                    self.push(s);
                }
                b'U' => {
                    let n = self.u8()? as u64;
                    let s = self.string(n)?;
                    self.push(s);
                }
                0x81 => {
                    // NEWOBJ: cls.__new__(cls, *args), for the allowed classes.
                    let _args = self.pop()?;
                    let cls = self.pop()?;
                    match self.out.node(&cls) {
                        Some(Node::Global(Global::OrderedDict)) => self.push_node(Node::OrderedDict { items: vec![], metadata: None }),
                        _ => return Err(IoError::unpickling("NEWOBJ of a class that is not allowed")),
                    }
                }
                b'C' => {
                    let n = self.u8()? as u64;
                    let b = self.bytes(n)?;
                    self.push(b);
                }
                b'B' => {
                    let n = self.u32()? as u64;
                    let b = self.bytes(n)?;
                    self.push(b);
                }
                0x8e => {
                    let n = self.u64()?;
                    let b = self.bytes(n)?;
                    self.push(b);
                }
                b'q' => {
                    let i = self.u8()? as u32;
                    let o = self.top()?;
                    self.memo.insert(i, o);
                }
                b'r' => {
                    let i = self.u32()?;
                    let o = self.top()?;
                    self.memo.insert(i, o);
                }
                0x94 => {
                    let i = u32::try_from(self.memo.len()).map_err(|_| IoError::unpickling("memo too large"))?;
                    let o = self.top()?;
                    self.memo.insert(i, o);
                }
                b'h' | b'j' => {
                    let i = if op == b'h' { self.u8()? as u32 } else { self.u32()? };
                    let o = self.memo.get(&i).cloned().ok_or_else(|| IoError::unpickling(format!("Memo value not found at index {i}")))?;
                    self.push(o);
                }
                b'c' => {
                    let module = self.line()?;
                    let name = self.line()?;
                    self.global(module, name)?;
                }
                0x93 => {
                    let name = self.pop()?;
                    let module = self.pop()?;
                    match (module, name) {
                        (Obj::Str(m), Obj::Str(n)) => self.global(&m, &n)?,
                        _ => return Err(IoError::unpickling("STACK_GLOBAL requires str")),
                    }
                }
                b'R' => {
                    let args = self.pop()?;
                    let f = self.pop()?;
                    let made = self.reduce(&f, &args)?;
                    self.push_node(made);
                }
                b'b' => {
                    let state = self.pop()?;
                    let target = self.top()?;
                    self.build(&target, &state)?;
                }
                b'Q' => {
                    let pid = self.pop()?;
                    let made = self.persistent(&pid)?;
                    self.push_node(made);
                }
                b'0' => {
                    match self.stack.pop() {
                        Some(_) => {}
                        None => return Err(IoError::unpickling("unpickling stack underflow")),
                    }
                }
                b'1' => {
                    self.pop_mark()?;
                }
                b'2' => {
                    let o = self.top()?;
                    self.push(o);
                }
                other => return Err(unsupported_opcode(other, self.policy)),
            }
        }
    }

    fn tuple_items(&self, o: &Obj) -> Option<Vec<Obj>> {
        match self.out.node(o) {
            Some(Node::Tuple(v)) => Some(v.clone()),
            _ => None,
        }
    }

    fn reduce(&mut self, f: &Obj, args: &Obj) -> Result<Node> {
        let g = match self.out.node(f) {
            Some(Node::Global(g)) => *g,
            _ => return Err(IoError::unpickling("REDUCE of something that is not an allowed global")),
        };
        let args = self.tuple_items(args).ok_or_else(|| IoError::unpickling("REDUCE arguments are not a tuple"))?;
        match g {
            Global::OrderedDict if args.is_empty() => Ok(Node::OrderedDict { items: vec![], metadata: None }),
            Global::OrderedDict => Err(IoError::unpickling("OrderedDict() takes no arguments in a weights-only load")),
            Global::Size => {
                let dims = match args.first().and_then(|a| self.tuple_items(a)) {
                    Some(d) => d,
                    None => return Err(IoError::unpickling("torch.Size expects a tuple")),
                };
                Ok(Node::Size(self.sizes(&dims, "torch.Size")?))
            }
            Global::RebuildTensorV2 => self.rebuild_tensor(&args),
            Global::RebuildParameter => {
                // _rebuild_parameter(data, requires_grad, backward_hooks)
                let (data, rg) = match args.as_slice() {
                    [d, Obj::Bool(rg), ..] => (d.clone(), *rg),
                    _ => return Err(IoError::unpickling("_rebuild_parameter: bad arguments")),
                };
                match self.out.node(&data) {
                    Some(Node::Tensor(t)) => Ok(Node::Tensor(TensorSpec { requires_grad: rg, parameter: true, ..t.clone() })),
                    _ => Err(IoError::unpickling("_rebuild_parameter: data is not a tensor")),
                }
            }
            Global::StorageType(_) => Err(IoError::unpickling("a storage type cannot be called in a weights-only load")),
        }
    }

    fn sizes(&self, items: &[Obj], what: &str) -> Result<Vec<usize>> {
        if items.len() > crate::engine::layout::MAX_DIMS {
            return Err(IoError::runtime(format!("{what}: more than {} dimensions", crate::engine::layout::MAX_DIMS)));
        }
        items
            .iter()
            .map(|o| match o {
                Obj::Int(i) if *i >= 0 => Ok(*i as usize),
                _ => Err(IoError::unpickling(format!("{what}: sizes must be non-negative ints"))),
            })
            .collect()
    }

    fn rebuild_tensor(&mut self, args: &[Obj]) -> Result<Node> {
        let bad = || IoError::unpickling("_rebuild_tensor_v2: bad arguments");
        if args.len() < 6 || args.len() > 7 {
            return Err(bad());
        }
        let storage = match self.out.node(&args[0]) {
            Some(Node::Storage(i)) => *i,
            _ => return Err(bad()),
        };
        let offset = match args[1] {
            Obj::Int(o) if o >= 0 => o as usize,
            _ => return Err(bad()),
        };
        let shape = self.sizes(&self.tuple_items(&args[2]).ok_or_else(bad)?, "size")?;
        let stride = self.sizes(&self.tuple_items(&args[3]).ok_or_else(bad)?, "stride")?;
        if shape.len() != stride.len() {
            return Err(IoError::runtime(format!("mismatch in length of strides and shape: {} vs {}", stride.len(), shape.len())));
        }
        let requires_grad = match args[4] {
            Obj::Bool(b) => b,
            _ => return Err(bad()),
        };
        Ok(Node::Tensor(TensorSpec { storage, offset, shape, stride, requires_grad, parameter: false }))
    }

    fn build(&mut self, target: &Obj, state: &Obj) -> Result<()> {
        let meta = match self.out.node(state) {
            Some(Node::Dict(d)) => d.iter().find(|(k, _)| matches!(k, Obj::Str(s) if &**s == "_metadata")).map(|(_, v)| v.clone()),
            _ => None,
        };
        match (self.node_mut(target), meta) {
            (Some(Node::OrderedDict { metadata, .. }), Some(m)) => {
                *metadata = Some(m);
                Ok(())
            }
            _ => Err(IoError::unpickling("BUILD of an object other than a state_dict's OrderedDict is not supported")),
        }
    }

    fn persistent(&mut self, pid: &Obj) -> Result<Node> {
        let items = self.tuple_items(pid).ok_or_else(|| IoError::unpickling("persistent id is not a tuple"))?;
        if self.policy != Policy::Torch {
            return Err(IoError::unpickling("A load persistent id instruction was encountered, but no persistent_load function was specified."));
        }
        let bad = || IoError::unpickling("persistent id is not ('storage', type, key, location, numel)");
        // The legacy format adds a sixth item, `view_metadata`, None unless
        // the storage was saved as a view of another (PyTorch < 0.4).
        let items = match items.as_slice() {
            [head @ .., Obj::None] if head.len() == 5 => head.to_vec(),
            [_, _, _, _, _, _] => return Err(IoError::runtime("tsr does not read storage views of the legacy format (saved by PyTorch before 0.4)")),
            _ => items,
        };
        let [Obj::Str(tag), ty, Obj::Str(key), Obj::Str(location), Obj::Int(numel)] = items.as_slice() else { return Err(bad()) };
        if &**tag != "storage" || *numel < 0 {
            return Err(bad());
        }
        let dtype = match self.out.node(ty) {
            Some(Node::Global(Global::StorageType(d))) => *d,
            _ => return Err(bad()),
        };
        let spec = StorageSpec { key: key.to_string(), dtype, location: location.to_string(), numel: *numel as usize };
        let i = match self.storage_keys.get(&spec.key) {
            Some(&i) => i,
            None => {
                self.out.storages.push(spec.clone());
                self.storage_keys.insert(spec.key.clone(), self.out.storages.len() - 1);
                self.out.storages.len() - 1
            }
        };
        Ok(Node::Storage(i))
    }
}

/// A little-endian two's-complement integer (LONG1/LONG4) that fits in i64.
fn long_le(b: &[u8]) -> Result<i64> {
    if b.is_empty() {
        return Ok(0);
    }
    let neg = b[b.len() - 1] & 0x80 != 0;
    let fill = if neg { 0xff } else { 0 };
    if b.len() > 8 && b[8..].iter().any(|&x| x != fill) || b.len() > 8 && ((b[7] & 0x80 != 0) != neg) {
        return Err(IoError::new(crate::engine::ErrorKind::OverflowError, "Python int too large to convert to C long"));
    }
    let mut buf = [fill; 8];
    let n = b.len().min(8);
    buf[..n].copy_from_slice(&b[..n]);
    Ok(i64::from_le_bytes(buf))
}

/// The opcodes PyTorch's weights-only unpickler accepts (its complete
/// list); any other byte is "Unsupported operand N" under the torch policy.
const TORCH_OPCODES: &[u8] = &[
    b'c', 0x81, b'R', b'b', b'a', b'e', b's', b'u', b'(', b't', 0x85, 0x86, 0x87, b'N', 0x89, 0x88, b')', b']', b'}', 0x8f, b'J', b'K', b'M',
    b'G', b'X', b'U', b'Q', b'h', b'j', b'q', b'r', 0x8a, 0x80, b'.',
];

/// Modules PyTorch's weights-only unpickler blocks outright.
const BLOCKED_MODULES: &[&str] = &["sys", "os", "posix", "nt"];

/// The refusal of a global, in the words of PyTorch's weights-only
/// unpickler (`torch/_weights_only_unpickler.py`).
pub fn refused_global(module: &str, name: &str, policy: Policy) -> IoError {
    if policy == Policy::Plain {
        return IoError::unpickling(format!("tsr reads memory snapshots as plain data: the pickle asks for the global {module}.{name}, which it refuses"))
            .with_hint("a snapshot from torch.cuda.memory._dump_snapshot holds only dicts, lists, strings and numbers");
    }
    let full = format!("{module}.{name}");
    if BLOCKED_MODULES.contains(&module) {
        return IoError::unpickling(format!("Trying to load unsupported GLOBAL {full} whose module {module} is blocked."));
    }
    let shown = match full.strip_prefix("builtins") {
        Some(rest) => rest.strip_prefix('.').map(str::to_string).unwrap_or_else(|| format!("builtins{rest}")),
        None => full,
    };
    IoError::unpickling(format!(
        "Unsupported global: GLOBAL {shown} was not an allowed global by default. Please use `torch.serialization.add_safe_globals([{shown}])` or the `torch.serialization.safe_globals([{shown}])` context manager to allowlist this global if you trust this class/function."
    ))
}

fn unsupported_opcode(op: u8, policy: Policy) -> IoError {
    match policy {
        Policy::Torch => IoError::unpickling(format!("Unsupported operand {op}")),
        // CPython's words: the byte itself when printable, else its escape.
        Policy::Plain if (0x20..0x7f).contains(&op) && op != b'\'' && op != b'\\' => IoError::unpickling(format!("invalid load key, '{}'.", op as char)),
        Policy::Plain => IoError::unpickling(format!("invalid load key, '\\x{op:02x}'.")),
    }
}

#[cfg(test)]
mod tests;
