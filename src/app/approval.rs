//! Approval requests from the server, queued as modals, answered by one keypress.

use crate::protocol::{
    CommandApprovalParams, Decision, FileChangeApprovalParams, FileUpdateChange, RequestId,
};
use crossterm::event::{KeyCode, KeyEvent, KeyEventKind};
use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// Keys that arrive sooner than this after a prompt appears were typed before the person could
/// read it (a fast typist mid-word, a paste): they never answer it.
pub const READ_GUARD: Duration = Duration::from_millis(300);

#[derive(Debug, Clone, PartialEq)]
pub struct ApprovalOption {
    pub key: char,
    pub label: String,
    pub decision: Decision,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ApprovalSubject {
    Command(CommandApprovalParams),
    FileChange {
        params: FileChangeApprovalParams,
        /// Found by `itemId` among the items the turn announced earlier.
        changes: Vec<FileUpdateChange>,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct PendingApproval {
    pub id: RequestId,
    pub subject: ApprovalSubject,
    pub options: Vec<ApprovalOption>,
    pub shown_at: Option<Instant>,
}

impl PendingApproval {
    pub fn command(id: RequestId, params: CommandApprovalParams) -> Self {
        let options = command_options(&params);
        PendingApproval {
            id,
            subject: ApprovalSubject::Command(params),
            options,
            shown_at: None,
        }
    }

    pub fn file_change(
        id: RequestId,
        params: FileChangeApprovalParams,
        changes: Vec<FileUpdateChange>,
    ) -> Self {
        let options = [
            Decision::Accept,
            Decision::AcceptForSession,
            Decision::Decline,
            Decision::Cancel,
        ]
        .into_iter()
        .map(|d| option_for(&d, "Yes, apply these changes"))
        .collect();
        PendingApproval {
            id,
            subject: ApprovalSubject::FileChange { params, changes },
            options,
            shown_at: None,
        }
    }

    pub fn thread_id(&self) -> &str {
        match &self.subject {
            ApprovalSubject::Command(p) => &p.thread_id,
            ApprovalSubject::FileChange { params, .. } => &params.thread_id,
        }
    }
}

fn command_options(params: &CommandApprovalParams) -> Vec<ApprovalOption> {
    let decisions: Vec<Decision> = match &params.available_decisions {
        Some(list) => list.iter().map(Decision::from_value).collect(),
        None => {
            let mut d = vec![Decision::Accept, Decision::AcceptForSession];
            if let Some(prefix) = &params.proposed_execpolicy_amendment {
                d.push(Decision::AcceptWithExecpolicyAmendment(prefix.clone()));
            }
            d.extend([Decision::Decline, Decision::Cancel]);
            d
        }
    };
    decisions
        .iter()
        .filter(|d| !matches!(d, Decision::Other(_)))
        .map(|d| option_for(d, "Yes, run it"))
        .collect()
}

fn option_for(decision: &Decision, accept_label: &str) -> ApprovalOption {
    let (key, label) = match decision {
        Decision::Accept => ('y', accept_label.to_string()),
        Decision::AcceptForSession => ('a', "Yes, and don't ask again this session".to_string()),
        Decision::AcceptWithExecpolicyAmendment(prefix) => (
            'p',
            format!(
                "Yes, and always allow commands starting with `{}`",
                prefix.join(" ")
            ),
        ),
        Decision::Decline => (
            'n',
            "No, and tell the agent to do something else".to_string(),
        ),
        Decision::Cancel => ('c', "No, and stop this turn".to_string()),
        Decision::Other(_) => ('?', "Other".to_string()),
    };
    ApprovalOption {
        key,
        label,
        decision: decision.clone(),
    }
}

#[derive(Debug)]
pub struct ApprovalQueue {
    queue: VecDeque<PendingApproval>,
    read_guard: Duration,
}

impl Default for ApprovalQueue {
    fn default() -> Self {
        Self::with_read_guard(READ_GUARD)
    }
}

impl ApprovalQueue {
    pub fn with_read_guard(read_guard: Duration) -> Self {
        ApprovalQueue {
            queue: VecDeque::new(),
            read_guard,
        }
    }

    pub fn push(&mut self, mut approval: PendingApproval, now: Instant) {
        if self.queue.is_empty() {
            approval.shown_at = Some(now);
        }
        self.queue.push_back(approval);
    }

    pub fn front(&self) -> Option<&PendingApproval> {
        self.queue.front()
    }

    pub fn len(&self) -> usize {
        self.queue.len()
    }

    pub fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }

    fn pop(&mut self, now: Instant) -> Option<PendingApproval> {
        let done = self.queue.pop_front();
        if let Some(next) = self.queue.front_mut() {
            next.shown_at = Some(now);
        }
        done
    }

    /// Drops a request the server settled elsewhere. Returns whether it was queued.
    pub fn remove(&mut self, id: &RequestId, now: Instant) -> bool {
        match self.queue.iter().position(|a| &a.id == id) {
            Some(0) => self.pop(now).is_some(),
            Some(i) => self.queue.remove(i).is_some(),
            None => false,
        }
    }

    pub fn clear(&mut self) -> Vec<PendingApproval> {
        self.queue.drain(..).collect()
    }

    /// A key for the front modal. Returns the answered request and the decision taken.
    pub fn handle_key(
        &mut self,
        key: KeyEvent,
        now: Instant,
    ) -> Option<(PendingApproval, Decision)> {
        let front = self.queue.front()?;
        if key.kind != KeyEventKind::Press {
            return None;
        }
        let seen = front
            .shown_at
            .is_some_and(|t| now.saturating_duration_since(t) >= self.read_guard);
        if !seen {
            return None;
        }
        let decision = match key.code {
            KeyCode::Esc => front
                .options
                .iter()
                .find(|o| o.decision == Decision::Cancel)
                .or_else(|| {
                    front
                        .options
                        .iter()
                        .find(|o| o.decision == Decision::Decline)
                })
                .map(|o| o.decision.clone()),
            KeyCode::Char(c) => front
                .options
                .iter()
                .find(|o| o.key == c.to_ascii_lowercase())
                .map(|o| o.decision.clone()),
            _ => None,
        }?;
        let answered = self.pop(now)?;
        Some((answered, decision))
    }
}
