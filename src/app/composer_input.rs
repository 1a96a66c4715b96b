//! What the base layer does with keys and pastes meant for the composer: edit, keep the cursor
//! in view, send (recording the prompt in the history), and the external editor's round trip.

use super::actions::submit_prompt;
use super::composer::ComposerOutcome;
use super::effect::Effect;
use super::state::AppState;
use crate::model::NoticeLevel;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::time::Instant;

/// The composer's inner width on the current screen (its box has a border on each side).
pub fn width(state: &AppState) -> u16 {
    state.screen.width.saturating_sub(2).max(1)
}

pub fn key(state: &mut AppState, key: KeyEvent, now: Instant) -> Vec<Effect> {
    // Ctrl+Z on an empty composer stops tern as it stops a shell program (`fg` brings it
    // back); with text it stays undo.
    if key.code == KeyCode::Char('z')
        && key.modifiers == KeyModifiers::CONTROL
        && state.composer.is_empty()
    {
        return vec![Effect::Suspend];
    }
    let outcome = state.composer.handle_key(key, width(state));
    let effects = match outcome {
        ComposerOutcome::Submitted(text) => submit(state, text, now),
        ComposerOutcome::Edited | ComposerOutcome::Ignored => vec![],
    };
    keep_cursor_in_view(state);
    effects
}

pub fn paste(state: &mut AppState, text: &str) {
    state.composer.paste(text);
    keep_cursor_in_view(state);
}

fn keep_cursor_in_view(state: &mut AppState) {
    let height = state
        .areas()
        .composer
        .map_or(1, |area| usize::from(area.height.saturating_sub(2)));
    let width = width(state);
    state.composer.keep_cursor_in_view(width, height);
}

/// Sends the prompt and records it in the prompt history (and the history file).
fn submit(state: &mut AppState, text: String, now: Instant) -> Vec<Effect> {
    let mut effects = record_in_prompt_history(state, &text);
    effects.extend(submit_prompt(state, text, now));
    effects
}

/// Keeps a prompt the person sent (or queued) for Up and Ctrl+R, and appends it to the file.
pub fn record_in_prompt_history(state: &mut AppState, text: &str) -> Vec<Effect> {
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
pub fn open_editor(state: &mut AppState) -> Vec<Effect> {
    vec![Effect::EditInEditor {
        draft: state.composer.expanded_text(),
    }]
}

/// The editor closed: its text replaces the draft, or the draft stays and the notice says why.
pub fn editor_done(state: &mut AppState, result: Result<String, String>) -> Vec<Effect> {
    match result {
        Ok(text) => {
            // Editors end files with a newline the person did not mean to send.
            let text = text.strip_suffix('\n').unwrap_or(&text);
            state.composer.set_text(text);
            keep_cursor_in_view(state);
        }
        Err(why) => state.transcript.notice(
            NoticeLevel::Warning,
            format!("The external editor failed ({why}); the draft is unchanged."),
        ),
    }
    vec![]
}
