//! What `/plugins` says of the marketplaces themselves: a change under way (added, removed,
//! upgraded), and what the last one came to — shown in the view as well as the transcript,
//! which the view covers.

#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Marketplaces {
    /// What is under way ("Adding …"), until codex answers.
    pub(crate) busy: Option<String>,
    /// What the last change came to, and whether it went well.
    pub(crate) said: Option<(bool, String)>,
}
