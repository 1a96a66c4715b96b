//! Plan mode and reasoning, as data: the collaboration modes the server offers, the one in
//! effect, the latest proposed plan, where "clear context and implement" stands, and whether
//! raw reasoning is shown (what changes it is the session's `plan_mode` and `plans`).

use crate::protocol::{CollaborationModeMask, ModelListResponse, MODE_DEFAULT};
use crate::session::request::ModeWanted;

#[derive(Debug, Clone, PartialEq)]
pub struct PlanMode {
    /// The presets `collaborationMode/list` answered; `None` until asked (only a switch asks).
    pub modes: Option<Vec<CollaborationModeMask>>,
    /// A list request is on its way, for this switch.
    pub listing: Option<ModeWanted>,
    /// The mode in effect (`ModeKind`), as the server last reported or confirmed it.
    pub current: String,
    /// A switch asked for and not confirmed yet.
    pub switching: Option<String>,
    /// The effort the person had before Plan mode set its own, given back when it ends.
    pub effort_before: Option<Option<String>>,
    /// The newest completed proposed plan: its turn and markdown.
    pub latest: Option<(String, String)>,
    /// "Clear context and implement" underway.
    pub clear: Option<ClearContext>,
    /// Raw reasoning shown: tern's config, else codex's `show_raw_agent_reasoning` once
    /// `config/read` answered.
    pub show_raw: Option<bool>,
    /// `config/read` was sent.
    pub asked_config: bool,
    /// `model/list`, as asked for the effort keys (the efforts each model offers).
    pub models: Option<ModelListResponse>,
    /// An effort key (up: Alt+.) waiting for `model/list`.
    pub effort_step: Option<bool>,
}

impl Default for PlanMode {
    fn default() -> Self {
        PlanMode {
            modes: None,
            listing: None,
            current: MODE_DEFAULT.to_string(),
            switching: None,
            effort_before: None,
            latest: None,
            clear: None,
            show_raw: None,
            asked_config: false,
            models: None,
            effort_step: None,
        }
    }
}

/// The approved plan on its way to a fresh thread: each request waits for the one before.
#[derive(Debug, Clone, PartialEq)]
pub struct ClearContext {
    /// The thread the plan was made in (unsubscribed once the new one has it).
    pub old_thread: String,
    /// The plan, as markdown.
    pub markdown: String,
    /// The fresh thread, once started.
    pub new_thread: Option<String>,
}
