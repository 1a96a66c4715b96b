//! Answers to tern's own requests: the one place they are dispatched, by one exhaustive match
//! on the typed reply (`request::Reply`). Each arm handles the answer and its failure; an answer
//! that did not fit the schema arrives as an error naming the request and is said like any other
//! failure, never dropped.

use super::lifecycle::{self, Adopted};
use super::outbox;
use super::threads;
use super::{account, first_run};
use crate::model::NoticeLevel;
use crate::protocol::{ThreadListResponse, ThreadStartResponse};
use crate::session::effect::Effect;
use crate::session::event::{LayerEvent, ListPurpose};
use crate::session::reply::{shown, Answer, ReplyError};
use crate::session::request::{NewThreadPurpose, Reply};
use crate::session::state::lifecycle::{Lifecycle, Open};
use crate::session::state::{Session, TurnPhase};
use std::time::Instant;

pub(crate) fn on_reply(state: &mut Session, reply: Reply, now: Instant) -> Vec<Effect> {
    match reply {
        reply @ (Reply::ReadUsage(_)
        | Reply::ReadUsageLimits(_)
        | Reply::ConsumeResetCredit(_)
        | Reply::DetectImport(_)
        | Reply::StartImport(_)
        | Reply::ReadRemoteControl(_)
        | Reply::EnableRemoteControl(_)
        | Reply::DisableRemoteControl(_)
        | Reply::StartPairing(_)
        | Reply::ListRemoteClients(_)
        | Reply::RevokeRemoteClient { .. }) => super::account_replies::on_reply(state, reply),
        Reply::Initialize(answer) => {
            // Then who is signed in, and the server's version noted (`first_run`).
            let after = first_run::initialize_answered(state, &answer);
            let mut effects = lifecycle::initialized(state, answer);
            effects.extend(after);
            effects
        }
        Reply::StartThread(answer) => {
            super::review_tool::started(state, &answer);
            opened(state, answer, Adopted::Started, now)
        }
        Reply::ResumeThread(answer) => {
            let how = match state.lifecycle {
                Lifecycle::Opening(Open::Restore(_)) => Adopted::Restored,
                _ => Adopted::Resumed,
            };
            opened(state, answer, how, now)
        }
        Reply::ForkThread(answer) => {
            super::review_tool::forked(state, &answer);
            opened(state, answer, Adopted::Forked, now)
        }
        Reply::StartTurn { prompt, answer } => match answer {
            Ok(response) => {
                state
                    .shown
                    .typed
                    .insert(response.turn.id.clone(), prompt.clone());
                if let TurnPhase::Starting { since } = state.shown.turn {
                    if !state.shown.finished_turns.contains(&response.turn.id) {
                        state.shown.turn = TurnPhase::Running {
                            id: response.turn.id,
                            since,
                        };
                    }
                }
                // A new thread's first prompt: its title is asked for beside it.
                super::titles::prompt_sent(state, &prompt)
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
        Reply::ListThreads { purpose, answer } => {
            // A rewound thread comes once per rollout generation: one row each.
            let answer = answer.map(|mut list| {
                crate::model::thread_list::dedupe(&mut list.data);
                list
            });
            listed(state, purpose, answer)
        }
        Reply::ListTurns { thread_id, answer } => {
            threads::on_turns(state, &thread_id, shown(answer), now)
        }
        Reply::CatchUpTurn {
            thread_id,
            turn_id,
            answer,
        } => super::rejoin::caught_up(state, &thread_id, &turn_id, answer, now),
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
        Reply::ArchiveShown { thread_id, answer } => {
            super::thread_removal::archived(state, thread_id, answer)
        }
        Reply::DeleteThread { thread_id, answer } => {
            super::thread_removal::deleted(state, thread_id, answer)
        }
        Reply::UnarchiveThread { thread_id, answer } => {
            archive_answered(state, thread_id, false, answer)
        }
        Reply::ListModels(answer) if super::plan_mode::wants_models(state) => {
            super::plan_mode::models_for_effort(state, answer)
        }
        Reply::ListModels(answer) => {
            state.layer_events.push(LayerEvent::Models(shown(answer)));
            vec![]
        }
        Reply::StartReview(answer) => super::review::answered(state, answer),
        Reply::SetGoal(answer) => super::goal::changed(state, "set", answer),
        Reply::ClearGoal(answer) => super::goal::changed(state, "clear", answer),
        Reply::ReadGoal(answer) => super::goal::read(state, answer),
        Reply::CheckFolder { path, answer } => super::folder::checked(state, path, answer),
        Reply::CompactThread(answer) => {
            if let Err(e) = answer {
                state
                    .shown
                    .transcript
                    .notice(NoticeLevel::Error, format!("Could not compact: {e}"));
            }
            vec![]
        }
        // Heard (or not) is all a check says; `health::observe` has taken it.
        Reply::Ping(_) => vec![],
        // The finder is a layer: its answer is news for it.
        Reply::SearchFiles { generation, answer } => {
            state.layer_events.push(LayerEvent::FilesFound {
                generation,
                result: shown(answer),
            });
            vec![]
        }
        // Plan mode, titles and rewind (issue 20).
        Reply::ListModes { then, answer } => super::plan_mode::modes_listed(state, then, answer),
        Reply::SwitchMode {
            mode,
            implement,
            answer,
        } => super::plan_mode::mode_switched(state, &mode, implement, answer, now),
        Reply::ReadConfig(answer) => {
            // Kept for `/doctor` (where codex's settings came from); Plan mode reads whether
            // raw reasoning is shown.
            state.first_run.codex_config = Some(shown(answer.clone()));
            state.layer_events.push(LayerEvent::SettingsChanged);
            super::plan_mode::config_read(state, answer);
            vec![]
        }
        Reply::CheckTrust(answer) => {
            state.first_run.codex_config = Some(shown(answer.clone()));
            state.layer_events.push(LayerEvent::SettingsChanged);
            let step = super::trust::read(state, answer);
            super::lifecycle::trust_step(state, step)
        }
        Reply::TrustFolder(answer) => {
            let step = super::trust::written(state, answer);
            super::lifecycle::trust_step(state, step)
        }
        Reply::ReadAgent { thread_id, answer } => {
            super::agents::read_answered(state, &thread_id, answer, now)
        }
        Reply::ListAgents { answer, .. } => super::agents::list_answered(state, answer, now),
        Reply::ListTerminals(answer) => super::terminals::listed(state, answer),
        Reply::StopTerminal {
            command, answer, ..
        } => super::terminals::stopped(state, &command, answer),
        Reply::StopAllTerminals(answer) => super::terminals::all_stopped(state, answer),
        Reply::ShellCommand { command, answer } => super::shell::answered(state, &command, answer),
        Reply::ReadAccount(answer) => account::read_answered(state, answer, now),
        Reply::Login { kind, answer } => account::login_answered(state, kind, answer),
        Reply::CancelLogin(answer) => account::cancel_answered(answer),
        Reply::Logout(answer) => account::logout_answered(state, answer),
        Reply::InjectEvidence {
            turn_id,
            item_id,
            answer,
        } => super::evidence::answered(state, &turn_id, &item_id, answer),
        Reply::InjectFileEvidence { label, answer } => {
            super::evidence_file::injected(state, &label, answer)
        }
        Reply::EvidenceTurn { label, answer } => {
            super::evidence_file::turn_answered(state, &label, answer)
        }
        Reply::RevertFailedTurn(answer) => account::revert_answered(state, answer, now),
        Reply::ReadRateLimits(answer) => account::limits_answered(state, answer),
        Reply::ListMcpServers(answer) => super::mcp::listed(state, answer),
        Reply::McpLogin { name, answer } => {
            super::mcp::login_answered(state, &name, answer);
            vec![]
        }
        Reply::ReloadMcp(answer) => super::mcp::reloaded(state, answer),
        Reply::ListLoaded(answer) => super::board::listed(state, answer),
        Reply::ReadBoardThread { thread_id, answer } => {
            super::board::read_answered(state, &thread_id, answer)
        }
        Reply::ListSkills(answer) => {
            super::skills::listed(state, answer);
            vec![]
        }
        Reply::ListHooks { startup, answer } => {
            super::hooks::listed(state, startup, answer);
            vec![]
        }
        Reply::TrustHook { key, trust, answer } => {
            super::hooks::written(state, &key, trust, answer)
        }
        Reply::ListFeatures { paged, answer } => super::experimental::listed(state, paged, answer),
        Reply::WriteFeatures { changes, answer } => {
            super::experimental::written(state, changes, answer)
        }
        Reply::ReadMemory(answer) => {
            super::memories::summary_read(state, answer);
            vec![]
        }
        Reply::MemoryStatus(answer) => {
            super::memories::status_read(state, answer);
            vec![]
        }
        Reply::SetMemoryMode { enabled, answer } => {
            super::memories::mode_set(state, enabled, answer)
        }
        Reply::ResetMemory(answer) => super::memories::reset_done(state, answer),
        Reply::SaveFeedback(answer) => super::feedback::saved(state, answer),
        Reply::UploadFeedback(answer) => super::feedback::uploaded(state, answer),
        Reply::ListPlugins(answer) => {
            super::plugins::listed(state, answer);
            vec![]
        }
        Reply::ReadPlugin(answer) => {
            super::plugins::read_answered(state, answer);
            vec![]
        }
        Reply::InstallPlugin { id, answer } => super::plugins::changed(state, &id, true, answer),
        Reply::UninstallPlugin { id, answer } => super::plugins::changed(state, &id, false, answer),
        Reply::SearchPlugins {
            generation,
            term,
            answer,
        } => {
            super::plugin_search::answered(state, generation, &term, answer);
            vec![]
        }
        Reply::AddMarketplace { source, answer } => {
            super::marketplaces::added(state, &source, answer)
        }
        Reply::RemoveMarketplace { name, answer } => {
            super::marketplaces::removed(state, &name, answer)
        }
        Reply::UpgradeMarketplace { name, answer } => {
            super::marketplaces::upgraded(state, name.as_deref(), answer)
        }
        Reply::ListApps(answer) => {
            super::apps::listed(state, answer);
            vec![]
        }
        Reply::WriteSkillConfig {
            name,
            enabled,
            answer,
        } => super::skills::written(state, &name, enabled, answer),
        Reply::StartThreadFor {
            purpose: NewThreadPurpose::ClearContext,
            answer,
        } => match answer {
            // "Clear context and implement": the fresh thread is the one on screen from now
            // on (the planning thread is kept aside until it is unsubscribed).
            Ok(response) => {
                super::switch::show_no_thread(state);
                let mut effects = lifecycle::adopt_thread(state, response, Adopted::Started, now);
                super::titles::thread_started(state);
                effects.extend(super::plans::fresh_thread(state));
                effects
            }
            Err(e) => {
                super::plans::fresh_thread_refused(state, &e.to_string());
                vec![]
            }
        },
        Reply::StartThreadFor {
            purpose:
                NewThreadPurpose::Title {
                    main_thread,
                    prompt,
                },
            answer,
        } => super::titles::side_thread_started(state, main_thread, prompt, answer),
        Reply::StartThreadFor {
            purpose:
                NewThreadPurpose::Recap {
                    main_thread,
                    history,
                },
            answer,
        } => super::recap::side_thread_started(state, main_thread, history, answer),
        Reply::RecapTurn {
            side_thread,
            answer,
            ..
        } => super::recap::turn_answered(state, &side_thread, answer),
        Reply::PlanAttachmentFolder(answer) => super::plans::attachment_folder(state, answer),
        Reply::PlanAttachmentFile { path, answer } => {
            super::plans::attachment_file(state, path, answer)
        }
        Reply::UploadImageFolder { local, answer } => {
            super::image_upload::folder_made(state, &local, answer)
        }
        Reply::UploadImageFile { local, answer } => {
            super::image_upload::written(state, &local, answer, now)
        }
        Reply::ReviewReadRemote {
            path,
            item_id,
            answer,
        } => {
            let read = super::remote_revert::review_read(state, &path, &item_id, answer);
            super::hunk_review::read_step(state, (vec![], read))
        }
        Reply::RevertStatRemote { path, answer } => {
            let step = super::remote_revert::revert_stat(state, &path, answer);
            super::hunk_review::revert_step(state, step, now)
        }
        Reply::RevertReadRemote {
            path,
            verify,
            answer,
        } => {
            let step = super::remote_revert::revert_read(state, &path, verify, answer);
            super::hunk_review::revert_step(state, step, now)
        }
        Reply::RevertWriteRemote { path, answer } => {
            let step = super::remote_revert::revert_written(state, &path, answer);
            super::hunk_review::revert_step(state, step, now)
        }
        Reply::PrepareApprovedPlan(answer) => super::plans::prepared(state, answer, now),
        Reply::Unsubscribe(answer) => {
            super::plans::unsubscribed(answer);
            vec![]
        }
        Reply::TitleTurn {
            side_thread,
            answer,
            ..
        } => super::titles::title_turn_answered(state, &side_thread, answer),
        Reply::AutoName {
            thread_id,
            name,
            answer,
        } => {
            super::titles::auto_named(state, &thread_id, name, answer);
            vec![]
        }
        Reply::ForkSide { question, answer } => super::side::forked(state, question, answer),
        Reply::InjectSide {
            thread_id,
            question,
            answer,
        } => super::side::injected(state, thread_id, question, answer, now),
        Reply::SideTurn { thread_id, answer } => {
            super::side::turn_answered(state, &thread_id, answer)
        }
        Reply::ArchiveSide(answer) => super::side::archived(state, answer),
        Reply::RevertThread {
            thread_id, answer, ..
        } => super::rewind::revert_answered(state, &thread_id, answer),
    }
}

/// `thread/start`, `thread/resume` or `thread/fork` answered (`lifecycle`), then its name: a
/// thread started here is named after its first exchange; a resumed one as the server says; a
/// fork "fork of …" its parent until renamed.
fn thread_answered(
    state: &mut Session,
    answer: Answer<ThreadStartResponse>,
    how: Adopted,
    now: Instant,
) -> Vec<Effect> {
    let thread = answer.as_ref().ok().map(|r| r.thread.clone());
    let mut effects = lifecycle::thread_answered(state, answer, how, now);
    match (how, thread) {
        (Adopted::Started, Some(_)) => super::titles::thread_started(state),
        (Adopted::Resumed | Adopted::Forked, thread @ Some(_)) => effects.extend(
            super::titles::thread_opened(state, thread, how == Adopted::Forked),
        ),
        _ => {}
    }
    effects
}

/// A page of `thread/list`: the picker's, its search's, or `tern resume --last`'s.
fn listed(
    state: &mut Session,
    purpose: ListPurpose,
    answer: Answer<ThreadListResponse>,
) -> Vec<Effect> {
    match purpose {
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
    }
}

/// A thread's opening answered. A refusal with a screen of its own (codex's config file has an
/// error; another codex writes to the thread) goes to `first_run`, the rest to the lifecycle;
/// a thread that opened takes a config box down.
fn opened(
    state: &mut Session,
    answer: Answer<ThreadStartResponse>,
    how: Adopted,
    now: Instant,
) -> Vec<Effect> {
    let walls = matches!(how, Adopted::Started | Adopted::Resumed);
    if walls {
        if let Some(effects) = first_run::thread_refused(state, &answer, how == Adopted::Resumed) {
            return effects;
        }
    }
    let after = first_run::thread_opened(state, &answer);
    let opened = answer.is_ok();
    let mut effects = thread_answered(state, answer, how, now);
    effects.extend(after);
    if opened {
        // Once a session: which hooks codex holds back until they are trusted.
        effects.extend(super::hooks::thread_opened(state));
    }
    effects
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
