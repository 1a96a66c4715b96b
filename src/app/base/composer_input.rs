//! What the base layer does with keys and pastes meant for the composer: edit, submit (a
//! command runs, a message goes to the outbox, and either is recorded in the prompt history),
//! and the external editor's round trip. Keeping the cursor in view is the router's, after
//! every input, since it needs the composer's place on screen.

use crate::app::layers::Outcome;
use crate::controls::composer::{ComposerOutcome, Edit};
use crate::model::NoticeLevel;
use crate::session::effect::Effect;
use crate::session::state::Session;
use std::time::Instant;

/// The composer's inner width on the current screen (its box has a border on each side).
pub(crate) fn width(state: &Session) -> u16 {
    state.screen.width.saturating_sub(2).max(1)
}

/// An edit of the draft (a row of the conversation's key table); Enter's submits it.
pub(crate) fn edit(state: &mut Session, edit: Edit, now: Instant) -> Outcome {
    match state.composer.edit(edit, width(state)) {
        ComposerOutcome::Submitted(text) => submit(state, text, Submit::Send, now),
        ComposerOutcome::Edited | ComposerOutcome::Ignored => Outcome::Consumed(vec![]),
    }
}

pub(crate) fn paste(state: &mut Session, text: &str) {
    state.composer.paste(text);
}

/// How a submitted text goes out when it is a message rather than a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Submit {
    /// Enter: now, or into the running turn as a steer.
    Send,
    /// Tab while a turn runs: for a new turn once this one ends.
    Queue,
}

/// Submits what the person wrote, recording it in the prompt history (and the file). Slash
/// text is a command and `!` text a shell command, however it was submitted — decided here,
/// once: queued, either would go out as a message for the model. Everything else goes to the
/// outbox.
pub(crate) fn submit(state: &mut Session, text: String, how: Submit, now: Instant) -> Outcome {
    // Signed out, or codex's config broken: the prompt stays in the composer, unrecorded.
    if crate::session::first_run::holds_prompt(state, &text) {
        return Outcome::Consumed(vec![]);
    }
    let recorded = if text.trim().is_empty() {
        vec![]
    } else {
        record_in_prompt_history(state, &text)
    };
    // `!command` runs in the shell at once, even while a turn runs (never steered or queued).
    if let Some(command) = crate::session::shell::command_of(&text) {
        let outcome = crate::app::layers::shell_confirm::submit(state, command);
        return with_effects_first(recorded, outcome);
    }
    let outcome = match crate::app::commands::dispatch(state, &text, now) {
        Some(ran) => ran,
        // The side pane is open: its thread takes the message.
        None if state.side.active() => {
            Outcome::Consumed(crate::session::side::send(state, text, now))
        }
        // An agent that takes no direct turns: the text stays in the composer (its images too).
        None if !crate::session::agent_switch::takes_messages(state) => {
            state.composer.set_text(&text);
            state.shown.transcript.notice(
                crate::model::NoticeLevel::Warning,
                "This sub-agent takes no direct messages (codex said so): Alt+← or /agents go back to the main thread.",
            );
            Outcome::Consumed(vec![])
        }
        None => {
            // The attached images go with the message (a command leaves them attached).
            let images = std::mem::take(&mut state.composer.images);
            state.composer.image_info.clear();
            let message = crate::session::state::outbox::Message::new(text, images);
            Outcome::Consumed(match how {
                Submit::Send => crate::session::outbox::send_message(state, message, now),
                Submit::Queue => crate::session::outbox::queue_message(state, message, now),
            })
        }
    };
    with_effects_first(recorded, outcome)
}

/// `outcome` with `effects` before its own.
fn with_effects_first(mut effects: Vec<Effect>, outcome: Outcome) -> Outcome {
    if effects.is_empty() {
        return outcome;
    }
    let mut prepend = |own: Vec<Effect>| {
        effects.extend(own);
        std::mem::take(&mut effects)
    };
    match outcome {
        Outcome::Consumed(own) => Outcome::Consumed(prepend(own)),
        Outcome::Close(own) => Outcome::Close(prepend(own)),
        Outcome::Open(layer, own) => Outcome::Open(layer, prepend(own)),
        Outcome::Replace(layer, own) => Outcome::Replace(layer, prepend(own)),
        Outcome::Ignored | Outcome::CloseAndFallThrough => Outcome::Consumed(effects),
    }
}

/// Tab while a turn runs: the draft waits for a new turn.
pub(crate) fn queue_draft(state: &mut Session, now: Instant) -> Outcome {
    // Folded pastes go out whole, as with Enter.
    let text = state.composer.expanded_text();
    if text.trim().is_empty() && state.composer.images.is_empty() {
        return Outcome::Consumed(vec![]);
    }
    state.composer.clear();
    submit(state, text, Submit::Queue, now)
}

/// Keeps a prompt the person sent (or queued) for Up and Ctrl+R, and appends it to the file.
pub(crate) fn record_in_prompt_history(state: &mut Session, text: &str) -> Vec<Effect> {
    if !state.composer.prompt_history.record(text) {
        return vec![];
    }
    match &state.config.history_file {
        Some(file) => vec![Effect::AppendHistory {
            file: file.clone(),
            entry: text.to_string(),
        }],
        None => vec![],
    }
}

/// Ctrl+G: the draft goes to `$VISUAL`/`$EDITOR` (the runtime suspends the screen for it).
pub(crate) fn open_editor(state: &mut Session) -> Vec<Effect> {
    vec![Effect::EditInEditor {
        draft: state.composer.expanded_text(),
    }]
}

/// The editor closed: its text replaces the draft, or the draft stays and the notice says why.
pub(crate) fn editor_done(state: &mut Session, result: Result<String, String>) -> Vec<Effect> {
    match result {
        Ok(text) => {
            // Editors end files with a newline the person did not mean to send.
            let text = text.strip_suffix('\n').unwrap_or(&text);
            state.composer.set_text(text);
        }
        Err(why) => state.shown.transcript.notice(
            NoticeLevel::Warning,
            format!("The external editor failed ({why}); the draft is unchanged."),
        ),
    }
    vec![]
}
