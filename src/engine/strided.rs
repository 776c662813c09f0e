//! Strided iteration: the storage element index of every logical element of
//! a layout, in row-major logical order, with a fast path for contiguous runs.

use super::layout::Layout;

/// Iterates storage element indices of `layout` in logical (row-major) order.
pub struct StridedIndex<'a> {
    layout: &'a Layout,
    counter: Vec<usize>,
    next: Option<usize>,
    remaining: usize,
}

impl<'a> StridedIndex<'a> {
    pub fn new(layout: &'a Layout) -> Self {
        let remaining = layout.numel();
        StridedIndex {
            layout,
            counter: vec![0; layout.ndim()],
            next: (remaining > 0).then_some(layout.offset),
            remaining,
        }
    }
}

impl Iterator for StridedIndex<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        let cur = self.next?;
        self.remaining -= 1;
        if self.remaining == 0 {
            self.next = None;
            return Some(cur);
        }
        let mut pos = cur;
        for d in (0..self.counter.len()).rev() {
            self.counter[d] += 1;
            // Wrapping: a dim of size 1 may have any stride (PyTorch keeps
            // huge ones); stepping past it and back must not overflow.
            pos = pos.wrapping_add(self.layout.stride[d]);
            if self.counter[d] < self.layout.shape[d] {
                self.next = Some(pos);
                return Some(cur);
            }
            pos = pos.wrapping_sub(self.layout.stride[d].wrapping_mul(self.counter[d]));
            self.counter[d] = 0;
        }
        self.next = None;
        Some(cur)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

/// Storage index of the element at row-major flat position `flat`.
pub fn flat_to_storage(layout: &Layout, mut flat: usize) -> usize {
    let mut pos = layout.offset;
    for d in (0..layout.ndim()).rev() {
        let s = layout.shape[d].max(1);
        pos += (flat % s) * layout.stride[d];
        flat /= s;
    }
    pos
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn walks_a_transpose() {
        let l = Layout { shape: vec![3, 2], stride: vec![1, 3], offset: 1 };
        let v: Vec<usize> = StridedIndex::new(&l).collect();
        assert_eq!(v, vec![1, 4, 2, 5, 3, 6]);
        for (i, &s) in v.iter().enumerate() {
            assert_eq!(flat_to_storage(&l, i), s);
        }
    }

    #[test]
    fn empty_and_scalar() {
        let e = Layout { shape: vec![2, 0], stride: vec![1, 1], offset: 0 };
        assert_eq!(StridedIndex::new(&e).count(), 0);
        let s = Layout { shape: vec![], stride: vec![], offset: 5 };
        assert_eq!(StridedIndex::new(&s).collect::<Vec<_>>(), vec![5]);
    }
}
