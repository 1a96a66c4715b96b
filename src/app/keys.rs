//! Keys, pastes and the mouse: the modal on top gets them first, then global keys, then the
//! composer.

use super::composer::ComposerOutcome;
use super::effect::Effect;
use super::state::AppState;
use super::update::{interrupt, quit, submit_prompt};
use crate::model::NoticeLevel;
use crate::protocol::Decision;
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseEvent, MouseEventKind};
use std::time::Instant;

/// The keys tern itself handles, for the hint bar and the README.
pub const GLOBAL_KEYS: &[(&str, &str)] = &[
    ("Enter", "send"),
    ("Shift+Enter", "newline"),
    ("Esc", "interrupt"),
    ("PgUp/PgDn", "scroll"),
    ("Ctrl+C", "quit"),
];

pub fn on_key(state: &mut AppState, key: KeyEvent, now: Instant) -> Vec<Effect> {
    if key.kind == KeyEventKind::Release {
        return vec![];
    }
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    if ctrl && matches!(key.code, KeyCode::Char('c')) {
        return quit(state);
    }
    // Paging works under a prompt too: the person may need to read back before deciding.
    match key.code {
        KeyCode::PageUp => {
            state.scroll.page(-1);
            return vec![];
        }
        KeyCode::PageDown => {
            state.scroll.page(1);
            return vec![];
        }
        _ => {}
    }
    if !state.approvals.is_empty() {
        return on_approval_key(state, key, now);
    }
    match key.code {
        KeyCode::Esc => return interrupt(state),
        KeyCode::Char('d') if ctrl && state.composer.is_empty() => return quit(state),
        KeyCode::Home if ctrl || state.composer.is_empty() => {
            state.scroll.to_top();
            return vec![];
        }
        KeyCode::End if ctrl || state.composer.is_empty() => {
            state.scroll.to_bottom();
            return vec![];
        }
        _ => {}
    }
    match state.composer.handle_key(key) {
        ComposerOutcome::Submitted(text) => submit_prompt(state, text, now),
        ComposerOutcome::Edited | ComposerOutcome::Ignored => vec![],
    }
}

fn on_approval_key(state: &mut AppState, key: KeyEvent, now: Instant) -> Vec<Effect> {
    let Some((answered, decision)) = state.approvals.handle_key(key, now) else {
        return vec![];
    };
    let what = match &answered.subject {
        super::approval::ApprovalSubject::Command(p) => {
            format!(
                "`{}`",
                crate::render::cells::display_command(p.command.as_deref().unwrap_or_default())
            )
        }
        super::approval::ApprovalSubject::FileChange { changes, .. } => {
            format!("changes to {} file(s)", changes.len())
        }
    };
    let verdict = match &decision {
        Decision::Accept => format!("Approved {what}"),
        Decision::AcceptForSession => format!("Approved {what} for this session"),
        Decision::AcceptWithExecpolicyAmendment(prefix) => format!(
            "Approved {what}, and always allowed commands starting with `{}`",
            prefix.join(" ")
        ),
        Decision::Decline => format!("Declined {what}"),
        Decision::Cancel => format!("Declined {what} and stopped the turn"),
        Decision::Other(v) => format!("Answered {what} with {v}"),
    };
    let level = if decision.is_accept() {
        NoticeLevel::Info
    } else {
        NoticeLevel::Warning
    };
    state.transcript.notice(level, verdict);
    vec![Effect::Respond {
        id: answered.id,
        result: decision.response(),
    }]
}

pub fn on_paste(state: &mut AppState, text: &str) -> Vec<Effect> {
    // A paste never answers an approval; it always goes to the composer.
    state.composer.paste(text);
    vec![]
}

pub fn on_mouse(state: &mut AppState, mouse: MouseEvent) -> Vec<Effect> {
    match mouse.kind {
        MouseEventKind::ScrollUp => state.scroll.by(-3),
        MouseEventKind::ScrollDown => state.scroll.by(3),
        _ => {}
    }
    vec![]
}
