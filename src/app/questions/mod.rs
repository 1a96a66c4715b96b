//! The front server question as a view: [`keys`] answers approvals, [`form`] walks through a
//! form's questions, [`view`] makes it a layer like the others. The queue itself is the
//! session's (`state::questions`).

pub mod answer;
pub mod form;
pub mod keys;
pub mod view;

pub use view::FrontQuestion;
