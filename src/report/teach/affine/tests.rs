//! The solver against brute force, plus the tricky cases by name.

use std::collections::HashMap;

use proptest::prelude::*;

use super::*;

fn set(offset: u64, dims: &[(u64, u64)]) -> Affine {
    Affine { offset, dims: dims.iter().map(|&(size, stride)| Dim { size, stride }).collect() }
}

/// Forces the search (no enumeration shortcut).
const SEARCH: Effort = Effort { enumerate: (0, 0), search_steps: 1_000_000, fallback: (0, 0) };

fn positions(a: &Affine) -> Vec<(Vec<u64>, u128)> {
    let mut v = vec![];
    a.each(u64::MAX, |i, p| {
        v.push((i.to_vec(), p));
        true
    });
    v
}

fn brute_intersect(a: &Affine, b: &Affine) -> bool {
    let pa: std::collections::HashSet<u128> = positions(a).into_iter().map(|x| x.1).collect();
    positions(b).iter().any(|(_, p)| pa.contains(p))
}

fn brute_self_overlap(a: &Affine) -> bool {
    let mut seen = std::collections::HashSet::new();
    positions(a).iter().any(|(_, p)| !seen.insert(*p))
}

fn check_witness(a: &Affine, b: &Affine, w: &Witness) {
    for (set, idx) in [(a, &w.a), (b, &w.b)] {
        for (d, &i) in set.dims.iter().zip(idx.iter()) {
            assert!(i < d.size, "index {idx:?} out of range for {set:?}");
        }
        assert_eq!(set.position(idx), w.position, "{set:?} {idx:?}");
    }
}

#[test]
fn interleaved_steps_never_meet_though_bounds_do() {
    // x[::2] and x[1::2] of arange(10): bounds [0, 8] and [1, 9] overlap.
    let even = set(0, &[(5, 2)]);
    let odd = set(1, &[(5, 2)]);
    let v = intersect(&even, &odd, Effort::THOROUGH);
    assert_eq!(v, Verdict::Disjoint(Disjoint::Gcd { g: 2, a_offset: 0, b_offset: 1 }));
    // Huge versions decide just as fast (no enumeration).
    let even = set(0, &[(50_000_000, 2)]);
    let odd = set(1, &[(50_000_000, 2)]);
    assert!(matches!(intersect(&even, &odd, Effort::THOROUGH), Verdict::Disjoint(Disjoint::Gcd { .. })));
}

#[test]
fn rows_and_columns_meet_with_a_witness() {
    // x = arange(12).view(3, 4); x[1] and x[:, 2] share storage[6].
    let row = set(4, &[(4, 1)]);
    let col = set(2, &[(3, 4)]);
    for effort in [Effort::THOROUGH, SEARCH] {
        match intersect(&row, &col, effort) {
            Verdict::Overlap(w) => {
                assert_eq!(w.position, 6);
                assert_eq!((w.a.clone(), w.b.clone()), (vec![2], vec![1]));
            }
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn transpose_against_itself_meets_everywhere() {
    let x = set(0, &[(3, 4), (4, 1)]);
    let y = set(0, &[(4, 1), (3, 4)]);
    let Verdict::Overlap(w) = intersect(&x, &y, SEARCH) else { panic!() };
    check_witness(&x, &y, &w);
}

#[test]
fn disjoint_bounds_are_reported() {
    let a = set(0, &[(6, 1)]);
    let b = set(6, &[(6, 1)]);
    assert_eq!(intersect(&a, &b, Effort::THOROUGH), Verdict::Disjoint(Disjoint::Bounds { a: (0, 5), b: (6, 11) }));
    assert_eq!(intersect(&set(0, &[(0, 1)]), &b, Effort::THOROUGH), Verdict::Disjoint(Disjoint::Empty));
}

#[test]
fn different_element_sizes_compare_bytes() {
    // An int32 view of float32 data (view(dtype)): same bytes, so overlap.
    let f = set(0, &[(4, 1)]).in_bytes(4);
    let i = set(2, &[(1, 1)]).in_bytes(4);
    let Verdict::Overlap(w) = intersect(&f, &i, Effort::THOROUGH) else { panic!() };
    assert_eq!(w.position, 8);
    // int16 elements 1 and 3 (bytes 2..4, 6..8) never touch int32 element 1's... they do:
    // element 1 of an int32 view covers bytes 4..8, int16 element 3 covers 6..8.
    let h = set(1, &[(2, 2)]).in_bytes(2);
    let w1 = set(1, &[(1, 1)]).in_bytes(4);
    assert!(matches!(intersect(&h, &w1, SEARCH), Verdict::Overlap(_)));
    // int16 elements 0 and 1 (bytes 0..4) never reach int32 element 1 (bytes 4..8).
    let h = set(0, &[(2, 1)]).in_bytes(2);
    assert!(matches!(intersect(&h, &w1, SEARCH), Verdict::Disjoint(_)));
}

#[test]
fn expanded_views_overlap_themselves() {
    // ones(3).expand(4, 3): stride (0, 1).
    let e = set(0, &[(4, 0), (3, 1)]);
    match self_overlap(&e, 1000) {
        Verdict::Overlap(w) => assert_eq!((w.a, w.b, w.position), (vec![0, 0], vec![1, 0], 0)),
        other => panic!("{other:?}"),
    }
    // A transpose never does; nor does a slice with a step.
    assert_eq!(self_overlap(&set(0, &[(4, 1), (3, 4)]), 1000), Verdict::Disjoint(Disjoint::Injective));
    assert_eq!(self_overlap(&set(1, &[(5, 2)]), 1000), Verdict::Disjoint(Disjoint::Injective));
    // Strides (2, 3), shape (3, 2): not injective by the quick test, yet no repeats.
    let s = set(0, &[(3, 2), (2, 3)]);
    assert_eq!(self_overlap(&s, 1000), Verdict::Disjoint(Disjoint::Exhaustive));
    // unfold(0, 3, 1) of arange(5): windows overlap.
    let u = set(0, &[(3, 1), (3, 1)]);
    let Verdict::Overlap(w) = self_overlap(&u, 1000) else { panic!() };
    assert_ne!(w.a, w.b);
    check_witness(&u, &u, &w);
}

#[test]
fn hits_list_every_index_of_a_broadcast_cell() {
    let e = set(0, &[(4, 0), (3, 1)]);
    let h = hits(&e, 1, 3, 1000);
    assert_eq!(h.first, vec![vec![0, 1], vec![1, 1], vec![2, 1]]);
    assert_eq!((h.count, h.exact), (4, true));
    let t = set(0, &[(4, 1), (3, 4)]);
    assert_eq!(hits(&t, 9, 4, 1000).first, vec![vec![1, 2]]);
    assert_eq!(hits(&t, 12, 4, 1000).count, 0);
}

#[test]
fn huge_sets_are_decided_quickly_or_declared_undecided() {
    // 10^8-element storages: a transpose and a shifted window.
    let x = set(0, &[(10_000, 10_000), (10_000, 1)]);
    let y = set(5, &[(10_000, 1), (9_999, 10_000)]);
    let start = std::time::Instant::now();
    let v = intersect(&x, &y, Effort::THOROUGH);
    assert!(matches!(v, Verdict::Overlap(_)), "{v:?}");
    if let Verdict::Overlap(w) = v {
        check_witness(&x, &y, &w);
    }
    // Coprime strides with no gcd or bounds shortcut: the search is bounded.
    let a = set(0, &[(100_000, 7919), (100_000, 7907), (1000, 7901)]);
    let b = set(3, &[(100_000, 7883), (100_000, 7879)]);
    let v = intersect(&a, &b, Effort { search_steps: 10_000, fallback: (0, 0), ..Effort::THOROUGH });
    assert!(matches!(v, Verdict::Overlap(_) | Verdict::Undecided | Verdict::Disjoint(_)));
    assert!(start.elapsed().as_secs() < 5);
}

fn arb_set() -> impl Strategy<Value = Affine> {
    (0u64..12, prop::collection::vec((1u64..6, 0u64..12), 0..5))
        .prop_map(|(offset, dims)| set(offset, &dims))
}

proptest! {
    #[test]
    fn search_agrees_with_brute_force(a in arb_set(), b in arb_set()) {
        let expect = brute_intersect(&a, &b);
        for effort in [SEARCH, Effort::THOROUGH] {
            match intersect(&a, &b, effort) {
                Verdict::Overlap(w) => { prop_assert!(expect); check_witness(&a, &b, &w); }
                Verdict::Disjoint(_) => prop_assert!(!expect),
                Verdict::Undecided => prop_assert!(false, "undecided on a tiny case"),
            }
        }
    }

    #[test]
    fn self_overlap_agrees_with_brute_force(a in arb_set()) {
        let expect = brute_self_overlap(&a);
        match self_overlap(&a, 100_000) {
            Verdict::Overlap(w) => {
                prop_assert!(expect);
                prop_assert_ne!(&w.a, &w.b);
                check_witness(&a, &a, &w);
            }
            Verdict::Disjoint(_) => prop_assert!(!expect),
            Verdict::Undecided => prop_assert!(false, "undecided on a tiny case"),
        }
    }

    #[test]
    fn hits_agree_with_brute_force(a in arb_set(), pos in 0u64..40) {
        let mut expect: HashMap<u128, Vec<Vec<u64>>> = HashMap::new();
        for (i, p) in positions(&a) {
            expect.entry(p).or_default().push(i);
        }
        let all = expect.remove(&(pos as u128)).unwrap_or_default();
        let h = hits(&a, pos, 3, 100_000);
        prop_assert_eq!(h.count, all.len() as u128);
        prop_assert_eq!(&h.first[..], &all[..all.len().min(3)]);
    }
}
