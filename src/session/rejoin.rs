//! The thread is back after a reconnect by itself (`reconnect`): the running turn is picked
//! up where it is. If it still runs, its next events continue it (items whose start tern never
//! saw are built from their first delta); if it ended while the link was down, it is read back
//! (`thread/turns/list`) so its last words show; questions the server did not ask again were
//! settled meanwhile and close with neutral words.

use super::outbox;
use super::thread_events;
use crate::model::NoticeLevel;
use crate::protocol::{
    ItemNotification, ServerNotification as N, ThreadStatus, ThreadTurnsListParams,
    ThreadTurnsListResponse, TurnNotification,
};
use crate::session::effect::Effect;
use crate::session::reply::Answer;
use crate::session::request::ClientRequest;
use crate::session::state::reconnect::{Reconnect, LOST_NOTICE};
use crate::session::state::thread_key::ThreadKey;
use crate::session::state::{Session, TurnPhase};
use crate::text::sanitize::sanitize_line;
use std::time::Instant;

/// The thread is back after a reconnect (`thread/resume` answered with `status`): the turn that
/// was running goes on if it still runs (its next events continue it), is read back if it
/// ended meanwhile; a turn started meanwhile (by another client) shows as running until its
/// first event names it.
pub(crate) fn resumed(
    state: &mut Session,
    reconnect: Reconnect,
    status: Option<&ThreadStatus>,
    now: Instant,
) -> Vec<Effect> {
    let secs = now.saturating_duration_since(reconnect.since).as_secs();
    let attempts = reconnect.attempt;
    let active = matches!(status, Some(ThreadStatus::Active { .. }));
    // Nobody listened for a while and the thread runs nothing now: the server had stopped and
    // this one was started again (a server that lived on would still run the turn, or have
    // kept the thread active).
    let restarted = reconnect.server_was_down && !active;
    // One line for the whole episode: the "connection lost" warning becomes this. The reason
    // goes last and outside any brackets of ours: it often has its own.
    let what = if restarted {
        "the server had stopped and was started again; the thread is back"
    } else {
        "the thread is back"
    };
    let back = format!(
        "Reconnected after {secs} s ({attempts} attempt{}): {what}; the link had dropped: {}.",
        if attempts == 1 { "" } else { "s" },
        sanitize_line(&reconnect.dropped)
            .trim()
            .trim_end_matches('.')
    );
    let transcript = &mut state.shown.transcript;
    if !transcript.rewrite_notice(LOST_NOTICE, NoticeLevel::Info, back.clone()) {
        transcript.notice(NoticeLevel::Info, back);
    }
    tracing::info!(?status, turn = ?state.shown.turn, "the thread is back after a reconnect");
    let thread_id = state.thread_id().map(str::to_string);
    if let (false, Some(thread)) = (active, &thread_id) {
        // Nothing waits on the thread: a question it had asked was settled meanwhile.
        let dropped = state
            .questions
            .drop_stale(&ThreadKey::new(&state.server_id, thread), now);
        super::server_events::settled_elsewhere(state, &dropped);
    }
    match (&state.shown.turn, active, thread_id) {
        (TurnPhase::Idle, true, _) => {
            state.shown.turn = TurnPhase::Starting { since: now };
            vec![]
        }
        (
            TurnPhase::Running { id, .. } | TurnPhase::Interrupting { id, .. },
            false,
            Some(thread),
        ) => {
            // It ended while the link was down: read it back for its last words.
            let turn_id = id.clone();
            state.turn_lost_in_restart = restarted.then(|| turn_id.clone());
            vec![Effect::Request(ClientRequest::CatchUpTurn {
                params: ThreadTurnsListParams {
                    thread_id: thread,
                    cursor: None,
                    limit: Some(CATCH_UP_TURNS),
                    sort_direction: Some("desc".into()),
                    items_view: Some("full".into()),
                },
                turn_id,
            })]
        }
        (TurnPhase::Starting { .. }, false, _) => {
            // Its `turn/start` answer was lost with the link: if the turn began, its events
            // never came; if not, the message is not lost (it is in the transcript to copy).
            state.shown.turn = TurnPhase::Idle;
            vec![]
        }
        _ => vec![],
    }
}

/// Turns read back after a reconnect: the one that ended while the link was down is among the
/// newest few (another client may have run more since).
const CATCH_UP_TURNS: u32 = 4;

/// The turns read back after a reconnect: the one that was running when the link dropped gets
/// its items as they ended and its end, as if their events had come; without it, the turn is
/// settled and the person told where to read it.
pub(crate) fn caught_up(
    state: &mut Session,
    thread_id: &str,
    turn_id: &str,
    answer: Answer<ThreadTurnsListResponse>,
    now: Instant,
) -> Vec<Effect> {
    let lost_in_restart = state.turn_lost_in_restart.take().as_deref() == Some(turn_id);
    if state.thread_id() != Some(thread_id) || state.shown.active_turn_id() != Some(turn_id) {
        // Its events came after all, or another thread is on screen.
        return vec![];
    }
    let turn = answer
        .ok()
        .and_then(|page| page.data.into_iter().find(|t| t.id == turn_id));
    let Some(turn) = turn else {
        let model = &mut state.shown;
        model.transcript.settle_turn(turn_id, false);
        model.finished_turns.insert(turn_id.to_string());
        model.turn = TurnPhase::Idle;
        model.transcript.notice(
            NoticeLevel::Warning,
            "The turn ended while the connection was down, and its end could not be read back: \
             /resume this thread to read it whole.",
        );
        return outbox::turn_ended(state, now);
    };
    let mut events: Vec<N> = turn
        .items
        .iter()
        .map(|item| {
            N::ItemCompleted(ItemNotification {
                thread_id: thread_id.to_string(),
                turn_id: turn_id.to_string(),
                item: item.clone(),
            })
        })
        .collect();
    events.push(N::TurnCompleted(TurnNotification {
        thread_id: thread_id.to_string(),
        turn,
    }));
    let mut ended = None;
    for n in events {
        let steers = Some(&mut state.outbox.steering);
        ended = thread_events::apply(&mut state.shown, n, steers, now)
            .turn_ended
            .or(ended);
    }
    if lost_in_restart && ended == Some(true) {
        // Nobody interrupted it: the new server found it unfinished in the old one's record.
        state.shown.transcript.rewrite_notice(
            "Turn interrupted",
            NoticeLevel::Warning,
            "The turn ended: the server stopped while it ran.".to_string(),
        );
    }
    match ended {
        Some(interrupted) => {
            if interrupted {
                outbox::hold_after_interrupt(state);
            }
            outbox::turn_ended(state, now)
        }
        None => vec![],
    }
}
