//! NumPy's `np.load`/`np.save`/`np.savez`, `torch.from_numpy`, and
//! safetensors' `load_file`/`save_file`/`safe_open`.
//!
//! tsr has no `ndarray` value yet: `np.load` gives a tensor with the
//! layout `torch.from_numpy(np.load(path))` has (a Fortran-ordered array
//! keeps its order as strides; big-endian data becomes native values), and
//! `torch.from_numpy` of such a tensor is a new tensor on the same storage.

use std::rc::Rc;

use crate::engine::layout::{is_contiguous, is_fortran_contiguous, Layout};
use crate::engine::storage::Storage;
use crate::engine::{ErrorKind, Tensor};
use crate::io::{npy, safetensors_file as st, FileTensor};
use crate::lang::span::Span;

use super::args::Args;
use super::error::{EvalError, EvalResult};
use super::files::{io_err, path_arg};
use super::interp::Interp;
use super::value::{PyDict, Value};

pub fn call(it: &mut Interp, name: &str, mut a: Args, op: &str) -> EvalResult<Value> {
    let span = a.span;
    match name {
        "numpy.load" => {
            let (path, _) = path_arg(&mut a, 0, "file")?;
            a.take_kw("mmap_mode");
            a.take_kw("allow_pickle");
            a.finish(1)?;
            np_load(it, &path, op, span)
        }
        "numpy.save" => {
            let (mut path, _) = path_arg(&mut a, 0, "file")?;
            let (arr, aspan) = a.get(1, "arr").ok_or_else(|| a.err("save() missing 1 required positional argument: 'arr'"))?;
            a.take_kw("allow_pickle");
            a.finish(2)?;
            if !path.ends_with(".npy") {
                path.push_str(".npy");
            }
            let t = array_arg(&arr, aspan)?;
            let bytes = npy_bytes(it, &t, span)?;
            npy::write_file(&path, &bytes).map_err(|e| io_err(e, span))?;
            Ok(Value::None)
        }
        "numpy.savez" | "numpy.savez_compressed" => {
            let (mut path, _) = path_arg(&mut a, 0, "file")?;
            if !path.ends_with(".npz") {
                path.push_str(".npz");
            }
            let mut members = vec![];
            for (i, (v, s)) in a.pos.iter().skip(1).enumerate() {
                members.push((format!("arr_{i}"), array_arg(v, *s)?));
            }
            for (k, v, s) in &a.kw {
                if members.iter().any(|(n, _)| n == k) {
                    return Err(EvalError::new(ErrorKind::ValueError, format!("Cannot use un-named variables and keyword {k}"), *s));
                }
                members.push((k.clone(), array_arg(v, *s)?));
            }
            let mut out = vec![];
            for (n, t) in &members {
                out.push((n.clone(), npy_bytes(it, t, span)?));
            }
            npy::write_npz(&path, &out, name.ends_with("compressed")).map_err(|e| io_err(e, span))?;
            Ok(Value::None)
        }
        "from_numpy" => {
            let (v, s) = a.get(0, "ndarray").ok_or_else(|| a.err("from_numpy() missing 1 required positional argument: 'ndarray'"))?;
            a.finish(1)?;
            match v {
                Value::NdArray(arr) => Ok(Value::tensor(super::ndarray::to_tensor(&arr))),
                other => Err(EvalError::type_error(format!("expected np.ndarray (got {})", super::py::builtins::type_of(&other)), s)),
            }
        }
        "safetensors.torch.load_file" => {
            let (path, _) = path_arg(&mut a, 0, "filename")?;
            a.take_kw("device");
            a.finish(1)?;
            let f = st::open(&path).map_err(|e| io_err(e, span))?;
            let mut d = PyDict::default();
            for i in 0..f.tensors.len() {
                d.insert_str(f.names[i].clone(), Value::tensor(st_tensor(it, &f, i, op, span)?));
            }
            Ok(Value::Dict(Rc::new(std::cell::RefCell::new(d))))
        }
        "safetensors.safe_open" => {
            let (path, _) = path_arg(&mut a, 0, "filename")?;
            match a.get(1, "framework") {
                Some((Value::Str(f), _)) if f == "pt" || f == "torch" || f == "pytorch" => {}
                Some((v, s)) => {
                    return Err(EvalError::new(ErrorKind::SafetensorError, format!("framework {} is not supported by tsr (it has \"pt\")", super::py::repr::repr(&v)), s));
                }
                None => return Err(a.err("safe_open() missing required argument 'framework' (pos 2)")),
            }
            a.take_kw("device");
            a.finish(2)?;
            let f = st::open(&path).map_err(|e| io_err(e, span))?;
            Ok(Value::SafeOpen(Rc::new(f)))
        }
        "safetensors.torch.save_file" => {
            let (tensors, ts) = a.get(0, "tensors").ok_or_else(|| a.err("save_file() missing 1 required positional argument: 'tensors'"))?;
            let (path, _) = path_arg(&mut a, 1, "filename")?;
            let metadata = match a.get(2, "metadata") {
                None | Some((Value::None, _)) => None,
                Some((Value::Dict(d), s)) => {
                    let mut m = std::collections::HashMap::new();
                    for (k, v) in d.borrow().items() {
                        match (k, v) {
                            (Value::Str(k), Value::Str(v)) => {
                                m.insert(k, v);
                            }
                            _ => return Err(EvalError::type_error("metadata must be a dict of str to str", s)),
                        }
                    }
                    Some(m)
                }
                Some((v, s)) => return Err(EvalError::type_error(format!("metadata must be a dict, not {}", v.type_name()), s)),
            };
            a.finish(3)?;
            save_file(&tensors, ts, &path, metadata, span)?;
            Ok(Value::None)
        }
        _ => Err(a.err(format!("{name}() is not available"))),
    }
}

/// A method of a `safe_open` handle.
pub fn safe_open_method(it: &mut Interp, f: &st::StFile, name: &str, pos: Vec<Value>, span: Span) -> EvalResult<Value> {
    match (name, pos.as_slice()) {
        ("keys", []) => {
            let mut names = f.names.clone();
            names.sort();
            Ok(Value::list(names.into_iter().map(Value::Str).collect()))
        }
        ("metadata", []) => Ok(match &f.metadata {
            None => Value::None,
            Some(m) => {
                let mut pairs: Vec<(String, Value)> = m.iter().map(|(k, v)| (k.clone(), Value::Str(v.clone()))).collect();
                pairs.sort_by(|a, b| a.0.cmp(&b.0));
                Value::dict_from_pairs(pairs)
            }
        }),
        ("get_tensor", [Value::Str(n)]) => match f.index_of(n) {
            Some(i) => st_tensor(it, f, i, &format!("get_tensor({})", super::py::repr::repr(&pos[0])), span).map(Value::tensor),
            None => Err(EvalError::new(ErrorKind::SafetensorError, format!("File does not contain tensor {n}"), span)),
        },
        ("keys" | "metadata" | "get_tensor", _) => Err(EvalError::type_error(format!("safe_open.{name}() got the wrong arguments"), span)),
        _ => Err(EvalError::new(ErrorKind::AttributeError, format!("'builtins.safe_open' object has no attribute '{name}'"), span)),
    }
}

/// A fresh storage of `nbytes` filled by `fill`.
fn filled_storage(it: &Interp, nbytes: usize, op: &str, span: Span, fill: impl FnOnce(&mut [u8]) -> crate::io::Result<()>) -> EvalResult<Rc<Storage>> {
    let s = Storage::allocate_on(&it.ctx, crate::engine::Device::Cpu, nbytes, op).map_err(|e| EvalError::from_engine(e, span))?;
    {
        let mut g = s.bytes_mut();
        fill(g.bytes_mut()).map_err(|e| io_err(e, span))?;
    }
    Ok(s)
}

fn tensor_on(storage: Rc<Storage>, ft: &FileTensor, op: &str, span: Span) -> EvalResult<Tensor> {
    let layout = Layout { shape: ft.shape.clone(), stride: ft.stride.clone(), offset: ft.offset };
    Tensor::on_storage(storage, layout, ft.dtype, op).map_err(|e| EvalError::from_engine(e, span))
}

fn st_tensor(it: &Interp, f: &st::StFile, i: usize, op: &str, span: Span) -> EvalResult<Tensor> {
    let data = f.data(i);
    let s = filled_storage(it, data.len(), op, span, |out| {
        out.copy_from_slice(data);
        Ok(())
    })?;
    tensor_on(s, &f.tensors[i], op, span)
}

const PICKLED: &str = "This file contains pickled (object) data. If you trust the file you can load it unsafely using the `allow_pickle=` keyword argument or `pickle.load()`.";

fn np_load(it: &mut Interp, path: &str, op: &str, span: Span) -> EvalResult<Value> {
    let head = crate::io::file_head(path, 6).map_err(|e| io_err(e, span))?;
    if head.is_empty() {
        return Err(EvalError::new(ErrorKind::EOFError, "No data left in file", span));
    }
    if head.starts_with(b"PK\x03\x04") || head.starts_with(b"PK\x05\x06") {
        let mut z = npy::open_npz(path).map_err(|e| io_err(e, span))?;
        let mut d = PyDict::default();
        for i in 0..z.members.len() {
            let (name, h) = z.members[i].clone();
            let ft = h.tensor(0).map_err(|e| io_err(e, span))?;
            let s = filled_storage(it, h.nbytes(), op, span, |out| z.read_into(i, out))?;
            d.insert_str(name, super::numpy_module::array(tensor_on(s, &ft, op, span)?));
        }
        return Ok(Value::Dict(Rc::new(std::cell::RefCell::new(d))));
    }
    if head != npy::MAGIC {
        return Err(EvalError::new(ErrorKind::ValueError, PICKLED, span).with_hint("the file is neither .npy nor .npz; tsr never unpickles NumPy object data"));
    }
    let mut f = npy::open(path).map_err(|e| io_err(e, span))?;
    let ft = f.header.tensor(0).map_err(|e| io_err(e, span))?;
    let nbytes = f.header.nbytes();
    let s = filled_storage(it, nbytes, op, span, |out| f.read_into(out))?;
    Ok(super::numpy_module::array(tensor_on(s, &ft, op, span)?))
}

/// The tensor `np.save`/`np.savez` is given, with `Tensor.numpy()`'s refusals.
fn array_arg(v: &Value, span: Span) -> EvalResult<Rc<Tensor>> {
    match v {
        Value::NdArray(a) => Ok(super::numpy_module::as_tensor(a)),
        Value::Tensor(t) => {
            super::ndarray::check_numpy(t, span)?;
            Ok(t.clone())
        }
        other => Err(EvalError::type_error(format!("tsr's np.save writes tensors, not {}", other.type_name()), span)),
    }
}

/// `np.save`'s bytes: Fortran order for an F-contiguous (and not
/// C-contiguous) tensor, C order otherwise, as NumPy decides.
fn npy_bytes(it: &Interp, t: &Tensor, span: Span) -> EvalResult<Vec<u8>> {
    let size = t.dtype.size();
    let n = t.numel() * size;
    let raw = |t: &Tensor| -> Vec<u8> {
        let b = t.storage.bytes();
        let start = t.layout().offset * size;
        b.bytes()[start..start + n].to_vec()
    };
    let (fortran, data) = if is_contiguous(t.shape(), t.stride()) {
        (false, raw(t))
    } else if is_fortran_contiguous(t.shape(), t.stride()) {
        (true, raw(t))
    } else {
        let c = t.contiguous_or_self(&it.ctx).map_err(|e| EvalError::from_engine(e, span))?;
        (false, raw(&c))
    };
    npy::encode(t.dtype, t.shape(), fortran, &data).map_err(|e| io_err(e, span))
}

/// `safetensors.torch.save_file`, with its refusals of shared and
/// non-contiguous tensors.
fn save_file(tensors: &Value, ts: Span, path: &str, metadata: Option<std::collections::HashMap<String, String>>, span: Span) -> EvalResult<()> {
    let Value::Dict(d) = tensors else {
        return Err(EvalError::type_error(format!("save_file() expects a dict of tensors, not {}", tensors.type_name()), ts));
    };
    let mut items: Vec<(String, Rc<Tensor>)> = vec![];
    for (k, v) in d.borrow().items() {
        match (k, v) {
            (Value::Str(k), Value::Tensor(t)) => items.push((k, t)),
            (k, v) => {
                return Err(EvalError::new(ErrorKind::ValueError, format!("Key `{}` is invalid, expected str received {}", super::py::repr::str(&k), v.type_name()), ts));
            }
        }
    }
    // Tensors that share memory are refused, as safetensors' `_find_shared_tensors` does.
    let mut groups: Vec<Vec<String>> = vec![];
    let mut by_storage: Vec<(u64, usize)> = vec![];
    for (k, t) in &items {
        if t.storage.nbytes() == 0 {
            continue;
        }
        match by_storage.iter().find(|(s, _)| *s == t.storage.id) {
            Some(&(_, g)) => groups[g].push(k.clone()),
            None => {
                by_storage.push((t.storage.id, groups.len()));
                groups.push(vec![k.clone()]);
            }
        }
    }
    let shared: Vec<&Vec<String>> = groups.iter().filter(|g| g.len() > 1).collect();
    if !shared.is_empty() {
        let sets: Vec<String> = shared.iter().map(|g| format!("{{{}}}", g.iter().map(|n| format!("'{n}'")).collect::<Vec<_>>().join(", "))).collect();
        return Err(EvalError::new(ErrorKind::RuntimeError, format!(
            "\n            Some tensors share memory, this will lead to duplicate memory on disk and potential differences when loading them again: [{}].\n            A potential way to correctly save your model is to use `save_model`.\n            More information at https://huggingface.co/docs/safetensors/torch_shared_tensors\n            ",
            sets.join(", ")
        ), span));
    }
    let mut out = vec![];
    for (k, t) in &items {
        if !is_contiguous(t.shape(), t.stride()) {
            return Err(EvalError::new(ErrorKind::ValueError, format!(
                "You are trying to save a non contiguous tensor: `{k}` which is not allowed. It either means you are trying to save tensors which are reference of each other in which case it's recommended to save only the full tensors, and reslice at load time, or simply call `.contiguous()` on your tensor to pack it before saving."
            ), span));
        }
        let size = t.dtype.size();
        let data = {
            let b = t.storage.bytes();
            let start = t.layout().offset * size;
            b.bytes()[start..start + t.numel() * size].to_vec()
        };
        out.push((k.clone(), st::SaveTensor { dtype: t.dtype, shape: t.shape().to_vec(), data }));
    }
    st::save(path, &out, metadata).map_err(|e| io_err(e, span))
}
