//! Untrusted text made safe to show: the one sanitiser every display path goes through, and
//! the Unicode facts it needs. The lowest layer of the crate (it uses nothing of tern's), so
//! the wire types' owners, the model and the renderer can all reach it.

#[cfg(test)]
mod generate_tables;
pub(crate) mod graphemes;
pub(crate) mod invisible;
pub(crate) mod one_line;
pub mod sanitize;
mod unicode_tables;
