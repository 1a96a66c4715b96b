//! The architecture test: every `use` line and every `crate::`/`super::` path in `src/` must run
//! downward.
//!
//! Two orders are checked, both read from the docs, so the docs and the code cannot drift apart:
//! the crate's layers (the numbered list in `src/lib.rs`) and the tiers inside `app` (the
//! numbered list in `src/app/mod.rs`, with its "Only … use …" rules). Anywhere in `src/` the
//! graph of files must also have no cycle (`cycles` says how it is counted: test modules
//! included; a parent's edges to its own children, its `mod` and `pub use` lines, are its face,
//! not a dependency). A failure names the file, the line and the edge.
//!
//! `cargo test --lib architecture -- --nocapture` prints the module graph, tier by tier, with
//! edge counts.

mod catch_all;
mod check;
mod cycles;
mod json;
mod names;
mod paths;
mod router_names;
mod source;
mod tiers;

use check::check;
use paths::{edges_of, Edge, Read};
use source::modules;
use std::collections::BTreeSet;
use std::path::PathBuf;
use tiers::{read_tiers, Tiers};

/// The first `depth` segments of a module path (the crate layer, or `app`'s child).
pub(crate) fn head(module: &str, depth: usize) -> String {
    module
        .split("::")
        .take(depth)
        .collect::<Vec<_>>()
        .join("::")
}

pub(crate) fn is_within(module: &str, ancestor: &str) -> bool {
    ancestor.is_empty() || module == ancestor || module.starts_with(&format!("{ancestor}::"))
}

/// The rooms whose docs list tiers of their own.
const ROOMS: [&str; 2] = ["app", "session"];

pub(crate) struct Graph {
    /// The references of the code, test modules left out: what the layers and tiers check.
    pub(crate) edges: Vec<Edge>,
    /// The references of the code and its test modules, but none from a module to its own
    /// descendants and none from or to `architecture`: what the import-cycle count reads.
    pub(crate) cycle_edges: Vec<Edge>,
    pub(crate) crate_tiers: Tiers,
    /// The rooms with tiers of their own (`app`, `session`), each read from its `mod.rs`.
    pub(crate) rooms: Vec<(String, Tiers)>,
}

fn graph() -> Graph {
    // TERN_ARCHITECTURE_ROOT draws another checkout's graph (the "before" of a change).
    let root = std::env::var_os("TERN_ARCHITECTURE_ROOT")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    let root = root.as_path();
    let src = root.join("src");
    let files = modules(&src);
    let known: BTreeSet<String> = files.iter().map(|(_, m)| m.clone()).collect();
    let edges = read_edges(&files, &known, root, Read::Code);
    let cycle_edges = read_edges(&files, &known, root, Read::CodeAndTests)
        .into_iter()
        .filter(|edge| {
            !is_within(&edge.from, "architecture") && !is_within(&edge.to, "architecture")
        })
        .collect();
    Graph {
        edges,
        cycle_edges,
        crate_tiers: read_tiers(&src.join("lib.rs")),
        rooms: ROOMS
            .iter()
            .map(|room| (room.to_string(), read_tiers(&src.join(room).join("mod.rs"))))
            .collect(),
    }
}

/// Every file's references to other modules of the crate, one per line and target.
fn read_edges(
    files: &[(PathBuf, String)],
    known: &BTreeSet<String>,
    root: &std::path::Path,
    read: Read,
) -> Vec<Edge> {
    let mut edges = Vec::new();
    let mut seen = BTreeSet::new();
    for (file, module) in files {
        for edge in edges_of(file, module, known, root, read) {
            // One edge per line and target: `use super::layers::{Hint, Outcome}` is one import.
            if !seen.insert((edge.file.clone(), edge.line, edge.to.clone())) {
                continue;
            }
            // A module's own items, and a parent's `mod`/`pub use` of its children, are not
            // dependencies.
            if edge.to.is_empty() && module.is_empty() {
                continue;
            }
            if is_within(&edge.to, &edge.from) {
                continue;
            }
            edges.push(edge);
        }
    }
    edges
}

#[test]
fn every_edge_runs_downward() {
    let graph = graph();
    assert!(
        graph.crate_tiers.tiers.len() >= 8,
        "src/lib.rs lists no layers: {:?}",
        graph.crate_tiers
    );
    for (room, tiers) in &graph.rooms {
        assert!(
            tiers.tiers.len() >= 3,
            "src/{room}/mod.rs lists no tiers: {tiers:?}"
        );
    }
    let (problems, report) = check(&graph);
    println!("{report}");
    for problem in &problems {
        println!("{problem}");
    }
    assert!(
        problems.is_empty(),
        "{} edge(s) against the declared order:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn the_parser_reads_use_trees_and_skips_comments_strings_and_tests() {
    let paths: Vec<String> = paths::expand_use("super::{a, b::{c as d, self}, e::*}")
        .into_iter()
        .map(|(p, name)| format!("{} as {name}", p.join("::")))
        .collect();
    assert_eq!(
        paths,
        [
            "super::a as a",
            "super::b::c as d",
            "super::b as b",
            "super::e as *"
        ]
    );
    let code = source::code_only(
        "use crate::a; // crate::b\nlet s = \"crate::c\"; let c = '{';\n#[cfg(test)]\nmod tests { use crate::d; }\nfn f<'a>() {}",
    );
    assert!(code.contains("crate::a"));
    assert!(!code.contains("crate::b") && !code.contains("crate::c") && !code.contains("crate::d"));
    assert!(code.contains("fn f<'a>()"));
    assert_eq!(code.lines().count(), 5);
    // The cycle count reads the test modules too.
    let with_tests =
        source::code_and_tests("use crate::a;\n#[cfg(test)]\nmod tests { use crate::d; }");
    assert!(with_tests.contains("crate::a") && with_tests.contains("crate::d"));
}

#[test]
fn a_cycle_anywhere_is_found_and_a_chain_is_not() {
    let edge = |from: &str, to: &str| Edge {
        from: from.into(),
        to: to.into(),
        file: format!("src/{}.rs", from.replace("::", "/")),
        line: 1,
    };
    let chain = [edge("model::a", "model::b"), edge("model::b", "model::c")];
    assert!(cycles::cycles(&chain).is_empty());
    let found = cycles::cycles(&[
        edge("model::a", "model::b"),
        edge("model::b", "model::c"),
        edge("model::c", "model::a"),
        edge("ui::x", "ui::y"),
    ]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("an import cycle through 3 files: model::a, model::b, model::c;"),
        "{}",
        found[0]
    );
}

/// The whole tree, counted as `cycles` says: no file reaches back to itself.
#[test]
fn no_file_level_import_cycle_in_src() {
    let graph = graph();
    let found = cycles::cycles(&graph.cycle_edges);
    println!("{} edges read for cycles", graph.cycle_edges.len());
    assert!(
        found.is_empty(),
        "{} import cycle(s):\n{}",
        found.len(),
        found.join("\n")
    );
}
