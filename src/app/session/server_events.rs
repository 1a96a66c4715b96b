//! Notifications and server requests, routed by thread and turn.

use super::actions::turn_finished;
use crate::app::effect::Effect;
use crate::app::event::LayerEvent;
use crate::app::state::{Session, TurnPhase};
use crate::model::{CellKind, NoticeLevel, Question, TurnTokens};
use crate::protocol::{
    RequestId, ServerNotification as N, ServerRequest, TurnStatus, METHOD_NOT_FOUND,
};
use std::time::Instant;

pub fn on_notification(state: &mut Session, n: N, now: Instant) -> Vec<Effect> {
    // Route by thread first: another thread's events (a sub-agent, another client) never mix
    // into the visible one.
    if let (Some(theirs), Some(ours)) = (n.thread_id(), state.thread_id()) {
        if theirs != ours {
            tracing::debug!(
                thread = theirs,
                "ignoring a notification for another thread"
            );
            return vec![];
        }
    }
    if let Some(turn_id) = turn_of(&n) {
        if state.finished_turns.contains(turn_id) && !is_late_item_event(state, &n) {
            tracing::debug!(
                turn = turn_id,
                "dropping a late notification for an ended turn"
            );
            return vec![];
        }
    }
    match n {
        N::TurnStarted(t) => {
            let since = match &state.turn {
                TurnPhase::Starting { since } | TurnPhase::Running { since, .. } => *since,
                _ => now,
            };
            state.turn = TurnPhase::Running {
                id: t.turn.id,
                since,
            };
        }
        N::TurnCompleted(t) => {
            let turn = t.turn;
            state.finished_turns.insert(turn.id.clone());
            // A command still running when the model yields goes on in the background and
            // reports later under this turn's id; only a turn that was cut short stops them.
            let commands_go_on = matches!(turn.status, TurnStatus::Completed);
            let interrupted = matches!(turn.status, TurnStatus::Interrupted);
            state.transcript.settle_turn(&turn.id, commands_go_on);
            match turn.status {
                TurnStatus::Interrupted => state
                    .transcript
                    .notice(NoticeLevel::Warning, "Turn interrupted"),
                TurnStatus::Failed => {
                    let message = turn
                        .error
                        .map(|e| e.message)
                        .unwrap_or_else(|| "no reason given".into());
                    state
                        .transcript
                        .notice(NoticeLevel::Error, format!("Turn failed: {message}"));
                }
                _ => {}
            }
            let tokens = state
                .turn_tokens
                .take()
                .filter(|(id, _)| *id == turn.id)
                .map(|(_, t)| t);
            state.transcript.push(CellKind::TurnEnd {
                status: format!("{:?}", turn.status).to_lowercase(),
                duration_ms: turn.duration_ms,
                tokens,
            });
            let is_current = match state.active_turn_id() {
                Some(id) => id == turn.id,
                None => true,
            };
            if is_current {
                if interrupted {
                    super::outbox::hold_after_interrupt(state);
                }
                return turn_finished(state, now);
            }
        }
        N::ItemStarted(i) => {
            super::outbox::on_item_started(state, &i.turn_id, &i.item);
            state.transcript.upsert_item(&i.turn_id, &i.item, false)
        }
        N::ItemCompleted(i) => state.transcript.upsert_item(&i.turn_id, &i.item, true),
        N::AgentMessageDelta(d) => state
            .transcript
            .append_agent_delta(&d.turn_id, &d.item_id, &d.delta),
        N::ReasoningSummaryDelta(d) => state
            .transcript
            .append_reasoning_delta(&d.turn_id, &d.item_id, &d.delta),
        N::CommandOutputDelta(d) => state
            .transcript
            .append_command_output(&d.turn_id, &d.item_id, &d.delta),
        N::TokenUsageUpdated(u) => {
            // `last` is one model call; a turn's use is the sum over its calls.
            if let Some(turn_id) = u.turn_id {
                let last = &u.token_usage.last;
                let entry = match state.turn_tokens.take() {
                    Some((id, t)) if id == turn_id => (id, t),
                    _ => (turn_id, TurnTokens::default()),
                };
                let (id, mut t) = entry;
                t.input += last.input_tokens;
                t.cached_input += last.cached_input_tokens;
                t.output += last.output_tokens;
                state.turn_tokens = Some((id, t));
            }
            state.usage = Some(u.token_usage);
        }
        N::PlanUpdated(p) => state.transcript.update_plan(&p),
        N::TurnDiffUpdated(d) => {
            if state.transcript.set_turn_diff(&d.turn_id, &d.diff) {
                state
                    .layer_events
                    .push(LayerEvent::TurnDiff { turn_id: d.turn_id });
            }
        }
        N::Error(e) => super::notices::error(state, e),
        N::Warning(w) => super::notices::repeated(state, NoticeLevel::Warning, w.message),
        N::ConfigWarning(w) => super::notices::repeated(state, NoticeLevel::Warning, w.summary),
        N::ThreadStatusChanged(s) => {
            if s.status == crate::protocol::ThreadStatus::SystemError {
                super::notices::system_error(state);
            }
        }
        N::DeprecationNotice(w) => tracing::info!("deprecation notice: {}", w.summary),
        N::ServerRequestResolved(r) => {
            // Settled elsewhere (another client, an interrupt): say so rather than let the
            // question vanish unexplained.
            if state.questions.remove(&r.request_id, now).is_some() {
                state.transcript.notice(
                    NoticeLevel::Info,
                    "A question from codex was settled elsewhere (answered by another client, or withdrawn).",
                );
            }
        }
        N::ThreadStarted(_) => {}
        // Another client (or we) renamed or archived a thread: keep the picker in step.
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
    }
    vec![]
}

/// An item event for an ended turn whose item already has a cell: a background command's
/// output and completion arrive after `turn/completed` with the old turn id (protocol notes §5),
/// and belong to that cell. Events for items never seen stay dropped.
fn is_late_item_event(state: &Session, n: &N) -> bool {
    let (turn_id, item_id) = match n {
        N::ItemStarted(i) | N::ItemCompleted(i) => match i.item.id() {
            Some(id) => (i.turn_id.as_str(), id),
            None => return false,
        },
        N::CommandOutputDelta(d) | N::AgentMessageDelta(d) | N::ReasoningSummaryDelta(d) => {
            (d.turn_id.as_str(), d.item_id.as_str())
        }
        _ => return false,
    };
    state.transcript.has_item(turn_id, item_id)
}

fn turn_of(n: &N) -> Option<&str> {
    match n {
        N::ItemStarted(i) | N::ItemCompleted(i) => Some(&i.turn_id),
        N::AgentMessageDelta(d) | N::CommandOutputDelta(d) | N::ReasoningSummaryDelta(d) => {
            Some(&d.turn_id)
        }
        N::PlanUpdated(p) => Some(&p.turn_id),
        N::TurnDiffUpdated(d) => Some(&d.turn_id),
        N::TurnStarted(t) | N::TurnCompleted(t) => Some(&t.turn.id),
        _ => None,
    }
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
            let changes = state
                .transcript
                .cell_for_item(&params.turn_id, &params.item_id)
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
            state.transcript.notice(
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
