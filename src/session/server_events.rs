//! Notifications and server requests, routed by thread: every notification that names a
//! thread goes to that thread's own model (`thread_events`) — the shown thread's, or one kept
//! aside, made at the thread's first event (a sub-agent's thread is never announced with
//! `thread/started`; over a shared server, threads nobody here opened send events too). Only
//! the shown thread's events touch the screen, the person's queued messages or the layers.
//! Server questions from any thread join the one question queue, labelled with their thread.

use super::thread_events;
use crate::model::{CellKind, NoticeLevel, Question};
use crate::protocol::{
    RequestId, ServerNotification as N, ServerRequest, ThreadItem, METHOD_NOT_FOUND,
};
use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::state::thread_key::ThreadKey;
use crate::session::state::Session;
use std::time::Instant;

pub(crate) fn on_notification(state: &mut Session, n: N, now: Instant) -> Vec<Effect> {
    // The title's side thread is tern's own: its events never reach a thread's model.
    if let Some(effects) = super::titles::on_side_notification(state, &n) {
        return effects;
    }
    if let Some(effects) = super::recap::on_side_notification(state, &n) {
        return effects;
    }
    // A warning is kept for `/warnings` as well as said where it always is.
    super::warnings::notified(state, &n);
    let Some(thread_id) = n.thread_id() else {
        return about_no_thread(state, n);
    };
    // The one queue of questions, whichever thread asked.
    if let N::ServerRequestResolved(r) = &n {
        // Settled elsewhere (another client, an interrupt): say so rather than let the
        // question vanish unexplained.
        if let Some(question) = state
            .questions
            .remove(&state.server_id.clone(), &r.request_id, now)
        {
            settled_elsewhere(state, &[question]);
        }
        return vec![];
    }
    // Questions of a lost connection that the server never asked again were settled while the
    // link was down; their turn's end is the last moment they could have come back.
    if let N::TurnCompleted(t) = &n {
        let dropped = state
            .questions
            .drop_stale(&ThreadKey::new(&state.server_id, &t.thread_id), now);
        settled_elsewhere(state, &dropped);
    }
    let thread_id = thread_id.to_string();
    // The board hears every thread's status, known here or not (bounded: `state::board`).
    if let N::ThreadStatusChanged(s) = &n {
        state.board.status_changed(&thread_id, s.status.clone());
    }
    // What the event says of sub-agents: an agent's own events say where it stands; a collab
    // item (applied first, so its cell exists) links and describes the agents it names.
    let mut effects = super::agents::on_thread_event(state, &thread_id, &n, now);
    let agent_item = agent_item_of(&n);
    super::terminals::noted(state, &n, now);
    if state.thread_id() == Some(thread_id.as_str()) {
        effects.extend(about_the_shown_thread(state, n, now));
    } else {
        // Another thread (a sub-agent's, another client's on a shared server): its own model,
        // made at its first event, never the transcript on screen.
        let show_raw = state.plan_mode.show_raw == Some(true);
        // A shared service tells every window of every thread's status (protocol notes §1.4):
        // a thread tern holds no model of is none of this window's business, and must not take
        // a place among the kept threads (nor, past their bound, say so in this transcript).
        if matches!(n, N::ThreadStatusChanged(_)) && state.threads.get(&thread_id).is_none() {
            return effects;
        }
        let (model, dropped) = state.threads.touch(&thread_id);
        model.transcript.set_show_raw_reasoning(show_raw);
        thread_events::apply(model, n, None, now);
        if let Some(dropped) = dropped {
            super::switch::let_go(state, &dropped);
        }
    }
    if let Some((turn_id, item, completed)) = agent_item {
        effects.extend(super::agents::on_parent_item(
            state, &thread_id, &turn_id, &item, completed, now,
        ));
    }
    effects
}

/// A collab or sub-agent item's event: its turn, the item (copied: the event goes on to the
/// thread's model) and whether it completed.
fn agent_item_of(n: &N) -> Option<(String, crate::protocol::ThreadItem, bool)> {
    let (i, completed) = match n {
        N::ItemStarted(i) => (i, false),
        N::ItemCompleted(i) => (i, true),
        _ => return None,
    };
    super::agents::is_agent_item(&i.item).then(|| (i.turn_id.clone(), i.item.clone(), completed))
}

/// Says that `questions` were closed without an answer from here. `serverRequest/resolved`
/// does not say who settled a question (another window, an interrupt, the turn's end), so the
/// words are neutral.
pub(crate) fn settled_elsewhere(state: &mut Session, questions: &[Question]) {
    for question in questions {
        let what = match &question.subject {
            crate::model::QuestionSubject::Command(p) => p
                .command
                .as_deref()
                .map(|c| format!("to run `{}`", crate::text::sanitize::visible_line(c)))
                .unwrap_or_else(|| "about a command".into()),
            crate::model::QuestionSubject::FileChange { .. } => "about file changes".into(),
            _ => String::new(),
        };
        let what = if what.is_empty() {
            String::new()
        } else {
            format!(" {what}")
        };
        state.shown.transcript.notice(
            NoticeLevel::Info,
            format!(
                "The question{what} was settled elsewhere or withdrawn (answered in another \
                 window, or no longer needed)."
            ),
        );
    }
}

/// A notification about the thread on screen: its model, then what the person's messages and
/// the layers on screen make of it.
fn about_the_shown_thread(state: &mut Session, n: N, now: Instant) -> Vec<Effect> {
    // A turn refused for want of sign-in: its noise is one line (`auth_refusal`).
    match &n {
        N::Error(e) if super::auth_refusal::on_error(state, e) => return vec![],
        N::Warning(w)
            if super::auth_refusal::swallows_warning(state, w.thread_id.as_deref(), &w.message) =>
        {
            return vec![]
        }
        N::ThreadStatusChanged(s)
            if s.status == crate::protocol::ThreadStatus::SystemError
                && super::auth_refusal::is_refusing(state, Some(&s.thread_id)) =>
        {
            return vec![]
        }
        N::TurnCompleted(t) if super::auth_refusal::explains_failure(state, &t.turn) => {
            state.shown.failure_said = Some(t.turn.id.clone());
        }
        _ => {}
    }
    let mut effects = Vec::new();
    // Plan mode, plans and rewind (issue 20): what the session makes of them besides the model.
    let ended = match &n {
        // Once: a repeated `turn/completed` is dropped by the model too.
        N::TurnCompleted(t) if !state.shown.finished_turns.contains(&t.turn.id) => {
            Some((t.turn.id.clone(), t.turn.status))
        }
        N::ItemStarted(i) if matches!(i.item, ThreadItem::Reasoning { .. }) => {
            effects.extend(super::plan_mode::reasoning_seen(state));
            None
        }
        N::ItemCompleted(i) => {
            // An image an item shows is measured for its cell — on screen only: a kept
            // thread's image cells show their path without a size.
            effects.extend(super::item_notices::probe_image(state, &i.item));
            if let ThreadItem::Plan { text, .. } = &i.item {
                super::plans::plan_completed(state, &i.turn_id, text);
            }
            effects.extend(super::hunk_review::item_completed(state, &i.item, now));
            None
        }
        N::ThreadSettingsUpdated(u) => {
            super::plan_mode::settings_updated(state, u);
            None
        }
        _ => None,
    };
    let show_raw = state.plan_mode.show_raw == Some(true);
    state.shown.transcript.set_show_raw_reasoning(show_raw);
    let steers = Some(&mut state.outbox.steering);
    let applied = thread_events::apply(&mut state.shown, n, steers, now);
    if let Some(turn_id) = applied.diff_changed {
        state.layer_events.push(LayerEvent::TurnDiff { turn_id });
    }
    if let Some((turn_id, status)) = ended {
        // What it did to files is kept for a rewind; a plan it proposed asks what now; a
        // title waiting for the thread's first turn can be set.
        effects.extend(super::rewind::turn_ended(state, &turn_id));
        effects.extend(super::titles::main_turn_ended(state));
        super::plans::turn_completed(state, &turn_id, status, now);
    }
    if let Some(interrupted) = applied.turn_ended {
        if interrupted {
            super::outbox::hold_after_interrupt(state);
        }
        effects.extend(super::outbox::turn_ended(state, now));
    }
    effects
}

/// A notification about no thread in particular: said where the person looks, or news for the
/// layers (the picker keeps in step with renames and archives from anywhere).
fn about_no_thread(state: &mut Session, n: N) -> Vec<Effect> {
    use super::thread_gone::Gone;
    match n {
        N::Warning(w) => {
            if !super::auth_refusal::swallows_warning(state, None, &w.message) {
                super::notices::repeated(state, NoticeLevel::Warning, w.message)
            }
        }
        N::ConfigWarning(w) => {
            // One about a config file that does not load is kept for the config box.
            if !super::config_warning::kept(state, &w) {
                super::notices::repeated(state, NoticeLevel::Warning, w.summary)
            }
        }
        N::AccountLoginCompleted(n) => return super::account::login_completed(state, n),
        N::AccountUpdated(n) => return super::account::updated(state, n),
        N::DeprecationNotice(w) => tracing::info!("deprecation notice: {}", w.summary),
        N::ThreadNameUpdated(n) => {
            super::titles::named(state, &n.thread_id, n.thread_name.clone());
            state.layer_events.push(LayerEvent::ThreadRenamed {
                thread_id: n.thread_id,
                name: n.thread_name,
            })
        }
        N::ThreadArchived(n) => super::thread_gone::notified(state, n.thread_id, Gone::Archived),
        N::ThreadDeleted(n) => super::thread_gone::notified(state, n.thread_id, Gone::Deleted),
        N::ThreadClosed(n) => super::thread_gone::notified(state, n.thread_id, Gone::Closed),
        N::ThreadUnarchived(n) => state.layer_events.push(LayerEvent::ThreadArchived {
            thread_id: n.thread_id,
            archived: false,
        }),
        N::RateLimitsUpdated(n) => state.turn_settings.merge_rate_limits(n.rate_limits),
        N::McpServerStatusUpdated(n) => return super::mcp::startup_updated(state, n),
        N::McpServerOauthLoginCompleted(n) => return super::mcp::login_completed(state, n),
        N::SkillsChanged => return super::skills::changed(state),
        N::ImportProgress(n) => super::import::progress(state, n),
        N::ImportCompleted(n) => super::import::completed(state, n),
        N::RemoteControlChanged(n) => super::remote_control::changed(state, n),
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
        | N::ThreadStatusChanged(_)
        | N::HookStarted(_)
        | N::HookCompleted(_)
        | N::AutoReview(_)
        | N::StrictReviewRequired(_)
        | N::GuardianWarning(_)
        | N::GoalUpdated(_)
        | N::GoalCleared(_)
        | N::ModelRerouted(_)
        | N::ModerationMetadata(_)
        | N::ModelVerification(_)
        | N::PlanDelta(_)
        | N::ReasoningSummaryPartAdded(_)
        | N::ReasoningTextDelta(_)
        | N::ThreadSettingsUpdated(_)
        | N::ThreadReverted(_)
        | N::PatchUpdated(_)
        | N::TerminalInteraction(_)
        | N::McpToolProgress(_)
        | N::SafetyBuffering(_)
        | N::ThreadCompacted(_)) => {
            tracing::warn!(?n, "a thread's notification without its thread");
        }
    }
    vec![]
}

pub(crate) fn on_server_request(
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
        ServerRequest::ToolCall(params) => match super::review_tool::called(state, id, params) {
            Ok(question) => question,
            Err(answered) => return answered,
        },
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
    // one who can answer it. Another thread's waits in the inbox (`inbox::asked`).
    if state
        .thread_id()
        .is_some_and(|ours| ours != approval.thread_id())
    {
        tracing::info!(
            thread = approval.thread_id(),
            "approval request from another thread"
        );
    }
    super::inbox::asked(state, approval, now);
    vec![]
}
