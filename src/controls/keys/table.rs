//! A key table: what a view does with keys, declared once as rows — the keys, what the row
//! does (`A`, the view's own action type), when it applies (a test on `S`, the state the view
//! reads its keys in) and the words help and the hint bar show. The view's handler asks the
//! table what a key is ([`KeyTable::resolve`]) and acts on the answer; help, the hint bar and
//! `tern --keys` read the same rows ([`KeyTable::list`], [`KeyTable::reference`]), so a key
//! that does nothing cannot be listed.
//!
//! A key no row takes meets the table's [`Rest`]: typing into the view's input, swallowed, or
//! passed to what is below.

use super::chord::Chord;
use super::keymap::Keymap;
use super::list::{KeyInfo, KeyList};
pub(crate) use super::rest::{Fate, Rest, Show};
use crossterm::event::KeyEvent;

/// When a row applies: a test on the view's key state, and what it says in the reference.
pub struct When<S: 'static> {
    pub says: &'static str,
    pub holds: fn(&S) -> bool,
}

impl<S> Clone for When<S> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<S> Copy for When<S> {}

fn always<S>(_: &S) -> bool {
    true
}

/// What a row says it does: a few words for the hint bar, a sentence for help.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Words {
    pub bar: &'static str,
    pub help: &'static str,
}

/// Keys read from a view's state.
pub(crate) type KeysOf<S> = fn(&S) -> Vec<Chord>;

/// One key binding: keys, what they do, when.
pub struct KeyRow<S: 'static, A: 'static> {
    /// The action's name in the config file (`[keys]` or `[keys.<section>]`).
    pub name: &'static str,
    /// The keys it has unless the config file names others.
    pub keys: &'static [Chord],
    pub action: A,
    pub words: Words,
    pub when: When<S>,
    pub show: Show,
    /// The config file may give it other keys (Ctrl+C may not).
    pub remappable: bool,
    /// The key goes on to what is below: listed so the reference says where it goes.
    pub passes: bool,
    /// How many of its keys the hint bar names (all when 0).
    pub bar_keys: usize,
    /// How many of its keys help names (all when 0; the reference names all).
    pub help_keys: usize,
    /// The hint bar names it only while this holds too (the bar is short).
    pub bar_if: Option<fn(&S) -> bool>,
    /// Words that depend on the state (what Ctrl+C does next).
    pub words_of: Option<fn(&S) -> Words>,
    /// Words read from the state itself (a question's own label for Esc), for bar and help.
    pub text_of: Option<fn(&S) -> String>,
    /// How help writes its keys, when not one by one (`1-9`).
    pub shown_as: Option<&'static str>,
    /// Keys that depend on the state (a question's answer letters), and how the reference
    /// names them.
    pub keys_of: Option<(&'static str, KeysOf<S>)>,
}

impl<S, A> KeyRow<S, A> {
    /// A row that always applies, shown in the hint bar and help with `words` as both.
    pub const fn new(
        name: &'static str,
        keys: &'static [Chord],
        action: A,
        bar: &'static str,
    ) -> Self {
        KeyRow {
            name,
            keys,
            action,
            words: Words { bar, help: bar },
            when: When {
                says: "",
                holds: always::<S>,
            },
            show: Show::Bar,
            remappable: true,
            passes: false,
            bar_keys: 0,
            help_keys: 0,
            bar_if: None,
            words_of: None,
            text_of: None,
            shown_as: None,
            keys_of: None,
        }
    }

    /// Known by another name in the config file (a shared row in a view that has two of its
    /// kind: `scroll_up` beside `up`).
    pub(crate) const fn named(mut self, name: &'static str) -> Self {
        self.name = name;
        self
    }

    /// Applies only while `holds`; `says` is that condition in words, for the reference.
    pub(crate) const fn when(mut self, says: &'static str, holds: fn(&S) -> bool) -> Self {
        self.when = When { says, holds };
        self
    }

    /// Help says more than the bar's few words.
    pub(crate) const fn explained(mut self, help: &'static str) -> Self {
        self.words.help = help;
        self
    }

    /// In help, not in the hint bar.
    pub(crate) const fn help(mut self) -> Self {
        self.show = Show::Help;
        self
    }

    /// Only in the full reference.
    pub(crate) const fn reference(mut self) -> Self {
        self.show = Show::Reference;
        self
    }

    /// The config file cannot move it.
    pub(crate) const fn fixed(mut self) -> Self {
        self.remappable = false;
        self
    }

    /// The keys go on to what is below.
    pub(crate) const fn passes(mut self) -> Self {
        self.passes = true;
        self
    }

    pub(crate) const fn bar_keys(mut self, count: usize) -> Self {
        self.bar_keys = count;
        self
    }

    pub(crate) const fn help_keys(mut self, count: usize) -> Self {
        self.help_keys = count;
        self
    }

    pub(crate) const fn shown(mut self, show: Show) -> Self {
        self.show = show;
        self
    }

    pub(crate) const fn bar_if(mut self, holds: fn(&S) -> bool) -> Self {
        self.bar_if = Some(holds);
        self
    }

    pub(crate) const fn words_by(mut self, words: fn(&S) -> Words) -> Self {
        self.words_of = Some(words);
        self
    }

    pub(crate) const fn text_by(mut self, text: fn(&S) -> String) -> Self {
        self.text_of = Some(text);
        self
    }

    /// Help and the hint bar write its keys as `text` (`1-9`).
    pub(crate) const fn shown_as(mut self, text: &'static str) -> Self {
        self.shown_as = Some(text);
        self
    }

    /// Keys read from the state; `text` names them in the reference (`an offered letter`).
    pub(crate) const fn keys_by(mut self, text: &'static str, keys: fn(&S) -> Vec<Chord>) -> Self {
        self.keys_of = Some((text, keys));
        self
    }

    pub(crate) fn applies(&self, state: &S) -> bool {
        (self.when.holds)(state)
    }
}

/// What a key is to a view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resolved<A> {
    /// A row of the table: do this.
    Row(A),
    /// No row: the rest says the view takes it (typing, or ending what waits).
    Take,
    /// It goes on to what is below (`Outcome::Ignored`).
    Pass,
    /// It stops here and does nothing.
    Swallow,
}

/// A view's keys.
pub struct KeyTable<S: 'static, A: 'static> {
    /// The config file's table for it: `[keys.<section>]`, or `[keys]` itself when empty.
    pub section: &'static str,
    /// The heading in help and the reference.
    pub title: &'static str,
    pub rows: &'static [KeyRow<S, A>],
    pub rest: Rest,
    /// A rest that depends on the state (a confirmation waiting takes any key).
    pub rest_of: Option<fn(&S) -> Rest>,
}

impl<S, A: Copy> KeyTable<S, A> {
    pub const fn new(
        section: &'static str,
        title: &'static str,
        rows: &'static [KeyRow<S, A>],
        rest: Rest,
    ) -> Self {
        KeyTable {
            section,
            title,
            rows,
            rest,
            rest_of: None,
        }
    }

    pub(crate) const fn rest_by(mut self, rest: fn(&S) -> Rest) -> Self {
        self.rest_of = Some(rest);
        self
    }

    pub(crate) fn rest(&self, state: &S) -> Rest {
        self.rest_of.map_or(self.rest, |rest| rest(state))
    }

    /// The keys a row has now: read from the state, the person's (`[keys]`), or its own.
    pub(crate) fn keys_of(
        &self,
        row: &KeyRow<S, A>,
        state: Option<&S>,
        keymap: &Keymap,
    ) -> Vec<Chord> {
        match (row.keys_of, state) {
            (Some((_, keys)), Some(state)) => keys(state),
            (Some(_), None) => Vec::new(),
            (None, _) if row.remappable => keymap.chords(self.section, row.name, row.keys),
            (None, _) => row.keys.to_vec(),
        }
    }

    /// The row that takes `key` in `state`, if one does: the first whose keys have it and whose
    /// condition holds (the tables' tests make sure no second one would).
    pub(crate) fn row_for(
        &self,
        key: &KeyEvent,
        state: &S,
        keymap: &Keymap,
    ) -> Option<&KeyRow<S, A>> {
        let chord = Chord::of(key);
        self.rows.iter().find(|row| {
            row.applies(state) && self.keys_of(row, Some(state), keymap).contains(&chord)
        })
    }

    /// What `key` is to the view in `state`.
    pub(crate) fn resolve(&self, key: &KeyEvent, state: &S, keymap: &Keymap) -> Resolved<A> {
        match self.row_for(key, state, keymap) {
            Some(row) if row.passes => Resolved::Pass,
            Some(row) => Resolved::Row(row.action),
            None => match self.rest(state).fate(&Chord::of(key)) {
                Fate::Pass => Resolved::Pass,
                Fate::Swallow => Resolved::Swallow,
                Fate::Take(_) => Resolved::Take,
            },
        }
    }

    /// The table as it stands in `state`: every row, with the keys in force and whether it
    /// applies — what help, the hint bar and the router read.
    pub(crate) fn list(&self, state: &S, keymap: &Keymap) -> KeyList {
        let rows = self
            .rows
            .iter()
            .map(|row| {
                let applies = row.applies(state);
                let words = row.words_of.map_or(row.words, |words| words(state));
                let mut info = KeyInfo {
                    in_bar: applies
                        && row.show == Show::Bar
                        && row.bar_if.is_none_or(|holds| holds(state)),
                    applies,
                    ..self.info(row, Some(state), words, keymap)
                };
                if let Some(text) = row.text_of {
                    info.bar = text(state);
                    info.help = info.bar.clone();
                }
                info
            })
            .collect();
        KeyList {
            title: self.title.to_string(),
            section: self.section,
            rows,
            rest: self.rest(state),
        }
    }

    /// The table without a state, for the reference: every row, each saying when it applies.
    pub(crate) fn reference(&self, keymap: &Keymap) -> KeyList {
        KeyList {
            title: self.title.to_string(),
            section: self.section,
            rows: self
                .rows
                .iter()
                .map(|row| self.info(row, None, row.words, keymap))
                .collect(),
            rest: self.rest,
        }
    }

    fn info(
        &self,
        row: &KeyRow<S, A>,
        state: Option<&S>,
        words: Words,
        keymap: &Keymap,
    ) -> KeyInfo {
        KeyInfo {
            name: row.name,
            keys: self.keys_of(row, state, keymap),
            // Keys read from the state are named in words only where there is no state.
            keys_text: row.shown_as.map(str::to_string).or_else(|| {
                state
                    .is_none()
                    .then_some(row.keys_of.map(|(text, _)| text.to_string()))
                    .flatten()
            }),
            bar: words.bar.to_string(),
            help: words.help.to_string(),
            when: row.when.says,
            show: row.show,
            remappable: row.remappable && row.keys_of.is_none(),
            passes: row.passes,
            bar_keys: row.bar_keys,
            help_keys: row.help_keys,
            applies: true,
            in_bar: false,
        }
    }

    /// The names the config file may give keys to in this table.
    pub(crate) fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.rows
            .iter()
            .filter(|row| row.remappable && row.keys_of.is_none())
            .map(|row| row.name)
    }
}
