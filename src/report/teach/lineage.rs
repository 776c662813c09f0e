//! `lineage x`: the chain of operations from the tensor that allocated x's
//! data to x, each with its layout before and after and whether it copied.

use serde::Serialize;

use crate::engine::Tensor;

use super::LayoutInfo;

/// Chains longer than this show their first and last steps only.
pub const MAX_STEPS: usize = 64;
const HEAD: usize = 16;

#[derive(Debug, Clone, Serialize)]
pub struct LineageReport {
    pub name: String,
    /// Oldest first. When the chain is longer than `MAX_STEPS`, the middle
    /// `omitted` steps are left out (after the first 16).
    pub steps: Vec<LineageStep>,
    pub omitted: usize,
    /// How many of all the steps copied existing data into a new storage
    /// (a factory's allocation is not a copy).
    pub copies: usize,
    /// How many steps allocated a fresh storage (factories).
    pub allocs: usize,
}

#[derive(Debug, Clone, Serialize)]
pub struct LineageStep {
    /// Position in the whole chain (0 = the allocation).
    pub n: usize,
    /// The operation as written (`arange(12)`, `t()`, `reshape(12)`).
    pub op: String,
    /// `alloc` (a factory filled a new storage), `copy` (data copied into a
    /// new storage) or `view` (same storage, new layout).
    pub kind: String,
    pub copied: bool,
    pub storage: u64,
    pub before: Option<LayoutInfo>,
    pub after: LayoutInfo,
}

impl LineageReport {
    /// `7 steps: 1 allocation, 1 copy` (views are the rest).
    pub fn summary(&self) -> String {
        let n = self.steps.len() + self.omitted;
        let copies = match self.copies {
            0 => "no copies".to_string(),
            1 => "1 copy".to_string(),
            k => format!("{k} copies"),
        };
        let allocs = match self.allocs {
            0 => String::new(),
            1 => "1 allocation, ".to_string(),
            k => format!("{k} allocations, "),
        };
        format!("{n} step{}: {allocs}{copies}", if n == 1 { "" } else { "s" })
    }
}

pub fn build(name: &str, t: &Tensor) -> LineageReport {
    let mut chain = vec![];
    let head = t.lineage();
    let mut cur = head.as_deref();
    while let Some(step) = cur {
        chain.push(step);
        cur = step.prev.as_deref();
    }
    chain.reverse();
    let total = chain.len();
    let copies = chain.iter().filter(|s| s.copied && s.before.is_some()).count();
    let allocs = chain.iter().filter(|s| s.copied && s.before.is_none()).count();
    let omitted = total.saturating_sub(MAX_STEPS);
    let steps = chain
        .iter()
        .enumerate()
        .filter(|(i, _)| omitted == 0 || *i < HEAD || *i >= HEAD + omitted)
        .map(|(n, s)| LineageStep {
            n,
            op: s.op.clone(),
            kind: match (s.copied, &s.before) {
                (true, None) => "alloc",
                (true, Some(_)) => "copy",
                (false, _) => "view",
            }
            .to_string(),
            copied: s.copied,
            storage: s.storage,
            before: s.before.as_ref().map(LayoutInfo::of),
            after: LayoutInfo::of(&s.after),
        })
        .collect();
    LineageReport { name: name.to_string(), steps, omitted, copies, allocs }
}
