//! The selection and sorting algorithms PyTorch's CPU kernels call, step
//! for step, so that equal values come out in the order PyTorch leaves
//! them in (its `sort`, `topk`, `kthvalue` and `mode` are not stable):
//! libstdc++'s `std::sort` (introsort: median-of-three pivot, insertion
//! sort below 16, heap sort past the depth limit), `std::nth_element`
//! (introselect) and `std::partial_sort` (heap select, then sort heap),
//! and ATen's own `quick_select_template` (`SortingUtils.h`). Each works
//! on any `Copy` element under a strict "less" (`gt` for the quickselect).
//! `sort` stops early when Ctrl-C is requested; its callers check the flag.

/// `2 · ⌊log2 n⌋`, the depth limit of introsort and introselect.
fn depth(n: usize) -> usize {
    2 * (usize::BITS - 1 - n.leading_zeros()) as usize
}

/// libstdc++'s `std::sort`.
pub fn sort<E: Copy>(v: &mut [E], less: &impl Fn(&E, &E) -> bool) {
    let n = v.len();
    if n < 2 {
        return;
    }
    introsort_loop(v, 0, n, depth(n), less);
    if n > 16 {
        insertion_sort(v, 0, 16, less);
        for i in 16..n {
            linear_insert(v, i, less);
        }
    } else {
        insertion_sort(v, 0, n, less);
    }
}

/// libstdc++'s `std::nth_element`: `v[nth]` is the element a sort would
/// put there, none before it is greater, none after it less.
pub fn nth_element<E: Copy>(v: &mut [E], nth: usize, less: &impl Fn(&E, &E) -> bool) {
    let n = v.len();
    if n == 0 || nth >= n {
        return;
    }
    let (mut first, mut last, mut depth) = (0, n, depth(n));
    while last - first > 3 {
        if depth == 0 {
            heap_select(&mut v[first..last], nth + 1 - first, less);
            // The nth element in its final place.
            v.swap(first, nth);
            return;
        }
        depth -= 1;
        let cut = partition_pivot(v, first, last, less);
        if cut <= nth {
            first = cut;
        } else {
            last = cut;
        }
    }
    insertion_sort(v, first, last, less);
}

/// libstdc++'s `std::partial_sort`: the `middle` least elements, sorted,
/// first.
pub fn partial_sort<E: Copy>(v: &mut [E], middle: usize, less: &impl Fn(&E, &E) -> bool) {
    if middle == 0 {
        return;
    }
    heap_select(v, middle, less);
    sort_heap(&mut v[..middle], less);
}

/// ATen's `quick_select_template`: `v[k]` is the k-th smallest under
/// `gt` (NaN the largest in its callers), with median-of-three pivots.
pub fn quick_select<E: Copy>(v: &mut [E], k: usize, gt: &impl Fn(&E, &E) -> bool) {
    if v.is_empty() {
        return;
    }
    let (mut l, mut r) = (0usize, v.len() - 1);
    loop {
        if r <= l {
            return;
        }
        if r == l + 1 {
            if gt(&v[l], &v[r]) {
                v.swap(l, r);
            }
            return;
        }
        let p = l + (r - l) / 2;
        v.swap(p, l + 1);
        if gt(&v[l + 1], &v[r]) {
            v.swap(l + 1, r);
        }
        if gt(&v[l], &v[r]) {
            v.swap(l, r);
        }
        if gt(&v[l + 1], &v[l]) {
            v.swap(l + 1, l);
        }
        let (mut i, mut j) = (l + 1, r);
        let piv = v[l];
        loop {
            i += 1;
            while i < v.len() && gt(&piv, &v[i]) {
                i += 1;
            }
            j -= 1;
            while j > 0 && gt(&v[j], &piv) {
                j -= 1;
            }
            if j < i {
                break;
            }
            v.swap(i, j);
        }
        v.swap(l, j);
        if j <= k {
            l = i;
        }
        if j >= k {
            if j == 0 {
                return;
            }
            r = j - 1;
        }
    }
}

/// `__move_median_to_first` then `__unguarded_partition` around `v[first]`
/// (bounds kept for comparators that are not strict weak orders): the cut.
fn partition_pivot<E: Copy>(v: &mut [E], first: usize, last: usize, less: &impl Fn(&E, &E) -> bool) -> usize {
    let mid = first + (last - first) / 2;
    let (a, b, c) = (first + 1, mid, last - 1);
    let pick = if less(&v[a], &v[b]) {
        if less(&v[b], &v[c]) {
            b
        } else if less(&v[a], &v[c]) {
            c
        } else {
            a
        }
    } else if less(&v[a], &v[c]) {
        a
    } else if less(&v[b], &v[c]) {
        c
    } else {
        b
    };
    v.swap(first, pick);
    let (mut lo, mut hi) = (first + 1, last);
    loop {
        while lo < last && less(&v[lo], &v[first]) {
            lo += 1;
        }
        hi -= 1;
        while hi > first && less(&v[first], &v[hi]) {
            hi -= 1;
        }
        if lo >= hi {
            return lo;
        }
        v.swap(lo, hi);
        lo += 1;
    }
}

fn introsort_loop<E: Copy>(v: &mut [E], first: usize, mut last: usize, mut depth: usize, less: &impl Fn(&E, &E) -> bool) {
    while last - first > 16 {
        // Ctrl-C: stop partitioning (the caller sees the flag and discards
        // the half-sorted result).
        if crate::engine::interrupt::requested() {
            return;
        }
        if depth == 0 {
            let s = &mut v[first..last];
            let n = s.len();
            heap_select(s, n, less);
            sort_heap(s, less);
            return;
        }
        depth -= 1;
        let cut = partition_pivot(v, first, last, less);
        introsort_loop(v, cut, last, depth, less);
        last = cut;
    }
}

fn insertion_sort<E: Copy>(v: &mut [E], first: usize, last: usize, less: &impl Fn(&E, &E) -> bool) {
    for i in first + 1..last {
        if less(&v[i], &v[first]) {
            v[first..=i].rotate_right(1);
        } else {
            linear_insert(v, i, less);
        }
    }
}

fn linear_insert<E: Copy>(v: &mut [E], mut last: usize, less: &impl Fn(&E, &E) -> bool) {
    let val = v[last];
    while last > 0 && less(&val, &v[last - 1]) {
        v[last] = v[last - 1];
        last -= 1;
    }
    v[last] = val;
}

/// `std::__heap_select`: a max-heap of the `middle` first elements, into
/// which every later element less than its top is popped.
fn heap_select<E: Copy>(v: &mut [E], middle: usize, less: &impl Fn(&E, &E) -> bool) {
    make_heap(&mut v[..middle], less);
    for i in middle..v.len() {
        if less(&v[i], &v[0]) {
            let value = v[i];
            v[i] = v[0];
            adjust_heap(&mut v[..middle], 0, middle, value, less);
        }
    }
}

fn make_heap<E: Copy>(v: &mut [E], less: &impl Fn(&E, &E) -> bool) {
    let len = v.len();
    if len < 2 {
        return;
    }
    let mut parent = (len - 2) / 2;
    loop {
        let value = v[parent];
        adjust_heap(v, parent, len, value, less);
        if parent == 0 {
            return;
        }
        parent -= 1;
    }
}

fn sort_heap<E: Copy>(v: &mut [E], less: &impl Fn(&E, &E) -> bool) {
    let mut last = v.len();
    while last > 1 {
        last -= 1;
        let value = v[last];
        v[last] = v[0];
        adjust_heap(v, 0, last, value, less);
    }
}

fn adjust_heap<E: Copy>(v: &mut [E], mut hole: usize, len: usize, value: E, less: &impl Fn(&E, &E) -> bool) {
    let top = hole;
    let mut second = hole;
    while second < (len - 1) / 2 {
        second = 2 * (second + 1);
        if less(&v[second], &v[second - 1]) {
            second -= 1;
        }
        v[hole] = v[second];
        hole = second;
    }
    if len & 1 == 0 && second == (len - 2) / 2 {
        second = 2 * (second + 1);
        v[hole] = v[second - 1];
        hole = second - 1;
    }
    while hole > top {
        let parent = (hole - 1) / 2;
        if !less(&v[parent], &value) {
            break;
        }
        v[hole] = v[parent];
        hole = parent;
    }
    v[hole] = value;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pairs (value, position) with many ties.
    fn ties(n: usize, seed: u64) -> Vec<(u8, usize)> {
        let mut s = seed;
        (0..n)
            .map(|i| {
                s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                (((s >> 33) % 3) as u8, i)
            })
            .collect()
    }

    #[test]
    fn each_algorithm_orders_by_value() {
        let less = |a: &(u8, usize), b: &(u8, usize)| a.0 < b.0;
        for n in [0, 1, 2, 3, 4, 5, 16, 17, 40, 300, 2000] {
            let v = ties(n, n as u64);
            let mut s = v.clone();
            sort(&mut s, &less);
            assert!(s.windows(2).all(|w| w[0].0 <= w[1].0), "sort n={n}");
            let mut p: Vec<usize> = s.iter().map(|e| e.1).collect();
            p.sort();
            assert_eq!(p, (0..n).collect::<Vec<_>>(), "a permutation");
            for k in [0, n / 3, n.saturating_sub(1)] {
                if n == 0 {
                    continue;
                }
                let mut m = v.clone();
                nth_element(&mut m, k, &less);
                assert_eq!(m[k].0, s[k].0, "nth_element n={n} k={k}");
                assert!(m[..k].iter().all(|e| e.0 <= m[k].0) && m[k + 1..].iter().all(|e| e.0 >= m[k].0));
                let mut q = v.clone();
                quick_select(&mut q, k, &|a: &(u8, usize), b: &(u8, usize)| a.0 > b.0);
                assert_eq!(q[k].0, s[k].0, "quick_select n={n} k={k}");
                let mut h = v.clone();
                partial_sort(&mut h, k + 1, &less);
                assert_eq!(h[..=k].iter().map(|e| e.0).collect::<Vec<_>>(), s[..=k].iter().map(|e| e.0).collect::<Vec<_>>());
            }
        }
    }

    #[test]
    fn ties_land_where_pytorch_puts_them() {
        // 17 keys (one introsort step, then insertion sort), and what
        // PyTorch 2.15 prints for them as a float tensor: x.sort(),
        // x.topk(5), x.topk(5, largest=False, sorted=False), x.kthvalue(6).
        let keys = [1u8, 0, 2, 0, 1, 0, 1, 2, 0, 1, 2, 0, 1, 0, 2, 1, 0];
        let v: Vec<(u8, usize)> = keys.iter().copied().zip(0..).collect();
        let pos = |v: &[(u8, usize)]| v.iter().map(|e| e.1).collect::<Vec<_>>();
        let (asc, desc) = (|a: &(u8, usize), b: &(u8, usize)| a.0 < b.0, |a: &(u8, usize), b: &(u8, usize)| a.0 > b.0);
        let mut s = v.clone();
        sort(&mut s, &asc);
        assert_eq!(pos(&s), [8, 16, 13, 11, 5, 3, 1, 4, 6, 0, 9, 12, 15, 7, 10, 2, 14]);
        // topk with k·64 > n: nth_element at k-1, then sort the k-1 before it.
        let mut t = v.clone();
        nth_element(&mut t, 4, &desc);
        sort(&mut t[..4], &desc);
        assert_eq!(pos(&t[..5]), [10, 14, 7, 2, 0]);
        let mut u = v.clone();
        nth_element(&mut u, 4, &asc);
        assert_eq!(pos(&u[..5]), [13, 5, 11, 8, 16]);
        let mut q = v.clone();
        quick_select(&mut q, 5, &desc);
        assert_eq!(q[5].1, 5);
    }
}
