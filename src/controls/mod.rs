//! The controls a view is built from, below the session and the views: the key tables' types
//! (chords, rows, the person's keymap, the hints they show), the composer (with its vim mode and
//! popups), the one line input, the pick list, scrolling, paste folding, prompt history, the
//! selected transcript cell and the laid-out transcript. They know nothing of the session, a
//! layer or the server.

pub mod composer;
pub(crate) mod copy_cursor;
pub mod keys;
pub(crate) mod line_input;
pub(crate) mod paste;
pub(crate) mod pick_list;
pub(crate) mod pointer;
pub mod prompt_history;
pub mod scroll;
pub mod selection;
pub(crate) mod text_selection;
pub(crate) mod view;
