//! `graph y` as a tree from y's grad_fn down to the leaves' AccumulateGrad.
//! A node reached again says `(shown above)`; an edge into a multi-output
//! node names the output (`SplitBackward0 [output 1 of 3]`).

use crate::report::graph::GraphReport;

use super::style::Style;

pub fn graph(r: &GraphReport, st: Style) -> String {
    let Some(root) = r.root else {
        return format!("{} does not require grad: no backward graph\n", st.bold(&r.name));
    };
    let mut out = format!("{} ← backward graph\n", st.bold(&r.name));
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
    let mut label = st.cyan(&n.name);
    // A multi-output node (split's): which of its outputs this edge is.
    if n.outputs > 1 {
        label = format!("{} {}", label, st.dim(&format!("[output {nr} of {}]", n.outputs)));
    }
    if let Some(names) = &n.leaf {
        label = format!("{} → {}", label, if names.is_empty() { "(unnamed leaf)".to_string() } else { names.join(", ") });
    }
    if !n.saved.is_empty() {
        label = format!("{}  {}", label, st.dim(&format!("saved: {}", n.saved.join("; "))));
    }
    if n.released {
        label = format!("{}  {}", label, st.yellow("(freed by backward)"));
    }
    if shown[id] && !n.next.is_empty() {
        out.push_str(&format!("{prefix}{branch}{label}  (shown above)\n"));
        return;
    }
    shown[id] = true;
    out.push_str(&format!("{prefix}{branch}{label}\n"));
    let child_prefix = if top { String::new() } else { format!("{prefix}{}", if last { "   " } else { "│  " }) };
    let k = n.next.len();
    for (i, next) in n.next.iter().enumerate() {
        match next {
            Some(c) => walk(r, *c, n.next_output_nr.get(i).copied().unwrap_or(0), &child_prefix, i + 1 == k, false, shown, out, lines, st),
            None => out.push_str(&format!("{}{}{}\n", child_prefix, if i + 1 == k { "└─ " } else { "├─ " }, st.dim("None (no grad needed)"))),
        }
    }
}
