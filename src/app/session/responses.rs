//! Answers to tern's own requests: the one place they are dispatched, by one exhaustive match
//! on the typed reply (`reply::Reply`). Each arm handles the answer and its failure; an answer
//! that did not fit the schema arrives as an error naming the request and is said like any other
//! failure, never dropped.

use super::lifecycle::{self, Adopted};
use super::outbox;
use super::threads;
use crate::app::effect::Effect;
use crate::app::event::{LayerEvent, ListPurpose};
use crate::app::reply::{shown, Reply, ReplyError};
use crate::app::state::lifecycle::{Lifecycle, Open};
use crate::app::state::{Session, TurnPhase};
use crate::model::NoticeLevel;
use std::time::Instant;

pub fn on_reply(state: &mut Session, reply: Reply, now: Instant) -> Vec<Effect> {
    match reply {
        Reply::Initialize(answer) => lifecycle::initialized(state, answer),
        Reply::StartThread(answer) => {
            lifecycle::thread_answered(state, answer, Adopted::Started, now)
        }
        Reply::ResumeThread(answer) => {
            let how = match state.lifecycle {
                Lifecycle::Opening(Open::Restore(_)) => Adopted::Restored,
                _ => Adopted::Resumed,
            };
            lifecycle::thread_answered(state, answer, how, now)
        }
        Reply::ForkThread(answer) => {
            lifecycle::thread_answered(state, answer, Adopted::Forked, now)
        }
        Reply::StartTurn { prompt, answer } => match answer {
            Ok(response) => {
                if let TurnPhase::Starting { since } = state.shown.turn {
                    if !state.shown.finished_turns.contains(&response.turn.id) {
                        state.shown.turn = TurnPhase::Running {
                            id: response.turn.id,
                            since,
                        };
                    }
                }
                vec![]
            }
            // The turn may well have started: its `turn/started` says so.
            Err(e @ ReplyError::Unreadable { .. }) => {
                state
                    .shown
                    .transcript
                    .notice(NoticeLevel::Warning, e.to_string());
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
                    .shown
                    .transcript
                    .notice(NoticeLevel::Error, format!("Could not interrupt: {e}"));
            }
            vec![]
        }
        Reply::ListThreads { purpose, answer } => match purpose {
            ListPurpose::Page { generation, fast } => threads::listed(
                state,
                LayerEvent::ThreadPage {
                    generation,
                    fast,
                    result: shown(answer),
                },
            ),
            ListPurpose::Search { generation } => threads::listed(
                state,
                LayerEvent::ThreadMatches {
                    generation,
                    result: shown(answer),
                },
            ),
            ListPurpose::Last => lifecycle::last_listed(state, shown(answer)),
        },
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
                    .shown
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
        Reply::ListMcpServers(answer) => super::mcp::listed(state, answer),
        Reply::McpLogin { name, answer } => {
            super::mcp::login_answered(state, &name, answer);
            vec![]
        }
        Reply::ReloadMcp(answer) => super::mcp::reloaded(state, answer),
        Reply::ListSkills(answer) => {
            super::skills::listed(state, answer);
            vec![]
        }
        Reply::WriteSkillConfig {
            name,
            enabled,
            answer,
        } => super::skills::written(state, &name, enabled, answer),
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
