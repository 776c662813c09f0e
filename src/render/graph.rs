//! `graph y` as a tree from y's grad_fn down to the leaves' AccumulateGrad.
//! A node reached again says `(shown above)`; an edge into a multi-output
//! node names the output (`SplitBackward0 [output 1 of 3]`).

use crate::report::graph::GraphReport;

use super::style::Style;
use super::teach::text::{pack, Cell};

pub fn graph(r: &GraphReport, st: Style) -> String {
    let Some(root) = r.root else {
        return super::teach::text::para(Some(Cell::styled(r.name.clone(), |x| st.bold(x))), "does not require grad: no backward graph", st.width, "", "  ", str::to_string);
    };
    let mut out = super::teach::text::para(Some(Cell::styled(r.name.clone(), |x| st.bold(x))), "← backward graph", st.width, "", "  ", str::to_string);
    let mut shown = vec![false; r.nodes.len()];
    let mut lines = 0usize;
    walk(r, root, r.root_output_nr, "", true, true, &mut shown, &mut out, &mut lines, st);
    out
}

#[allow(clippy::too_many_arguments)]
fn walk(r: &GraphReport, id: usize, nr: usize, prefix: &str, last: bool, top: bool, shown: &mut [bool], out: &mut String, lines: &mut usize, st: Style) {
    if *lines > 200 {
        return;
    }
    *lines += 1;
    let Some(n) = r.nodes.get(id) else { return };
    let branch = if top { "" } else if last { "└─ " } else { "├─ " };
    let mut label = vec![Cell::styled(n.name.clone(), |x| st.cyan(x))];
    // A multi-output node (split's): which of its outputs this edge is.
    if n.outputs > 1 {
        label.push(Cell::styled(format!("[output {nr} of {}]", n.outputs), |x| st.dim(x)));
    }
    if let Some(names) = &n.leaf {
        label.push(Cell::new(format!("→ {}", if names.is_empty() { "(unnamed leaf)".to_string() } else { names.join(", ") })));
    }
    // Notes break between words when the line is full.
    let words = |label: &mut Vec<Cell>, text: &str, paint: &dyn Fn(&str) -> String| {
        label.extend(super::teach::text::words(text).into_iter().map(|w| Cell::styled(w, paint)));
    };
    if !n.saved.is_empty() {
        words(&mut label, &format!("saved: {}", n.saved.join("; ")), &|x| st.dim(x));
    }
    if n.released {
        words(&mut label, "(freed by backward)", &|x| st.yellow(x));
    }
    let again = shown[id] && !n.next.is_empty();
    if again {
        words(&mut label, "(shown above)", &|x| x.to_string());
    }
    let child_prefix = if top { String::new() } else { format!("{prefix}{}", if last { "   " } else { "│  " }) };
    // Wrapped lines keep the tree's rails, indented under the node's name.
    let hang = format!("{child_prefix}{}", if n.next.is_empty() || again { "     " } else { "│    " });
    for line in pack(&label, st.width, &format!("{prefix}{branch}"), &hang, " ") {
        out.push_str(&line);
        out.push('\n');
    }
    if again {
        return;
    }
    shown[id] = true;
    let k = n.next.len();
    for (i, next) in n.next.iter().enumerate() {
        match next {
            Some(c) => walk(r, *c, n.next_output_nr.get(i).copied().unwrap_or(0), &child_prefix, i + 1 == k, false, shown, out, lines, st),
            None => out.push_str(&format!("{}{}{}\n", child_prefix, if i + 1 == k { "└─ " } else { "├─ " }, st.dim("None (no grad needed)"))),
        }
    }
}
