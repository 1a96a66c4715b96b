//! One block of the transcript. Each cell keeps its source; lines are laid out on demand.

use crate::protocol::{CommandAction, FileUpdateChange, PlanStep};
use ratatui::text::Line;
use std::cell::RefCell;
use std::rc::Rc;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoticeLevel {
    Info,
    Warning,
    Error,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CommandCell {
    pub command: String,
    /// Shown only when it differs from the session's working directory.
    pub cwd: Option<String>,
    pub actions: Vec<CommandAction>,
    pub output: String,
    pub exit_code: Option<i64>,
    pub duration_ms: Option<i64>,
    pub running: bool,
    /// The server's final status word when it is not plain success ("declined", "failed" …).
    pub status: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum CellKind {
    User {
        text: String,
    },
    Agent {
        markdown: String,
        streaming: bool,
    },
    Reasoning {
        text: String,
    },
    Command(CommandCell),
    FileChange {
        changes: Vec<FileUpdateChange>,
        status: Option<String>,
    },
    Plan {
        explanation: Option<String>,
        steps: Vec<PlanStep>,
    },
    Tool {
        title: String,
        status: Option<String>,
    },
    Notice {
        level: NoticeLevel,
        text: String,
    },
    TurnEnd {
        status: String,
        duration_ms: Option<i64>,
    },
}

/// Lines laid out for one width, reused until the cell changes or the width does.
#[derive(Debug, Clone)]
pub struct CachedLines {
    pub width: u16,
    pub lines: Rc<Vec<Line<'static>>>,
}

#[derive(Debug)]
pub struct Cell {
    kind: CellKind,
    cache: RefCell<Option<CachedLines>>,
}

impl Cell {
    pub fn new(kind: CellKind) -> Self {
        Cell {
            kind,
            cache: RefCell::new(None),
        }
    }

    pub fn kind(&self) -> &CellKind {
        &self.kind
    }

    /// Mutable access drops the layout cache, so a change can never show stale lines.
    pub fn kind_mut(&mut self) -> &mut CellKind {
        self.cache.get_mut().take();
        &mut self.kind
    }

    pub fn lines(
        &self,
        width: u16,
        layout: impl FnOnce(&CellKind, u16) -> Vec<Line<'static>>,
    ) -> Rc<Vec<Line<'static>>> {
        if let Some(cached) = self.cache.borrow().as_ref() {
            if cached.width == width {
                return cached.lines.clone();
            }
        }
        let lines = Rc::new(layout(&self.kind, width));
        *self.cache.borrow_mut() = Some(CachedLines {
            width,
            lines: lines.clone(),
        });
        lines
    }
}
