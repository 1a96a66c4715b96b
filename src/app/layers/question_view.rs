//! The front question's whole body on the full screen (`d` or Tab from a question): a long script
//! or a tall diff read end to end before deciding. Esc returns to the question.

use super::{Ctx, LayerView, Outcome};
use crate::app::layer_types::{Hint, Input, Placement};
use crate::app::state::Session;
use crossterm::event::KeyCode;
use std::time::Instant;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct QuestionView {
    /// Rows scrolled past; clamped when drawn.
    pub offset: usize,
}

impl LayerView for QuestionView {
    fn handle(&mut self, input: &Input<'_>, _cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Ignored;
        };
        match key.code {
            KeyCode::Esc | KeyCode::Char('d') | KeyCode::Char('q') | KeyCode::Tab => {
                return Outcome::Close(vec![])
            }
            KeyCode::Up => self.offset = self.offset.saturating_sub(1),
            KeyCode::Down => self.offset += 1,
            KeyCode::PageUp => self.offset = self.offset.saturating_sub(20),
            KeyCode::PageDown => self.offset += 20,
            KeyCode::Home => self.offset = 0,
            KeyCode::End => self.offset = usize::MAX / 2,
            _ => {}
        }
        Outcome::Consumed(vec![])
    }

    fn placement(&self) -> Placement {
        Placement::FullScreen
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Full view"
    }

    fn hints(&self, _session: &Session, _now: Instant) -> Vec<Hint> {
        vec![
            Hint::new("↑/↓ PgUp/PgDn", "scroll"),
            Hint::new("Esc", "back to the question"),
        ]
    }
}
