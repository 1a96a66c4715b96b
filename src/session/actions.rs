//! What the person (or the server) can make happen, shared by the layers and the server-event
//! handlers: send a prompt, interrupt, copy, quit.

use crate::model::NoticeLevel;
use crate::protocol::{Decision, ModelListParams, TurnInterruptParams};
use crate::session::effect::Effect;
use crate::session::request::ClientRequest;
use crate::session::state::{Lifecycle, Session, TurnPhase};

/// Leaves the session. Prompts still open are answered `cancel`, so the server never waits for
/// an answer that will not come.
pub(crate) fn quit(state: &mut Session) -> Vec<Effect> {
    state.quitting = true;
    let mut effects = cancel_questions(state);
    effects.push(Effect::Quit);
    effects
}

/// Answers every waiting question, parked ones too, `cancel` (no, and stop the turn): tern
/// quits. tern's own questions (the plan chooser) just close.
pub(crate) fn cancel_questions(state: &mut Session) -> Vec<Effect> {
    cancel(state.questions.clear())
}

/// Ctrl+C under a question: the questions on screen are refused; the parked ones keep waiting.
pub(crate) fn cancel_shown_questions(state: &mut Session) -> Vec<Effect> {
    cancel(state.questions.clear_shown())
}

fn cancel(questions: Vec<crate::model::Question>) -> Vec<Effect> {
    questions
        .into_iter()
        .filter(|prompt| !prompt.is_local())
        .map(|prompt| Effect::Respond {
            id: prompt.id,
            result: Decision::Cancel.response(),
        })
        .collect()
}

/// The session cannot go on: say why, and keep everything the person typed.
pub(crate) fn fail(state: &mut Session, message: String) -> Vec<Effect> {
    state
        .shown
        .transcript
        .notice(NoticeLevel::Error, message.clone());
    state.lifecycle = Lifecycle::Failed(message);
    vec![]
}

/// Copies the newest agent message to the clipboard, and keeps it to print after exit in case
/// the terminal ignores OSC 52.
pub(crate) fn copy_last_answer(state: &mut Session) -> Vec<Effect> {
    // A review's result is an answer too.
    let last = crate::model::copyable::answers(&state.shown.transcript)
        .last()
        .map(|text| text.to_string());
    let Some(text) = last else {
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            "Nothing to copy yet: no answer so far.",
        );
        return vec![];
    };
    copy(state, "the last answer", &text)
}

/// Puts `text` on the clipboard and says so, naming `what` it is ("the last answer", "the
/// selected cell"). What may be pasted into a shell: printable text only (no escape sequence
/// can end a bracketed paste and run what follows).
pub(crate) fn copy(state: &mut Session, what: &str, text: &str) -> Vec<Effect> {
    let text = crate::text::sanitize::copyable_text(text);
    let lines = text.lines().count();
    state.shown.transcript.notice(
        NoticeLevel::Info,
        format!(
            "Copied {what} ({lines} line{}) to the clipboard. This terminal may ignore \
             clipboard requests (OSC 52): tern says what it copied when it exits, and prints it \
             too with --print-copied (or print_copied = true in its config).",
            if lines == 1 { "" } else { "s" }
        ),
    );
    state.copied = Some(text.clone());
    vec![Effect::CopyToClipboard(text)]
}

/// Puts `text` on the clipboard without a notice (a drag's copy: the selection drawn says
/// what was taken); printable text only, as `copy`.
pub(crate) fn copy_quietly(state: &mut Session, text: &str) -> Vec<Effect> {
    let text = crate::text::sanitize::copyable_text(text);
    state.copied = Some(text.clone());
    vec![Effect::CopyToClipboard(text)]
}

pub(crate) fn interrupt(state: &mut Session) -> Vec<Effect> {
    if state.reconnect.is_some() {
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            "Not connected: the turn cannot be interrupted until tern has reconnected.",
        );
        return vec![];
    }
    let (TurnPhase::Running { id, since }, Some(thread_id)) = (
        state.shown.turn.clone(),
        state.thread_id().map(str::to_string),
    ) else {
        return vec![];
    };
    state.shown.turn = TurnPhase::Interrupting {
        id: id.clone(),
        since,
    };
    vec![Effect::Request(ClientRequest::InterruptTurn(
        TurnInterruptParams {
            thread_id,
            turn_id: id,
        },
    ))]
}

/// Asks for the models `/model` offers (the answer fills its picker).
pub(crate) fn list_models() -> Effect {
    Effect::Request(ClientRequest::ListModels(ModelListParams {
        cursor: None,
        limit: Some(100),
    }))
}

/// `/vim`: vim keys in the composer, on (in insert mode) or off.
pub(crate) fn toggle_vim(state: &mut Session) -> Vec<Effect> {
    let text = match state.composer.vim.take() {
        Some(_) => "Vim keys off.".to_string(),
        None => {
            state.composer.vim = Some(crate::controls::composer::vim::Vim::new(
                &state.config.vim_escape,
            ));
            let escape = match state.config.vim_escape.as_str() {
                "" => String::new(),
                seq => format!(" (or {})", crate::text::sanitize::sanitize_line(seq)),
            };
            format!(
                "Vim keys on: Esc{escape} for normal mode, i to type; Enter sends in either mode, Ctrl+C interrupts."
            )
        }
    };
    state
        .shown
        .transcript
        .notice(crate::model::NoticeLevel::Info, text);
    vec![]
}
