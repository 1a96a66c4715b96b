//! The tier lists the test reads from the docs.

use std::path::Path;

/// A numbered list of tiers, lowest first, and the "only these use that" rules.
#[derive(Debug, Default)]
pub(crate) struct Tiers {
    /// (label, modules) per tier.
    pub tiers: Vec<(String, Vec<String>)>,
    /// (users, used): only `users` (and the tier's own modules) may use `used`.
    pub only: Vec<(Vec<String>, String)>,
}

impl Tiers {
    pub(crate) fn tier_of(&self, module: &str) -> Option<usize> {
        self.tiers
            .iter()
            .position(|(_, modules)| modules.iter().any(|m| m == module))
    }

    /// The listed module a module path belongs to (itself or its nearest listed ancestor), and
    /// its tier.
    pub(crate) fn unit_of(&self, module: &str) -> Option<(String, usize)> {
        let mut path = module.to_string();
        loop {
            if let Some(tier) = self.tier_of(&path) {
                return Some((path, tier));
            }
            path = path.rsplit_once("::")?.0.to_string();
        }
    }

    pub(crate) fn label(&self, tier: usize) -> String {
        format!("{} {}", tier + 1, self.tiers[tier].0)
    }
}

/// Reads the numbered list from a file's `//!` docs: `N. label: `a`, `b` — what they do`
/// (label optional), and `Only `x` and `y` use `z`` rules.
pub(crate) fn read_tiers(file: &Path) -> Tiers {
    let text = std::fs::read_to_string(file).expect("read docs");
    let mut tiers = Tiers::default();
    let mut in_list = false;
    for line in text.lines() {
        let Some(doc) = line.trim_start().strip_prefix("//!") else {
            continue;
        };
        let doc = doc.trim();
        if let Some(heading) = doc.strip_prefix("## ") {
            in_list = heading.starts_with("Layers") || heading.starts_with("Tiers");
            continue;
        }
        if !in_list {
            continue;
        }
        if let Some(rule) = doc.strip_prefix("Only ") {
            let names = backticked(rule);
            if let Some((used, users)) = names.split_last() {
                tiers.only.push((users.to_vec(), used.clone()));
            }
            continue;
        }
        let Some((number, rest)) = doc.split_once(". ") else {
            continue;
        };
        if number.is_empty() || !number.chars().all(|c| c.is_ascii_digit()) {
            continue;
        }
        // The names come before the dash that starts the description.
        let head = rest.split(" — ").next().unwrap_or(rest);
        let (label, names) = match head.split_once(':') {
            Some((label, names)) if !label.contains('`') => (label.trim().to_string(), names),
            _ => (String::new(), head),
        };
        let modules = backticked(names);
        if !modules.is_empty() {
            tiers.tiers.push((label, modules));
        }
    }
    tiers
}

fn backticked(text: &str) -> Vec<String> {
    text.split('`')
        .enumerate()
        .filter(|(i, _)| i % 2 == 1)
        .map(|(_, name)| name.to_string())
        .collect()
}
