//! Keys declared once. Every view — the conversation and its composer, each layer, the front
//! question, the server-down box, the composer's lists — has a [`KeyTable`]: rows of keys,
//! what they do, when they apply and the words help shows. Its handler resolves a key through
//! the table and acts on the answer; help, the hint bar and `tern --keys` read the same rows;
//! the config file's `[keys]` moves keys between rows ([`Keymap`]).
//!
//! Data only: the tables themselves live with their views, and `app::reference` lists them all.

pub(crate) mod chord;
pub(crate) mod hint;
pub(crate) mod keymap;
pub(crate) mod list;
pub(crate) mod list_rows;
pub(crate) mod rest;
pub(crate) mod table;

pub use chord::Chord;
pub use hint::Hint;
pub use keymap::{Binding, Keymap};
pub use list::{KeyInfo, KeyList};
pub use list_rows::Move;
pub use rest::{Fate, Rest, Show};
pub use table::{KeyRow, KeyTable, Resolved, When, Words};
