//! `torch.load`/`torch.save`, `np.load`/`np.save`/`np.savez` and
//! safetensors' `load_file`/`save_file`/`safe_open`: between the file
//! layer's plain trees (`crate::io`) and Python values.
//!
//! Loading makes one storage per storage in the file and every tensor a
//! header over it ([`Tensor::on_storage`], which checks the layout again),
//! so tensors that shared a storage when saved share one here, with the
//! saved offsets and strides. Saving walks the value once, giving each list,
//! dict and tensor an identity, so sharing survives the round trip.

use std::collections::HashMap;
use std::rc::Rc;

use crate::engine::layout::Layout;
use crate::engine::storage::Storage;
use crate::engine::{Device, ErrorKind, Tensor};
use crate::io::pickle::read::{Node, Obj, Pickled};
use crate::io::pickle::write::{WObj, WTensor};
use crate::io::IoError;
use crate::lang::span::Span;

use super::args::Args;
use super::error::{EvalError, EvalResult};
use super::interp::Interp;
use super::value::{PyDict, Value};

/// The file functions, by the name `Value::Function` carries.
pub const FUNCTIONS: &[&str] = &[
    "load",
    "save",
    "numpy.load",
    "numpy.save",
    "numpy.savez",
    "numpy.savez_compressed",
    "from_numpy",
    "safetensors.torch.load_file",
    "safetensors.torch.save_file",
    "safetensors.safe_open",
];

/// PyTorch's unpickler is iterative and loads any depth; tsr turns the
/// arena into values recursively (on the interpreter's 1 GiB stack), so it
/// stops here: a 100 000-deep pickle loads, as in PyTorch, a deeper one is
/// refused.
const LOAD_DEPTH: usize = 100_000;
/// CPython's pickler recurses and stops at its recursion limit.
const PICKLE_DEPTH: usize = 1000;
/// At most this many values are made from one file (tuples are not shared
/// in tsr, so a memo bomb of tuples would expand).
const MAX_VALUES: u64 = 10_000_000;

pub fn io_err(e: IoError, span: Span) -> EvalError {
    EvalError { kind: e.kind, message: e.message, hint: e.hint, span }
}

/// The path argument (`f`): a string.
pub fn path_arg(a: &mut Args, i: usize, k: &str) -> EvalResult<(String, Span)> {
    match a.get(i, k) {
        Some((Value::Str(s), sp)) => Ok((s, sp)),
        Some((v, sp)) => Err(EvalError::type_error(format!("{}(): argument '{k}' must be a path (str), not {}", a.name, v.type_name()), sp)
            .with_hint("tsr opens files by path; it has no file objects")),
        None => Err(a.err(format!("{}() missing 1 required positional argument: '{k}'", a.name))),
    }
}

pub fn call(it: &mut Interp, name: &str, mut a: Args, op: &str) -> EvalResult<Value> {
    let span = a.span;
    match name {
        "load" => {
            let (path, _) = path_arg(&mut a, 0, "f")?;
            let map = match a.get(1, "map_location") {
                None | Some((Value::None, _)) => None,
                Some((v, s)) => Some(super::args::to_device(&v).ok_or_else(|| {
                    EvalError::type_error(format!("map_location must be a device or a device string, not {}", v.type_name()), s)
                })?),
            };
            a.take_kw("weights_only");
            a.take_kw("mmap");
            a.finish(2)?;
            load_torch(it, &path, map, op, span)
        }
        "save" => {
            let (obj, _) = a.get(0, "obj").ok_or_else(|| a.err("save() missing 1 required positional argument: 'obj'"))?;
            let (path, _) = path_arg(&mut a, 1, "f")?;
            a.finish(2)?;
            save_torch(&obj, &path, span)?;
            Ok(Value::None)
        }
        _ => super::files_numpy::call(it, name, a, op),
    }
}

fn location_device(loc: &str) -> Device {
    Device::parse(loc).unwrap_or(Device::Cpu)
}

const NO_CUDA: &str = "Attempting to deserialize object on a CUDA device but torch.cuda.is_available() is False. If you are running on a CPU-only machine, please use torch.load with map_location=torch.device('cpu') to map your storages to the CPU.";

fn load_torch(it: &mut Interp, path: &str, map: Option<Device>, op: &str, span: Span) -> EvalResult<Value> {
    let mut ar = crate::io::torch_file::open(path).map_err(|e| io_err(e, span))?;
    let mut storages = Vec::with_capacity(ar.storages.len());
    for (i, s) in ar.storages.clone().iter().enumerate() {
        let device = map.unwrap_or_else(|| location_device(&ar.pickled.storages[i].location));
        if let Device::Cuda(d) = device
            && map.is_none()
            && it.ctx.cuda_device(d).is_err()
        {
            return Err(EvalError::new(ErrorKind::RuntimeError, NO_CUDA, span));
        }
        let st = Storage::allocate_on(&it.ctx, device, s.nbytes, op).map_err(|e| EvalError::from_engine(e, span))?;
        {
            let mut g = st.bytes_mut();
            ar.read_storage(i, g.bytes_mut()).map_err(|e| io_err(e, span))?;
        }
        storages.push(st);
    }
    let mut c = Convert { p: &ar.pickled, storages: &storages, memo: HashMap::new(), sizes: HashMap::new(), op, span };
    let root = ar.pickled.root.clone().ok_or_else(|| EvalError::new(ErrorKind::EOFError, "Ran out of input", span))?;
    let total = c.size(&root, 0)?;
    if total > MAX_VALUES {
        return Err(EvalError::new(ErrorKind::MemoryError, format!("the file's objects expand to {total} values; tsr makes at most {MAX_VALUES} from one file"), span)
            .with_hint("tsr's tuples are not shared objects, so a pickle that repeats one tuple many times expands"));
    }
    c.value(&root, 0)
}

/// Pickled objects → Python values, each container and tensor made once.
struct Convert<'a> {
    p: &'a Pickled,
    storages: &'a [Rc<Storage>],
    memo: HashMap<usize, Value>,
    sizes: HashMap<usize, u64>,
    op: &'a str,
    span: Span,
}

impl Convert<'_> {
    fn too_deep(&self) -> EvalError {
        EvalError::new(ErrorKind::RecursionError, format!("the file's objects are nested more than {LOAD_DEPTH} deep"), self.span)
            .with_hint("tsr turns a file's objects into values recursively and stops at this depth")
    }

    /// How many values `o` becomes: shared lists, dicts and tensors count
    /// once, tuples every time they appear.
    fn size(&mut self, o: &Obj, depth: usize) -> EvalResult<u64> {
        let Obj::Ref(i) = o else { return Ok(1) };
        if depth > LOAD_DEPTH {
            return Err(self.too_deep());
        }
        if let Some(&n) = self.sizes.get(i) {
            return Ok(if matches!(self.p.nodes[*i], Node::Tuple(_)) { n } else { 0 });
        }
        self.sizes.insert(*i, 1);
        let kids: Vec<Obj> = match &self.p.nodes[*i] {
            Node::List(v) | Node::Tuple(v) | Node::Set(v) => v.clone(),
            Node::Dict(d) => d.iter().flat_map(|(k, v)| [k.clone(), v.clone()]).collect(),
            Node::OrderedDict { items, metadata } => items.iter().flat_map(|(k, v)| [k.clone(), v.clone()]).chain(metadata.clone()).collect(),
            _ => vec![],
        };
        let mut n: u64 = 1;
        for k in &kids {
            n = n.saturating_add(self.size(k, depth + 1)?);
        }
        self.sizes.insert(*i, n);
        Ok(n)
    }

    fn value(&mut self, o: &Obj, depth: usize) -> EvalResult<Value> {
        if depth > LOAD_DEPTH {
            return Err(self.too_deep());
        }
        let i = match o {
            Obj::None => return Ok(Value::None),
            Obj::Bool(b) => return Ok(Value::Bool(*b)),
            Obj::Int(n) => return Ok(Value::Int(*n)),
            Obj::Float(f) => return Ok(Value::Float(*f)),
            Obj::Str(s) => return Ok(Value::Str(s.to_string())),
            Obj::Bytes(_) => return Err(EvalError::type_error("the file holds a bytes object, which tsr has no value for", self.span)),
            Obj::Ref(i) => *i,
        };
        if let Some(v) = self.memo.get(&i) {
            return Ok(v.clone());
        }
        let span = self.span;
        let v = match &self.p.nodes[i] {
            Node::List(items) => {
                let l = Value::list(vec![]);
                self.memo.insert(i, l.clone());
                let mut out = Vec::with_capacity(items.len());
                for x in items {
                    out.push(self.value(x, depth + 1)?);
                }
                if let Value::List(rc) = &l {
                    *rc.borrow_mut() = out;
                }
                return Ok(l);
            }
            Node::Tuple(items) => {
                let mut out = Vec::with_capacity(items.len());
                for x in items {
                    out.push(self.value(x, depth + 1)?);
                }
                Value::Tuple(out)
            }
            Node::Set(items) => {
                let mut d = PyDict::default();
                for x in items {
                    let k = self.value(x, depth + 1)?;
                    d.insert(k, Value::None, span)?;
                }
                Value::Set(Rc::new(std::cell::RefCell::new(d)))
            }
            Node::Dict(items) => return self.dict(i, items, None, false, depth),
            Node::OrderedDict { items, metadata } => return self.dict(i, items, metadata.as_ref(), true, depth),
            Node::Size(dims) => Value::Size(dims.clone()),
            Node::Tensor(spec) => {
                let dtype = self.p.storages[spec.storage].dtype;
                let layout = Layout { shape: spec.shape.clone(), stride: spec.stride.clone(), offset: spec.offset };
                let mut t = Tensor::on_storage(self.storages[spec.storage].clone(), layout, dtype, self.op).map_err(|e| EvalError::from_engine(e, span))?;
                t.parameter = spec.parameter;
                if spec.requires_grad {
                    super::grad::make_leaf(&t, true, true, span)?;
                }
                Value::tensor(t)
            }
            Node::Storage(_) => return Err(EvalError::type_error("the file holds a bare storage; tsr loads tensors", span)),
            Node::Global(_) => return Err(EvalError::type_error("the file holds a class or function as a value; tsr loads only data", span)),
        };
        self.memo.insert(i, v.clone());
        Ok(v)
    }

    fn dict(&mut self, i: usize, items: &[(Obj, Obj)], meta: Option<&Obj>, ordered: bool, depth: usize) -> EvalResult<Value> {
        let rc = Rc::new(std::cell::RefCell::new(PyDict { ordered, ..PyDict::default() }));
        let d = Value::Dict(rc.clone());
        self.memo.insert(i, d.clone());
        for (k, v) in items {
            let k = self.value(k, depth + 1)?;
            let v = self.value(v, depth + 1)?;
            rc.borrow_mut().insert(k, v, self.span)?;
        }
        if let Some(m) = meta {
            let m = self.value(m, depth + 1)?;
            rc.borrow_mut().metadata = Some(m);
        }
        Ok(d)
    }
}

/// Python values → the pickler's objects, with identities for sharing.
#[derive(Default)]
struct ToPickle {
    ids: HashMap<usize, usize>,
    storages: HashMap<u64, Rc<Storage>>,
}

impl ToPickle {
    fn id_of(&mut self, ptr: usize) -> (usize, bool) {
        let n = self.ids.len();
        match self.ids.get(&ptr) {
            Some(&id) => (id, true),
            None => {
                self.ids.insert(ptr, n);
                (n, false)
            }
        }
    }

    fn obj(&mut self, v: &Value, depth: usize, span: Span) -> EvalResult<WObj> {
        if depth > PICKLE_DEPTH {
            return Err(EvalError::new(ErrorKind::RecursionError, "maximum recursion depth exceeded while pickling an object", span));
        }
        Ok(match v {
            Value::None => WObj::None,
            Value::Bool(b) => WObj::Bool(*b),
            Value::Int(i) => WObj::Int(*i),
            Value::Float(f) => WObj::Float(*f),
            Value::Str(s) => WObj::Str(s.clone()),
            Value::Size(d) => WObj::Size(d.clone()),
            Value::Tuple(xs) => WObj::Tuple(xs.iter().map(|x| self.obj(x, depth + 1, span)).collect::<EvalResult<_>>()?),
            Value::List(l) => {
                let (id, seen) = self.id_of(Rc::as_ptr(l) as *const u8 as usize);
                if seen {
                    return Ok(WObj::Seen(id));
                }
                let items = l.borrow().clone();
                WObj::List { id, items: items.iter().map(|x| self.obj(x, depth + 1, span)).collect::<EvalResult<_>>()? }
            }
            Value::Dict(d) => {
                let (id, seen) = self.id_of(Rc::as_ptr(d) as *const u8 as usize);
                if seen {
                    return Ok(WObj::Seen(id));
                }
                let (pairs, ordered, meta) = {
                    let d = d.borrow();
                    (d.items(), d.ordered, d.metadata.clone())
                };
                let mut items = Vec::with_capacity(pairs.len());
                for (k, x) in &pairs {
                    items.push((self.obj(k, depth + 1, span)?, self.obj(x, depth + 1, span)?));
                }
                if ordered {
                    let metadata = match meta {
                        Some(m) => Some(Box::new(self.obj(&m, depth + 1, span)?)),
                        None => None,
                    };
                    WObj::OrderedDict { id, items, metadata }
                } else {
                    WObj::Dict { id, items }
                }
            }
            Value::Tensor(t) => {
                let (id, seen) = self.id_of(Rc::as_ptr(t) as *const u8 as usize);
                if seen {
                    return Ok(WObj::Seen(id));
                }
                self.storages.insert(t.storage.id, t.storage.clone());
                let location = match t.device() {
                    Device::Cpu => "cpu".to_string(),
                    Device::Cuda(i) => format!("cuda:{i}"),
                };
                WObj::Tensor {
                    id,
                    t: WTensor {
                        storage: t.storage.id,
                        dtype: t.dtype,
                        storage_numel: t.storage.nbytes() / t.dtype.size(),
                        location,
                        offset: t.layout().offset,
                        shape: t.shape().to_vec(),
                        stride: t.stride().to_vec(),
                        requires_grad: t.requires_grad(),
                        parameter: t.parameter,
                    },
                }
            }
            other => return Err(EvalError::type_error(format!("cannot pickle '{}' object", other.type_name()), span)
                .with_hint("torch.save in tsr writes tensors, numbers, strings, None, and lists, tuples and dicts of them")),
        })
    }
}

/// A plain pickle of plain data (a memory snapshot): no tensors, no globals.
pub fn save_pickle(obj: &Value, path: &str, span: Span) -> EvalResult<()> {
    let root = ToPickle::default().obj(obj, 0, span)?;
    let p = crate::io::pickle::write::Pickler::dump(&root).map_err(|e| io_err(e, span))?;
    std::fs::write(path, &p.out).map_err(|e| io_err(IoError::os(&e, path), span))
}

fn save_torch(obj: &Value, path: &str, span: Span) -> EvalResult<()> {
    let mut tp = ToPickle::default();
    let root = tp.obj(obj, 0, span)?;
    let storages = tp.storages;
    let mut bytes_of = |id: u64| -> Vec<u8> { storages.get(&id).map(|s| s.bytes().bytes().to_vec()).unwrap_or_default() };
    crate::io::torch_file::save(path, &root, &mut bytes_of).map_err(|e| io_err(e, span))
}
