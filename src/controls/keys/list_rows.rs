//! The rows every list and every scrolled text shares — ↑/↓ (with `k`/`j` where typing has no
//! use), PgUp/PgDn, Home/End, a search's older/newer, a filter's Backspace, Esc to close —
//! declared once. A view puts in its
//! table the ones it has, each with its own action and its own few words; the keys, the names
//! the config file knows them by and how help groups them come from here. A list's view then
//! hands a [`Move`] to its selection (`PickList::go`) or its scroll.
//!
//! The rows stay in the view's own table, where the view places them, so the hint bar and help
//! read one table per view as before (`?`, the hint bar and `tern --keys` need no change).

use super::chord::Chord;
use super::table::KeyRow;

/// Where a shared row moves a selection (or a scrolled text).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    Up,
    Down,
    PageUp,
    PageDown,
    First,
    Last,
}

const UP: &[Chord] = &[Chord::UP];
const DOWN: &[Chord] = &[Chord::DOWN];
const UP_K: &[Chord] = &[Chord::UP, Chord::ch('k')];
const DOWN_J: &[Chord] = &[Chord::DOWN, Chord::ch('j')];
const PAGE_UP: &[Chord] = &[Chord::PGUP];
const PAGE_DOWN: &[Chord] = &[Chord::PGDN];
const HOME: &[Chord] = &[Chord::HOME];
const END: &[Chord] = &[Chord::END];
const OLDER_MATCH: &[Chord] = &[Chord::ENTER, Chord::UP, Chord::ctrl('p')];
const NEWER_MATCH: &[Chord] = &[Chord::DOWN, Chord::ctrl('n')];
const OLDER_PROMPT: &[Chord] = &[Chord::UP, Chord::ctrl('r'), Chord::ctrl('p')];
const NEWER_PROMPT: &[Chord] = &[Chord::DOWN, Chord::ctrl('s'), Chord::ctrl('n')];
/// ↑, ↓, PgUp and PgDn: what scrolls a question's body (or reaches the transcript past it).
pub(crate) const ARROWS_AND_PAGES: &[Chord] = &[Chord::UP, Chord::DOWN, Chord::PGUP, Chord::PGDN];
const TO_TRANSCRIPT: &[Chord] = &[Chord::PGUP, Chord::PGDN, Chord::ctrl('o')];

/// ↑ (`up`): the item above, or a row up.
pub(crate) const fn up<S, A>(action: A, bar: &'static str) -> KeyRow<S, A> {
    KeyRow::new("up", UP, action, bar)
}

/// ↓ (`down`).
pub(crate) const fn down<S, A>(action: A, bar: &'static str) -> KeyRow<S, A> {
    KeyRow::new("down", DOWN, action, bar)
}

/// ↑ or `k` (`up`), where letters are not typed; the hint bar names ↑ only.
pub(crate) const fn up_k<S, A>(action: A, bar: &'static str) -> KeyRow<S, A> {
    KeyRow::new("up", UP_K, action, bar).bar_keys(1)
}

/// ↓ or `j` (`down`); the hint bar names ↓ only.
pub(crate) const fn down_j<S, A>(action: A, bar: &'static str) -> KeyRow<S, A> {
    KeyRow::new("down", DOWN_J, action, bar).bar_keys(1)
}

/// PgUp (`page_up`).
pub(crate) const fn page_up<S, A>(action: A, bar: &'static str) -> KeyRow<S, A> {
    KeyRow::new("page_up", PAGE_UP, action, bar)
}

/// PgDn (`page_down`).
pub(crate) const fn page_down<S, A>(action: A, bar: &'static str) -> KeyRow<S, A> {
    KeyRow::new("page_down", PAGE_DOWN, action, bar)
}

/// Home (`first`): in help, not the bar (a list's ends are one key away, see `pick_list`).
pub(crate) const fn first<S, A>(action: A, bar: &'static str) -> KeyRow<S, A> {
    KeyRow::new("first", HOME, action, bar).help()
}

/// End (`last`): in help, not the bar.
pub(crate) const fn last<S, A>(action: A, bar: &'static str) -> KeyRow<S, A> {
    KeyRow::new("last", END, action, bar).help()
}

/// A transcript search's older match (`older`): Enter, ↑, Ctrl+P; the bar names two.
pub(crate) const fn older_match<S, A>(action: A, bar: &'static str) -> KeyRow<S, A> {
    KeyRow::new("older", OLDER_MATCH, action, bar).bar_keys(2)
}

/// A transcript search's newer match (`newer`): ↓, Ctrl+N.
pub(crate) const fn newer_match<S, A>(action: A, bar: &'static str) -> KeyRow<S, A> {
    KeyRow::new("newer", NEWER_MATCH, action, bar).bar_keys(1)
}

/// The prompt history search's older prompt (`older`): ↑, Ctrl+R, Ctrl+P.
pub(crate) const fn older_prompt<S, A>(action: A, bar: &'static str) -> KeyRow<S, A> {
    KeyRow::new("older", OLDER_PROMPT, action, bar).bar_keys(1)
}

/// The prompt history search's newer prompt (`newer`): ↓, Ctrl+S, Ctrl+N.
pub(crate) const fn newer_prompt<S, A>(action: A, bar: &'static str) -> KeyRow<S, A> {
    KeyRow::new("newer", NEWER_PROMPT, action, bar).bar_keys(1)
}

/// PgUp, PgDn and Ctrl+O go on to the transcript below (`transcript`) from a view over it.
pub(crate) const fn to_transcript<S, A>(action: A, bar: &'static str) -> KeyRow<S, A> {
    KeyRow::new("transcript", TO_TRANSCRIPT, action, bar)
        .passes()
        .reference()
        .fixed()
}

const ESC: &[Chord] = &[Chord::ESC];
const ESC_Q: &[Chord] = &[Chord::ESC, Chord::ch('q')];
const BACKSPACE: &[Chord] = &[Chord::BACKSPACE];

/// Esc (`close`).
pub(crate) const fn close<S, A>(action: A, bar: &'static str) -> KeyRow<S, A> {
    KeyRow::new("close", ESC, action, bar)
}

/// Esc or `q` (`close`), where letters are not typed; the hint bar names Esc only.
pub(crate) const fn close_q<S, A>(action: A, bar: &'static str) -> KeyRow<S, A> {
    KeyRow::new("close", ESC_Q, action, bar).bar_keys(1)
}

/// Backspace in a list's filter (`backspace`): only in the reference, typing says the rest.
pub(crate) const fn filter_back<S, A>(action: A) -> KeyRow<S, A> {
    KeyRow::new("backspace", BACKSPACE, action, "delete back").reference()
}
