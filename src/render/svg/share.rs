//! `share` as a tree: each storage a root, its bindings as branches (an
//! alias hangs under the binding it is the same tensor as), overlaps named
//! on the branch and drawn as dashed links between the boxes that overlap.

use crate::render::teach::text::{bytes, range, tuple};
use crate::report::teach::share::{ShareReport, ShareStorage};

use super::{Canvas, attr, text_w};

const ROW: f64 = 40.0;
const BOX_H: f64 = 28.0;

pub fn draw(r: &ShareReport) -> String {
    let mut c = Canvas::new();
    let mut y = 8.0;
    if r.storages.is_empty() {
        c.text(
            12.0,
            20.0,
            "share: no tensor bindings yet",
            "start",
            "muted",
        );
    }
    for s in &r.storages {
        y = storage(&mut c, s, y) + 16.0;
    }
    c.finish("share: storages and the bindings on them", "")
}

fn storage(c: &mut Canvas, s: &ShareStorage, top: f64) -> f64 {
    let root = format!(
        "S{}  {} at 0x{:x} on {}",
        s.id,
        bytes(s.nbytes),
        s.data_ptr,
        s.device
    );
    let rw = text_w(&root) * 1.12 + 20.0;
    c.rect(
        12.0,
        top,
        rw,
        BOX_H,
        "box",
        &attr("data-storage", &format!("S{}", s.id)),
        None,
    );
    c.text(22.0, top + 18.5, &root, "start", "title");
    // Depth of each binding: aliases nest under the binding they repeat.
    let depth = |i: usize| -> usize {
        let mut d = 1;
        let mut cur = &s.tensors[i];
        while let Some(a) = &cur.alias_of {
            match s.tensors.iter().find(|t| &t.name == a) {
                Some(t) if d < 8 => {
                    d += 1;
                    cur = t;
                }
                _ => break,
            }
        }
        d
    };
    let mut centers: Vec<(String, f64, f64)> = vec![];
    let mut y = top;
    for (i, t) in s.tensors.iter().enumerate() {
        y += ROW;
        let d = depth(i);
        let x = 12.0 + d as f64 * 28.0;
        let parent_y = if d == 1 {
            top + BOX_H
        } else {
            centers
                .iter()
                .rev()
                .find(|(n, _, _)| Some(n) == t.alias_of.as_ref())
                .map(|c| c.2 + BOX_H / 2.0)
                .unwrap_or(top + BOX_H)
        };
        let px = x - 16.0;
        c.line(px, parent_y, px, y + BOX_H / 2.0, "link");
        c.line(px, y + BOX_H / 2.0, x, y + BOX_H / 2.0, "link");
        let mut label = format!(
            "{}  {}  stride {}  offset {}  {}  elements {}",
            t.name,
            tuple(&t.shape),
            tuple(&t.stride),
            t.offset,
            t.dtype,
            range(t.footprint)
        );
        let mut notes = vec![];
        if let Some(a) = &t.alias_of {
            notes.push(format!("same tensor as {a}"));
        }
        if !t.overlaps_with.is_empty() {
            notes.push(format!("overlaps {}", t.overlaps_with.join(", ")));
        }
        if t.self_overlap == Some(true) {
            notes.push("overlaps itself".into());
        }
        if !notes.is_empty() {
            label.push_str(&format!("  ({})", notes.join("; ")));
        }
        let w = text_w(&label) + 30.0;
        c.group(
            &format!("t{}", i % 8),
            &format!(
                "{}{}",
                attr("data-tensor", &t.name),
                attr("data-storage", &format!("S{}", s.id))
            ),
        );
        c.rect(
            x,
            y,
            w,
            BOX_H,
            "elem",
            &attr("data-offset", &t.offset.to_string()),
            None,
        );
        c.end_group();
        c.text(x + 10.0, y + 18.5, &label, "start", "");
        centers.push((t.name.clone(), x, y));
    }
    // Overlapping pairs: a dashed bracket on the right of the two boxes.
    let right = c.w + 16.0;
    for (k, [a, b]) in s.overlapping.iter().enumerate() {
        let ya = centers
            .iter()
            .find(|c| &c.0 == a)
            .map(|c| c.2 + BOX_H / 2.0);
        let yb = centers
            .iter()
            .find(|c| &c.0 == b)
            .map(|c| c.2 + BOX_H / 2.0);
        if let (Some(ya), Some(yb)) = (ya, yb) {
            let x = right + k as f64 * 10.0;
            c.line(x - 8.0, ya, x, ya, "gap");
            c.line(x, ya, x, yb, "gap");
            c.line(x - 8.0, yb, x, yb, "gap");
        }
    }
    for [a, b] in &s.undecided {
        y += 20.0;
        c.text(
            40.0,
            y + 10.0,
            &format!("{a} and {b}: overlap undecided (run `overlap {a}, {b}`)"),
            "start",
            "muted small",
        );
    }
    if !s.pairs_checked {
        y += 20.0;
        c.text(
            40.0,
            y + 10.0,
            "too many views to compare every pair; ask `overlap x, y` for one pair",
            "start",
            "muted small",
        );
    }
    y + BOX_H
}
