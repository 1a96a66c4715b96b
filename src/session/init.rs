//! `/init`: asks the agent to write an `AGENTS.md` for this repository with the official TUI's
//! prompt (codex 0.171). When one exists, tern says so and asks before the agent may replace it
//! (the prompt alone tells the agent to leave an existing file alone).

use crate::model::NoticeLevel;
use crate::session::effect::Effect;
use crate::session::event::{Confirmable, LayerEvent};
use crate::session::state::Session;
use std::time::Instant;

/// The official TUI's `/init` prompt (`prompt_for_init_command.md`, as the 0.171 binary ships it).
pub const INIT_PROMPT: &str = include_str!("init_prompt.md");

/// The sentence of [`INIT_PROMPT`] that protects an existing file, and what replaces it once the
/// person said the agent may overwrite.
const KEEP_EXISTING: &str = "Before writing, check whether AGENTS.md already exists in the current working directory. If it does, do not overwrite or modify it.";
const REPLACE_EXISTING: &str = "AGENTS.md already exists in the current working directory, and the user asked for a new one: read it first, keep what is still true, and overwrite it.";

/// `/init`.
pub(crate) fn init(state: &mut Session, _now: Instant) -> Vec<Effect> {
    if state.turn_active() {
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            "/init waits for the running turn: interrupt it (Esc) or let it finish.",
        );
        return vec![];
    }
    let Some(cwd) = state
        .shown
        .thread
        .as_ref()
        .map(|t| t.cwd.clone())
        .filter(|c| !c.is_empty())
    else {
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            "No thread yet: wait until it is ready to /init.",
        );
        return vec![];
    };
    let path = format!("{}/AGENTS.md", cwd.trim_end_matches('/'));
    vec![Effect::CheckAgentsFile { path }]
}

/// Whether `AGENTS.md` exists: the prompt goes out, or the person is asked first.
pub(crate) fn checked(
    state: &mut Session,
    path: &str,
    exists: Option<bool>,
    now: Instant,
) -> Vec<Effect> {
    match exists {
        Some(true) => {
            // The question says it exists; nothing goes out before the answer.
            state
                .layer_events
                .push(LayerEvent::ConfirmWanted(Confirmable::InitOverwrite {
                    path: path.to_string(),
                }));
            vec![]
        }
        Some(false) => send(state, false, now),
        None => {
            // A server elsewhere: its files are not this machine's; the prompt itself tells the
            // agent to leave an existing file alone.
            state.shown.transcript.notice(
                NoticeLevel::Info,
                "tern cannot see the server's files: the agent is asked to leave an existing \
                 AGENTS.md alone.",
            );
            send(state, false, now)
        }
    }
}

/// Sends the prompt as a message (with the person's leave to overwrite, when given).
pub(crate) fn send(state: &mut Session, overwrite: bool, now: Instant) -> Vec<Effect> {
    let prompt = if overwrite {
        INIT_PROMPT.replace(KEEP_EXISTING, REPLACE_EXISTING)
    } else {
        INIT_PROMPT.to_string()
    };
    super::outbox::send(state, prompt, now)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_prompt_is_the_official_one_and_leave_to_overwrite_replaces_one_sentence() {
        assert!(INIT_PROMPT.starts_with(
            "Generate a file named AGENTS.md that serves as a contributor guide for this repository."
        ));
        assert!(INIT_PROMPT.contains(KEEP_EXISTING));
        assert!(INIT_PROMPT.contains("Commit & Pull Request Guidelines"));
        let replaced = INIT_PROMPT.replace(KEEP_EXISTING, REPLACE_EXISTING);
        assert!(!replaced.contains("do not overwrite"));
        assert!(replaced.contains(REPLACE_EXISTING));
    }
}
