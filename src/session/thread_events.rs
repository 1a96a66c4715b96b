//! What one notification does to one thread's model — the same for the thread on screen and
//! for a thread kept aside (a sub-agent's, another client's): its transcript, turn phase and
//! token use. What only the shown thread's events do besides (the person's queued messages,
//! the layers' news) is left to the caller through [`Applied`].
//!
//! Events come as the server sends them, which is not always from the start: a thread resumed
//! mid-turn, or a child thread tern never saw start, streams deltas of items whose
//! `item/started` never came and turns no `turn/started` announced (protocol notes §1.4). Their
//! cells are built from the first delta, and the turn counts as running from its first event.

use crate::model::{CellKind, NoticeLevel, TurnTokens};
use crate::protocol::{ServerNotification as N, ThreadItem, TurnStatus, UserInput};
use crate::session::outbox::{CUT_OFF_BY_A_STEER, CUT_OFF_BY_YOUR_STEER};
use crate::session::state::outbox::PendingSteer;
use crate::session::state::{ThreadModel, TurnPhase};
use std::time::Instant;

/// What the caller may have to do after a notification was applied to a thread's model.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Applied {
    /// The thread's current turn ended (was it interrupted?).
    pub turn_ended: Option<bool>,
    /// This turn's whole diff changed.
    pub diff_changed: Option<String>,
}

/// Applies `n`, a notification about the thread of `model`. `steers` are the person's steers on
/// their way into this thread's running turn (only the shown thread has any): an echo of one of
/// them is theirs.
pub(crate) fn apply(
    model: &mut ThreadModel,
    n: N,
    steers: Option<&mut Vec<PendingSteer>>,
    now: Instant,
) -> Applied {
    let mut applied = Applied::default();
    if let Some(turn_id) = turn_of(model, &n) {
        if model.finished_turns.contains(turn_id) {
            if !is_late_item_event(model, &n) {
                tracing::debug!(
                    turn = turn_id,
                    "dropping a late notification for an ended turn"
                );
                return applied;
            }
        } else if announces_its_turn(&n) {
            joined(model, turn_id, now);
        }
    }
    let transcript = &mut model.transcript;
    match n {
        // `joined` made it the running turn.
        N::TurnStarted(_) => {}
        N::TurnCompleted(t) => {
            let turn = t.turn;
            model.finished_turns.insert(turn.id.clone());
            // A command still running when the model yields goes on in the background and
            // reports later under this turn's id; only a turn that was cut short stops them.
            let commands_go_on = matches!(turn.status, TurnStatus::Completed);
            let interrupted = matches!(turn.status, TurnStatus::Interrupted);
            transcript.settle_turn(&turn.id, commands_go_on);
            match turn.status {
                TurnStatus::Interrupted => {
                    transcript.notice(NoticeLevel::Warning, "Turn interrupted")
                }
                // Said already by a line of its own (a 401's sign-in line, `auth_refusal`).
                TurnStatus::Failed if model.failure_said.as_deref() == Some(turn.id.as_str()) => {}
                TurnStatus::Failed => {
                    let message = turn
                        .error
                        .map(|e| e.message)
                        .unwrap_or_else(|| "no reason given".into());
                    transcript.notice(NoticeLevel::Error, format!("Turn failed: {message}"));
                }
                _ => {}
            }
            let tokens = model
                .turn_tokens
                .take()
                .filter(|(id, _)| *id == turn.id)
                .map(|(_, t)| t);
            transcript.push(CellKind::TurnEnd {
                status: format!("{:?}", turn.status).to_lowercase(),
                duration_ms: turn.duration_ms,
                tokens,
            });
            let is_current = model.active_turn_id().is_none_or(|id| id == turn.id);
            if is_current {
                model.turn = TurnPhase::Idle;
                applied.turn_ended = Some(interrupted);
            }
        }
        N::ItemStarted(i) => {
            if let ThreadItem::UserMessage { content, .. } = &i.item {
                steered(transcript, &i.turn_id, content, steers);
            }
            if matches!(i.item, ThreadItem::ContextCompaction { .. }) {
                model.compaction_turn = Some(i.turn_id.clone());
            }
            transcript.upsert_item(&i.turn_id, &i.item, false)
        }
        N::ItemCompleted(i) => transcript.upsert_item(&i.turn_id, &i.item, true),
        N::AgentMessageDelta(d) => transcript.append_agent_delta(&d.turn_id, &d.item_id, &d.delta),
        N::ReasoningSummaryDelta(d) => {
            transcript.append_reasoning_delta(&d.turn_id, &d.item_id, &d.delta)
        }
        N::CommandOutputDelta(d) => {
            transcript.append_command_output(&d.turn_id, &d.item_id, &d.delta)
        }
        N::TokenUsageUpdated(u) => {
            // A compaction's own use is no figure of the context (see `context_compacted`).
            let compaction = u.turn_id.is_some() && u.turn_id == model.compaction_turn;
            // `last` is one model call; a turn's use is the sum over its calls.
            if let Some(turn_id) = u.turn_id {
                let last = &u.token_usage.last;
                let (id, mut t) = match model.turn_tokens.take() {
                    Some((id, t)) if id == turn_id => (id, t),
                    _ => (turn_id, TurnTokens::default()),
                };
                t.add_call(
                    last.input_tokens,
                    last.cached_input_tokens,
                    last.output_tokens,
                );
                model.turn_tokens = Some((id, t));
            }
            model.context_compacted = compaction;
            if !compaction {
                model.usage = Some(u.token_usage);
            }
        }
        N::PlanUpdated(p) => transcript.update_plan(&p),
        N::PlanDelta(d) => transcript.append_plan_delta(&d.turn_id, &d.item_id, &d.delta),
        N::ReasoningSummaryPartAdded(p) => {
            transcript.start_reasoning_part(&p.turn_id, &p.item_id, p.summary_index)
        }
        N::ReasoningTextDelta(d) => {
            transcript.append_raw_reasoning(&d.turn_id, &d.item_id, &d.delta)
        }
        N::TurnDiffUpdated(d) => {
            if transcript.set_turn_diff(&d.turn_id, &d.diff) {
                applied.diff_changed = Some(d.turn_id);
            }
        }
        N::HookStarted(h) | N::HookCompleted(h) => {
            transcript.upsert_hook(h.turn_id.as_deref(), &h.run)
        }
        N::GoalUpdated(g) => {
            transcript.update_goal(Some(&g.goal));
            model.goal = Some(g.goal);
        }
        N::GoalCleared(_) => {
            transcript.update_goal(None);
            model.goal = None;
        }
        N::PatchUpdated(p) => transcript.update_patch(&p.turn_id, &p.item_id, p.changes),
        N::TerminalInteraction(t) => transcript.command_stdin(&t.turn_id, &t.item_id, &t.stdin),
        N::McpToolProgress(p) => transcript.tool_progress(&p.turn_id, &p.item_id, &p.message),
        N::SafetyBuffering(b) => super::item_notices::safety_buffering(transcript, &b),
        N::ThreadCompacted(c) => super::item_notices::compacted(
            transcript,
            model.compaction_turn.as_deref(),
            &c.turn_id,
        ),
        N::AutoReview(r) => transcript.upsert_review(&r),
        N::StrictReviewRequired(_) => super::notices::repeated_in(
            transcript,
            NoticeLevel::Warning,
            "Auto-review asks for a strict review of the next action (codex: strict review required).".into(),
        ),
        N::GuardianWarning(w) => super::notices::repeated_in(
            transcript,
            NoticeLevel::Warning,
            format!("Auto-review: {}", w.message),
        ),
        N::ModelRerouted(r) => super::item_notices::rerouted(transcript, &r),
        N::ModerationMetadata(m) => super::item_notices::moderation(transcript, &m),
        N::ModelVerification(v) => super::item_notices::verification(transcript, &v),
        N::Error(e) => super::notices::error(transcript, e),
        N::Warning(w) => super::notices::repeated_in(transcript, NoticeLevel::Warning, w.message),
        N::ThreadStatusChanged(s) => {
            if s.status == crate::protocol::ThreadStatus::SystemError {
                super::notices::system_error(transcript);
            }
        }
        // Nothing in them for a thread's model: the session handles them (see
        // `server_events`), and none reaches here.
        N::ThreadStarted(_)
        // The session's (Plan mode); a rewind's answer reloads the thread, this only repeats it.
        | N::ThreadSettingsUpdated(_)
        | N::ThreadReverted(_)
        | N::ServerRequestResolved(_)
        | N::ConfigWarning(_)
        | N::DeprecationNotice(_)
        | N::ThreadNameUpdated(_)
        | N::ThreadArchived(_)
        | N::ThreadUnarchived(_)
        | N::ThreadDeleted(_)
        | N::ThreadClosed(_)
        | N::RateLimitsUpdated(_)
        | N::AccountLoginCompleted(_)
        | N::AccountUpdated(_)
        | N::McpServerStatusUpdated(_)
        | N::McpServerOauthLoginCompleted(_)
        | N::SkillsChanged
        | N::ImportProgress(_)
        | N::ImportCompleted(_)
        | N::RemoteControlChanged(_)
        | N::Other(_) => {}
    }
    applied
}

/// An event of turn `turn_id`, which has not ended: the thread is running it, announced or
/// not (a resumed thread's running turn is never announced again).
fn joined(model: &mut ThreadModel, turn_id: &str, now: Instant) {
    let since = match &model.turn {
        TurnPhase::Idle => now,
        TurnPhase::Starting { since } => *since,
        TurnPhase::Running { id, since } if id != turn_id => *since,
        TurnPhase::Interrupting { id, .. } if id != turn_id => now,
        TurnPhase::Running { .. } | TurnPhase::Interrupting { .. } => return,
    };
    model.turn = TurnPhase::Running {
        id: turn_id.to_string(),
        since,
    };
}

/// A user message in the middle of a turn is a steer: the server drops the answer it was
/// streaming, so say so where that answer is shown — whose steer it was, when it is one of
/// the person's own.
fn steered(
    transcript: &mut crate::model::Transcript,
    turn_id: &str,
    content: &[UserInput],
    steers: Option<&mut Vec<PendingSteer>>,
) {
    let text: Vec<&str> = content
        .iter()
        .filter_map(|c| match c {
            UserInput::Text { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    let text = text.join("\n");
    let ours = steers.is_some_and(|steers| {
        let found = steers.iter().position(|s| s.prompt == text);
        if let Some(index) = found {
            steers.remove(index);
        }
        found.is_some()
    });
    let note = if ours {
        CUT_OFF_BY_YOUR_STEER
    } else {
        CUT_OFF_BY_A_STEER
    };
    transcript.cut_off_streaming_answers(turn_id, note);
}

/// An item event for an ended turn whose item already has a cell: a background command's
/// output and completion arrive after `turn/completed` with the old turn id (protocol notes §5),
/// and belong to that cell. Events for items never seen stay dropped.
fn is_late_item_event(model: &ThreadModel, n: &N) -> bool {
    let (turn_id, item_id) = match n {
        N::ItemStarted(i) | N::ItemCompleted(i) => match i.item.id() {
            Some(id) => (i.turn_id.as_str(), id),
            None => return false,
        },
        N::CommandOutputDelta(d)
        | N::AgentMessageDelta(d)
        | N::ReasoningSummaryDelta(d)
        | N::PlanDelta(d)
        | N::ReasoningTextDelta(d) => (d.turn_id.as_str(), d.item_id.as_str()),
        N::TerminalInteraction(t) => (t.turn_id.as_str(), t.item_id.as_str()),
        _ => return false,
    };
    model.transcript.has_item(turn_id, item_id)
}

/// A turn's start, or its items' events: the turn is running (plans and diffs are about a
/// turn, not a sign that it runs).
fn announces_its_turn(n: &N) -> bool {
    matches!(
        n,
        N::TurnStarted(_)
            | N::ItemStarted(_)
            | N::ItemCompleted(_)
            | N::AgentMessageDelta(_)
            | N::CommandOutputDelta(_)
            | N::ReasoningSummaryDelta(_)
            | N::PlanDelta(_)
            | N::ReasoningSummaryPartAdded(_)
            | N::ReasoningTextDelta(_)
            | N::PatchUpdated(_)
            | N::TerminalInteraction(_)
            | N::McpToolProgress(_)
    )
}

/// The turn a notification is about, when it names one.
fn turn_of<'n>(model: &ThreadModel, n: &'n N) -> Option<&'n str> {
    match n {
        N::ItemStarted(i) | N::ItemCompleted(i) => Some(&i.turn_id),
        N::AgentMessageDelta(d)
        | N::CommandOutputDelta(d)
        | N::ReasoningSummaryDelta(d)
        | N::PlanDelta(d)
        | N::ReasoningTextDelta(d) => Some(&d.turn_id),
        N::ReasoningSummaryPartAdded(p) => Some(&p.turn_id),
        N::PatchUpdated(p) => Some(&p.turn_id),
        N::TerminalInteraction(t) => Some(&t.turn_id),
        N::McpToolProgress(p) => Some(&p.turn_id),
        N::PlanUpdated(p) => Some(&p.turn_id),
        N::TurnDiffUpdated(d) => Some(&d.turn_id),
        N::TurnStarted(t) => Some(followed_turn(model, &t.turn)),
        N::TurnCompleted(t) => Some(&t.turn.id),
        _ => None,
    }
}

/// The turn a `turn/started` runs as. A review's turn starts under an id of its own whose
/// root is the turn `review/start` answered with, while its items and its `turn/completed`
/// name the root (research notes §22.1): follow the root while it is the turn this thread
/// waits on. A goal's continuation names a root that ended, and a sub-agent's first turn its
/// parent's turn, which this thread never ran: each is a turn of its own.
fn followed_turn<'n>(model: &ThreadModel, turn: &'n crate::protocol::Turn) -> &'n str {
    match turn.root_turn_id.as_deref() {
        Some(root) if root != turn.id && !model.finished_turns.contains(root) => {
            let waiting = match &model.turn {
                TurnPhase::Starting { .. } => true,
                TurnPhase::Running { id, .. } | TurnPhase::Interrupting { id, .. } => id == root,
                TurnPhase::Idle => false,
            };
            if waiting {
                root
            } else {
                &turn.id
            }
        }
        _ => &turn.id,
    }
}
