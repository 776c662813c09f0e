//! `share`: every storage the session's bindings keep alive, the bindings on
//! each (a tree: storage → tensors), and which of them overlap.

use std::rc::Rc;

use serde::Serialize;

use super::affine::{self, Effort, Verdict};
use super::{affine_of, footprint, Named};

/// Storages with more bindings than this skip the pairwise overlap checks.
pub const MAX_PAIRWISE: usize = 32;
const SELF_STEPS: u64 = 20_000;

#[derive(Debug, Clone, Serialize)]
pub struct ShareReport {
    /// In storage id order.
    pub storages: Vec<ShareStorage>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ShareStorage {
    pub id: u64,
    pub device: String,
    pub nbytes: usize,
    pub data_ptr: u64,
    /// The bindings on this storage, in name order.
    pub tensors: Vec<ShareTensor>,
    /// Pairs of bindings that share at least one element.
    pub overlapping: Vec<[String; 2]>,
    /// Pairs the bounded check could not decide.
    pub undecided: Vec<[String; 2]>,
    /// False when there were too many bindings to compare every pair.
    pub pairs_checked: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct ShareTensor {
    pub name: String,
    pub shape: Vec<usize>,
    pub stride: Vec<usize>,
    pub offset: usize,
    pub dtype: String,
    /// Lowest and highest storage element it can reach.
    pub footprint: Option<[usize; 2]>,
    /// Another name bound to the very same tensor object (`y = x`).
    pub alias_of: Option<String>,
    pub overlaps_with: Vec<String>,
    /// Whether it overlaps itself (stride 0 and the like); `None` if undecided.
    pub self_overlap: Option<bool>,
}

pub fn build(live: &[Named]) -> ShareReport {
    let mut ids: Vec<u64> = live.iter().map(|n| n.tensor.storage.id).collect();
    ids.sort_unstable();
    ids.dedup();
    let storages = ids.into_iter().filter_map(|id| storage(id, live)).collect();
    ShareReport { storages }
}

fn storage(id: u64, live: &[Named]) -> Option<ShareStorage> {
    let on: Vec<&Named> = live.iter().filter(|n| n.tensor.storage.id == id).collect();
    let st = &on.first()?.tensor.storage;
    let mut tensors: Vec<ShareTensor> = on
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let t = &n.tensor;
            let alias_of = on[..i].iter().find(|m| Rc::ptr_eq(&m.tensor, t)).map(|m| m.name.clone());
            let self_overlap = match affine::self_overlap(&affine_of(t), SELF_STEPS) {
                Verdict::Overlap(_) => Some(true),
                Verdict::Disjoint(_) => Some(false),
                Verdict::Undecided => None,
            };
            ShareTensor {
                name: n.name.clone(),
                shape: t.shape().to_vec(),
                stride: t.stride().to_vec(),
                offset: t.layout().offset,
                dtype: t.dtype.name().to_string(),
                footprint: footprint(t),
                alias_of,
                overlaps_with: vec![],
                self_overlap,
            }
        })
        .collect();
    let mut overlapping = vec![];
    let mut undecided = vec![];
    let originals: Vec<usize> = (0..on.len()).filter(|&i| tensors[i].alias_of.is_none()).collect();
    let pairs_checked = originals.len() <= MAX_PAIRWISE;
    if pairs_checked {
        for (x, &i) in originals.iter().enumerate() {
            for &j in &originals[x + 1..] {
                let (a, b) = (&on[i].tensor, &on[j].tensor);
                let (sa, sb) = if a.dtype.size() == b.dtype.size() {
                    (affine_of(a), affine_of(b))
                } else {
                    (affine_of(a).in_bytes(a.dtype.size() as u64), affine_of(b).in_bytes(b.dtype.size() as u64))
                };
                let pair = [on[i].name.clone(), on[j].name.clone()];
                match affine::intersect(&sa, &sb, Effort::QUICK) {
                    Verdict::Overlap(_) => {
                        tensors[i].overlaps_with.push(pair[1].clone());
                        tensors[j].overlaps_with.push(pair[0].clone());
                        overlapping.push(pair);
                    }
                    Verdict::Disjoint(_) => {}
                    Verdict::Undecided => undecided.push(pair),
                }
            }
        }
    }
    Some(ShareStorage {
        id,
        device: st.device.to_string(),
        nbytes: st.nbytes(),
        data_ptr: st.data_ptr(),
        tensors,
        overlapping,
        undecided,
        pairs_checked,
    })
}
