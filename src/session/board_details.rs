//! What the board's details pane says of the selected thread: its name, where it stands, its
//! server, where it works and with which model, its tokens, the agent's last message, the
//! agents under it and the questions it waits on. From what tern keeps (the thread's model,
//! `thread/read`'s answer, the inbox); computed for the selected row only. Unsanitised: the
//! drawing sanitises.

use crate::model::CellKind;
use crate::render::question_summary::summary;
use crate::session::board::{label_of, model_of, row_state, ThreadState};
use crate::session::state::thread_key::ThreadKey;
use crate::session::state::{Session, ThreadModel};

/// The most of the agent's last message kept (the pane wraps and cuts it further).
const LAST_MESSAGE_MAX: usize = 600;
/// How many of a thread's last cells are looked at for its last message.
const CELLS_LOOKED_AT: usize = 48;
/// How many agents and questions the pane names at most (the rest are counted).
pub(crate) const NAMED_AT_MOST: usize = 6;

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct BoardDetails {
    pub(crate) label: String,
    pub(crate) state: ThreadState,
    /// The server it lives on, when that is not the local one.
    pub(crate) server: Option<String>,
    pub(crate) cwd: Option<String>,
    pub(crate) model: Option<String>,
    pub(crate) tokens: Option<i64>,
    /// The agent's last message, bounded.
    pub(crate) last_message: Option<String>,
    /// Sub-agents under it: how many, and the first names.
    pub(crate) agents: (usize, Vec<String>),
    /// The questions it waits on: how many, and what the first ask.
    pub(crate) questions: (usize, Vec<String>),
}

/// The details of thread `key`.
pub(crate) fn details(state: &Session, key: &ThreadKey) -> BoardDetails {
    let model = model_of(state, key);
    let here = key.server == state.server_id;
    let opened = model.and_then(|m| m.thread.as_ref());
    let place = here.then(|| state.board.place(&key.id)).flatten();
    let agents = if here && state.agents.root() == Some(key.id.as_str()) {
        let names = state
            .agents
            .iter()
            .take(NAMED_AT_MOST)
            .map(|a| a.name())
            .collect();
        (state.agents.len(), names)
    } else {
        (0, Vec::new())
    };
    let asked: Vec<_> = state
        .questions
        .waiting()
        .into_iter()
        .filter(|q| q.of(key))
        .collect();
    BoardDetails {
        label: label_of(state, key),
        state: row_state(state, key),
        server: (key.server.name() != "local").then(|| key.server.name().to_string()),
        cwd: opened
            .map(|t| t.cwd.clone())
            .or_else(|| place.and_then(|p| p.cwd.clone())),
        model: opened
            .map(|t| t.model.clone())
            .or_else(|| place.and_then(|p| p.model.clone())),
        tokens: model
            .and_then(|m| m.usage.as_ref())
            .map(|u| u.total.total_tokens)
            .or_else(|| {
                here.then(|| state.agents.get(&key.id).and_then(|a| a.tokens))
                    .flatten()
            }),
        last_message: model.and_then(last_message),
        agents,
        questions: (
            asked.len(),
            asked
                .iter()
                .take(NAMED_AT_MOST)
                .map(|q| summary(&q.question))
                .collect(),
        ),
    }
}

/// The last answer among a thread's last cells, whole up to [`LAST_MESSAGE_MAX`] bytes.
fn last_message(model: &ThreadModel) -> Option<String> {
    let text = model
        .transcript
        .cells()
        .iter()
        .rev()
        .take(CELLS_LOOKED_AT)
        .find_map(|cell| match cell.kind() {
            CellKind::Agent { markdown, .. } => Some(markdown.as_str().trim()),
            _ => None,
        })
        .filter(|text| !text.is_empty())?;
    // Cut before copying: this runs on every draw of the pane, and an answer can be long.
    let end = crate::render::text_chunks::floor_char_boundary(text, LAST_MESSAGE_MAX);
    Some(text[..end].to_string())
}
