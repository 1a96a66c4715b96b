//! What `/plugins` shows for the search typed: the listed plugins it matches at once (every
//! word, anywhere, any case, in the name, display name, description, keywords or marketplace),
//! and the server's own hits for it (`plugin/search`), merged in — a plugin of the list the
//! server found on text tern does not hold, and plugins of marketplaces not listed. Worked out
//! when the search or the list changes, never per frame.

use super::catalog::{Catalog, CatalogEntry};
use std::collections::HashSet;

/// A row of the list shown: a plugin of the catalog, or one only the server's search found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shown {
    Listed(usize),
    Found(usize),
}

#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct PluginSearch {
    /// The search as typed, that `shown` answers.
    pub(crate) query: String,
    /// Bumped by every change of the query: an answer carries the one it was asked at.
    pub(crate) generation: u64,
    /// The generation when `/plugins` opened: answers asked before are an earlier one's.
    pub(crate) opened_at: u64,
    /// The server's hits, and the term they were found for (empty: none).
    pub(crate) hits: Vec<CatalogEntry>,
    pub(crate) hits_for: String,
    /// The query's own search is out.
    pub(crate) searching: bool,
    /// Why the server's search failed, for the query now.
    pub(crate) error: Option<String>,
    /// Each catalog plugin's text that the local match reads, lowercased once per listing.
    haystacks: Vec<String>,
    /// The rows shown, in order: the catalog's matches, then the server's other hits.
    pub(crate) shown: Vec<Shown>,
}

/// The lowercased text `entry` is matched on.
fn haystack(entry: &CatalogEntry) -> String {
    let p = &entry.plugin;
    let mut text = format!(
        "{} {} {} {}",
        p.name,
        p.shown_name(),
        p.short_description(),
        entry.marketplace
    );
    for keyword in &p.keywords {
        text.push(' ');
        text.push_str(keyword);
    }
    text.to_lowercase()
}

/// Whether every word of `words` (lowercased) is in `text`.
fn has_all(text: &str, words: &[String]) -> bool {
    words.iter().all(|w| text.contains(w.as_str()))
}

fn words(query: &str) -> Vec<String> {
    query.split_whitespace().map(str::to_lowercase).collect()
}

/// Whether hits found for `term` can stand, narrowed, for `query`: `query` extends it.
pub(crate) fn extends(query: &str, term: &str) -> bool {
    !term.is_empty() && query.starts_with(term)
}

impl PluginSearch {
    /// The catalog was listed again: its text is read once more, and the rows worked out.
    pub(crate) fn relist(&mut self, catalog: &Catalog) {
        self.haystacks = catalog.plugins.iter().map(haystack).collect();
        self.rematch(catalog);
    }

    /// The hits kept that still match `query` by their own text (an answer for a shorter
    /// term stands, narrowed, until the query's own comes).
    pub(crate) fn narrow(&mut self, query: &str) {
        let words = words(query);
        self.hits.retain(|hit| has_all(&haystack(hit), &words));
    }

    /// The rows for the query and hits now.
    pub(crate) fn rematch(&mut self, catalog: &Catalog) {
        crate::model::work::step(catalog.plugins.len() + self.hits.len());
        let words = words(&self.query);
        let found: HashSet<&str> = self.hits.iter().map(|h| h.plugin.id.as_str()).collect();
        let listed: HashSet<&str> = catalog
            .plugins
            .iter()
            .map(|e| e.plugin.id.as_str())
            .collect();
        self.shown = (0..catalog.plugins.len())
            .filter(|&i| {
                self.haystacks.get(i).is_some_and(|t| has_all(t, &words))
                    || found.contains(catalog.plugins[i].plugin.id.as_str())
            })
            .map(Shown::Listed)
            .collect();
        let mut seen = HashSet::new();
        self.shown.extend(
            self.hits
                .iter()
                .enumerate()
                .filter(|(_, h)| {
                    let id = h.plugin.id.as_str();
                    !listed.contains(id) && seen.insert(id)
                })
                .map(|(i, _)| Shown::Found(i)),
        );
    }

    /// The plugin a row shows.
    pub(crate) fn entry<'a>(
        &'a self,
        catalog: &'a Catalog,
        row: Shown,
    ) -> Option<&'a CatalogEntry> {
        match row {
            Shown::Listed(i) => catalog.plugins.get(i),
            Shown::Found(i) => self.hits.get(i),
        }
    }
}
