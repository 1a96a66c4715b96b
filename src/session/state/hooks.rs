//! The hooks codex found for the session's directory, as `hooks/list` gave them: what `/hooks`
//! lists, with each one's trust. Asked for at startup (to say once which hooks are new or
//! changed and will not run until trusted) and each time `/hooks` opens. Data only:
//! `session::hooks` keeps it.

use crate::protocol::{HookMetadata, SkillErrorInfo};

#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Hooks {
    /// The hooks, in the order of their events, then as codex listed them.
    pub(crate) list: Vec<HookMetadata>,
    /// What codex warned of, and hook files that did not load.
    pub(crate) warnings: Vec<String>,
    pub(crate) errors: Vec<SkillErrorInfo>,
    /// A `hooks/list` is out.
    pub(crate) loading: bool,
    /// An answer has come (the list may still be empty).
    pub(crate) loaded: bool,
    /// Why the last list failed.
    pub(crate) error: Option<String>,
    /// The startup check has been asked for (once a session).
    pub(crate) checked: bool,
}
