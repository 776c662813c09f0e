//! `graph y`: the backward graph from y to its leaves, as plain data.
//! JSON kind `graph`. A node appears once however many edges reach it (the
//! one node of a `split`'s outputs too); edges say which output they name.

use std::collections::HashMap;
use std::rc::Rc;

use serde::Serialize;

use crate::engine::autograd::{Edge, Grad, LeafGrad, Node};
use crate::engine::Tensor;

#[derive(Debug, Clone, Serialize)]
pub struct GraphNode {
    pub id: usize,
    /// `MulBackward0`, or `AccumulateGrad` for a leaf.
    pub name: String,
    /// Tensors the node saved for backward: `[3] float32 (version 0)`.
    pub saved: Vec<String>,
    /// Ids of the nodes the gradient flows to (null for inputs without grad).
    pub next: Vec<Option<usize>>,
    /// For each entry of `next`: which output of that node the gradient is
    /// (PyTorch's `next_functions` pairs; 0 but for multi-output nodes).
    pub next_output_nr: Vec<usize>,
    /// How many outputs the node has (`SplitBackward0` of a 3-way split: 3).
    pub outputs: usize,
    /// For `AccumulateGrad`: the bindings of the leaf.
    pub leaf: Option<Vec<String>>,
    /// Whether backward already ran through it without retain_graph.
    pub released: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct GraphReport {
    pub name: String,
    /// The root node's id (null when the tensor has no grad_fn and is not a leaf).
    pub root: Option<usize>,
    /// Which output of the root node the tensor is (its `output_nr`).
    pub root_output_nr: usize,
    pub nodes: Vec<GraphNode>,
}

/// Walks from `t`'s grad_fn; `leaf_names` names the bindings of a leaf.
pub fn graph_report(name: &str, t: &Tensor, leaf_names: &dyn Fn(&Rc<LeafGrad>) -> Vec<String>) -> GraphReport {
    let mut nodes: Vec<GraphNode> = vec![];
    let mut ids: HashMap<usize, usize> = HashMap::new();
    fn visit_leaf(l: &Rc<LeafGrad>, nodes: &mut Vec<GraphNode>, ids: &mut HashMap<usize, usize>, names: &dyn Fn(&Rc<LeafGrad>) -> Vec<String>) -> usize {
        let k = Rc::as_ptr(l) as usize;
        if let Some(&id) = ids.get(&k) {
            return id;
        }
        let id = nodes.len();
        ids.insert(k, id);
        nodes.push(GraphNode { id, name: "AccumulateGrad".into(), saved: vec![], next: vec![], next_output_nr: vec![], outputs: 1, leaf: Some(names(l)), released: false });
        id
    }
    fn visit(n: &Rc<Node>, nodes: &mut Vec<GraphNode>, ids: &mut HashMap<usize, usize>, names: &dyn Fn(&Rc<LeafGrad>) -> Vec<String>, depth: usize) -> usize {
        let k = Rc::as_ptr(n) as usize;
        if let Some(&id) = ids.get(&k) {
            return id;
        }
        let id = nodes.len();
        ids.insert(k, id);
        let saved = n
            .saved
            .borrow()
            .iter()
            .map(|s| format!("{:?} {} (version {})", s.tensor.shape(), s.tensor.dtype.name(), s.version))
            .collect();
        nodes.push(GraphNode {
            id,
            name: n.name.clone(),
            saved,
            next: vec![],
            next_output_nr: n.next.iter().map(|e| e.as_ref().map_or(0, Edge::output_nr)).collect(),
            outputs: n.outputs,
            leaf: None,
            released: n.released.get(),
        });
        let mut next = vec![];
        for e in &n.next {
            next.push(match e {
                None => None,
                Some(Edge::Leaf(l)) => Some(visit_leaf(l, nodes, ids, names)),
                Some(Edge::Node(m, _)) if depth < 10_000 && nodes.len() < 100_000 => Some(visit(m, nodes, ids, names, depth + 1)),
                Some(Edge::Node(..)) => None,
            });
        }
        nodes[id].next = next;
        id
    }
    let root = match t.grad_state() {
        Some(Grad::Node(n)) => Some(visit(&n, &mut nodes, &mut ids, leaf_names, 0)),
        Some(Grad::Leaf(l)) => Some(visit_leaf(&l, &mut nodes, &mut ids, leaf_names)),
        Some(Grad::Shared(_)) | None => None,
    };
    let root_output_nr = match &*t.autograd.borrow() {
        Some(Grad::Shared(m)) => m.output_nr.get(),
        _ => 0,
    };
    GraphReport { name: name.to_string(), root, root_output_nr, nodes }
}
