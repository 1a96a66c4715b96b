//! A sub-agent cell of the parent's transcript: one `collabAgentToolCall` (spawn, wait, send
//! input, close, resume …) or v2 `subAgentActivity` item, with the agents it names. The item
//! carries only thread ids; names and the spawned agent's live state are filled in from
//! [`super::agents::Agents`] as they become known (`AgentLine`), so the cell reads "Spawned
//! Carson" rather than an id, and its spawn line follows the agent to "completed".

use super::agents::{bounded, AgentState};
use crate::protocol::{CollabAgentTool, CollabCallStatus, SubAgentActivityKind, ThreadItem};

/// What the parent's model did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AgentAction {
    Spawn,
    Wait,
    SendInput,
    Resume,
    Close,
    Interrupt,
    List,
    /// A v2 agent finished (`subAgentActivity` `completed`).
    Finished,
    /// A tool of a newer codex.
    Other,
}

/// The call's own progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallProgress {
    Running,
    Done,
    Failed,
    Interrupted,
}

/// One agent the call names.
#[derive(Debug, Clone, PartialEq)]
pub struct AgentLine {
    pub thread_id: String,
    /// The agent's name once known (nickname, else v2 task name); `None` shows a short id.
    pub name: Option<String>,
    pub role: Option<String>,
    /// For a wait: the result it reported. For a spawn: the agent's live state.
    pub state: Option<AgentState>,
    pub message: Option<String>,
}

impl AgentLine {
    pub fn new(thread_id: &str) -> Self {
        AgentLine {
            thread_id: thread_id.to_string(),
            name: None,
            role: None,
            state: None,
            message: None,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct AgentCall {
    pub action: AgentAction,
    pub progress: CallProgress,
    /// The spawn's task, or the message sent (bounded).
    pub prompt: Option<String>,
    pub model: Option<String>,
    pub effort: Option<String>,
    pub agents: Vec<AgentLine>,
    /// A v2 item: its agents are named by task, and the spawn's task text is never sent.
    pub v2: bool,
}

impl AgentCall {
    /// The cell for a collab or sub-agent item; `None` for any other item.
    pub(crate) fn from_item(item: &ThreadItem, completed: bool) -> Option<Self> {
        match item {
            ThreadItem::CollabAgentToolCall {
                tool,
                status,
                receiver_thread_ids,
                prompt,
                model,
                reasoning_effort,
                agents_states,
                ..
            } => {
                let action = match tool {
                    CollabAgentTool::SpawnAgent => AgentAction::Spawn,
                    CollabAgentTool::Wait => AgentAction::Wait,
                    CollabAgentTool::SendInput
                    | CollabAgentTool::SendMessage
                    | CollabAgentTool::FollowupTask => AgentAction::SendInput,
                    CollabAgentTool::ResumeAgent => AgentAction::Resume,
                    CollabAgentTool::CloseAgent => AgentAction::Close,
                    CollabAgentTool::InterruptAgent => AgentAction::Interrupt,
                    CollabAgentTool::ListAgents => AgentAction::List,
                    CollabAgentTool::Other => AgentAction::Other,
                };
                let progress = match status {
                    CollabCallStatus::InProgress if !completed => CallProgress::Running,
                    CollabCallStatus::Failed => CallProgress::Failed,
                    CollabCallStatus::Interrupted => CallProgress::Interrupted,
                    _ => CallProgress::Done,
                };
                // A finished wait reports only the agents that finished; ids named only in
                // the states are listed too, in the server's order.
                let mut ids: Vec<&String> = receiver_thread_ids.iter().collect();
                for id in agents_states.keys() {
                    if !ids.contains(&id) {
                        ids.push(id);
                    }
                }
                let agents = ids
                    .into_iter()
                    .take(super::agents::MAX_AGENTS)
                    .map(|id| {
                        let mut line = AgentLine::new(id);
                        // Only a wait's states are results; the others are "before" states.
                        if action == AgentAction::Wait {
                            if let Some(s) = agents_states.get(id) {
                                line.state = AgentState::from_collab(s.status);
                                line.message = s.message.as_deref().map(bounded);
                            }
                        }
                        line
                    })
                    .collect();
                Some(AgentCall {
                    action,
                    progress,
                    prompt: prompt.as_deref().map(bounded),
                    model: model.clone().filter(|m| !m.is_empty()),
                    effort: reasoning_effort.clone(),
                    agents,
                    v2: false,
                })
            }
            ThreadItem::SubAgentActivity {
                kind,
                agent_thread_id,
                agent_path,
                model,
                reasoning_effort,
                ..
            } => {
                let action = match kind {
                    SubAgentActivityKind::Started => AgentAction::Spawn,
                    SubAgentActivityKind::Interacted => AgentAction::SendInput,
                    SubAgentActivityKind::Interrupted => AgentAction::Interrupt,
                    SubAgentActivityKind::Completed => AgentAction::Finished,
                    SubAgentActivityKind::Other => AgentAction::Other,
                };
                // A v2 agent's task text never reaches clients: its task name stands in.
                let task = agent_path.rsplit('/').next().unwrap_or("");
                Some(AgentCall {
                    action,
                    progress: CallProgress::Done,
                    prompt: (!task.is_empty()).then(|| bounded(task)),
                    model: model.clone().filter(|m| !m.is_empty()),
                    effort: reasoning_effort.clone(),
                    agents: vec![AgentLine::new(agent_thread_id)],
                    v2: true,
                })
            }
            _ => None,
        }
    }

    /// The cell as plain text (what copying it takes, unsanitised): what was done, each agent
    /// named with its state and result, the task.
    pub(crate) fn plain_text(&self) -> String {
        let verb = match self.action {
            AgentAction::Spawn => "Spawned",
            AgentAction::Wait => "Waited for",
            AgentAction::SendInput => "Sent input to",
            AgentAction::Resume => "Resumed",
            AgentAction::Close => "Closed",
            AgentAction::Interrupt => "Interrupted",
            AgentAction::List => "Listed agents",
            AgentAction::Finished => "Finished",
            AgentAction::Other => "Agent call",
        };
        let mut lines = vec![verb.to_string()];
        for agent in &self.agents {
            let name = agent
                .name
                .clone()
                .unwrap_or_else(|| agent.thread_id.clone());
            let mut line = format!("- {name}");
            if let Some(state) = agent.state {
                line.push_str(&format!(": {}", state.label()));
            }
            if let Some(message) = &agent.message {
                line.push_str(&format!(" — {message}"));
            }
            lines.push(line);
        }
        if let Some(prompt) = &self.prompt {
            lines.push(prompt.clone());
        }
        lines.join("\n")
    }

    /// Bytes of text the cell keeps (for the transcript's budget).
    pub(crate) fn source_bytes(&self) -> usize {
        let text = |t: &Option<String>| t.as_ref().map_or(0, String::len);
        text(&self.prompt)
            + self
                .agents
                .iter()
                .map(|a| a.thread_id.len() + text(&a.name) + text(&a.role) + text(&a.message))
                .sum::<usize>()
    }

    /// Whether the cell shows its agents' live state (a spawn follows what it started).
    pub(crate) fn follows_agents(&self) -> bool {
        self.action == AgentAction::Spawn
    }
}
