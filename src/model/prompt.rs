//! A question the server asked (a command or file-change approval) and the choices it offers,
//! as data: the app queues and answers prompts, `render` lays them out.

use crate::protocol::{
    CommandApprovalParams, Decision, FileChangeApprovalParams, FileUpdateChange, RequestId,
};

#[derive(Debug, Clone, PartialEq)]
pub struct PromptOption {
    pub key: char,
    pub label: String,
    pub decision: Decision,
}

#[derive(Debug, Clone, PartialEq)]
pub enum PromptSubject {
    Command(CommandApprovalParams),
    FileChange {
        params: FileChangeApprovalParams,
        /// Found by `itemId` among the items the turn announced earlier.
        changes: Vec<FileUpdateChange>,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct Prompt {
    pub id: RequestId,
    pub subject: PromptSubject,
    pub options: Vec<PromptOption>,
}

impl Prompt {
    pub fn command(id: RequestId, params: CommandApprovalParams) -> Self {
        let options = command_options(&params);
        Prompt {
            id,
            subject: PromptSubject::Command(params),
            options,
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
        Prompt {
            id,
            subject: PromptSubject::FileChange { params, changes },
            options,
        }
    }

    pub fn thread_id(&self) -> &str {
        match &self.subject {
            PromptSubject::Command(p) => &p.thread_id,
            PromptSubject::FileChange { params, .. } => &params.thread_id,
        }
    }

    /// What Esc answers: stopping the turn when that is offered, else declining.
    pub fn escape_option(&self) -> Option<&PromptOption> {
        self.options
            .iter()
            .find(|o| o.decision == Decision::Cancel)
            .or_else(|| {
                self.options
                    .iter()
                    .find(|o| o.decision == Decision::Decline)
            })
    }
}

fn command_options(params: &CommandApprovalParams) -> Vec<PromptOption> {
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

fn option_for(decision: &Decision, accept_label: &str) -> PromptOption {
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
    PromptOption {
        key,
        label,
        decision: decision.clone(),
    }
}
