//! Answers to tern's own requests: the one place they are dispatched, by one exhaustive match
//! on the typed reply (`reply::Reply`). Each arm handles the answer and its failure; an answer
//! that did not fit the schema arrives as an error naming the request and is said like any other
//! failure, never dropped.

use super::actions::fail;
use super::outbox;
use super::threads;
use super::{account, first_run};
use crate::app::effect::Effect;
use crate::app::event::LayerEvent;
use crate::app::reply::{shown, Reply, ReplyError};
use crate::app::state::{ConnState, Resume, Session, ThreadInfo, TurnPhase};
use crate::model::NoticeLevel;
use crate::protocol::{InitializeResponse, ThreadStartResponse};
use std::time::Instant;

pub fn on_reply(state: &mut Session, reply: Reply, now: Instant) -> Vec<Effect> {
    match reply {
        Reply::Initialize(answer) => {
            // Then who is signed in, and the server's version noted (`first_run`).
            let after = first_run::initialize_answered(state, &answer);
            let mut effects = initialize_answered(state, answer);
            effects.extend(after);
            effects
        }
        Reply::StartThread(answer) => {
            // A config file with an error: the config box, not a failed session.
            if let Some(effects) = first_run::thread_refused(state, &answer, false) {
                return effects;
            }
            let after = first_run::thread_opened(state, &answer);
            let mut effects = match answer {
                Ok(response) => on_thread_ready(state, response, now),
                Err(e) => fail(state, format!("codex could not start a thread: {e}")),
            };
            effects.extend(after);
            effects
        }
        Reply::ResumeThread(answer) => {
            if super::restart::resuming(state) {
                return super::restart::resumed_answer(state, answer, now);
            }
            // A config error, or another codex writing to the thread: a box that says so.
            if let Some(effects) = first_run::thread_refused(state, &answer, true) {
                return effects;
            }
            let after = first_run::thread_opened(state, &answer);
            let mut effects = threads::open_answered(state, answer, false, now);
            effects.extend(after);
            effects
        }
        Reply::ForkThread(answer) => threads::open_answered(state, answer, true, now),
        Reply::StartTurn { prompt, answer } => match answer {
            Ok(response) => {
                if let TurnPhase::Starting { since } = state.turn {
                    if !state.finished_turns.contains(&response.turn.id) {
                        state.turn = TurnPhase::Running {
                            id: response.turn.id,
                            since,
                        };
                    }
                }
                vec![]
            }
            // The turn may well have started: its `turn/started` says so.
            Err(e @ ReplyError::Unreadable { .. }) => {
                state.transcript.notice(NoticeLevel::Warning, e.to_string());
                vec![]
            }
            // Never lose what the person wrote.
            Err(e) => {
                outbox::turn_refused(state, &prompt, &e.to_string());
                vec![]
            }
        },
        Reply::SteerTurn { prompt, answer } => {
            outbox::steer_answered(state, &prompt, &shown(answer), now)
        }
        Reply::InterruptTurn(answer) => {
            if let Err(e) = answer {
                state
                    .transcript
                    .notice(NoticeLevel::Error, format!("Could not interrupt: {e}"));
            }
            vec![]
        }
        Reply::ListThreads { purpose, answer } => threads::on_list(state, &purpose, shown(answer)),
        Reply::ListTurns { thread_id, answer } => {
            threads::on_turns(state, &thread_id, shown(answer), now)
        }
        Reply::PeekTurns { thread_id, answer } => {
            let result = shown(answer).map(|r| {
                r.data
                    .first()
                    .and_then(crate::model::thread_list::Exchange::from_turn)
            });
            state
                .layer_events
                .push(LayerEvent::ThreadPeek { thread_id, result });
            vec![]
        }
        Reply::SetThreadName {
            thread_id,
            name,
            answer,
        } => {
            state.layer_events.push(LayerEvent::RenameAnswered {
                thread_id,
                name,
                result: shown(answer),
            });
            vec![]
        }
        Reply::ArchiveThread { thread_id, answer } => {
            archive_answered(state, thread_id, true, answer)
        }
        Reply::UnarchiveThread { thread_id, answer } => {
            archive_answered(state, thread_id, false, answer)
        }
        Reply::ListModels(answer) => {
            state.layer_events.push(LayerEvent::Models(shown(answer)));
            vec![]
        }
        Reply::CompactThread(answer) => {
            if let Err(e) = answer {
                state
                    .transcript
                    .notice(NoticeLevel::Error, format!("Could not compact: {e}"));
            }
            vec![]
        }
        Reply::SearchFiles { generation, answer } => {
            if let Some(finder) = state.composer.file_finder() {
                finder.answered(generation, shown(answer));
            }
            vec![]
        }
        Reply::ReadAccount(answer) => account::read_answered(state, answer, now),
        Reply::Login { kind, answer } => account::login_answered(state, kind, answer),
        Reply::CancelLogin(answer) => account::cancel_answered(answer),
        Reply::Logout(answer) => account::logout_answered(state, answer),
        Reply::RevertFailedTurn(answer) => account::revert_answered(state, answer, now),
        Reply::ReadRateLimits(answer) => account::limits_answered(state, answer),
    }
}

/// `initialize` answered (a restart's too): `initialized`, then the thread.
fn initialize_answered(
    state: &mut Session,
    answer: crate::app::reply::Answer<InitializeResponse>,
) -> Vec<Effect> {
    let answer = match super::restart::initialized(state, answer) {
        Ok(effects) => return effects,
        // Not a restart's, or a restart that had no thread open: start as asked.
        Err(answer) => answer,
    };
    match answer {
        Ok(server) => initialized(state, server),
        Err(ReplyError::Unreadable { .. }) => {
            unreadable_but_going_on(state, answer.err());
            initialized(state, InitializeResponse::default())
        }
        Err(e) => fail(state, format!("codex refused to start: {e}")),
    }
}

fn archive_answered(
    state: &mut Session,
    thread_id: String,
    archiving: bool,
    answer: Result<(), ReplyError>,
) -> Vec<Effect> {
    state.layer_events.push(LayerEvent::ArchiveAnswered {
        thread_id,
        archiving,
        result: shown(answer),
    });
    vec![]
}

/// An answer tern could not read but can do without: said, and the session goes on.
fn unreadable_but_going_on(state: &mut Session, error: Option<ReplyError>) {
    if let Some(error) = error {
        state.transcript.notice(
            NoticeLevel::Warning,
            format!("{error} (going on without it)"),
        );
    }
}

/// `initialize` answered: `initialized`, then the thread the session was asked to open.
fn initialized(state: &mut Session, server: InitializeResponse) -> Vec<Effect> {
    // Kept for what comes later (`codexHome` locates the exec-policy rules).
    state.server = Some(server);
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
