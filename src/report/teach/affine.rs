//! Affine index sets: the storage positions a strided layout reaches,
//! `offset + Σ i_k·stride_k` with `0 ≤ i_k < size_k`, and exact answers to
//! three questions about them:
//!
//! - [`intersect`]: do two sets share a position (NumPy's `shares_memory`)?
//! - [`self_overlap`]: do two different indices of one set land on the same
//!   position (an expanded or otherwise overlapping view)?
//! - [`hits`]: which indices land on one given position?
//!
//! Each question is a bounded linear Diophantine equation
//! `Σ c_t·z_t = B` with `0 ≤ z_t ≤ u_t` and `c_t > 0`. [`Search`] solves it by
//! depth-first search from the largest coefficient down, with two exact
//! prunings (the remaining terms reach exactly the multiples of their gcd
//! inside `[0, Σ c·u]`, so anything else is skipped) and the last term solved
//! in closed form. The search counts its steps and stops at a budget: the
//! answer is then [`Verdict::Undecided`], never a guess.
//!
//! Positions are plain integers here (elements or bytes, the caller decides);
//! arithmetic is in `i128`, so no layout that fits in memory can overflow.

use std::collections::HashMap;

/// One dimension of an affine set: `size` indices, `stride` positions apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dim {
    pub size: u64,
    pub stride: u64,
}

/// The positions `offset + Σ i_k·stride_k`, `0 ≤ i_k < size_k`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Affine {
    pub offset: u64,
    pub dims: Vec<Dim>,
}

impl Affine {
    pub fn new(offset: usize, shape: &[usize], stride: &[usize]) -> Affine {
        let dims = shape.iter().zip(stride).map(|(&s, &st)| Dim { size: s as u64, stride: st as u64 }).collect();
        Affine { offset: offset as u64, dims }
    }

    /// The same set measured in bytes, for elements of `item` bytes: every
    /// element becomes the `item` consecutive bytes it covers (an extra
    /// innermost dimension of stride 1).
    pub fn in_bytes(&self, item: u64) -> Affine {
        let mut dims: Vec<Dim> = self.dims.iter().map(|d| Dim { size: d.size, stride: d.stride.saturating_mul(item) }).collect();
        dims.push(Dim { size: item, stride: 1 });
        Affine { offset: self.offset.saturating_mul(item), dims }
    }

    /// Number of index tuples (saturating).
    pub fn count(&self) -> u128 {
        self.dims.iter().fold(1u128, |a, d| a.saturating_mul(d.size as u128))
    }

    /// The lowest and highest position, or `None` for an empty set.
    pub fn bounds(&self) -> Option<(u128, u128)> {
        if self.dims.iter().any(|d| d.size == 0) {
            return None;
        }
        let span: u128 = self.dims.iter().map(|d| (d.size as u128 - 1) * d.stride as u128).sum();
        Some((self.offset as u128, self.offset as u128 + span))
    }

    /// Position of an index tuple (no bounds check).
    pub fn position(&self, index: &[u64]) -> u128 {
        self.offset as u128 + self.dims.iter().zip(index).map(|(d, &i)| d.stride as u128 * i as u128).sum::<u128>()
    }

    /// The index tuple at row-major position `flat`.
    pub fn unravel(&self, mut flat: u64) -> Vec<u64> {
        let mut idx = vec![0u64; self.dims.len()];
        for (i, d) in self.dims.iter().enumerate().rev() {
            let n = d.size.max(1);
            idx[i] = flat % n;
            flat /= n;
        }
        idx
    }

    /// Calls `f(index, position)` for each index tuple in row-major order,
    /// at most `limit` times, until `f` returns false.
    pub fn each(&self, limit: u64, mut f: impl FnMut(&[u64], u128) -> bool) {
        if self.dims.iter().any(|d| d.size == 0) || limit == 0 {
            return;
        }
        let mut idx = vec![0u64; self.dims.len()];
        let mut done = 0u64;
        loop {
            if !f(&idx, self.position(&idx)) {
                return;
            }
            done += 1;
            if done >= limit {
                return;
            }
            let mut d = self.dims.len();
            loop {
                if d == 0 {
                    return;
                }
                d -= 1;
                idx[d] += 1;
                if idx[d] < self.dims[d].size {
                    break;
                }
                idx[d] = 0;
            }
        }
    }
}

/// Why two sets (or one set with itself) cannot share a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Disjoint {
    /// One of the sets has no elements.
    Empty,
    /// The ranges `[lo, hi]` of the two sets do not meet.
    Bounds { a: (u128, u128), b: (u128, u128) },
    /// Every position of `a` is `≡ a_offset (mod g)`, every one of `b` is
    /// `≡ b_offset (mod g)`, and the residues differ.
    Gcd { g: u128, a_offset: u128, b_offset: u128 },
    /// Each stride (ascending) is larger than everything the smaller ones
    /// can add up to, so every index has its own position.
    Injective,
    /// An exhaustive check (enumeration or search) found no common position.
    Exhaustive,
}

/// Two index tuples that land on the same position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Witness {
    pub a: Vec<u64>,
    pub b: Vec<u64>,
    pub position: u128,
}

/// The exact answer, or an honest "don't know" when the budget ran out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Overlap(Witness),
    Disjoint(Disjoint),
    Undecided,
}

/// How hard to try. Sets whose sizes are within `enumerate` (smaller set,
/// larger set) are enumerated at once: cheap, and the witness is the first
/// shared element in row-major order. Otherwise the exact search runs for at
/// most `search_steps` steps; if it gives up, sets within `fallback` are
/// still enumerated; beyond that the answer is `Undecided`.
#[derive(Debug, Clone, Copy)]
pub struct Effort {
    pub enumerate: (u64, u64),
    pub search_steps: u64,
    pub fallback: (u64, u64),
}

impl Effort {
    /// For one `overlap x, y` question: exact in practice.
    pub const THOROUGH: Effort = Effort { enumerate: (100_000, 1_000_000), search_steps: 2_000_000, fallback: (1_000_000, 8_000_000) };
    /// For many pairs at once (`share`): quick.
    pub const QUICK: Effort = Effort { enumerate: (20_000, 200_000), search_steps: 20_000, fallback: (0, 0) };
}

/// One term `c·z`, `0 ≤ z ≤ u`; `parts` are the dims merged into it.
#[derive(Debug, Clone)]
struct Term {
    c: i128,
    u: i128,
    parts: Vec<Part>,
}

/// A dimension behind a term: side 0 is `a` (z = i), side 1 is `b` (z = u − j).
#[derive(Debug, Clone, Copy)]
struct Part {
    side: u8,
    dim: usize,
    u: i128,
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// `x` with `a·x ≡ 1 (mod m)` for coprime `a`, `m ≥ 1`.
fn mod_inverse(a: i128, m: i128) -> i128 {
    if m == 1 {
        return 0;
    }
    let (mut old_r, mut r) = (a.rem_euclid(m), m);
    let (mut old_s, mut s) = (1i128, 0i128);
    while r != 0 {
        let q = old_r / r;
        (old_r, r) = (r, old_r - q * r);
        (old_s, s) = (s, old_s - q * s);
    }
    old_s.rem_euclid(m)
}

/// Depth-first search for solutions of `Σ c_t·z_t = B`, `0 ≤ z_t ≤ u_t`.
struct Search {
    /// Coefficients, largest first, and bounds.
    c: Vec<i128>,
    u: Vec<i128>,
    /// `reach[t] = Σ_{s ≥ t} c_s·u_s`; `reach[n] = 0`.
    reach: Vec<i128>,
    /// `gcds[t] = gcd(c_t, …)`; `gcds[n] = 0`.
    gcds: Vec<i128>,
    /// A solution that does not count (the trivial one, for self-overlap).
    avoid: Option<Vec<i128>>,
    z: Vec<i128>,
    found: Vec<Vec<i128>>,
    want: usize,
    steps: u64,
    budget: u64,
}

/// The search ran out of budget.
struct GaveUp;

impl Search {
    fn new(c: Vec<i128>, u: Vec<i128>, avoid: Option<Vec<i128>>, want: usize, budget: u64) -> Search {
        let n = c.len();
        let mut reach = vec![0i128; n + 1];
        let mut gcds = vec![0i128; n + 1];
        for t in (0..n).rev() {
            reach[t] = reach[t + 1] + c[t] * u[t];
            gcds[t] = gcd(c[t], gcds[t + 1]);
        }
        Search { c, u, reach, gcds, avoid, z: vec![0; n], found: vec![], want: want.max(1), steps: 0, budget }
    }

    /// Runs the search for right-hand side `b`; `Ok` when it finished (or
    /// found `want` solutions), `Err` when it gave up.
    fn run(&mut self, b: i128) -> Result<(), GaveUp> {
        self.dfs(0, b, false)
    }

    fn done(&self) -> bool {
        self.found.len() >= self.want
    }

    fn differs(&self, t: usize, z: i128) -> bool {
        self.avoid.as_ref().is_some_and(|a| a.get(t) != Some(&z))
    }

    fn record(&mut self, differs: bool) {
        if self.avoid.is_none() || differs {
            self.found.push(self.z.clone());
        }
    }

    fn dfs(&mut self, t: usize, rem: i128, differs: bool) -> Result<(), GaveUp> {
        self.steps += 1;
        if self.steps > self.budget {
            return Err(GaveUp);
        }
        let n = self.c.len();
        if t == n {
            if rem == 0 {
                self.record(differs);
            }
            return Ok(());
        }
        if rem < 0 || rem > self.reach[t] || rem % self.gcds[t] != 0 {
            return Ok(());
        }
        let c = self.c[t];
        if t + 1 == n {
            // The last term is forced.
            let z = rem / c;
            self.z[t] = z;
            let d = differs || self.differs(t, z);
            self.record(d);
            return Ok(());
        }
        // z must leave a remainder the other terms can reach: inside
        // [0, reach[t+1]] and a multiple of their gcd.
        let lo = ceil_div((rem - self.reach[t + 1]).max(0), c);
        let hi = self.u[t].min(rem / c);
        if lo > hi {
            return Ok(());
        }
        let gr = self.gcds[t + 1];
        let g2 = gcd(c, gr);
        let m = gr / g2;
        let z0 = ((rem / g2).rem_euclid(m) * mod_inverse(c / g2, m)).rem_euclid(m);
        let mut z = hi - (hi - z0).rem_euclid(m);
        while z >= lo {
            self.z[t] = z;
            let d = differs || self.differs(t, z);
            self.dfs(t + 1, rem - c * z, d)?;
            if self.done() {
                return Ok(());
            }
            z -= m;
        }
        Ok(())
    }
}

/// Ceiling division for a non-negative numerator and a positive divisor.
fn ceil_div(n: i128, d: i128) -> i128 {
    (n + d - 1) / d
}

/// Exact: is there a position in both `a` and `b`? A witness when there is.
pub fn intersect(a: &Affine, b: &Affine, effort: Effort) -> Verdict {
    let (Some(ba), Some(bb)) = (a.bounds(), b.bounds()) else {
        return Verdict::Disjoint(Disjoint::Empty);
    };
    if ba.1 < bb.0 || bb.1 < ba.0 {
        return Verdict::Disjoint(Disjoint::Bounds { a: ba, b: bb });
    }
    let g = a.dims.iter().chain(&b.dims).filter(|d| d.size > 1).fold(0i128, |g, d| gcd(g, d.stride as i128));
    if g > 1 && (a.offset as i128 - b.offset as i128) % g != 0 {
        let g = g as u128;
        return Verdict::Disjoint(Disjoint::Gcd { g, a_offset: a.offset as u128 % g, b_offset: b.offset as u128 % g });
    }
    let (na, nb) = (a.count(), b.count());
    let within = |(s, l): (u64, u64)| na.min(nb) <= s as u128 && na.max(nb) <= l as u128;
    if within(effort.enumerate) {
        return enumerate(a, b);
    }
    match search_intersection(a, b, effort.search_steps) {
        Verdict::Undecided if within(effort.fallback) => enumerate(a, b),
        v => v,
    }
}

/// Hash the smaller set, walk the larger one in row-major order.
fn enumerate(a: &Affine, b: &Affine) -> Verdict {
    let a_small = a.count() <= b.count();
    let (small, large) = if a_small { (a, b) } else { (b, a) };
    // Position → row-major number of the first index of `small` there.
    let mut seen: HashMap<u128, u64> = HashMap::new();
    let mut flat = 0u64;
    small.each(u64::MAX, |_, p| {
        seen.entry(p).or_insert(flat);
        flat += 1;
        true
    });
    // The first shared position in the larger set's row-major order; a pair
    // whose two indices differ (x[0, 1] and x.t()[1, 0]) is preferred, as it
    // shows more, when one turns up within a few thousand more elements.
    let mut hit: Option<Witness> = None;
    let mut looked = 0u32;
    large.each(u64::MAX, |idx, p| {
        if hit.is_some() {
            looked += 1;
        }
        let Some(&f) = seen.get(&p) else { return looked < 4096 };
        let s = small.unravel(f);
        let (wa, wb) = if a_small { (s, idx.to_vec()) } else { (idx.to_vec(), s) };
        let differs = wa != wb;
        if hit.is_none() || differs {
            hit = Some(Witness { a: wa, b: wb, position: p });
        }
        !differs && looked < 4096
    });
    match hit {
        Some(w) => Verdict::Overlap(w),
        None => Verdict::Disjoint(Disjoint::Exhaustive),
    }
}

/// `a.offset + Σ i·s = b.offset + Σ j·t` as `Σ c·z = B` (with `z = u − j` on
/// b's side so every coefficient is positive), equal coefficients merged.
fn search_intersection(a: &Affine, b: &Affine, budget: u64) -> Verdict {
    let mut terms: Vec<Term> = vec![];
    let mut rhs = b.offset as i128 - a.offset as i128;
    for (side, set) in [(0u8, a), (1u8, b)] {
        for (k, d) in set.dims.iter().enumerate() {
            if d.size <= 1 || d.stride == 0 {
                continue;
            }
            let (c, u) = (d.stride as i128, d.size as i128 - 1);
            if side == 1 {
                rhs += c * u;
            }
            let part = Part { side, dim: k, u };
            match terms.iter_mut().find(|t| t.c == c) {
                Some(t) => {
                    t.u += u;
                    t.parts.push(part);
                }
                None => terms.push(Term { c, u, parts: vec![part] }),
            }
        }
    }
    terms.sort_by_key(|t| std::cmp::Reverse(t.c));
    let mut s = Search::new(terms.iter().map(|t| t.c).collect(), terms.iter().map(|t| t.u).collect(), None, 1, budget);
    if s.run(rhs).is_err() {
        return Verdict::Undecided;
    }
    let Some(z) = s.found.first() else {
        return Verdict::Disjoint(Disjoint::Exhaustive);
    };
    let mut wa = vec![0u64; a.dims.len()];
    let mut wb = vec![0u64; b.dims.len()];
    for (t, &zt) in terms.iter().zip(z) {
        // Split a merged value among its parts, greedily.
        let mut left = zt;
        for p in &t.parts {
            let v = left.min(p.u);
            left -= v;
            if p.side == 0 {
                wa[p.dim] = v as u64;
            } else {
                wb[p.dim] = (p.u - v) as u64;
            }
        }
    }
    let position = a.position(&wa);
    Verdict::Overlap(Witness { a: wa, b: wb, position })
}

/// Exact: do two different index tuples of `a` land on the same position?
pub fn self_overlap(a: &Affine, budget: u64) -> Verdict {
    if a.dims.iter().any(|d| d.size == 0) {
        return Verdict::Disjoint(Disjoint::Empty);
    }
    let live: Vec<usize> = (0..a.dims.len()).filter(|&k| a.dims[k].size > 1).collect();
    let unit = |k: usize| {
        let mut v = vec![0u64; a.dims.len()];
        v[k] = 1;
        v
    };
    // A stride of 0 repeats one position; two dims with one stride trade places.
    if let Some(&k) = live.iter().find(|&&k| a.dims[k].stride == 0) {
        return Verdict::Overlap(Witness { a: vec![0; a.dims.len()], b: unit(k), position: a.offset as u128 });
    }
    for (x, &k) in live.iter().enumerate() {
        if let Some(&l) = live[x + 1..].iter().find(|&&l| a.dims[l].stride == a.dims[k].stride) {
            let position = a.offset as u128 + a.dims[k].stride as u128;
            return Verdict::Overlap(Witness { a: unit(k), b: unit(l), position });
        }
    }
    let mut by_stride = live.clone();
    by_stride.sort_by_key(|&k| a.dims[k].stride);
    let mut span: u128 = 0;
    let injective = by_stride.iter().all(|&k| {
        let d = a.dims[k];
        let ok = d.stride as u128 > span;
        span += (d.size as u128 - 1) * d.stride as u128;
        ok
    });
    if injective {
        return Verdict::Disjoint(Disjoint::Injective);
    }
    // Σ s_k·d_k = 0 with d ≠ 0, |d_k| ≤ m_k; shift e_k = d_k + m_k ∈ [0, 2·m_k].
    let mut order = live.clone();
    order.sort_by(|&x, &y| a.dims[y].stride.cmp(&a.dims[x].stride));
    let c: Vec<i128> = order.iter().map(|&k| a.dims[k].stride as i128).collect();
    let m: Vec<i128> = order.iter().map(|&k| a.dims[k].size as i128 - 1).collect();
    let u: Vec<i128> = m.iter().map(|x| 2 * x).collect();
    let rhs: i128 = c.iter().zip(&m).map(|(c, m)| c * m).sum();
    let mut s = Search::new(c, u, Some(m.clone()), 1, budget);
    if s.run(rhs).is_err() {
        return Verdict::Undecided;
    }
    let Some(e) = s.found.first() else {
        return Verdict::Disjoint(Disjoint::Exhaustive);
    };
    let mut wa = vec![0u64; a.dims.len()];
    let mut wb = vec![0u64; a.dims.len()];
    for ((&k, &ek), &mk) in order.iter().zip(e).zip(&m) {
        let d = ek - mk;
        wa[k] = d.max(0) as u64;
        wb[k] = (-d).max(0) as u64;
    }
    let position = a.position(&wa);
    Verdict::Overlap(Witness { a: wa, b: wb, position })
}

/// The index tuples of one set that land on one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hits {
    /// The first few, in row-major order.
    pub first: Vec<Vec<u64>>,
    /// How many there are in all (a lower bound when not `exact`).
    pub count: u128,
    pub exact: bool,
}

/// Which indices of `a` land on `pos`: at most `show` of them listed.
pub fn hits(a: &Affine, pos: u64, show: usize, budget: u64) -> Hits {
    let none = Hits { first: vec![], count: 0, exact: true };
    let Some((lo, hi)) = a.bounds() else { return none };
    let pos = pos as u128;
    if pos < lo || pos > hi {
        return none;
    }
    // Dims of stride 0 repeat every solution of the others; size-1 dims are fixed.
    let free: Vec<usize> = (0..a.dims.len()).filter(|&k| a.dims[k].size > 1 && a.dims[k].stride == 0).collect();
    let mut moving: Vec<usize> = (0..a.dims.len()).filter(|&k| a.dims[k].size > 1 && a.dims[k].stride > 0).collect();
    moving.sort_by(|&x, &y| a.dims[y].stride.cmp(&a.dims[x].stride));
    let c: Vec<i128> = moving.iter().map(|&k| a.dims[k].stride as i128).collect();
    let u: Vec<i128> = moving.iter().map(|&k| a.dims[k].size as i128 - 1).collect();
    const MAX_SOLUTIONS: usize = 64;
    let mut s = Search::new(c, u, None, MAX_SOLUTIONS, budget);
    let finished = s.run(pos as i128 - a.offset as i128).is_ok();
    let exact = finished && s.found.len() < MAX_SOLUTIONS;
    let repeat: u128 = free.iter().fold(1u128, |p, &k| p.saturating_mul(a.dims[k].size as u128));
    let count = (s.found.len() as u128).saturating_mul(repeat);
    let mut first: Vec<Vec<u64>> = vec![];
    for z in &s.found {
        let mut base = vec![0u64; a.dims.len()];
        for (&k, &v) in moving.iter().zip(z) {
            base[k] = v as u64;
        }
        // The first `show` settings of the stride-0 dims, row-major.
        let sub = Affine { offset: 0, dims: free.iter().map(|&k| Dim { size: a.dims[k].size, stride: 0 }).collect() };
        sub.each(show as u64, |idx, _| {
            let mut full = base.clone();
            for (&k, &v) in free.iter().zip(idx) {
                full[k] = v;
            }
            first.push(full);
            true
        });
    }
    first.sort();
    first.truncate(show);
    Hits { first, count, exact }
}

#[cfg(test)]
mod tests;
