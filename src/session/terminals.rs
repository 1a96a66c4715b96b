//! Background terminals (`/ps`, `/stop`): commands the model left running after its tool call
//! returned. The server lists them with no start time and no output, so tern keeps its own
//! record of each command (when it started, from `item/started`; its output, in its cell).
//! The requests are experimental (tern initializes with `experimentalApi`).

use crate::model::NoticeLevel;
use crate::protocol::{
    BackgroundTerminalTerminateParams, BackgroundTerminalTerminateResponse,
    BackgroundTerminalsListParams, BackgroundTerminalsListResponse, ServerNotification,
    ThreadIdParams, ThreadItem,
};
use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::reply::Answer;
use crate::session::request::ClientRequest;
use crate::session::state::Session;
use std::time::Instant;

/// Terminals asked for per `/ps` (the server's list is newest first).
const LIST_LIMIT: u32 = 100;

/// A command item started (in any thread: `/ps` lists the terminals of whichever is on
/// screen): its start time is kept for `/ps`.
pub(crate) fn noted(state: &mut Session, n: &ServerNotification, now: Instant) {
    if let ServerNotification::ItemStarted(i) = n {
        if let ThreadItem::CommandExecution { id, .. } = &i.item {
            state.beside.command_clock.started(&i.turn_id, id, now);
        }
    }
}

/// Asks for the thread's background terminals.
pub(crate) fn list(state: &mut Session) -> Vec<Effect> {
    let Some(thread_id) = need_thread(state) else {
        return vec![];
    };
    vec![Effect::Request(ClientRequest::ListTerminals(
        BackgroundTerminalsListParams {
            thread_id,
            cursor: None,
            limit: Some(LIST_LIMIT),
        },
    ))]
}

/// Stops one background terminal (after the person confirmed).
pub(crate) fn stop(state: &mut Session, process_id: &str, command: &str) -> Vec<Effect> {
    let Some(thread_id) = need_thread(state) else {
        return vec![];
    };
    vec![Effect::Request(ClientRequest::StopTerminal {
        params: BackgroundTerminalTerminateParams {
            thread_id,
            process_id: process_id.to_string(),
        },
        command: command.to_string(),
    })]
}

/// Stops every background terminal of the thread (after the person confirmed).
pub(crate) fn stop_all(state: &mut Session) -> Vec<Effect> {
    let Some(thread_id) = need_thread(state) else {
        return vec![];
    };
    state
        .shown
        .transcript
        .notice(NoticeLevel::Info, "Stopping all background terminals.");
    vec![Effect::Request(ClientRequest::StopAllTerminals(
        ThreadIdParams { thread_id },
    ))]
}

fn need_thread(state: &mut Session) -> Option<String> {
    let id = state.thread_id().map(str::to_string);
    if id.is_none() {
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            "No thread yet: background terminals belong to a thread.",
        );
    }
    id
}

/// `/ps`'s list answered: for the list on screen.
pub(crate) fn listed(
    state: &mut Session,
    answer: Answer<BackgroundTerminalsListResponse>,
) -> Vec<Effect> {
    state
        .layer_events
        .push(LayerEvent::Terminals(crate::session::reply::shown(answer)));
    vec![]
}

/// A stop of one terminal answered: said in the transcript; a list on screen asks again.
pub(crate) fn stopped(
    state: &mut Session,
    command: &str,
    answer: Answer<BackgroundTerminalTerminateResponse>,
) -> Vec<Effect> {
    let command = crate::model::agents::command_first_line(command);
    let (level, text) = match answer {
        Ok(r) if r.terminated => (
            NoticeLevel::Info,
            format!("Stopped background terminal `{command}`."),
        ),
        Ok(_) => (
            NoticeLevel::Info,
            format!("Background terminal `{command}` had already ended."),
        ),
        Err(e) => (
            NoticeLevel::Error,
            format!("Could not stop background terminal `{command}`: {e}"),
        ),
    };
    state.shown.transcript.notice(level, text);
    state.layer_events.push(LayerEvent::TerminalsChanged);
    vec![]
}

/// `/stop` of all of them answered.
pub(crate) fn all_stopped(state: &mut Session, answer: Answer<()>) -> Vec<Effect> {
    if let Err(e) = answer {
        state.shown.transcript.notice(
            NoticeLevel::Error,
            format!("Could not stop the background terminals: {e}"),
        );
    }
    state.layer_events.push(LayerEvent::TerminalsChanged);
    vec![]
}
