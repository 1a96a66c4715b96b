//! A question the server asked, and the answers tern offers for it, as data: the app queues
//! and answers questions, `render` lays them out. Each option carries the exact JSON result it
//! sends, so what a key does can be read off the question.

use super::execpolicy::{self, Offer};
use super::question_form::FormSpec;
use crate::protocol::{
    CommandApprovalParams, Decision, ElicitationParams, FileChangeApprovalParams, FileUpdateChange,
    NetworkPolicyAmendment, PermissionsApprovalParams, RequestId,
};
use serde_json::{json, Value};

#[derive(Debug, Clone, PartialEq)]
pub enum QuestionSubject {
    Command(CommandApprovalParams),
    FileChange {
        params: FileChangeApprovalParams,
        /// Found by `itemId` among the items the turn announced earlier.
        changes: Vec<FileUpdateChange>,
    },
    Permissions(PermissionsApprovalParams),
    /// An MCP server asks to run one of its tools.
    ToolApproval(ElicitationParams),
    /// An MCP server asks the person to open a URL.
    Url(ElicitationParams),
    /// Questions to answer: `requestUserInput`, or an MCP elicitation form.
    Form(std::sync::Arc<FormSpec>),
    /// tern's own question after a Plan-mode turn proposed a plan: "Implement this plan?".
    /// Nothing goes back to the server as an answer; each option does what it says.
    ImplementPlan {
        thread_id: String,
    },
    /// The agent asks for a review (`request_review`, `model::review_ask`).
    ReviewRequest(super::review_ask::ReviewAsk),
}

/// What an option of tern's own questions does (see `QuestionSubject::ImplementPlan`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LocalAnswer {
    ImplementHere,
    ClearContextAndImplement,
    StayInPlanMode,
}

/// What the transcript records of an answer, on the cell it was about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Record {
    ApprovedOnce,
    ApprovedForSession,
    /// Always allowed: the rule or scope, as shown.
    AlwaysAllowed(String),
    Declined,
    Cancelled,
    Answered,
}

impl Record {
    pub fn text(&self) -> String {
        match self {
            Record::ApprovedOnce => "✔ approved once".into(),
            Record::ApprovedForSession => "✔ approved for this session".into(),
            Record::AlwaysAllowed(what) => format!("✔ always allowed {what}"),
            Record::Declined => "✗ declined".into(),
            Record::Cancelled => "■ cancelled the turn".into(),
            Record::Answered => "✔ answered".into(),
        }
    }

    pub(crate) fn is_approval(&self) -> bool {
        matches!(
            self,
            Record::ApprovedOnce | Record::ApprovedForSession | Record::AlwaysAllowed(_)
        )
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum OptionKind {
    /// One key sends `result`.
    Answer { result: Value, record: Record },
    /// It lasts beyond this request: the key selects it, the same key again or Enter confirms.
    Confirm { result: Value, record: Record },
    /// Opens the prefix chooser, which sends the rule the person settles on.
    Prefix(Offer),
    /// tern's own question: nothing is sent as an answer.
    Local(LocalAnswer),
}

#[derive(Debug, Clone, PartialEq)]
pub struct QuestionOption {
    pub key: char,
    pub label: String,
    pub kind: OptionKind,
}

impl QuestionOption {
    fn answer(key: char, label: impl Into<String>, result: Value, record: Record) -> Self {
        QuestionOption {
            key,
            label: label.into(),
            kind: OptionKind::Answer { result, record },
        }
    }

    fn confirm(key: char, label: impl Into<String>, result: Value, record: Record) -> Self {
        QuestionOption {
            key,
            label: label.into(),
            kind: OptionKind::Confirm { result, record },
        }
    }

    pub(crate) fn record(&self) -> Option<&Record> {
        match &self.kind {
            OptionKind::Answer { record, .. } | OptionKind::Confirm { record, .. } => Some(record),
            OptionKind::Prefix(_) | OptionKind::Local(_) => None,
        }
    }

    pub(crate) fn needs_confirm(&self) -> bool {
        !matches!(self.kind, OptionKind::Answer { .. } | OptionKind::Local(_))
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Question {
    pub id: RequestId,
    pub subject: QuestionSubject,
    pub options: Vec<QuestionOption>,
    /// What the server proposed that tern does not offer, and why.
    pub withheld: Vec<String>,
}

impl Question {
    pub(crate) fn command(id: RequestId, params: CommandApprovalParams) -> Self {
        let (options, withheld) = command_options(&params);
        Question {
            id,
            subject: QuestionSubject::Command(params),
            options,
            withheld,
        }
    }

    pub(crate) fn file_change(
        id: RequestId,
        params: FileChangeApprovalParams,
        changes: Vec<FileUpdateChange>,
    ) -> Self {
        let mut options = Vec::new();
        let decision = |d: Decision| d.response();
        match params.grant_root.as_deref().filter(|r| !r.is_empty()) {
            // Write access beyond these files is never one keypress.
            Some(root) => options.push(QuestionOption::confirm(
                'y',
                format!("Yes, apply them and allow writing anywhere under {root}"),
                decision(Decision::Accept),
                Record::ApprovedOnce,
            )),
            None => options.push(QuestionOption::answer(
                'y',
                "Yes, apply the changes",
                decision(Decision::Accept),
                Record::ApprovedOnce,
            )),
        }
        options.push(QuestionOption::confirm(
            'a',
            "Yes, and don't ask again for these files this session",
            decision(Decision::AcceptForSession),
            Record::ApprovedForSession,
        ));
        options.extend(refusals());
        Question {
            id,
            subject: QuestionSubject::FileChange { params, changes },
            options,
            withheld: Vec::new(),
        }
    }

    pub(crate) fn permissions(id: RequestId, params: PermissionsApprovalParams) -> Self {
        let granted = granted_permissions(&params.permissions);
        let options = vec![
            QuestionOption::answer(
                'y',
                "Yes, grant them for this turn",
                json!({"permissions": granted, "scope": "turn"}),
                Record::ApprovedOnce,
            ),
            QuestionOption::confirm(
                'a',
                "Yes, grant them for the rest of this session",
                json!({"permissions": granted, "scope": "session"}),
                Record::ApprovedForSession,
            ),
            QuestionOption::answer(
                'n',
                "No, grant nothing",
                json!({"permissions": {}, "scope": "turn"}),
                Record::Declined,
            ),
        ];
        Question {
            id,
            subject: QuestionSubject::Permissions(params),
            options,
            withheld: Vec::new(),
        }
    }

    /// An MCP elicitation: a tool approval, a URL to open, or a form.
    pub(crate) fn elicitation(id: RequestId, params: ElicitationParams) -> Self {
        let reply =
            |action: &str, meta: Value| json!({"action": action, "content": null, "_meta": meta});
        let refuse = [
            QuestionOption::answer('n', "No", reply("decline", Value::Null), Record::Declined),
            QuestionOption::answer(
                'c',
                "No, and cancel the request",
                reply("cancel", Value::Null),
                Record::Cancelled,
            ),
        ];
        if params.is_tool_approval() {
            let persist = params.persist_options();
            let mut options = vec![QuestionOption::answer(
                'y',
                "Yes, run the tool once",
                reply("accept", Value::Null),
                Record::ApprovedOnce,
            )];
            if persist.iter().any(|p| p == "session") {
                options.push(QuestionOption::confirm(
                    'a',
                    "Yes, and don't ask again this session",
                    reply("accept", json!({"persist": "session"})),
                    Record::ApprovedForSession,
                ));
            }
            if persist.iter().any(|p| p == "always") {
                options.push(QuestionOption::confirm(
                    'p',
                    "Yes, and always allow this tool",
                    reply("accept", json!({"persist": "always"})),
                    Record::AlwaysAllowed("this tool".into()),
                ));
            }
            options.extend(refuse);
            return Question {
                id,
                subject: QuestionSubject::ToolApproval(params),
                options,
                withheld: Vec::new(),
            };
        }
        if params.url.is_some() {
            let mut options = vec![QuestionOption::answer(
                'y',
                "Done: I opened it",
                reply("accept", Value::Null),
                Record::Answered,
            )];
            options.extend(refuse);
            return Question {
                id,
                subject: QuestionSubject::Url(params),
                options,
                withheld: Vec::new(),
            };
        }
        Question::form(id, FormSpec::from_elicitation(&params))
    }

    /// Questions answered one at a time; the form layer builds the result.
    pub(crate) fn form(id: RequestId, spec: FormSpec) -> Self {
        Question {
            id,
            subject: QuestionSubject::Form(std::sync::Arc::new(spec)),
            options: Vec::new(),
            withheld: Vec::new(),
        }
    }

    /// "Implement this plan?": its three options, each saying what it does.
    pub(crate) fn implement_plan(id: RequestId, thread_id: String) -> Self {
        let local = |key, label: &str, answer| QuestionOption {
            key,
            label: label.to_string(),
            kind: OptionKind::Local(answer),
        };
        Question {
            id,
            subject: QuestionSubject::ImplementPlan { thread_id },
            options: vec![
                local(
                    '1',
                    "Yes, implement this plan: switch to Default mode and start coding here",
                    LocalAnswer::ImplementHere,
                ),
                local(
                    '2',
                    "Yes, clear context and implement: a fresh thread with only this plan",
                    LocalAnswer::ClearContextAndImplement,
                ),
                local(
                    '3',
                    "No, stay in Plan mode: keep planning with the model",
                    LocalAnswer::StayInPlanMode,
                ),
            ],
            withheld: Vec::new(),
        }
    }

    /// tern's own question, not the server's: never answered on the wire.
    pub(crate) fn is_local(&self) -> bool {
        matches!(self.subject, QuestionSubject::ImplementPlan { .. })
    }

    pub fn thread_id(&self) -> &str {
        match &self.subject {
            QuestionSubject::ImplementPlan { thread_id } => thread_id,
            QuestionSubject::Command(p) => &p.thread_id,
            QuestionSubject::FileChange { params, .. } => &params.thread_id,
            QuestionSubject::Permissions(p) => &p.thread_id,
            QuestionSubject::ToolApproval(p) | QuestionSubject::Url(p) => &p.thread_id,
            QuestionSubject::Form(spec) => &spec.thread_id,
            QuestionSubject::ReviewRequest(ask) => &ask.params.thread_id,
        }
    }

    /// The transcript item this question is about, when it has one.
    pub(crate) fn item(&self) -> Option<(&str, &str)> {
        match &self.subject {
            QuestionSubject::Command(p) => Some((&p.turn_id, &p.item_id)),
            QuestionSubject::FileChange { params, .. } => Some((&params.turn_id, &params.item_id)),
            _ => None,
        }
    }

    /// What identifies the question across connections: the item it is about. The server asks
    /// a pending question again after `thread/resume`, with a new request id (protocol notes
    /// §1.4); the item id stays.
    pub(crate) fn item_key(&self) -> Option<&str> {
        match &self.subject {
            QuestionSubject::Command(p) => Some(&p.item_id),
            QuestionSubject::FileChange { params, .. } => Some(&params.item_id),
            QuestionSubject::Permissions(p) => Some(&p.item_id),
            _ => None,
        }
    }

    /// What Esc answers: stopping the turn when that is offered, else declining.
    pub(crate) fn escape_option(&self) -> Option<&QuestionOption> {
        if let QuestionSubject::ImplementPlan { .. } = self.subject {
            return self.option('3');
        }
        let with = |wanted: Record| {
            self.options
                .iter()
                .find(|o| o.record() == Some(&wanted) && !o.needs_confirm())
        };
        with(Record::Cancelled).or_else(|| with(Record::Declined))
    }

    pub fn option(&self, key: char) -> Option<&QuestionOption> {
        self.options.iter().find(|o| o.key == key)
    }
}

/// `decline` ("the agent carries on") and `cancel` ("the turn stops"): the server accepts both
/// even when `availableDecisions` lists only one (verified on 0.169.0).
fn refusals() -> [QuestionOption; 2] {
    [
        QuestionOption::answer(
            'n',
            "No, and tell the agent what to do instead (the turn goes on)",
            Decision::Decline.response(),
            Record::Declined,
        ),
        QuestionOption::answer(
            'c',
            "No, and stop the turn",
            Decision::Cancel.response(),
            Record::Cancelled,
        ),
    ]
}

fn command_options(params: &CommandApprovalParams) -> (Vec<QuestionOption>, Vec<String>) {
    let decisions: Vec<Decision> = match &params.available_decisions {
        Some(list) => list.iter().map(Decision::from_value).collect(),
        None => {
            let mut d = vec![Decision::Accept, Decision::AcceptForSession];
            if let Some(prefix) = &params.proposed_execpolicy_amendment {
                d.push(Decision::AcceptWithExecpolicyAmendment(prefix.clone()));
            }
            d
        }
    };
    let command = params.command.as_deref().unwrap_or_default();
    let mut options = Vec::new();
    let mut withheld = Vec::new();
    // codex asks this of a person and takes only a one-time answer (`requiredHumanApproval`).
    let human_only = params.kind.as_deref() == Some("humanCommand");
    if human_only {
        withheld.push(
            "codex asks this of you, not of its auto-review: only a one-time answer is taken."
                .into(),
        );
    }
    let decisions: Vec<Decision> = decisions
        .into_iter()
        .filter(|d| {
            !human_only || matches!(d, Decision::Accept | Decision::Decline | Decision::Cancel)
        })
        .collect();
    for decision in &decisions {
        match decision {
            Decision::Accept => options.push(QuestionOption::answer(
                'y',
                "Yes, run it once",
                decision.response(),
                Record::ApprovedOnce,
            )),
            Decision::AcceptForSession => options.push(QuestionOption::confirm(
                'a',
                "Yes, and don't ask again for this command this session",
                decision.response(),
                Record::ApprovedForSession,
            )),
            Decision::AcceptWithExecpolicyAmendment(prefix) => {
                match execpolicy::offer(command, prefix) {
                    Offer::Mismatch(why) => withheld.push(format!(
                        "Not offered: a rule for `{}`: {why}.",
                        prefix.join(" ")
                    )),
                    offer => options.push(QuestionOption {
                        key: 'p',
                        label: prefix_label(&offer),
                        kind: OptionKind::Prefix(offer),
                    }),
                }
            }
            Decision::Other(value) => match network_amendment(value) {
                Some(amendment) => options.push(network_option(&amendment, value.clone())),
                // What it would grant cannot be said in full: never one key away.
                None => withheld.push(format!(
                    "Not offered: a decision tern does not know, as sent: {}",
                    serde_json::to_string(value).unwrap_or_default()
                )),
            },
            Decision::Decline | Decision::Cancel => {}
        }
    }
    options.extend(refusals());
    (options, withheld)
}

fn prefix_label(offer: &Offer) -> String {
    match offer {
        Offer::Prefix {
            words,
            proposed_len,
        } => format!(
            "Yes, and always allow commands starting with `{}`…",
            words[..*proposed_len].join(" ")
        ),
        Offer::ExactScript { .. } => "Yes, and always allow exactly this script…".into(),
        Offer::Mismatch(_) => String::new(),
    }
}

/// A network policy amendment, only when it has exactly the schema's shape: the option's label
/// says the host and the action, so nothing else may ride along in the answer.
fn network_amendment(value: &Value) -> Option<NetworkPolicyAmendment> {
    let only = |v: &Value, key: &str| {
        v.as_object()
            .filter(|m| m.len() == 1)
            .and_then(|m| m.get(key))
            .cloned()
    };
    let inner = only(value, "applyNetworkPolicyAmendment")?;
    let inner = only(&inner, "network_policy_amendment")?;
    let fields = inner.as_object()?;
    let amendment: NetworkPolicyAmendment = serde_json::from_value(inner.clone()).ok()?;
    (fields.len() == 2 && matches!(amendment.action.as_str(), "allow" | "deny"))
        .then_some(amendment)
}

fn network_option(amendment: &NetworkPolicyAmendment, decision: Value) -> QuestionOption {
    let host = &amendment.host;
    let result = json!({ "decision": decision });
    if amendment.action == "deny" {
        QuestionOption::confirm(
            'b',
            format!("No, and always block network access to {host}"),
            result,
            Record::Declined,
        )
    } else {
        QuestionOption::confirm(
            'h',
            format!("Yes, and always allow network access to {host}"),
            result,
            Record::AlwaysAllowed(format!("network access to {host}")),
        )
    }
}

/// The requested permissions with the unset (`null`) parts left out: granting all of what was
/// asked, and nothing else.
fn granted_permissions(requested: &Value) -> Value {
    let mut granted = serde_json::Map::new();
    if let Some(map) = requested.as_object() {
        for (key, value) in map {
            if !value.is_null() {
                granted.insert(key.clone(), value.clone());
            }
        }
    }
    Value::Object(granted)
}

/// The reply for a prefix rule the person chose in the chooser.
pub(crate) fn amendment_result(prefix: &[String]) -> Value {
    Decision::AcceptWithExecpolicyAmendment(prefix.to_vec()).response()
}

/// How an always-allowed prefix is recorded.
pub(crate) fn amendment_record(prefix: &[String]) -> Record {
    Record::AlwaysAllowed(format!("`{}`", prefix.join(" ")))
}
