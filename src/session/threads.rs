//! The threads of the session: the picker's listings, what a refused open says where no picker
//! took it, and paging a resumed thread's older turns in from `thread/turns/list`,
//! newest first, as the person scrolls up. (Opening and adopting a thread is `lifecycle`'s;
//! which one is on screen, `switch`'s.)

use super::actions::fail;
use crate::model::NoticeLevel;
use crate::protocol::{ThreadSettings, ThreadTurnsListParams, ThreadTurnsListResponse, TurnStatus};
use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::request::ClientRequest;
use crate::session::state::{Session, TurnPhase};
use ratatui::layout::Rect;
use std::time::Instant;

/// Turns asked for per page of older turns.
pub(crate) const TURNS_PAGE: u32 = 10;
/// Turns asked for per page on the way to turn 1 (Ctrl+Home, and `/history` inline): a
/// 5,000-turn thread in 100 round trips, not 500. A page is read and put in place whole while
/// keys wait, so it is kept small: pages of 100 took keys typed meanwhile 0.65-1.04 ms to echo
/// (median), pages of 50 0.42-0.67 ms, for 0.1 s more on the way to turn 1 (the benchmark's
/// `huge` scenario).
pub(crate) const TURNS_JUMP_PAGE: u32 = 50;
/// Older turns are asked for when the top of the view is this close to the first cell.
const LOAD_WITHIN_CELLS: usize = 8;

/// The directory the session works in.
pub(crate) fn current_cwd(state: &Session) -> String {
    state
        .shown
        .thread
        .as_ref()
        .map(|t| t.cwd.clone())
        .or_else(|| state.config.settings.cwd.clone())
        .unwrap_or_default()
}

/// The settings for resuming or forking a thread: the person's flags, but the thread keeps its
/// own directory.
pub(crate) fn settings_for_existing(state: &Session) -> ThreadSettings {
    ThreadSettings {
        cwd: None,
        ..state.config.settings.clone()
    }
}

/// Refuses to leave a thread only while a request about its turn is in flight (`turn/start`
/// not answered yet, or an interrupt): that answer must find the thread on screen. A running
/// turn, or one waiting on a question, does not hold the person: the thread is kept aside
/// (`switch`), still subscribed, its events still reaching its model, its questions in the
/// inbox.
pub(crate) fn busy(state: &mut Session, what: &str) -> bool {
    let words = match state.shown.turn {
        TurnPhase::Starting { .. } => "A turn is starting",
        TurnPhase::Interrupting { .. } => "A turn is being interrupted",
        TurnPhase::Idle | TurnPhase::Running { .. } => return false,
    };
    state.shown.transcript.notice(
        NoticeLevel::Warning,
        format!("{words}: wait a moment, then {what}."),
    );
    true
}

/// A page of the picker's listing (`ListPurpose::Page`), or its search (`ListPurpose::Search`):
/// news for the picker.
pub(crate) fn listed(state: &mut Session, event: LayerEvent) -> Vec<Effect> {
    state.layer_events.push(event);
    vec![]
}

/// A refusal no picker took: `tern resume ID` at startup, or a fork from the conversation.
pub(crate) fn refused_here(state: &mut Session, error: &str) -> Vec<Effect> {
    if state.shown.thread.is_some() {
        state.shown.transcript.notice(
            NoticeLevel::Error,
            format!("Could not open that thread: {error}"),
        );
        return vec![];
    }
    fail(
        state,
        format!(
            "codex could not resume that thread: {error}. Check the id, or start a new session."
        ),
    )
}

/// Asks for the next page of older turns when the view of the transcript shown in
/// `transcript` is near the top of what is loaded (or the screen is not full yet).
pub(crate) fn load_older(state: &mut Session, transcript: Rect) -> Vec<Effect> {
    let Some(older) = &state.shown.older_turns else {
        return vec![];
    };
    if !older.first && !older.to_first {
        let top = state.shown.scroll.top(&state.view_in(transcript));
        if top.cell >= LOAD_WITHIN_CELLS {
            return vec![];
        }
    }
    ask_older(state)
}

/// Ctrl+Home: the view went to the top of what is loaded; the older turns come in, one page
/// after another, until turn 1 is there.
pub(crate) fn to_first_turn(state: &mut Session) {
    if let Some(older) = &mut state.shown.older_turns {
        older.to_first = older.more;
    }
}

/// Asks for the next page of older turns, unless one is on its way or there are no more.
pub(crate) fn ask_older(state: &mut Session) -> Vec<Effect> {
    let inline = state.config.inline;
    let Some(older) = &mut state.shown.older_turns else {
        return vec![];
    };
    if older.loading || !older.more {
        return vec![];
    }
    older.loading = true;
    vec![Effect::Request(ClientRequest::ListTurns(
        ThreadTurnsListParams {
            thread_id: older.thread_id.clone(),
            cursor: older.cursor.clone(),
            // Inline, the first page is what the scrollback gets, in one piece: pages come
            // newest first, and written one by one they would land out of order.
            limit: Some(if older.first && inline {
                crate::model::scrollback::RESUMED_TURNS
            } else if older.to_first || state.shown.earlier_wanted {
                TURNS_JUMP_PAGE
            } else {
                TURNS_PAGE
            }),
            sort_direction: Some("desc".into()),
            items_view: Some("full".into()),
        },
    ))]
}

/// A page of older turns of a thread: put above what its transcript shows (the shown thread's,
/// or one switched away from while the page was on its way).
pub(crate) fn on_turns(
    state: &mut Session,
    thread_id: &str,
    result: Result<ThreadTurnsListResponse, String>,
    now: Instant,
) -> Vec<Effect> {
    let shown = state.thread_id() == Some(thread_id);
    let inline = state.config.inline;
    let Some(model) = state.model_mut(thread_id) else {
        return vec![];
    };
    let Some(older) = &mut model.older_turns else {
        return vec![];
    };
    if older.thread_id != thread_id {
        return vec![];
    }
    older.loading = false;
    let first = std::mem::replace(&mut older.first, false);
    let response = match result {
        Ok(response) => response,
        Err(e) => {
            older.more = false;
            model.transcript.notice(
                NoticeLevel::Error,
                format!("Could not load the earlier turns: {e}"),
            );
            return vec![];
        }
    };
    older.more = response.next_cursor.is_some() && !response.data.is_empty();
    older.cursor = response.next_cursor;
    // On the way to turn 1 with the view still at the top (the person did not scroll away):
    // it stays there, showing each page as it comes.
    let stay_at_top = older.to_first && model.scroll.at_top();
    older.to_first = stay_at_top && older.more;
    // A thread still running elsewhere: its turn goes on in place, live.
    if first {
        if let Some(newest) = response.data.first() {
            let known = model.finished_turns.contains(&newest.id)
                || model.active_turn_id() == Some(newest.id.as_str());
            if newest.status == TurnStatus::InProgress && !known {
                model.turn = TurnPhase::Running {
                    id: newest.id.clone(),
                    since: now,
                };
            }
        }
    }
    let mut turns = response.data;
    turns.reverse();
    let before = model.transcript.revision();
    let added = model.transcript.prepend_turns(&turns);
    // Inline: the first page goes to the scrollback; older ones would land after newer
    // turns, so they stay out of it (full screen, after `/screen`, shows them).
    if inline && !first {
        crate::model::scrollback::never_write(&model.transcript, 0..added);
    }
    // Inline, the last turns went to the scrollback: the person is told how to get the rest.
    if inline && first && model.older_turns.as_ref().is_some_and(|o| o.more) {
        model.transcript.notice(
            NoticeLevel::Info,
            "Earlier turns are not in the scrollback: /history writes them here.",
        );
    }
    let after = model.transcript.revision();
    model.scroll.cells_prepended(added, before, after);
    if stay_at_top {
        model.scroll.back_to_top();
    }
    if shown {
        state.layer_events.push(LayerEvent::CellsPrepended(added));
        state.pointer.clear();
    }
    // The screen may still not be full: `update` asks for the next page after every event
    // until it is (or the older turns run out).
    // Their sub-agents are named and followed like live ones.
    let mut effects = super::agents::on_history(state, thread_id, &turns, now);
    // `/history` asked for every earlier turn: the next page, until the first turn is in.
    if shown && state.shown.earlier_wanted {
        effects.extend(ask_older(state));
    }
    effects
}

/// `/rename` answered with no picker open: the thread on screen was renamed, or not.
pub(crate) fn renamed_here(state: &mut Session, name: &str, result: &Result<(), String>) {
    let (level, text) = match result {
        Ok(()) => (NoticeLevel::Info, format!("Renamed this thread to {name}.")),
        Err(e) => (NoticeLevel::Error, format!("Could not rename: {e}")),
    };
    state.shown.transcript.notice(level, text);
}

/// `/history` (inline): the older turns of a resumed thread kept out of the scrollback are
/// paged in, all of them, then written there once as a block of their own (the terminal's
/// scrollback cannot take lines above what it holds).
pub(crate) fn ask_earlier(state: &mut Session) -> Vec<Effect> {
    if !state.config.inline {
        state.shown.transcript.notice(
            NoticeLevel::Info,
            "Full screen shows every turn: scroll up, or Ctrl+Home for the first.",
        );
        return vec![];
    }
    let more = state.shown.older_turns.as_ref().is_some_and(|o| o.more);
    let kept_out = state
        .shown
        .transcript
        .cells()
        .iter()
        .any(|cell| cell.written() == crate::model::scrollback::Written::Withheld);
    if !more && !kept_out {
        state.shown.transcript.notice(
            NoticeLevel::Info,
            "No earlier turns: the scrollback holds the whole thread.",
        );
        return vec![];
    }
    state.shown.earlier_wanted = true;
    ask_older(state)
}
