//! A tensor header's layout cell. The in-place view ops (`t_`,
//! `transpose_`, `squeeze_`, `unsqueeze_`, `resize_`) change a tensor's
//! shape, stride and offset in place, so that every name and container
//! holding the tensor sees the change, as PyTorch's `TensorImpl` does.
//!
//! Invariant: a layout once held is never freed or changed while the header
//! lives. Each layout sits in its own `Rc`; setting a new one moves the old
//! `Rc` to `retired` (or reuses an equal retired one), so a `&Layout` handed
//! out by [`Header::get`] stays valid for as long as the header it came from.

use std::cell::RefCell;
use std::rc::Rc;

use super::error::{EngineError, Result};
use super::layout::Layout;

/// How many distinct layouts one tensor may take in place (each is kept for
/// the tensor's life; an equal one is reused, so `t_()` in a loop costs none).
pub const MAX_IN_PLACE_LAYOUTS: usize = 4096;

pub struct Header {
    current: RefCell<Rc<Layout>>,
    retired: RefCell<Vec<Rc<Layout>>>,
}

impl Header {
    pub fn new(layout: Layout) -> Header {
        Header { current: RefCell::new(Rc::new(layout)), retired: RefCell::new(vec![]) }
    }

    /// The layout now.
    pub fn get(&self) -> &Layout {
        let ptr: *const Layout = Rc::as_ptr(&self.current.borrow());
        // SAFETY: `ptr` points into an `Rc<Layout>` allocation that `self`
        // keeps alive, in `current` or `retired`, until `self` is dropped
        // (`set` moves an old `Rc` into `retired` and never drops one), and
        // no `Layout` behind these `Rc`s is ever mutated. The returned
        // borrow is tied to `&self`, so it cannot outlive the header.
        unsafe { &*ptr }
    }

    /// Replaces the layout in place (the in-place view ops). Refuses past
    /// [`MAX_IN_PLACE_LAYOUTS`] distinct layouts.
    pub fn set(&self, layout: Layout) -> Result<()> {
        let mut cur = self.current.borrow_mut();
        if **cur == layout {
            return Ok(());
        }
        let mut retired = self.retired.borrow_mut();
        if let Some(old) = retired.iter_mut().find(|r| ***r == layout) {
            std::mem::swap(old, &mut *cur);
            return Ok(());
        }
        if retired.len() >= MAX_IN_PLACE_LAYOUTS {
            return Err(EngineError::runtime(format!(
                "tsr keeps every layout a tensor held in place, and this one has held {MAX_IN_PLACE_LAYOUTS}: rebind instead (`x = x.view(...)`)"
            )));
        }
        let old = std::mem::replace(&mut *cur, Rc::new(layout));
        retired.push(old);
        Ok(())
    }
}

impl Clone for Header {
    /// A header of its own starting at the same layout.
    fn clone(&self) -> Header {
        Header { current: RefCell::new(self.current.borrow().clone()), retired: RefCell::new(vec![]) }
    }
}

impl std::fmt::Debug for Header {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.get().fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_borrowed_layout_survives_later_sets() {
        let h = Header::new(Layout::contiguous(&[2, 3]));
        let before = h.get();
        h.set(Layout::contiguous(&[6])).unwrap();
        h.set(Layout::contiguous(&[3, 2])).unwrap();
        assert_eq!(before.shape, vec![2, 3]);
        assert_eq!(h.get().shape, vec![3, 2]);
        // Going back reuses the retired layout instead of keeping another.
        h.set(Layout::contiguous(&[2, 3])).unwrap();
        assert_eq!(h.retired.borrow().len(), 2);
        assert!(std::ptr::eq(before, h.get()));
    }

    #[test]
    fn distinct_layouts_are_capped() {
        let h = Header::new(Layout::contiguous(&[0]));
        for n in 1..=MAX_IN_PLACE_LAYOUTS {
            h.set(Layout::contiguous(&[n])).unwrap();
        }
        assert!(h.set(Layout::contiguous(&[MAX_IN_PLACE_LAYOUTS + 1])).is_err());
        // An equal retired one is still fine.
        h.set(Layout::contiguous(&[7])).unwrap();
        assert_eq!(h.get().shape, vec![7]);
    }
}
