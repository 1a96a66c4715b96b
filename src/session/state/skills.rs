//! The skills of the session's directory as `skills/list` gave them: what `/skills` lists and
//! what `$name` completes and sends as a `skill` input. Asked for when first wanted (`$` typed,
//! `/skills`) and again after `skills/changed`. Data only: `session::skills` keeps it.

use crate::protocol::{SkillErrorInfo, SkillMetadata};

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Skills {
    /// The skills, by name, each name once (the ones turned off too: `enabled` says).
    pub list: Vec<SkillMetadata>,
    /// Skill files that did not load, and why.
    pub errors: Vec<SkillErrorInfo>,
    /// A `skills/list` is out.
    pub loading: bool,
    /// An answer has come (the list may still be empty).
    pub loaded: bool,
    /// Why the last list failed.
    pub error: Option<String>,
}

impl Skills {
    /// The enabled skill called `name`.
    pub(crate) fn named(&self, name: &str) -> Option<&SkillMetadata> {
        self.list.iter().find(|s| s.name == name && s.enabled)
    }

    /// The skills that are on: the ones `$` completes.
    pub(crate) fn enabled(&self) -> impl Iterator<Item = &SkillMetadata> {
        self.list.iter().filter(|s| s.enabled)
    }
}
