//! Rewind (Esc Esc, `/rewind`): the person's earlier messages in this thread, newest first.
//! Enter on one shows what rewinding to before it does: the turns it drops, and the files
//! those turns changed through `apply_patch` with the change putting each back (previewed
//! from the turns kept on disk, refused file by file with the reason), plus the commands that
//! may have changed files tern cannot put back. Enter then rewinds the conversation and leaves
//! the files; `f` rewinds and puts the files back; Esc goes back to the list.

use super::{Ctx, Layer, LayerView, Outcome};
use crate::app::event::LayerEvent;
use crate::app::layer_types::{Hint, Input, Placement};
use crate::app::session::rewind;
use crate::app::state::Session;
use crate::model::rewind::RestorePlan;
use crate::model::NoticeLevel;
use crossterm::event::KeyCode;
use std::time::Instant;

#[derive(Debug, Clone, PartialEq)]
pub struct RewindView {
    /// (turn id, text), newest first.
    pub messages: Vec<(String, String)>,
    pub selected: usize,
    /// What rewinding to the selected message does, once Enter asked.
    pub preview: Option<Preview>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Preview {
    /// The turns dropped, oldest first.
    pub turns: Vec<String>,
    /// Commands of those turns that may have written files.
    pub commands: Vec<String>,
    pub files: Files,
    /// Rows of the preview scrolled past; clamped when drawn.
    pub offset: usize,
}

/// Where the files' side of the preview stands.
#[derive(Debug, Clone, PartialEq)]
pub enum Files {
    Loading,
    /// Files cannot be put back here at all, and why.
    Unavailable(String),
    Ready(RestorePlan),
}

/// Opens the list, or says why there is nothing to rewind.
pub fn open(state: &mut Session) -> Outcome {
    match rewind::messages(state) {
        Ok(messages) => Outcome::Open(
            Layer::Rewind(RewindView {
                messages,
                selected: 0,
                preview: None,
            }),
            vec![],
        ),
        Err(why) => {
            state.shown.transcript.notice(NoticeLevel::Warning, why);
            Outcome::Consumed(vec![])
        }
    }
}

impl RewindView {
    fn show_preview(&mut self, state: &Session) -> Outcome {
        let Some((turn, _)) = self.messages.get(self.selected) else {
            return Outcome::Consumed(vec![]);
        };
        let turns = rewind::dropped_turns(state, turn);
        let commands = rewind::commands_of(state, &turns);
        let (files, effects) = match rewind::preview(state, turns.clone()) {
            Ok(effects) => (Files::Loading, effects),
            Err(why) => (Files::Unavailable(why), vec![]),
        };
        self.preview = Some(Preview {
            turns,
            commands,
            files,
            offset: 0,
        });
        Outcome::Consumed(effects)
    }

    /// Rewinds, putting the files back when `files` (and there are some to put back).
    fn confirm(&mut self, state: &mut Session, files: bool) -> Outcome {
        let (Some((turn, text)), Some(preview)) = (self.messages.get(self.selected), &self.preview)
        else {
            return Outcome::Consumed(vec![]);
        };
        let (restores, left) = match (&preview.files, files) {
            (Files::Ready(plan), true) => (plan.files.clone(), plan.refused.clone()),
            _ => (Vec::new(), Vec::new()),
        };
        let effects = rewind::start(
            state,
            turn.clone(),
            text.clone(),
            preview.turns.len(),
            (restores, left),
        );
        Outcome::Close(effects)
    }

    /// Whether `f` has files to put back.
    pub fn can_restore(&self) -> bool {
        matches!(
            self.preview.as_ref().map(|p| &p.files),
            Some(Files::Ready(plan)) if !plan.files.is_empty()
        )
    }
}

impl LayerView for RewindView {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Consumed(vec![]);
        };
        let n = self.messages.len().max(1);
        let can_restore = self.can_restore();
        if self.preview.is_some() {
            match key.code {
                KeyCode::Esc => {
                    self.preview = None;
                    return Outcome::Consumed(vec![]);
                }
                KeyCode::Enter => return self.confirm(cx, false),
                KeyCode::Char('f') if can_restore => return self.confirm(cx, true),
                _ => {}
            }
        }
        if let Some(preview) = &mut self.preview {
            return match key.code {
                KeyCode::Up | KeyCode::Char('k') => {
                    preview.offset = preview.offset.saturating_sub(1);
                    Outcome::Consumed(vec![])
                }
                KeyCode::Down | KeyCode::Char('j') => {
                    preview.offset += 1;
                    Outcome::Consumed(vec![])
                }
                KeyCode::PageUp => {
                    preview.offset = preview.offset.saturating_sub(10);
                    Outcome::Consumed(vec![])
                }
                KeyCode::PageDown => {
                    preview.offset += 10;
                    Outcome::Consumed(vec![])
                }
                _ => Outcome::Consumed(vec![]),
            };
        }
        match key.code {
            KeyCode::Esc => Outcome::Close(vec![]),
            KeyCode::Up | KeyCode::Char('k') => {
                self.selected = (self.selected + n - 1) % n;
                Outcome::Consumed(vec![])
            }
            KeyCode::Down | KeyCode::Char('j') => {
                self.selected = (self.selected + 1) % n;
                Outcome::Consumed(vec![])
            }
            KeyCode::Home => {
                self.selected = 0;
                Outcome::Consumed(vec![])
            }
            KeyCode::End => {
                self.selected = n - 1;
                Outcome::Consumed(vec![])
            }
            KeyCode::Enter => self.show_preview(cx),
            _ => Outcome::Consumed(vec![]),
        }
    }

    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        let LayerEvent::RestorePreview { thread_id, result } = event else {
            return Outcome::Ignored;
        };
        let Some(preview) = &mut self.preview else {
            return Outcome::Ignored;
        };
        if cx.thread_id() != Some(thread_id.as_str()) || preview.files != Files::Loading {
            return Outcome::Ignored;
        }
        preview.files = match result {
            Ok(plan) => Files::Ready(plan.clone()),
            Err(why) => Files::Unavailable(why.clone()),
        };
        Outcome::Consumed(vec![])
    }

    fn placement(&self) -> Placement {
        Placement::FullScreen
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Rewind"
    }

    fn hints(&self, _session: &Session, _now: Instant) -> Vec<Hint> {
        match &self.preview {
            None => vec![
                Hint::new("↑/↓", "choose a message"),
                Hint::new("Enter", "see what rewinding does"),
                Hint::new("Esc", "close"),
            ],
            Some(_) => {
                let mut hints = vec![Hint::new("Enter", "rewind, files as they are")];
                if self.can_restore() {
                    hints.push(Hint::new("f", "rewind and put the files back"));
                }
                hints.push(Hint::new("↑/↓ PgUp/PgDn", "scroll"));
                hints.push(Hint::new("Esc", "back to the messages"));
                hints
            }
        }
    }
}
