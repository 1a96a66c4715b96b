//! `/archive` and `/delete` of the shown thread (each asks first, through the shared confirm
//! box) and the fresh thread after. A thread archived, deleted or closed by another window:
//! `thread_gone`.

use super::effect::Effect;
use super::event::{Confirmable, LayerEvent};
use super::reply::{Answer, ReplyError};
use super::request::ClientRequest;
use super::state::threads::TurnPhase;
use super::state::Session;
use crate::model::NoticeLevel;
use crate::protocol::ThreadIdParams;

/// What `/archive` or `/delete` asks before it acts, or `None` (said why) when it cannot act.
pub(crate) fn ask(state: &mut Session, delete: bool) -> Option<Confirmable> {
    let what = if delete { "delete" } else { "archive" };
    if super::threads::busy(state, &format!("{what} this thread")) {
        return None;
    }
    // `/new` and `/resume` may leave a running turn behind (it goes on, subscribed); a thread
    // archived or deleted under its own turn would lose what the turn is still writing.
    if matches!(state.shown.turn, TurnPhase::Running { .. }) {
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            format!(
                "A turn is running: interrupt it (Esc) or let it finish, then {what} this thread."
            ),
        );
        return None;
    }
    let Some(thread_id) = state.thread_id().map(str::to_string) else {
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            format!("No thread yet: there is nothing to {what}."),
        );
        return None;
    };
    let title = state
        .titles
        .name_of(&thread_id)
        .map(str::to_string)
        .unwrap_or_else(|| "this thread".into());
    Some(if delete {
        Confirmable::DeleteThread { thread_id, title }
    } else {
        Confirmable::ArchiveThread { thread_id, title }
    })
}

/// The person said yes: the request goes; the fresh thread follows its answer.
pub(crate) fn confirmed(ask: &Confirmable) -> Vec<Effect> {
    let request = match ask {
        Confirmable::ArchiveThread { thread_id, .. } => {
            ClientRequest::ArchiveShown(ThreadIdParams {
                thread_id: thread_id.clone(),
            })
        }
        Confirmable::DeleteThread { thread_id, .. } => {
            ClientRequest::DeleteThread(ThreadIdParams {
                thread_id: thread_id.clone(),
            })
        }
        _ => return vec![],
    };
    vec![Effect::Request(request)]
}

/// `/archive` answered: a fresh thread, and where the archived one is found again.
pub(crate) fn archived(state: &mut Session, thread_id: String, answer: Answer<()>) -> Vec<Effect> {
    let error = answer.as_ref().err().map(ToString::to_string);
    state.layer_events.push(LayerEvent::ArchiveAnswered {
        thread_id: thread_id.clone(),
        archiving: true,
        result: answer.map_err(|e| e.to_string()),
    });
    if let Some(e) = error {
        state
            .shown
            .transcript
            .notice(NoticeLevel::Error, format!("Could not archive: {e}"));
        return vec![];
    }
    fresh_thread(
        state,
        &thread_id,
        "Archived. /resume lists it under Ctrl+T (archived), where it can be unarchived.",
    )
}

/// `thread/delete` answered (from `/delete` or the picker): the picker hears it; the shown
/// thread gone, a fresh one takes its place.
pub(crate) fn deleted(
    state: &mut Session,
    thread_id: String,
    answer: Result<(), ReplyError>,
) -> Vec<Effect> {
    let error = answer.as_ref().err().map(ToString::to_string);
    state.layer_events.push(LayerEvent::DeleteAnswered {
        thread_id: thread_id.clone(),
        result: answer.map_err(|e| e.to_string()),
    });
    match error {
        Some(e) => {
            state
                .shown
                .transcript
                .notice(NoticeLevel::Error, format!("Could not delete: {e}"));
            vec![]
        }
        None => fresh_thread(state, &thread_id, "Deleted for good."),
    }
}

/// The shown thread is gone from the list: the person continues in a new thread.
fn fresh_thread(state: &mut Session, gone: &str, said: &str) -> Vec<Effect> {
    if state.thread_id() != Some(gone) {
        return vec![];
    }
    super::switch::show_no_thread(state);
    state.shown.transcript.notice(NoticeLevel::Info, said);
    super::lifecycle::open(state, super::state::Open::New)
}
