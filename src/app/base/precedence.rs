//! The keys several modes share, and who takes each in which state: one table read from the
//! conversation's key table (`keys`), so it cannot drift from what the keys do. The columns
//! are the facts that decide — a turn running, the composer empty, a layer open, vim keys off,
//! in insert mode or in normal mode — and a test tries every combination of every fact the rows
//! read and fails when two rows take the same key in the same state: no row may shadow
//! another silently. A later issue adds its row to `keys::KEYS` and the
//! test tells it where it collides.
//!
//! With a layer open, the layer's own table sees the key first; what it passes on comes here.

#[cfg(test)]
use super::base_key::BaseKey;
#[cfg(test)]
use super::base_state::BaseState;
#[cfg(test)]
use super::keys::KEYS;
use crate::controls::keys::Chord;
#[cfg(test)]
use crate::controls::keys::{KeyRow, KeyTable, Keymap};
use crossterm::event::KeyCode;

/// The keys the table covers.
pub(crate) const SHARED: &[Chord] = &[
    Chord::ESC,
    Chord::ctrl('r'),
    Chord::alt(KeyCode::Left),
    Chord::alt(KeyCode::Right),
    Chord::ch('?'),
    Chord::ch('/'),
    Chord::ctrl('z'),
    Chord::BACKTAB,
    Chord::ctrl('o'),
];

/// One cell of the table: in this state, this row takes the key (or none does).
#[cfg(test)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Taker {
    pub state: BaseState,
    /// The row's name, and what it does; `None`: the key does nothing there (typed, for a
    /// character).
    pub row: Option<(&'static str, &'static str)>,
}

/// The rows of the conversation's table that take `chord` in `state` (more than one is the
/// shadowing the test forbids).
#[cfg(test)]
pub(crate) fn takers(
    chord: &Chord,
    state: &BaseState,
    keymap: &Keymap,
) -> Vec<&'static KeyRow<BaseState, BaseKey>> {
    KEYS.rows
        .iter()
        .filter(|row| row.applies(state) && KEYS.keys_of(row, Some(state), keymap).contains(chord))
        .collect()
}

/// Every set of rows of the conversation's table that take one key in one state, as
/// "key: a and b" lines.
#[cfg(test)]
pub(crate) fn collisions(keymap: &Keymap) -> Vec<String> {
    collisions_in(&KEYS, keymap)
}

/// The same for any table read in the conversation's state (the test shows it finding one).
#[cfg(test)]
pub(crate) fn collisions_in<A: Copy>(
    table: &KeyTable<BaseState, A>,
    keymap: &Keymap,
) -> Vec<String> {
    let mut found = Vec::new();
    let chords: Vec<Chord> = {
        let mut all: Vec<Chord> = table
            .rows
            .iter()
            .flat_map(|row| table.keys_of(row, None, keymap))
            .collect();
        all.sort_by_key(Chord::config_name);
        all.dedup();
        all
    };
    for chord in &chords {
        for state in BaseState::all() {
            let rows: Vec<&KeyRow<BaseState, A>> = table
                .rows
                .iter()
                .filter(|row| {
                    row.applies(&state) && table.keys_of(row, Some(&state), keymap).contains(chord)
                })
                .collect();
            if rows.len() > 1 {
                let names: Vec<&str> = rows.iter().map(|row| row.name).collect();
                let line = format!("{}: {}", chord.label(), names.join(" and "));
                if !found.contains(&line) {
                    found.push(line);
                }
            }
        }
    }
    found
}

/// The table for one shared key: its taker in each combination of the columns (the other
/// facts at their most common: following the end, nothing queued, no question).
#[cfg(test)]
pub(crate) fn column_states() -> Vec<BaseState> {
    let mut states = Vec::new();
    for running in [false, true] {
        for composer_empty in [true, false] {
            for layer_open in [false, true] {
                // Vim keys off, in insert mode, in normal mode.
                for (vim, vim_normal) in [(false, false), (true, false), (true, true)] {
                    states.push(BaseState {
                        running,
                        busy: running,
                        composer_empty,
                        layer_open,
                        vim,
                        vim_normal,
                        first_line: true,
                        mention_here: composer_empty,
                        ..BaseState::default()
                    });
                }
            }
        }
    }
    states
}

/// Who takes `chord` in each of the columns' states.
#[cfg(test)]
pub(crate) fn table(chord: &Chord, keymap: &Keymap) -> Vec<Taker> {
    column_states()
        .into_iter()
        .map(|state| {
            let rows = takers(chord, &state, keymap);
            let row = rows.first();
            Taker {
                state,
                row: row.map(|row| (row.name, row.words.help)),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::controls::keys::Binding;

    #[test]
    fn no_two_rows_take_one_key_in_one_state() {
        let found = collisions(&Keymap::default());
        assert!(
            found.is_empty(),
            "rows shadow each other:\n{}",
            found.join("\n")
        );
    }

    /// Issue 22's vim redo added carelessly: Ctrl+R in normal mode, beside the history search
    /// that takes Ctrl+R whenever no question is up — found; with the history search's row
    /// giving way in normal mode, not.
    #[test]
    fn a_row_shadowing_another_is_found() {
        static CARELESS: KeyTable<BaseState, u8> = KeyTable::new(
            "",
            "test",
            &[
                KeyRow::new("history_search", &[Chord::ctrl('r')], 0, "history")
                    .when("", |s| !s.question),
                KeyRow::new("redo", &[Chord::ctrl('r')], 1, "redo").when("", |s| s.vim_normal),
            ],
            crate::controls::keys::Rest::PASS,
        );
        static CAREFUL: KeyTable<BaseState, u8> = KeyTable::new(
            "",
            "test",
            &[
                KeyRow::new("history_search", &[Chord::ctrl('r')], 0, "history")
                    .when("", |s| !s.question && !s.vim_normal),
                KeyRow::new("redo", &[Chord::ctrl('r')], 1, "redo").when("", |s| s.vim_normal),
            ],
            crate::controls::keys::Rest::PASS,
        );
        assert_eq!(
            collisions_in(&CARELESS, &Keymap::default()),
            ["Ctrl+R: history_search and redo"]
        );
        assert!(collisions_in(&CAREFUL, &Keymap::default()).is_empty());
    }

    /// The person's binding wins: a key given to one action leaves the row that had it.
    #[test]
    fn a_remapped_key_leaves_the_row_that_had_it() {
        // The person gives `history_search` a key the composer's `undo` has: the person's
        // binding wins and undo loses Ctrl+Z, so nothing collides…
        let keymap = Keymap::new(vec![Binding {
            section: String::new(),
            action: "history_search".into(),
            keys: vec![Chord::ctrl('z')],
        }]);
        assert!(collisions(&keymap).is_empty());
        let editing = BaseState {
            first_line: true,
            ..BaseState::default()
        };
        let names: Vec<&str> = takers(&Chord::ctrl('z'), &editing, &keymap)
            .iter()
            .map(|row| row.name)
            .collect();
        assert_eq!(names, ["history_search"]);
        let idle_empty = BaseState {
            composer_empty: true,
            first_line: true,
            mention_here: true,
            ..BaseState::default()
        };
        let esc = takers(&Chord::ESC, &idle_empty, &Keymap::default());
        assert_eq!(
            esc.len(),
            1,
            "Esc idle on an empty composer: the rewind (issue 20)"
        );
        assert_eq!(esc[0].name, "rewind");
        assert_eq!(esc[0].action, super::super::base_key::BaseKey::Rewind);
    }

    #[test]
    fn every_shared_key_has_its_column_filled_where_it_does_something() {
        let keymap = Keymap::default();
        // Esc: interrupts a running turn, rewinds (Esc Esc) when idle on an empty composer;
        // with vim keys on it is vim's (to normal mode), whatever runs.
        let esc = table(&Chord::ESC, &keymap);
        assert!(esc
            .iter()
            .filter(|t| t.state.running && !t.state.vim)
            .all(|t| t.row.map(|r| r.0) == Some("interrupt")));
        assert!(esc
            .iter()
            .filter(|t| t.state.vim)
            .all(|t| t.row.map(|r| r.0) == Some("vim_escape")));
        assert!(esc
            .iter()
            .filter(|t| !t.state.running && t.state.composer_empty && !t.state.vim)
            .all(|t| t.row.map(|r| r.0) == Some("rewind")));
        // Ctrl+R: vim's redo in its normal mode, the history search otherwise.
        for taker in table(&Chord::ctrl('r'), &keymap) {
            let expected = if taker.state.vim_normal {
                "vim_redo"
            } else {
                "history_search"
            };
            assert_eq!(taker.row.map(|r| r.0), Some(expected), "{:?}", taker.state);
        }
        // Shift+Tab: the collaboration mode, in every column (a question is not up in them).
        assert!(table(&Chord::BACKTAB, &keymap)
            .iter()
            .all(|t| t.row.map(|r| r.0) == Some("mode")));
        // Ctrl+Z: undo with text, job control on an empty composer.
        for taker in table(&Chord::ctrl('z'), &keymap) {
            let expected = if taker.state.composer_empty {
                "suspend"
            } else {
                "undo"
            };
            assert_eq!(taker.row.map(|r| r.0), Some(expected), "{:?}", taker.state);
        }
        // Alt+←/→: a word back/forward with text; between the main thread and its agents
        // (issue 21) without.
        for (chord, agents, word) in [
            (KeyCode::Left, "agent_previous", "word_left"),
            (KeyCode::Right, "agent_next", "word_right"),
        ] {
            for taker in table(&Chord::alt(chord), &keymap) {
                let expected = if taker.state.composer_empty {
                    agents
                } else {
                    word
                };
                assert_eq!(taker.row.map(|r| r.0), Some(expected), "{:?}", taker.state);
            }
        }
        // Every shared key is in the conversation's table at all.
        for chord in SHARED {
            assert!(
                column_states()
                    .iter()
                    .any(|state| !takers(chord, state, &keymap).is_empty()),
                "{} is in no row",
                chord.label()
            );
        }
    }
}
