//! `/copy pick`: any answer of the thread, or one code block of it, to copy exactly (without
//! the fences, printable text only). Newest first; Enter copies, Esc closes.

use super::{Ctx, LayerView, Outcome};
use crate::app::layer_types::{Hint, Input, Placement};
use crate::app::session::actions::copy_text;
use crate::app::state::Session;
use crate::model::copyable::{copyables, Copyable};
use crate::model::NoticeLevel;
use crossterm::event::KeyCode;
use std::time::Instant;

#[derive(Debug, Clone, PartialEq)]
pub struct CopyPick {
    pub items: Vec<Copyable>,
    pub selected: usize,
}

pub fn open(state: &mut Session) -> Outcome {
    let items = copyables(&state.shown.transcript);
    if items.is_empty() {
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            "Nothing to copy yet: no answer so far.",
        );
        return Outcome::Consumed(vec![]);
    }
    Outcome::Open(
        super::Layer::CopyPick(CopyPick { items, selected: 0 }),
        vec![],
    )
}

impl LayerView for CopyPick {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Consumed(vec![]);
        };
        let n = self.items.len();
        match key.code {
            KeyCode::Esc => Outcome::Close(vec![]),
            KeyCode::Up => {
                self.selected = (self.selected + n - 1) % n;
                Outcome::Consumed(vec![])
            }
            KeyCode::Down => {
                self.selected = (self.selected + 1) % n;
                Outcome::Consumed(vec![])
            }
            KeyCode::Enter => {
                let item = &self.items[self.selected.min(n - 1)];
                Outcome::Close(copy_text(cx, item.text.clone(), item.label.trim()))
            }
            _ => Outcome::Consumed(vec![]),
        }
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Copy"
    }

    fn rows(&self, _width: u16, _session: &Session) -> usize {
        self.items.len()
    }

    fn hints(&self, _session: &Session, _now: Instant) -> Vec<Hint> {
        vec![
            Hint::new("↑/↓", "select"),
            Hint::new("Enter", "copy"),
            Hint::new("Esc", "close"),
        ]
    }
}
