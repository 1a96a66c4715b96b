//! A key table read out: its rows with the keys in force and whether each applies now. The
//! hint bar, `?` help, the router's Ctrl+C and `tern --keys` work from this, whatever the
//! view's own action type.

use super::chord::Chord;
use super::hint::Hint;
use super::rest::{Fate, Rest, Show};

/// One row, read out.
#[derive(Debug, Clone, PartialEq)]
pub struct KeyInfo {
    pub name: &'static str,
    pub keys: Vec<Chord>,
    /// How the reference names keys that come from the state ("an offered letter").
    pub keys_text: Option<String>,
    /// The hint bar's few words.
    pub bar: String,
    /// Help's sentence.
    pub help: String,
    /// When it applies, in words ("" for always).
    pub when: &'static str,
    pub show: Show,
    pub remappable: bool,
    pub passes: bool,
    pub bar_keys: usize,
    pub help_keys: usize,
    /// Its condition holds now (always true in the reference).
    pub applies: bool,
    /// The hint bar names it now.
    pub in_bar: bool,
}

impl KeyInfo {
    /// Its keys as help writes them, `A/B`, or the words for them.
    pub(crate) fn keys_label(&self) -> String {
        match &self.keys_text {
            Some(text) => text.clone(),
            None => join(&self.keys),
        }
    }

    /// Does something (or is held) rather than passing the key on.
    pub(crate) fn takes(&self, chord: &Chord) -> bool {
        self.applies && !self.passes && self.keys.contains(chord)
    }
}

/// `A/B/C`.
pub(crate) fn join(keys: &[Chord]) -> String {
    keys.iter().map(Chord::label).collect::<Vec<_>>().join("/")
}

/// A view's keys, read out.
#[derive(Debug, Clone, PartialEq)]
pub struct KeyList {
    pub title: String,
    pub section: &'static str,
    pub rows: Vec<KeyInfo>,
    pub rest: Rest,
}

impl KeyList {
    /// Whether this view keeps `chord` from the views below it now: a row that applies takes
    /// it, or the rest does not pass it on.
    pub(crate) fn claims(&self, chord: &Chord) -> bool {
        if let Some(row) = self
            .rows
            .iter()
            .find(|row| row.applies && row.keys.contains(chord))
        {
            return !row.passes;
        }
        // The router hands Ctrl+C to a view only when a row of its takes it.
        *chord != Chord::ctrl('c') && self.rest.fate(chord) != Fate::Pass
    }

    /// Whether a row that applies (and does something) has `chord`.
    pub(crate) fn has_row_for(&self, chord: &Chord) -> bool {
        self.rows.iter().any(|row| row.takes(chord))
    }

    /// The hint bar's keys: the rows it names now, rows with the same words side by side
    /// merged (`↑/↓ select`), what typing does first.
    pub(crate) fn bar(&self) -> Vec<Hint> {
        let mut hints = Vec::new();
        self.push_typing(&mut hints);
        let rows = self.rows.iter().filter(|row| row.in_bar);
        merge_into(
            &mut hints,
            rows.filter_map(|row| {
                if let Some(text) = &row.keys_text {
                    return Some((text.clone(), row.bar.clone()));
                }
                if row.keys.is_empty() {
                    return None;
                }
                let shown = match row.bar_keys {
                    0 => &row.keys[..],
                    n => &row.keys[..n.min(row.keys.len())],
                };
                Some((join(shown), row.bar.clone()))
            }),
        );
        self.push_any_key(&mut hints);
        hints
    }

    /// Help's rows: every row that applies and is meant for help, with the keys a view above
    /// takes (`claimed_above`) left out — a key is listed where it does something.
    pub(crate) fn help(&self, claimed_above: &dyn Fn(&Chord) -> bool) -> Vec<Hint> {
        let mut hints = Vec::new();
        self.push_typing(&mut hints);
        let rows = self.rows.iter().filter_map(|row| {
            let meant = matches!(row.show, Show::Bar | Show::Help);
            if !row.applies || !meant || row.passes {
                return None;
            }
            if let Some(text) = &row.keys_text {
                let hidden = !row.keys.is_empty() && row.keys.iter().all(claimed_above);
                return (!hidden).then(|| (text.clone(), row.help.clone()));
            }
            if row.keys.is_empty() {
                return None;
            }
            let keys: Vec<Chord> = row
                .keys
                .iter()
                .copied()
                .filter(|k| !claimed_above(k))
                .collect();
            let shown = match row.help_keys {
                0 => &keys[..],
                n => &keys[..n.min(keys.len())],
            };
            (!keys.is_empty()).then(|| (join(shown), row.help.clone()))
        });
        merge_into(&mut hints, rows);
        self.push_any_key(&mut hints);
        hints
    }

    /// "type …" when typing does something of its own here.
    fn push_typing(&self, hints: &mut Vec<Hint>) {
        if let Fate::Take(what) = self.rest.chars {
            if self.rest.other != self.rest.chars && !what.is_empty() {
                hints.push(Hint::new("type", what));
            }
        }
    }

    /// "any other key …" when every key does.
    fn push_any_key(&self, hints: &mut Vec<Hint>) {
        if let (Fate::Take(what), true) = (self.rest.other, self.rest.other == self.rest.chars) {
            if !what.is_empty() {
                hints.push(Hint::new("any other key", what));
            }
        }
    }
}

/// Appends `(keys, words)` pairs, merging a pair into the one before it when their words are
/// the same (`↑` select, `↓` select → `↑/↓ select`).
fn merge_into(hints: &mut Vec<Hint>, pairs: impl Iterator<Item = (String, String)>) {
    for (keys, action) in pairs {
        match hints.last_mut() {
            Some(last) if last.action == action && last.keys != "type" => {
                last.keys = format!("{}/{keys}", last.keys);
            }
            _ => hints.push(Hint::new(keys, action)),
        }
    }
}
