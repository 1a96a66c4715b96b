//! What a board row says a thread is doing, from what tern knows of it: the question it asks,
//! the item its running turn is at (a command, file edits, a tool, an answer being written),
//! an agent's last line, what an idle thread last said, what the server's status says of a
//! thread tern does not follow, or the first message `thread/read` told. Cheap: it reads the
//! last cells of a kept model only, never lays anything out. Unsanitised: the drawing
//! sanitises.

use crate::model::agents::{command_first_line, first_line};
use crate::model::CellKind;
use crate::protocol::ThreadStatus;
use crate::render::question_summary::summary;
use crate::session::state::thread_key::ThreadKey;
use crate::session::state::{Session, ThreadModel, TurnPhase};

/// How many of a thread's last cells are looked at for what it last said.
const CELLS_LOOKED_AT: usize = 24;

/// What thread `key` is doing, as far as tern knows; empty when it knows nothing.
pub(crate) fn activity(state: &Session, key: &ThreadKey) -> String {
    if let Some(queued) = state.questions.waiting().into_iter().find(|q| q.of(key)) {
        return format!("asks to {}", summary(&queued.question));
    }
    if key.server != state.server_id {
        // Another server's thread: tern keeps nothing of it but its questions.
        return String::new();
    }
    let id = key.id.as_str();
    let model = state.model(id);
    if let Some(doing) = model.and_then(turn_activity) {
        return doing;
    }
    if let Some(line) = state
        .agents
        .get(id)
        .and_then(|agent| agent.last_line().map(str::to_string))
    {
        return line;
    }
    if let Some(said) = model.and_then(last_said) {
        return format!("said: {said}");
    }
    match state.board.status(id) {
        Some(ThreadStatus::Active { active_flags }) if active_flags.waiting_on_person() => {
            return "waits for an answer (open it to see the question)".to_string()
        }
        Some(ThreadStatus::SystemError) => return "the server reported an error".to_string(),
        _ => {}
    }
    if let Some(error) = state
        .board
        .read_error(id)
        .filter(|_| state.board.status(id).is_none())
    {
        return format!("could not read it: {error}");
    }
    match state.board.preview(id) {
        Some(preview) => format!("“{preview}”"),
        None => String::new(),
    }
}

/// Where a running turn is: its last cell, when that is an item at work.
fn turn_activity(model: &ThreadModel) -> Option<String> {
    match &model.turn {
        TurnPhase::Idle => return None,
        TurnPhase::Starting { .. } => return Some("starting a turn".to_string()),
        TurnPhase::Interrupting { .. } => return Some("being interrupted".to_string()),
        TurnPhase::Running { .. } => {}
    }
    let doing = match model.transcript.cells().last().map(|cell| cell.kind()) {
        Some(CellKind::Command(command)) if command.running => {
            format!("runs `{}`", command_first_line(&command.command))
        }
        Some(CellKind::FileChange {
            changes, status, ..
        }) if matches!(status.as_deref(), None | Some("inProgress")) => match changes.len() {
            1 => "edits 1 file".to_string(),
            n => format!("edits {n} files"),
        },
        Some(CellKind::Tool { title, status }) if status.as_deref() == Some("inProgress") => {
            format!("calls {title}")
        }
        Some(CellKind::Agent {
            streaming: true, ..
        }) => "writes an answer".to_string(),
        Some(CellKind::Reasoning { .. }) => "thinks".to_string(),
        _ => "working".to_string(),
    };
    Some(doing)
}

/// The first line of the last answer among a thread's last cells.
pub(crate) fn last_said(model: &ThreadModel) -> Option<String> {
    model
        .transcript
        .cells()
        .iter()
        .rev()
        .take(CELLS_LOOKED_AT)
        .find_map(|cell| match cell.kind() {
            CellKind::Agent { markdown, .. } => first_line(markdown.as_str()).map(str::to_string),
            _ => None,
        })
}
