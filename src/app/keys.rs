//! Keys, pastes and the mouse: the modal on top gets them first, then global keys, then the
//! composer.

use super::composer::ComposerOutcome;
use super::effect::Effect;
use super::scroll::Anchor;
use super::search::Search;
use super::state::AppState;
use super::update::{interrupt, quit, submit_prompt};
use super::view::View;
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
    ("Ctrl+F", "search"),
    ("Ctrl+O", "expand"),
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
            state.scroll_with(|s, v| s.page(-1, v));
            return vec![];
        }
        KeyCode::PageDown => {
            state.scroll_with(|s, v| s.page(1, v));
            return vec![];
        }
        _ => {}
    }
    if !state.approvals.is_empty() {
        return on_approval_key(state, key, now);
    }
    if state.search.is_some() {
        on_search_key(state, key);
        return vec![];
    }
    let shift = key.modifiers.contains(KeyModifiers::SHIFT);
    let composer_empty = state.composer.is_empty();
    match key.code {
        KeyCode::Char('f') if ctrl => {
            open_search(state);
            return vec![];
        }
        // `/` starts a search while reading back; at the bottom it starts a command.
        KeyCode::Char('/') if composer_empty && !state.scroll.is_following() => {
            open_search(state);
            return vec![];
        }
        KeyCode::Char('o') if ctrl => {
            state.expanded = !state.expanded;
            return vec![];
        }
        KeyCode::Up | KeyCode::Down if shift || composer_empty => {
            let rows = if key.code == KeyCode::Up { -1 } else { 1 };
            state.scroll_with(|s, v| s.by(rows, v));
            return vec![];
        }
        KeyCode::Esc => return interrupt(state),
        KeyCode::Char('d') if ctrl && state.composer.is_empty() => return quit(state),
        KeyCode::Home if ctrl || state.composer.is_empty() => {
            state.scroll_with(|s, v| s.to_top(v));
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

fn open_search(state: &mut AppState) {
    state.search = Some(Search::default());
}

/// While the search bar is open, keys edit the query and move between matches; Esc closes it
/// and leaves the view where the search took it.
fn on_search_key(state: &mut AppState, key: KeyEvent) {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    let Some(search) = state.search.as_mut() else {
        return;
    };
    match key.code {
        KeyCode::Esc => {
            state.search = None;
            return;
        }
        KeyCode::Enter | KeyCode::Up => search.step(-1),
        KeyCode::Char('p') if ctrl => search.step(-1),
        KeyCode::Down => search.step(1),
        KeyCode::Char('n') if ctrl => search.step(1),
        KeyCode::Backspace => {
            search.query.pop();
            refresh_search(state);
        }
        KeyCode::Char(c) if !ctrl => {
            search.query.push(c);
            refresh_search(state);
        }
        _ => return,
    }
    reveal_current_match(state);
}

fn refresh_search(state: &mut AppState) {
    let view = View::new(&state.transcript, state.layout_key());
    let bottom = state.scroll.bottom(&view);
    if let Some(search) = state.search.as_mut() {
        search.refresh(&view, bottom);
    }
}

fn reveal_current_match(state: &mut AppState) {
    let Some(m) = state.search.as_ref().and_then(|s| s.current_match()) else {
        return;
    };
    let target = Anchor {
        cell: m.cell,
        row: m.row,
    };
    state.scroll_with(|s, v| s.reveal(target, v));
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
        MouseEventKind::ScrollUp => state.scroll_with(|s, v| s.by(-3, v)),
        MouseEventKind::ScrollDown => state.scroll_with(|s, v| s.by(3, v)),
        _ => {}
    }
    vec![]
}
