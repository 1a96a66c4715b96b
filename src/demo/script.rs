//! The demo's script format.

use serde::Deserialize;
use serde_json::Value;

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DemoScript {
    pub model: String,
    /// Multiplies every delay; 0 plays a turn as fast as possible (tests).
    #[serde(default = "one")]
    pub speed: f64,
    /// Stored threads, for `thread/list` and `thread/resume` (each a `Thread` object).
    #[serde(default)]
    pub threads: Vec<Value>,
    pub turns: Vec<TurnScript>,
}

fn one() -> f64 {
    1.0
}

#[derive(Debug, Clone, Deserialize)]
pub struct TurnScript {
    /// The first turn whose words all appear in the prompt plays; an empty list matches anything.
    #[serde(rename = "match", default)]
    pub words: Vec<String>,
    pub steps: Vec<Step>,
    /// Threads the turn starts beside its own, each playing its own turn at once.
    #[serde(default)]
    pub background: Vec<BackgroundThread>,
}

/// A thread started by a turn of another (`--demo`'s inbox and board): the server names it and
/// plays its turn, questions and all, while the person stays where they are.
#[derive(Debug, Clone, Deserialize)]
pub struct BackgroundThread {
    pub name: String,
    pub prompt: String,
    pub steps: Vec<Step>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(tag = "do", rename_all = "camelCase")]
pub enum Step {
    #[serde(rename_all = "camelCase")]
    Message {
        text: String,
        #[serde(default = "default_chunk")]
        chunk: usize,
        #[serde(default)]
        delay_ms: u64,
    },
    #[serde(rename_all = "camelCase")]
    Reasoning {
        text: String,
    },
    #[serde(rename_all = "camelCase")]
    Plan {
        #[serde(default)]
        explanation: Option<String>,
        plan: Vec<Value>,
    },
    #[serde(rename_all = "camelCase")]
    Command {
        command: String,
        #[serde(default)]
        actions: Vec<Value>,
        #[serde(default)]
        output: String,
        #[serde(default)]
        exit_code: i64,
        #[serde(default)]
        line_delay_ms: u64,
        #[serde(default)]
        approval: Option<CommandApproval>,
    },
    #[serde(rename_all = "camelCase")]
    FileChange {
        changes: Vec<Value>,
        #[serde(default)]
        approval: bool,
        /// Played instead when the person declines the change (the turn goes on).
        #[serde(default)]
        on_decline: Vec<Step>,
    },
    /// `turn/diff/updated`: the whole turn's changes so far, as `git diff` prints them.
    TurnDiff {
        diff: String,
    },
    #[serde(rename_all = "camelCase")]
    Tokens {
        input: i64,
        output: i64,
        #[serde(default)]
        window: Option<i64>,
    },
    Sleep {
        ms: u64,
    },
    /// Any thread item, as `item/started` then `item/completed` (its `id` is the step's).
    Item {
        item: Value,
    },
    /// Any notification of the thread and turn.
    Notify {
        method: String,
        params: Value,
    },
    /// Sub-agents spawned together, each at work in its own thread, then waited for.
    Agents {
        agents: Vec<DemoAgent>,
    },
}

/// One sub-agent of an `agents` step.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DemoAgent {
    pub nickname: String,
    #[serde(default)]
    pub role: Option<String>,
    pub task: String,
    pub answer: String,
    /// How long it works before it answers.
    #[serde(default = "default_work")]
    pub work_ms: u64,
}

fn default_work() -> u64 {
    2000
}

fn default_chunk() -> usize {
    8
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CommandApproval {
    #[serde(default)]
    pub reason: Option<String>,
    #[serde(default)]
    pub prefix: Option<Vec<String>>,
    /// Played when the person declines the command (the turn goes on without it).
    #[serde(default)]
    pub on_decline: Vec<Step>,
}

/// The turn `review/start` plays: the one matching this word.
pub(crate) const REVIEW_TURN: &str = "<review>";

impl DemoScript {
    pub(crate) fn turn_for(&self, prompt: &str) -> Option<&TurnScript> {
        let prompt = prompt.to_lowercase();
        self.turns
            .iter()
            .find(|t| t.words.iter().all(|w| prompt.contains(&w.to_lowercase())))
    }
}
