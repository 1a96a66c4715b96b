//! Import cycles between files, anywhere in `src/`: a file that uses, through others, a file
//! that uses it. Counted as issue 30 says: a module is a file; every `use` path and every
//! `crate::`/`super::`/`self::` path in code (comments stripped, test modules kept) is an edge to
//! the longest file-module it names; a parent's own children (its `mod` and `pub use` lines, its
//! face) are not edges; `super` is resolved from the file's own path, so `use super::*` in an
//! inline `mod tests` names the parent.

use super::paths::Edge;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// Every import cycle among the files of `src/` (strongly connected sets of more than one file),
/// one line each with the edges inside it. `edges` are a file's references with its test modules
/// (see `Graph::cycle_edges`).
pub(crate) fn cycles(edges: &[Edge]) -> Vec<String> {
    let mut next: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for edge in edges {
        if edge.from != edge.to {
            next.entry(&edge.from).or_default().insert(&edge.to);
            next.entry(&edge.to).or_default();
        }
    }
    // Tarjan's algorithm.
    struct State<'a> {
        index: HashMap<&'a str, usize>,
        low: HashMap<&'a str, usize>,
        on_stack: BTreeSet<&'a str>,
        stack: Vec<&'a str>,
        found: Vec<Vec<&'a str>>,
    }
    fn visit<'a>(v: &'a str, next: &BTreeMap<&'a str, BTreeSet<&'a str>>, s: &mut State<'a>) {
        let i = s.index.len();
        s.index.insert(v, i);
        s.low.insert(v, i);
        s.stack.push(v);
        s.on_stack.insert(v);
        for &w in &next[v] {
            if !s.index.contains_key(w) {
                visit(w, next, s);
                let low = s.low[v].min(s.low[w]);
                s.low.insert(v, low);
            } else if s.on_stack.contains(w) {
                let low = s.low[v].min(s.index[w]);
                s.low.insert(v, low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut set = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                set.push(w);
                if w == v {
                    break;
                }
            }
            if set.len() > 1 {
                set.sort();
                s.found.push(set);
            }
        }
    }
    let mut state = State {
        index: HashMap::new(),
        low: HashMap::new(),
        on_stack: BTreeSet::new(),
        stack: Vec::new(),
        found: Vec::new(),
    };
    for v in next.keys() {
        if !state.index.contains_key(v) {
            visit(v, &next, &mut state);
        }
    }
    state
        .found
        .iter()
        .map(|set| {
            let members: BTreeSet<&str> = set.iter().copied().collect();
            let inside: Vec<String> = edges
                .iter()
                .filter(|e| members.contains(e.from.as_str()) && members.contains(e.to.as_str()))
                .map(|e| format!("{}:{} ({} → {})", e.file, e.line, e.from, e.to))
                .collect();
            format!(
                "an import cycle through {} files: {}; its edges: {}",
                set.len(),
                set.join(", "),
                inside.join("; ")
            )
        })
        .collect()
}
