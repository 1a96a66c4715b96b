//! Answers to tern's own requests, and the loss of the connection.

use super::actions::fail;
use super::outbox;
use super::threads;
use crate::app::effect::Effect;
use crate::app::event::{LayerEvent, RequestTag};
use crate::app::state::{ConnState, Resume, Session, ThreadInfo, TurnPhase};
use crate::model::NoticeLevel;
use crate::protocol::{
    FuzzyFileSearchResponse, InitializeResponse, ModelListResponse, ThreadStartResponse,
    TurnStartResponse,
};
use serde_json::Value;
use std::time::Instant;

pub fn on_response(
    state: &mut Session,
    tag: RequestTag,
    result: Result<Value, String>,
    now: Instant,
) -> Vec<Effect> {
    if let Some(effects) = super::restart::on_response(state, &tag, &result, now) {
        return effects;
    }
    if let Some(effects) = super::threads::on_response(state, &tag, &result, now) {
        return effects;
    }
    match (tag, result) {
        (RequestTag::Initialize, Ok(value)) => {
            // Kept for what comes later (`codexHome` locates the exec-policy rules).
            state.server = Some(serde_json::from_value(value).unwrap_or_else(|e| {
                tracing::warn!("initialize response unreadable: {e}");
                InitializeResponse::default()
            }));
            let mut effects = vec![Effect::Notify {
                method: crate::protocol::INITIALIZED,
                params: None,
            }];
            effects.extend(match state.config.resume.clone() {
                Resume::New => threads::start_new(state),
                Resume::Thread(thread_id) => {
                    vec![Effect::Request(threads::resume_request(state, thread_id))]
                }
                Resume::Last => threads::find_last(state),
                Resume::Pick => {
                    state.layer_events.push(LayerEvent::PickerWanted);
                    vec![]
                }
            });
            effects
        }
        (RequestTag::StartThread, Ok(value)) => {
            match serde_json::from_value::<ThreadStartResponse>(value) {
                Ok(response) => on_thread_ready(state, response, now),
                Err(e) => fail(
                    state,
                    format!("The server's thread response was unreadable: {e}"),
                ),
            }
        }
        (RequestTag::StartTurn { .. }, Ok(value)) => {
            if let Ok(TurnStartResponse { turn }) = serde_json::from_value(value) {
                if let TurnPhase::Starting { since } = state.turn {
                    if !state.finished_turns.contains(&turn.id) {
                        state.turn = TurnPhase::Running { id: turn.id, since };
                    }
                }
            }
            vec![]
        }
        (RequestTag::StartTurn { prompt }, Err(e)) => {
            // Never lose what the person wrote.
            outbox::turn_refused(state, &prompt, &e);
            vec![]
        }
        (RequestTag::SteerTurn { prompt }, result) => {
            outbox::steer_answered(state, &prompt, &result, now)
        }
        (RequestTag::SearchFiles { generation }, result) => {
            // An answer tern cannot read lists nothing.
            let result = result
                .map(|v| serde_json::from_value::<FuzzyFileSearchResponse>(v).unwrap_or_default());
            if let Some(finder) = state.composer.file_finder() {
                finder.answered(generation, result);
            }
            vec![]
        }
        (RequestTag::InterruptTurn, Ok(_)) => vec![],
        (RequestTag::InterruptTurn, Err(e)) => {
            state
                .transcript
                .notice(NoticeLevel::Error, format!("Could not interrupt: {e}"));
            vec![]
        }
        (RequestTag::Initialize, Err(e)) => fail(state, format!("codex refused to start: {e}")),
        (RequestTag::StartThread, Err(e)) => {
            fail(state, format!("codex could not start a thread: {e}"))
        }
        // Handled by `threads` above.
        (
            RequestTag::ResumeThread
            | RequestTag::ForkThread
            | RequestTag::ListThreads(_)
            | RequestTag::ListTurns { .. }
            | RequestTag::PeekTurns { .. }
            | RequestTag::SetThreadName { .. }
            | RequestTag::ArchiveThread { .. }
            | RequestTag::UnarchiveThread { .. },
            _,
        ) => vec![],
        (RequestTag::ListModels, result) => {
            let parsed = result.and_then(|v| {
                serde_json::from_value::<ModelListResponse>(v).map_err(|e| e.to_string())
            });
            state.layer_events.push(LayerEvent::Models(parsed));
            vec![]
        }
        (RequestTag::ListMcpServers, result) => super::mcp::listed(state, result),
        (RequestTag::McpLogin { name }, result) => {
            super::mcp::login_answered(state, &name, result);
            vec![]
        }
        (RequestTag::ReloadMcp, result) => super::mcp::reloaded(state, result),
        (RequestTag::ListSkills, result) => {
            super::skills::listed(state, result);
            vec![]
        }
        (RequestTag::CompactThread, result) => {
            if let Err(e) = result {
                state
                    .transcript
                    .notice(NoticeLevel::Error, format!("Could not compact: {e}"));
            }
            vec![]
        }
    }
}

fn on_thread_ready(
    state: &mut Session,
    response: ThreadStartResponse,
    now: Instant,
) -> Vec<Effect> {
    let cwd = if response.cwd.is_empty() {
        response.thread.cwd.clone().unwrap_or_default()
    } else {
        response.cwd.clone()
    };
    state.transcript.set_session_cwd(Some(cwd.clone()));
    super::turn_settings::reported(state, &response);
    state.transcript.load_turns(&response.thread.turns);
    if !response.thread.turns.is_empty() {
        state.transcript.notice(
            NoticeLevel::Info,
            format!(
                "Resumed thread {} ({} earlier turns)",
                response.thread.id,
                response.thread.turns.len()
            ),
        );
    }
    state.thread = Some(ThreadInfo {
        id: response.thread.id,
        model: response.model,
        cwd,
    });
    state.conn = ConnState::Ready;
    outbox::send_next(state, now)
}
