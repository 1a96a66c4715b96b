//! Untrusted text made safe to show: the one sanitiser every display path goes through. The
//! lowest layer of the crate (it uses nothing of tern's), so the wire types' owners, the model
//! and the renderer can all reach it.

pub mod sanitize;
