//! The rows of vim's normal mode in the conversation's key table: the keys typed to vim's
//! engine (`composer::vim`), listed for help and never moved by `[keys]`.

use super::base_key::BaseKey;
use super::base_state::BaseState;
use crate::controls::keys::{Chord, KeyRow};

/// A key of vim's normal mode: help's, as typed to vim's engine, never moved by `[keys]`.
pub(super) const fn vim(
    name: &'static str,
    keys: &'static [Chord],
    help: &'static str,
) -> KeyRow<BaseState, BaseKey> {
    KeyRow::new(name, keys, BaseKey::VimCommand, help)
        .when("vim's normal mode", |s: &BaseState| {
            s.vim_normal && !s.question
        })
        .fixed()
        .help()
}

pub(super) const VIM_INSERT: &[Chord] = &[
    Chord::ch('i'),
    Chord::ch('a'),
    Chord::ch('I'),
    Chord::ch('A'),
    Chord::ch('o'),
    Chord::ch('O'),
];
pub(super) const VIM_MOVE: &[Chord] = &[
    Chord::ch('h'),
    Chord::ch('j'),
    Chord::ch('k'),
    Chord::ch('l'),
    Chord::ch('w'),
    Chord::ch('b'),
    Chord::ch('e'),
    Chord::ch('W'),
    Chord::ch('B'),
    Chord::ch('E'),
    Chord::ch('0'),
    Chord::ch('^'),
    Chord::ch('$'),
    Chord::ch('g'),
    Chord::ch('G'),
    Chord::ch('f'),
    Chord::ch('t'),
    Chord::ch('F'),
    Chord::ch('T'),
];
pub(super) const VIM_COUNT: &[Chord] = &[
    Chord::ch('1'),
    Chord::ch('2'),
    Chord::ch('3'),
    Chord::ch('4'),
    Chord::ch('5'),
    Chord::ch('6'),
    Chord::ch('7'),
    Chord::ch('8'),
    Chord::ch('9'),
];
pub(super) const VIM_OPERATOR: &[Chord] = &[Chord::ch('d'), Chord::ch('c'), Chord::ch('y')];
pub(super) const VIM_EDIT: &[Chord] = &[
    Chord::ch('x'),
    Chord::ch('X'),
    Chord::ch('s'),
    Chord::ch('S'),
    Chord::ch('D'),
    Chord::ch('C'),
    Chord::ch('Y'),
    Chord::ch('r'),
    Chord::ch('R'),
    Chord::ch('p'),
    Chord::ch('P'),
];
