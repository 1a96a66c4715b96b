//! Notifications and server requests, routed by thread: every notification that names a
//! thread goes to that thread's own model (`thread_events`) — the shown thread's, or one kept
//! aside, made at the thread's first event (a sub-agent's thread is never announced with
//! `thread/started`; over a shared server, threads nobody here opened send events too). Only
//! the shown thread's events touch the screen, the person's queued messages or the layers.
//! Server questions from any thread join the one question queue, labelled with their thread.

use super::thread_events;
use crate::app::effect::Effect;
use crate::app::event::LayerEvent;
use crate::app::state::Session;
use crate::model::{CellKind, NoticeLevel, Question};
use crate::protocol::{RequestId, ServerNotification as N, ServerRequest, METHOD_NOT_FOUND};
use std::time::Instant;

pub fn on_notification(state: &mut Session, n: N, now: Instant) -> Vec<Effect> {
    let Some(thread_id) = n.thread_id() else {
        return about_no_thread(state, n);
    };
    // The one queue of questions, whichever thread asked.
    if let N::ServerRequestResolved(r) = &n {
        // Settled elsewhere (another client, an interrupt): say so rather than let the
        // question vanish unexplained.
        if state.questions.remove(&r.request_id, now).is_some() {
            state.shown.transcript.notice(
                NoticeLevel::Info,
                "A question from codex was settled elsewhere (answered by another client, or withdrawn).",
            );
        }
        return vec![];
    }
    if state.thread_id() == Some(thread_id) {
        return about_the_shown_thread(state, n, now);
    }
    // Another thread (a sub-agent's, another client's on a shared server): its own model,
    // made at its first event, never the transcript on screen.
    let thread_id = thread_id.to_string();
    let (model, dropped) = state.threads.touch(&thread_id);
    thread_events::apply(model, n, None, now);
    if let Some(dropped) = dropped {
        super::switch::let_go(state, &dropped);
    }
    vec![]
}

/// A notification about the thread on screen: its model, then what the person's messages and
/// the layers on screen make of it.
fn about_the_shown_thread(state: &mut Session, n: N, now: Instant) -> Vec<Effect> {
    let steers = Some(&mut state.outbox.steering);
    let applied = thread_events::apply(&mut state.shown, n, steers, now);
    if let Some(turn_id) = applied.diff_changed {
        state.layer_events.push(LayerEvent::TurnDiff { turn_id });
    }
    match applied.turn_ended {
        Some(interrupted) => {
            if interrupted {
                super::outbox::hold_after_interrupt(state);
            }
            super::outbox::turn_ended(state, now)
        }
        None => vec![],
    }
}

/// A notification about no thread in particular: said where the person looks, or news for the
/// layers (the picker keeps in step with renames and archives from anywhere).
fn about_no_thread(state: &mut Session, n: N) -> Vec<Effect> {
    match n {
        N::Warning(w) => super::notices::repeated(state, NoticeLevel::Warning, w.message),
        N::ConfigWarning(w) => super::notices::repeated(state, NoticeLevel::Warning, w.summary),
        N::DeprecationNotice(w) => tracing::info!("deprecation notice: {}", w.summary),
        N::ThreadNameUpdated(n) => state.layer_events.push(LayerEvent::ThreadRenamed {
            thread_id: n.thread_id,
            name: n.thread_name,
        }),
        N::ThreadArchived(n) => state.layer_events.push(LayerEvent::ThreadArchived {
            thread_id: n.thread_id,
            archived: true,
        }),
        N::ThreadUnarchived(n) => state.layer_events.push(LayerEvent::ThreadArchived {
            thread_id: n.thread_id,
            archived: false,
        }),
        N::RateLimitsUpdated(n) => state.turn_settings.merge_rate_limits(n.rate_limits),
        N::McpServerStatusUpdated(n) => return super::mcp::startup_updated(state, n),
        N::McpServerOauthLoginCompleted(n) => return super::mcp::login_completed(state, n),
        N::SkillsChanged => return super::skills::changed(state),
        N::Other(method) => tracing::trace!(method, "unhandled notification"),
        // Each names its thread (`thread_id`), so none comes here; routed by thread if one did.
        n @ (N::ThreadStarted(_)
        | N::TurnStarted(_)
        | N::TurnCompleted(_)
        | N::ItemStarted(_)
        | N::ItemCompleted(_)
        | N::AgentMessageDelta(_)
        | N::CommandOutputDelta(_)
        | N::ReasoningSummaryDelta(_)
        | N::TokenUsageUpdated(_)
        | N::PlanUpdated(_)
        | N::TurnDiffUpdated(_)
        | N::Error(_)
        | N::ServerRequestResolved(_)
        | N::ThreadStatusChanged(_)) => {
            tracing::warn!(?n, "a thread's notification without its thread");
        }
    }
    vec![]
}

pub fn on_server_request(
    state: &mut Session,
    id: RequestId,
    request: ServerRequest,
    now: Instant,
) -> Vec<Effect> {
    let approval = match request {
        ServerRequest::CommandApproval(params) => Question::command(id, params),
        ServerRequest::FileChangeApproval(params) => {
            // The changes are on the item's cell, in the transcript of the thread that asks.
            let changes = state
                .model_mut(&params.thread_id)
                .and_then(|model| {
                    model
                        .transcript
                        .cell_for_item(&params.turn_id, &params.item_id)
                })
                .and_then(|cell| match cell.kind() {
                    CellKind::FileChange { changes, .. } => Some(changes.clone()),
                    _ => None,
                })
                .unwrap_or_default();
            Question::file_change(id, params, changes)
        }
        ServerRequest::Permissions(params) => Question::permissions(id, params),
        ServerRequest::UserInput(params) => {
            Question::form(id, crate::model::FormSpec::from_user_input(&params))
        }
        ServerRequest::Elicitation(params) => Question::elicitation(id, params),
        ServerRequest::Unsupported(method) => {
            state.shown.transcript.notice(
                NoticeLevel::Warning,
                format!("The server asked for `{method}`, which tern does not support yet; it was told so."),
            );
            return vec![Effect::RespondError {
                id,
                code: METHOD_NOT_FOUND,
                message: format!("tern does not support the server request `{method}`"),
            }];
        }
    };
    // A sub-agent's request names its own thread; it is still shown, since tern is the only
    // one who can answer it.
    if state
        .thread_id()
        .is_some_and(|ours| ours != approval.thread_id())
    {
        tracing::info!(
            thread = approval.thread_id(),
            "approval request from another thread"
        );
    }
    state.questions.push(approval, now);
    vec![]
}
