//! A stable sort that stops for Ctrl-C: runs of [`RUN`] items are sorted
//! by the standard library, then merged pairwise, bottom up; the interrupt
//! flag is read between runs and every `CHECK_EVERY` merged items.

use std::cmp::Ordering;

use crate::engine::interrupt::{self, CHECK_EVERY};

/// Items sorted in one go (well under a millisecond).
pub const RUN: usize = 1 << 14;

/// Sorts `items` by `cmp`, stably (as `sort_by`). False when Ctrl-C
/// stopped it; `items` then holds the same items in some order.
pub fn stable_sort_by<T: Copy + Default>(items: &mut Vec<T>, cmp: impl Fn(&T, &T) -> Ordering) -> bool {
    let n = items.len();
    for run in items.chunks_mut(RUN) {
        if interrupt::requested() {
            return false;
        }
        run.sort_by(&cmp);
    }
    if n <= RUN {
        return true;
    }
    let mut src = std::mem::take(items);
    let mut dst = vec![T::default(); n];
    let mut width = RUN;
    let mut done = true;
    'passes: while width < n {
        for start in (0..n).step_by(2 * width) {
            let (mid, end) = ((start + width).min(n), (start + 2 * width).min(n));
            if !merge(&src[start..mid], &src[mid..end], &mut dst[start..end], &cmp) {
                done = false;
                break 'passes;
            }
        }
        std::mem::swap(&mut src, &mut dst);
        width *= 2;
    }
    *items = src;
    done
}

/// Merges sorted `a` and `b` into `out`, taking from `a` on ties.
fn merge<T: Copy>(a: &[T], b: &[T], out: &mut [T], cmp: &impl Fn(&T, &T) -> Ordering) -> bool {
    let (mut i, mut j) = (0, 0);
    for (k, slot) in out.iter_mut().enumerate() {
        if k.is_multiple_of(CHECK_EVERY) && interrupt::requested() {
            return false;
        }
        let take_a = j == b.len() || (i < a.len() && cmp(&a[i], &b[j]) != Ordering::Greater);
        if take_a {
            *slot = a[i];
            i += 1;
        } else {
            *slot = b[j];
            j += 1;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_stably_as_the_standard_library() {
        for n in [0, 1, 5, RUN - 1, RUN, RUN + 1, 3 * RUN + 17, 5 * RUN] {
            // (key, original position): many equal keys test stability.
            let items: Vec<(u32, usize)> = (0..n).map(|i| (((i * 7919) % 97) as u32, i)).collect();
            let mut want = items.clone();
            want.sort_by_key(|x| std::cmp::Reverse(x.0));
            let mut got = items;
            assert!(stable_sort_by(&mut got, |a, b| b.0.cmp(&a.0)));
            assert_eq!(got, want, "n = {n}");
        }
    }
}
