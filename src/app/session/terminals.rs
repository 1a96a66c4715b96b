//! Background terminals (`/ps`, `/stop`): commands the model left running after its tool call
//! returned. The server lists them with no start time and no output, so tern keeps its own
//! record of each command (when it started, from `item/started`; its output, in its cell).
//! The requests are experimental (tern initializes with `experimentalApi`).

use crate::app::effect::Effect;
use crate::app::event::{LayerEvent, RequestTag};
use crate::app::request::ClientRequest;
use crate::app::state::Session;
use crate::model::NoticeLevel;
use crate::protocol::{
    BackgroundTerminalTerminateParams, BackgroundTerminalTerminateResponse,
    BackgroundTerminalsListParams, BackgroundTerminalsListResponse, ThreadIdParams, ThreadItem,
};
use crate::text::sanitize::sanitize_line;
use serde_json::Value;
use std::time::Instant;

/// Terminals asked for per `/ps` (the server's list is newest first).
const LIST_LIMIT: u32 = 100;

/// A command item started: its start time is kept for `/ps`.
pub fn item_started(state: &mut Session, turn_id: &str, item: &ThreadItem, now: Instant) {
    if let ThreadItem::CommandExecution { id, .. } = item {
        state.beside.command_clock.started(turn_id, id, now);
    }
}

/// Asks for the thread's background terminals.
pub fn list(state: &mut Session) -> Vec<Effect> {
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
pub fn stop(state: &mut Session, process_id: &str, command: &str) -> Vec<Effect> {
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
pub fn stop_all(state: &mut Session) -> Vec<Effect> {
    let Some(thread_id) = need_thread(state) else {
        return vec![];
    };
    state
        .transcript
        .notice(NoticeLevel::Info, "Stopping all background terminals.");
    vec![Effect::Request(ClientRequest::StopAllTerminals(
        ThreadIdParams { thread_id },
    ))]
}

fn need_thread(state: &mut Session) -> Option<String> {
    let id = state.thread_id().map(str::to_string);
    if id.is_none() {
        state.transcript.notice(
            NoticeLevel::Warning,
            "No thread yet: background terminals belong to a thread.",
        );
    }
    id
}

/// Answers to this module's requests. `None` for other tags.
pub fn on_response(
    state: &mut Session,
    tag: &RequestTag,
    result: &Result<Value, String>,
) -> Option<Vec<Effect>> {
    match tag {
        RequestTag::ListTerminals => {
            let listed = result.clone().and_then(|v| {
                serde_json::from_value::<BackgroundTerminalsListResponse>(v)
                    .map_err(|e| format!("unreadable answer: {e}"))
            });
            state.layer_events.push(LayerEvent::Terminals(listed));
        }
        RequestTag::StopTerminal { command, .. } => {
            let command = sanitize_line(crate::model::agents::first_line(command).unwrap_or(""));
            let (level, text) = match result {
                Ok(v) => {
                    match serde_json::from_value::<BackgroundTerminalTerminateResponse>(v.clone()) {
                        Ok(r) if r.terminated => (
                            NoticeLevel::Info,
                            format!("Stopped background terminal `{command}`."),
                        ),
                        _ => (
                            NoticeLevel::Info,
                            format!("Background terminal `{command}` had already ended."),
                        ),
                    }
                }
                Err(e) => (
                    NoticeLevel::Error,
                    format!("Could not stop background terminal `{command}`: {e}"),
                ),
            };
            state.transcript.notice(level, text);
            state.layer_events.push(LayerEvent::TerminalsChanged);
        }
        RequestTag::StopAllTerminals => {
            if let Err(e) = result {
                state.transcript.notice(
                    NoticeLevel::Error,
                    format!("Could not stop the background terminals: {e}"),
                );
            }
            state.layer_events.push(LayerEvent::TerminalsChanged);
        }
        _ => return None,
    }
    Some(vec![])
}
