//! `status_line`: which parts the status line shows, as a list (`["model", "context"]`);
//! absent: all of them. What the session is doing (ready, working, a question waiting, Plan
//! mode) is always shown: it is what the line is for.

use serde::Deserialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StatusItem {
    /// The next turn's model and reasoning effort.
    Model,
    /// The thread's goal and where it stands.
    Goal,
    /// The folder the thread works in.
    Folder,
    /// The thread's name, once it has one.
    Thread,
    /// Where tern is connected (`--remote`), or the demo backend.
    Connection,
    /// How much of the context window the thread uses.
    Context,
}

/// Every part, in the order the line shows them.
pub const STATUS_ITEMS: &[StatusItem] = &[
    StatusItem::Model,
    StatusItem::Goal,
    StatusItem::Folder,
    StatusItem::Thread,
    StatusItem::Connection,
    StatusItem::Context,
];

impl StatusItem {
    /// As the config file writes it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            StatusItem::Model => "model",
            StatusItem::Goal => "goal",
            StatusItem::Folder => "folder",
            StatusItem::Thread => "thread",
            StatusItem::Connection => "connection",
            StatusItem::Context => "context",
        }
    }

    /// What it shows, for `/statusline`.
    pub(crate) fn describe(self) -> &'static str {
        match self {
            StatusItem::Model => "the next turn's model and reasoning effort",
            StatusItem::Goal => "the thread's goal and where it stands",
            StatusItem::Folder => "the folder the thread works in",
            StatusItem::Thread => "the thread's name",
            StatusItem::Connection => "where tern is connected (--remote, the demo)",
            StatusItem::Context => "how much of the context window is used",
        }
    }
}

/// The list as `--print-config` writes it.
pub(crate) fn shown(items: &[StatusItem]) -> String {
    let names: Vec<String> = items.iter().map(|i| format!("\"{}\"", i.name())).collect();
    format!("[{}]", names.join(", "))
}
