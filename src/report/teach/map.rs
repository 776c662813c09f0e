//! `map x[, y…]`: each storage drawn as a strip of cells, with every listed
//! tensor's elements laid over it, labelled with their logical indices.
//!
//! Storages of at most `FULL_STRIP` cells are drawn whole. Larger ones show
//! the first and last cells and the cells the tensors touch (sampled from
//! both ends of each tensor), at most `MAX_CELLS`, with gaps between. Which
//! indices land on a shown cell is solved exactly per cell (`affine::hits`),
//! so the cost depends on the cells shown, never on the storage size.

use std::collections::BTreeSet;
use std::rc::Rc;

use serde::Serialize;

use crate::engine::strided::{flat_to_storage, StridedIndex};
use crate::engine::{scalar, Tensor};
use crate::report::values::scalar_json;

use super::affine::{self, Verdict};
use super::{affine_of, footprint, Named};

/// Per tensor, at most this many storage indices in `elements`.
pub const ELEMENTS_CAP: usize = 4096;
/// Storages of at most this many cells are drawn whole.
pub const FULL_STRIP: usize = 48;
/// Larger storages show at most this many cells.
pub const MAX_CELLS: usize = 40;
/// Index labels listed per cell and tensor (the rest are counted).
pub const LABELS: usize = 3;
const HEAD: usize = 4;
const TAIL: usize = 2;
/// Logical elements sampled from the front of each tensor to pick cells;
/// the lowest `PER_TENSOR` of them (and its last elements) are shown.
const SAMPLE: usize = 256;
const PER_TENSOR: usize = 8;
const HIT_STEPS: u64 = 4096;
const SELF_STEPS: u64 = 20_000;

#[derive(Debug, Clone, Serialize)]
pub struct MapReport {
    /// One strip per storage, in order of first mention.
    pub storages: Vec<MapStorage>,
}

#[derive(Debug, Clone, Serialize)]
pub struct MapStorage {
    pub id: u64,
    pub device: String,
    pub nbytes: usize,
    pub data_ptr: u64,
    /// One cell is one element of this dtype (the smallest among the tensors).
    pub cell_dtype: String,
    pub cell_size: usize,
    /// Cells in the whole storage.
    pub cells_total: usize,
    pub tensors: Vec<MapTensor>,
    /// The cells drawn, in storage order; an index jump is a gap.
    pub cells: Vec<MapCell>,
    /// True when every cell of the storage is drawn.
    pub complete: bool,
    /// Other live bindings on this storage that are not drawn.
    pub other_bindings: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct MapTensor {
    pub name: String,
    /// Position in the `map` argument list (drives its colour).
    pub arg: usize,
    pub shape: Vec<usize>,
    pub stride: Vec<usize>,
    pub offset: usize,
    pub dtype: String,
    pub numel: usize,
    /// Lowest and highest storage element it reaches (in its own dtype).
    pub footprint: Option<[usize; 2]>,
    /// Whether two of its indices share an element; `None` if undecided.
    pub self_overlap: Option<bool>,
    /// The storage element index (in its dtype) of each logical element,
    /// row-major, at most `ELEMENTS_CAP` of them.
    pub elements: Vec<usize>,
    /// True when `elements` stops before the end.
    pub truncated: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct MapCell {
    pub index: usize,
    /// The cell's value in `cell_dtype`.
    pub value: serde_json::Value,
    /// One entry per tensor that reaches this cell.
    pub hits: Vec<MapHit>,
}

#[derive(Debug, Clone, Serialize)]
pub struct MapHit {
    /// Index into the storage's `tensors`.
    pub tensor: usize,
    /// The first `LABELS` logical indices landing here, row-major.
    pub indices: Vec<Vec<usize>>,
    /// How many logical indices land here (a lower bound unless `exact`).
    pub count: u64,
    pub exact: bool,
    /// The cell is a later byte run of an element that starts in an
    /// earlier cell (a tensor whose elements are wider than a cell).
    pub continued: bool,
}

/// Builds one strip per storage for `tensors` (name, tensor), in order.
pub fn build(tensors: &[(String, Rc<Tensor>)], live: &[Named]) -> MapReport {
    let mut ids: Vec<u64> = vec![];
    for (_, t) in tensors {
        if !ids.contains(&t.storage.id) {
            ids.push(t.storage.id);
        }
    }
    let storages = ids
        .into_iter()
        .filter_map(|id| {
            let on: Vec<(usize, &(String, Rc<Tensor>))> = tensors.iter().enumerate().filter(|(_, (_, t))| t.storage.id == id).collect();
            strip(&on, live)
        })
        .collect();
    MapReport { storages }
}

fn strip(on: &[(usize, &(String, Rc<Tensor>))], live: &[Named]) -> Option<MapStorage> {
    let first = &on.first()?.1.1;
    let st = &first.storage;
    let cell_t = on.iter().map(|(_, (_, t))| t).min_by_key(|t| t.dtype.size()).unwrap_or(first);
    let cell_dtype = cell_t.dtype;
    let unit = cell_dtype.size();
    let cells_total = st.nbytes() / unit;
    // Cells per element, for each tensor.
    let per: Vec<usize> = on.iter().map(|(_, (_, t))| (t.dtype.size() / unit).max(1)).collect();
    let drawn: Vec<&String> = on.iter().map(|(_, (n, _))| n).collect();
    let other_bindings = live
        .iter()
        .filter(|n| Rc::ptr_eq(&n.tensor.storage, st) && !drawn.contains(&&n.name))
        .map(|n| n.name.clone())
        .collect();
    let tensors: Vec<MapTensor> = on.iter().map(|&(arg, (name, t))| describe(name, arg, t)).collect();
    let (shown, complete) = pick_cells(cells_total, on, &per);
    let buf = st.bytes();
    let cells = shown
        .into_iter()
        .map(|c| MapCell {
            index: c,
            value: scalar::read(cell_dtype, buf.bytes(), c).map(scalar_json).unwrap_or(serde_json::Value::Null),
            hits: on
                .iter()
                .zip(&per)
                .enumerate()
                .filter_map(|(k, ((_, (_, t)), &m))| hit(k, t, c, m))
                .collect(),
        })
        .collect();
    Some(MapStorage {
        id: st.id,
        device: st.device.to_string(),
        nbytes: st.nbytes(),
        data_ptr: st.data_ptr(),
        cell_dtype: cell_dtype.name().to_string(),
        cell_size: unit,
        cells_total,
        tensors,
        cells,
        complete,
        other_bindings,
    })
}

fn describe(name: &str, arg: usize, t: &Tensor) -> MapTensor {
    let elements: Vec<usize> = StridedIndex::new(t.layout()).take(ELEMENTS_CAP).collect();
    MapTensor {
        name: name.to_string(),
        arg,
        shape: t.shape().to_vec(),
        stride: t.stride().to_vec(),
        offset: t.layout().offset,
        dtype: t.dtype.name().to_string(),
        numel: t.numel(),
        footprint: footprint(t),
        self_overlap: match affine::self_overlap(&affine_of(t), SELF_STEPS) {
            Verdict::Overlap(_) => Some(true),
            Verdict::Disjoint(_) => Some(false),
            Verdict::Undecided => None,
        },
        truncated: t.numel() > elements.len(),
        elements,
    }
}

/// Which of tensor `t`'s indices land on cell `c` (`m` cells per element).
fn hit(k: usize, t: &Tensor, c: usize, m: usize) -> Option<MapHit> {
    let [lo, hi] = footprint(t)?;
    let elem = c / m;
    if elem < lo || elem > hi {
        return None;
    }
    let continued = !c.is_multiple_of(m);
    let h = affine::hits(&affine_of(t), elem as u64, if continued { 0 } else { LABELS }, HIT_STEPS);
    if h.count == 0 && h.exact {
        return None;
    }
    Some(MapHit {
        tensor: k,
        indices: h.first.iter().map(|i| i.iter().map(|&x| x as usize).collect()).collect(),
        count: h.count.min(u64::MAX as u128) as u64,
        exact: h.exact,
        continued,
    })
}

/// The cells to draw, and whether that is all of them.
fn pick_cells(total: usize, on: &[(usize, &(String, Rc<Tensor>))], per: &[usize]) -> (Vec<usize>, bool) {
    if total <= FULL_STRIP {
        return ((0..total).collect(), true);
    }
    let mut set: BTreeSet<usize> = (0..HEAD).chain(total - TAIL..total).collect();
    let mut touched: BTreeSet<usize> = BTreeSet::new();
    for ((_, (_, t)), &m) in on.iter().zip(per) {
        let n = t.numel();
        if n == 0 {
            continue;
        }
        // Its lowest sampled elements, its last two, and both ends of its footprint.
        let mut front: Vec<usize> = StridedIndex::new(t.layout()).take(SAMPLE).collect();
        front.sort_unstable();
        front.dedup();
        front.truncate(PER_TENSOR);
        front.extend((n.saturating_sub(2)..n).map(|f| flat_to_storage(t.layout(), f)));
        front.extend(footprint(t).into_iter().flatten());
        for e in front {
            touched.extend(e * m..(e * m + m).min(total));
        }
    }
    let touched: Vec<usize> = touched.into_iter().collect();
    let room = MAX_CELLS - set.len();
    if touched.len() <= room {
        set.extend(touched);
    } else {
        let tail = 8.min(room);
        set.extend(touched[..room - tail].iter().copied());
        set.extend(touched[touched.len() - tail..].iter().copied());
    }
    let complete = set.len() == total;
    (set.into_iter().collect(), complete)
}
