//! The check of the graph against the declared orders, and the report of it.

use super::tiers::Tiers;
use super::{head, is_within, Graph};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

/// What is wrong with the graph, one line per edge; and the report of it.
pub(crate) fn check(graph: &Graph) -> (Vec<String>, String) {
    let mut problems = Vec::new();
    let mut report = String::new();
    let crate_tiers = &graph.crate_tiers;
    // Every layer, and every child of a room with tiers, is named in the docs.
    let mut layers = BTreeSet::new();
    for edge in &graph.edges {
        for module in [&edge.from, &edge.to] {
            if !module.is_empty() && head(module, 1) != "architecture" {
                layers.insert(head(module, 1));
            }
        }
    }
    for layer in &layers {
        if crate_tiers.tier_of(layer).is_none() {
            problems.push(format!(
                "src/lib.rs: the layer `{layer}` is in no tier of the list"
            ));
        }
    }
    // Crate layers.
    let mut crate_counts: BTreeMap<(String, String), usize> = BTreeMap::new();
    for edge in &graph.edges {
        let (from, to) = (head(&edge.from, 1), head(&edge.to, 1));
        if from == "architecture" {
            continue;
        }
        if to.is_empty() {
            problems.push(format!(
                "{}:{}: `{}` names an item of the crate root: name its module",
                edge.file, edge.line, edge.from
            ));
            continue;
        }
        if from != to {
            *crate_counts.entry((from.clone(), to.clone())).or_default() += 1;
            if let (Some(a), Some(b)) = (crate_tiers.tier_of(&from), crate_tiers.tier_of(&to)) {
                if b >= a {
                    problems.push(format!(
                        "{}:{}: `{}` (layer {}) uses `{}` (layer {}): {}",
                        edge.file,
                        edge.line,
                        edge.from,
                        crate_tiers.label(a),
                        edge.to,
                        crate_tiers.label(b),
                        if b == a { "same layer" } else { "upward" }
                    ));
                }
            }
            continue;
        }
    }
    // The report: crate layers, then app's tiers, each module with its edges.
    writeln!(report, "crate layers, lowest first (src/lib.rs):").ok();
    for (i, (_, modules)) in crate_tiers.tiers.iter().enumerate() {
        for module in modules {
            write_uses(
                &mut report,
                &format!("{}. {module}", i + 1),
                module,
                &crate_counts,
            );
        }
    }
    for (room, tiers) in &graph.rooms {
        check_room(graph, room, tiers, &mut problems, &mut report);
    }
    (problems, report)
}

/// Inside a room with tiers (`app`, `session`): each file uses only its own tier or those
/// before it, and the "Only … use …" rules hold.
fn check_room(
    graph: &Graph,
    room: &str,
    tiers: &Tiers,
    problems: &mut Vec<String>,
    report: &mut String,
) {
    let prefix = format!("{room}::");
    let mut children = BTreeSet::new();
    for edge in &graph.edges {
        for module in [&edge.from, &edge.to] {
            if let Some(inner) = module.strip_prefix(&prefix) {
                children.insert(inner.to_string());
            }
        }
    }
    for child in &children {
        if tiers.unit_of(child).is_none() {
            problems.push(format!(
                "src/{room}/mod.rs: `{room}::{child}` is in no tier of the list"
            ));
        }
    }
    let mut room_counts: BTreeMap<(String, String), usize> = BTreeMap::new();
    // File by file: (tier, from, to) → count.
    let mut file_counts: BTreeMap<(usize, String, String), usize> = BTreeMap::new();
    let mut upward = 0;
    for edge in &graph.edges {
        if head(&edge.from, 1) != room || head(&edge.to, 1) != room {
            continue;
        }
        if edge.to == room {
            problems.push(format!(
                "{}:{}: `{}` goes through the {room} root's re-exports: name the module",
                edge.file, edge.line, edge.from
            ));
            continue;
        }
        let (Some((from_child, a)), Some((to_child, b))) = (
            tiers.unit_of(&edge.from[prefix.len()..]),
            tiers.unit_of(&edge.to[prefix.len()..]),
        ) else {
            continue;
        };
        if from_child != to_child {
            *room_counts
                .entry((from_child.clone(), to_child.clone()))
                .or_default() += 1;
        }
        *file_counts
            .entry((a, edge.from.clone(), edge.to.clone()))
            .or_default() += 1;
        if b > a {
            upward += 1;
            problems.push(format!(
                "{}:{}: `{}` (tier {}) uses `{}` (tier {}): upward",
                edge.file,
                edge.line,
                edge.from,
                tiers.label(a),
                edge.to,
                tiers.label(b),
            ));
        }
        for (users, used) in &tiers.only {
            let used_module = format!("{prefix}{used}");
            if is_within(&edge.to, &used_module)
                && !is_within(&edge.from, &used_module)
                && !users.iter().any(|user| is_within(&from_child, user))
            {
                problems.push(format!(
                    "{}:{}: `{}` uses `{}`: only {} may",
                    edge.file,
                    edge.line,
                    edge.from,
                    edge.to,
                    users
                        .iter()
                        .map(|u| format!("`{u}`"))
                        .collect::<Vec<_>>()
                        .join(" and ")
                ));
            }
        }
    }
    writeln!(report, "{room} tiers, lowest first (src/{room}/mod.rs):").ok();
    for (i, (label, modules)) in tiers.tiers.iter().enumerate() {
        let total: usize = room_counts
            .iter()
            .filter(|((from, _), _)| modules.contains(from))
            .map(|(_, n)| n)
            .sum();
        writeln!(report, "  {}. {label} ({total} edges out)", i + 1).ok();
        for module in modules {
            write_uses(report, &format!("  {module}"), module, &room_counts);
        }
    }
    writeln!(
        report,
        "{room} files, tier by tier (one line per file: what it uses):"
    )
    .ok();
    let short = |m: &str| m.strip_prefix(&prefix).unwrap_or(m).to_string();
    let mut lines: BTreeMap<(usize, &str), Vec<String>> = BTreeMap::new();
    for ((tier, from, to), n) in &file_counts {
        lines
            .entry((*tier, from.as_str()))
            .or_default()
            .push(format!("{} ×{n}", short(to)));
    }
    let mut tier_shown = None;
    for ((tier, from), uses) in &lines {
        if tier_shown != Some(*tier) {
            writeln!(report, "  {}", tiers.label(*tier)).ok();
            tier_shown = Some(*tier);
        }
        writeln!(report, "    {} → {}", short(from), uses.join(", ")).ok();
    }
    writeln!(report, "upward edges inside {room}: {upward}").ok();
}

fn write_uses(
    report: &mut String,
    title: &str,
    module: &str,
    counts: &BTreeMap<(String, String), usize>,
) {
    let uses: Vec<String> = counts
        .iter()
        .filter(|((from, _), _)| from == module)
        .map(|((_, to), n)| format!("{to} ×{n}"))
        .collect();
    let uses = if uses.is_empty() {
        "nothing".to_string()
    } else {
        uses.join(", ")
    };
    writeln!(report, "  {title} → {uses}").ok();
}
