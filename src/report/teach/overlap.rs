//! `overlap x, y`: can writing through x change y? The exact answer (like
//! NumPy's `shares_memory`), with a witness when they do, and whether either
//! tensor overlaps itself (an expanded view: writing through it is ambiguous).
//! `overlap x` asks only the second question.

use serde::Serialize;

use crate::engine::Tensor;

use super::affine::{self, Affine, Disjoint, Effort, Verdict, Witness};
use super::{affine_of, index_text};

/// Search steps for the self-overlap question.
const SELF_STEPS: u64 = 200_000;

#[derive(Debug, Clone, Serialize)]
pub struct OverlapReport {
    pub a: String,
    /// `None` for `overlap x` (the self-overlap question only).
    pub b: Option<String>,
    pub same_storage: bool,
    /// The answer: `true` when some element is shared (for `overlap x`: when
    /// x overlaps itself), `false` when none is, `null` when undecided.
    pub overlap: Option<bool>,
    /// `overlap`, `disjoint` or `undecided`.
    pub verdict: String,
    /// Why, in one sentence.
    pub reason: String,
    /// The equation that was solved: a shared element is a solution.
    pub equation: Option<String>,
    pub witness: Option<OverlapWitness>,
    /// Whether each tensor overlaps itself.
    pub self_overlap: Vec<SelfOverlap>,
}

/// Two indices that reach the same memory.
#[derive(Debug, Clone, Serialize)]
pub struct OverlapWitness {
    pub a_index: Vec<usize>,
    pub b_index: Vec<usize>,
    /// The shared storage element (in the first tensor's dtype).
    pub storage_index: usize,
    /// The first shared byte, from the storage start.
    pub byte: usize,
    /// `x[1, 2] and y[2, 1] are both storage[9]`.
    pub text: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct SelfOverlap {
    pub name: String,
    pub overlap: Option<bool>,
    pub witness: Option<OverlapWitness>,
    pub reason: String,
}

/// The two sets in a common unit: elements when the dtypes have the same
/// size, bytes otherwise (`true`).
fn common_sets(a: &Tensor, b: &Tensor) -> (Affine, Affine, bool) {
    let (sa, sb) = (a.dtype.size(), b.dtype.size());
    if sa == sb {
        (affine_of(a), affine_of(b), false)
    } else {
        (affine_of(a).in_bytes(sa as u64), affine_of(b).in_bytes(sb as u64), true)
    }
}

/// `w`'s positions are elements of `a`'s dtype, or bytes when `in_bytes`.
fn witness_of(an: &str, a: &Tensor, bn: &str, b: &Tensor, w: &Witness, in_bytes: bool) -> OverlapWitness {
    let ai: Vec<u64> = w.a.iter().take(a.ndim()).copied().collect();
    let bi: Vec<u64> = w.b.iter().take(b.ndim()).copied().collect();
    let byte = if in_bytes { w.position as usize } else { w.position as usize * a.dtype.size() };
    let storage_index = byte / a.dtype.size();
    let text = if !in_bytes {
        format!("{} and {} are both storage[{}]", index_text(an, &ai), index_text(bn, &bi), storage_index)
    } else {
        format!("{} and {} both cover byte {} of the storage", index_text(an, &ai), index_text(bn, &bi), byte)
    };
    OverlapWitness {
        a_index: ai.iter().map(|&i| i as usize).collect(),
        b_index: bi.iter().map(|&i| i as usize).collect(),
        storage_index,
        byte,
        text,
    }
}

/// `4·i0 + 1·i1` over the dims that move, with a leading offset.
fn side(set: &Affine, var: &str) -> (String, Vec<String>) {
    let mut s = set.offset.to_string();
    let mut ranges = vec![];
    for (k, d) in set.dims.iter().enumerate() {
        if d.size > 1 {
            s.push_str(&format!(" + {}·{var}{k}", d.stride));
            ranges.push(format!("0 ≤ {var}{k} < {}", d.size));
        }
    }
    (s, ranges)
}

fn equation(a: &Affine, b: &Affine) -> String {
    let (l, mut r1) = side(a, "i");
    let (r, r2) = side(b, "j");
    r1.extend(r2);
    if r1.is_empty() { format!("{l} = {r}") } else { format!("{l} = {r}  ({})", r1.join(", ")) }
}

fn disjoint_reason(an: &str, bn: &str, d: &Disjoint, in_bytes: bool) -> String {
    let what = if in_bytes { "byte" } else { "storage" };
    match d {
        Disjoint::Empty => "one of them has no elements, so there is nothing to share".to_string(),
        Disjoint::Bounds { a, b } => format!(
            "{an} reaches {what}[{}..={}] and {bn} reaches {what}[{}..={}]: the ranges do not meet",
            a.0, a.1, b.0, b.1
        ),
        Disjoint::Gcd { g, a_offset, b_offset } => format!(
            "every element of {an} sits at {a_offset} + a multiple of {g} and every element of {bn} at {b_offset} + a multiple of {g} (all strides are multiples of {g}): they interleave but never meet"
        ),
        Disjoint::Injective | Disjoint::Exhaustive => {
            format!("their ranges interleave, but an exact check of the index equation finds no element of {an} that is also in {bn}")
        }
    }
}

fn self_check(name: &str, t: &Tensor) -> SelfOverlap {
    match affine::self_overlap(&affine_of(t), SELF_STEPS) {
        Verdict::Overlap(w) => {
            let w = witness_of(name, t, name, t, &w, false);
            SelfOverlap {
                name: name.to_string(),
                overlap: Some(true),
                reason: format!(
                    "{name} overlaps itself: {}. Writing through {name} is ambiguous, so PyTorch refuses in-place ops on it; clone() it first",
                    w.text
                ),
                witness: Some(w),
            }
        }
        Verdict::Disjoint(d) => SelfOverlap {
            name: name.to_string(),
            overlap: Some(false),
            witness: None,
            reason: match d {
                Disjoint::Empty => format!("{name} has no elements"),
                _ => format!("every index of {name} has its own storage element"),
            },
        },
        Verdict::Undecided => SelfOverlap {
            name: name.to_string(),
            overlap: None,
            witness: None,
            reason: format!("undecided: the search gave up after {SELF_STEPS} steps; {name} may overlap itself"),
        },
    }
}

/// `overlap a` (with `b` = None) or `overlap a, b`.
pub fn build(an: &str, a: &Tensor, b: Option<(&str, &Tensor)>) -> OverlapReport {
    let sa = self_check(an, a);
    let Some((bn, b)) = b else {
        return OverlapReport {
            a: an.to_string(),
            b: None,
            same_storage: true,
            overlap: sa.overlap,
            verdict: verdict_name(sa.overlap).into(),
            reason: sa.reason.clone(),
            equation: Some(format!("{} for two different indices i ≠ j", equation(&affine_of(a), &affine_of(a)))),
            witness: sa.witness.clone(),
            self_overlap: vec![sa],
        };
    };
    // `overlap b, b`: one tensor, so one self-overlap sentence.
    let same_tensor = an == bn || (a.same_storage(b) && a.layout() == b.layout() && a.dtype == b.dtype);
    let selves = if same_tensor { vec![sa] } else { vec![sa, self_check(bn, b)] };
    if !a.same_storage(b) {
        return OverlapReport {
            a: an.to_string(),
            b: Some(bn.to_string()),
            same_storage: false,
            overlap: Some(false),
            verdict: "disjoint".into(),
            reason: format!(
                "{an} lives in storage S{} and {bn} in S{}: different storages never share memory",
                a.storage.id, b.storage.id
            ),
            equation: None,
            witness: None,
            self_overlap: selves,
        };
    }
    let (xa, xb, in_bytes) = common_sets(a, b);
    let (overlap, reason, witness) = match affine::intersect(&xa, &xb, Effort::THOROUGH) {
        Verdict::Overlap(w) => {
            let w = witness_of(an, a, bn, b, &w, in_bytes);
            let reason = format!("{}: writing through {an} changes {bn}", w.text);
            (Some(true), reason, Some(w))
        }
        Verdict::Disjoint(d) => (Some(false), disjoint_reason(an, bn, &d, in_bytes), None),
        Verdict::Undecided => (
            None,
            format!(
                "undecided: the exact search gave up after {} steps; assume writing through {an} may change {bn}",
                Effort::THOROUGH.search_steps
            ),
            None,
        ),
    };
    OverlapReport {
        a: an.to_string(),
        b: Some(bn.to_string()),
        same_storage: true,
        overlap,
        verdict: verdict_name(overlap).into(),
        reason,
        equation: Some(equation(&xa, &xb)),
        witness,
        self_overlap: selves,
    }
}

fn verdict_name(v: Option<bool>) -> &'static str {
    match v {
        Some(true) => "overlap",
        Some(false) => "disjoint",
        None => "undecided",
    }
}
