//! The search tree: nodes are the searching seat's information sets, edges are actions with
//! their statistics. Stored flat in arenas that are cleared, not freed, between decisions.

use super::fingerprint::{hash_of, FoldBuild};
use std::collections::HashMap;
use std::hash::Hash;

/// A node's id; the root is 0.
pub(crate) type NodeId = u32;

/// An action taken at a node, with its statistics from the point of view of the seat that
/// took it.
#[derive(Clone, Debug)]
pub(crate) struct Edge<A> {
    /// The action.
    pub(crate) action: A,
    /// Iterations that chose this edge.
    pub(crate) visits: u32,
    /// Iterations that reached the node while this action was legal (availability).
    pub(crate) avail: u32,
    /// Sum of the mover's rewards over `visits`.
    pub(crate) total: f64,
}

/// The arenas of one search. `clear` keeps their capacity, so a search of the same budget
/// reuses the memory of the last one.
#[derive(Clone, Debug)]
pub(crate) struct Tree<A> {
    nodes: u32,
    edges: Vec<Edge<A>>,
    /// (node, action hash, probed) → edge. Only looked up, never iterated.
    edge_index: HashMap<(NodeId, u64), u32, FoldBuild>,
    /// (node, fingerprint of the searching seat's view after a step) → child. Only looked up.
    children: HashMap<(NodeId, u64), NodeId, FoldBuild>,
}

impl<A> Default for Tree<A> {
    fn default() -> Self {
        Tree {
            nodes: 1,
            edges: Vec::new(),
            edge_index: HashMap::default(),
            children: HashMap::default(),
        }
    }
}

impl<A: Clone + Eq + Hash> Tree<A> {
    /// Empties the tree down to its root, keeping the memory.
    pub(crate) fn clear(&mut self) {
        self.nodes = 1;
        self.edges.clear();
        self.edge_index.clear();
        self.children.clear();
    }

    /// Nodes in the tree, the root included.
    pub(crate) fn nodes(&self) -> usize {
        self.nodes as usize
    }

    /// Edges in the tree.
    pub(crate) fn edges(&self) -> usize {
        self.edges.len()
    }

    /// Bytes reserved by the arenas (capacity, not use).
    pub(crate) fn reserved_bytes(&self) -> usize {
        let entry = std::mem::size_of::<((NodeId, u64), u32)>() + 1;
        self.edges.capacity() * std::mem::size_of::<Edge<A>>()
            + (self.edge_index.capacity() + self.children.capacity()) * entry
    }

    /// The edge of `action` at `node`, if it was ever taken there.
    pub(crate) fn find(&self, node: NodeId, action: &A) -> Option<u32> {
        let mut key = hash_of(action);
        loop {
            let &e = self.edge_index.get(&(node, key))?;
            if self.edges[e as usize].action == *action {
                return Some(e);
            }
            // Two actions with one hash at one node: probe the next key.
            key = key.wrapping_add(1);
        }
    }

    /// A new edge for `action` at `node` (which must not have one), available once.
    pub(crate) fn add(&mut self, node: NodeId, action: &A) -> u32 {
        let mut key = hash_of(action);
        while self.edge_index.contains_key(&(node, key)) {
            key = key.wrapping_add(1);
        }
        let e = self.edges.len() as u32;
        self.edges.push(Edge {
            action: action.clone(),
            visits: 0,
            avail: 1,
            total: 0.0,
        });
        self.edge_index.insert((node, key), e);
        e
    }

    /// An edge.
    pub(crate) fn edge(&self, e: u32) -> &Edge<A> {
        &self.edges[e as usize]
    }

    /// An edge, to update.
    pub(crate) fn edge_mut(&mut self, e: u32) -> &mut Edge<A> {
        &mut self.edges[e as usize]
    }

    /// The child of `node` reached by an observation, and whether it was just created.
    pub(crate) fn child(&mut self, node: NodeId, observation: u64) -> (NodeId, bool) {
        let next = self.nodes;
        let child = *self.children.entry((node, observation)).or_insert(next);
        if child == next {
            self.nodes += 1;
        }
        (child, child == next)
    }
}
