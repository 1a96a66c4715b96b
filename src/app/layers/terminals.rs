//! `/ps` and `/stop`: the thread's background terminals — commands the model left running —
//! with how long each has run and its last line of output (tern's own record of the command's
//! cell: the server's list has neither). Enter shows a terminal's whole output, live. Stopping
//! one (`x`) or all (`X`) waits for `y`: a stopped command is gone. `/stop` opens the list ready
//! to stop (Enter picks the one; with a single terminal it is picked at once).

use super::{Ctx, Layer, LayerView, Outcome};
use crate::app::event::LayerEvent;
use crate::app::layer_types::{Hint, Input, Placement};
use crate::app::session::terminals;
use crate::app::state::Session;
use crate::protocol::BackgroundTerminal;
use crossterm::event::{KeyCode, KeyModifiers};
use std::time::Instant;

/// Rows a page key moves by.
const PAGE: usize = 10;

#[derive(Debug, Clone, PartialEq)]
pub struct Terminals {
    /// `None` until the server answers.
    pub listed: Option<Result<Vec<BackgroundTerminal>, String>>,
    pub selected: usize,
    /// Opened by `/stop`: Enter picks the terminal to stop.
    pub stopping: bool,
    /// A stop waiting for `y`.
    pub confirm: Option<Stop>,
    /// Enter: the selected terminal's output, full screen.
    pub output: Option<OutputView>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Stop {
    One { process_id: String, command: String },
    All,
}

#[derive(Debug, Clone, PartialEq)]
pub struct OutputView {
    pub item_id: String,
    pub command: String,
    /// Rows scrolled back from the end (0 follows the output).
    pub from_end: usize,
}

/// Opens the list (`/ps`), or the list ready to stop one (`/stop`).
pub fn open(state: &mut Session, stopping: bool) -> Outcome {
    let effects = terminals::list(state);
    if effects.is_empty() {
        return Outcome::Consumed(effects);
    }
    let list = Terminals {
        listed: None,
        selected: 0,
        stopping,
        confirm: None,
        output: None,
    };
    Outcome::Open(Layer::Terminals(Box::new(list)), effects)
}

impl Terminals {
    pub fn rows(&self) -> &[BackgroundTerminal] {
        match &self.listed {
            Some(Ok(rows)) => rows,
            _ => &[],
        }
    }

    fn selected_row(&self) -> Option<&BackgroundTerminal> {
        self.rows().get(self.selected)
    }

    fn arm_selected(&mut self) {
        if let Some(row) = self.selected_row() {
            self.confirm = Some(Stop::One {
                process_id: row.process_id.clone(),
                command: row.command.clone(),
            });
        }
    }

    fn on_output_key(&mut self, code: KeyCode) -> Outcome {
        let Some(view) = &mut self.output else {
            return Outcome::Ignored;
        };
        match code {
            KeyCode::Esc | KeyCode::Char('q') | KeyCode::Enter => self.output = None,
            KeyCode::Up => view.from_end += 1,
            KeyCode::Down => view.from_end = view.from_end.saturating_sub(1),
            KeyCode::PageUp => view.from_end += PAGE * 2,
            KeyCode::PageDown => view.from_end = view.from_end.saturating_sub(PAGE * 2),
            KeyCode::Home => view.from_end = usize::MAX / 2,
            KeyCode::End => view.from_end = 0,
            _ => {}
        }
        Outcome::Consumed(vec![])
    }
}

impl LayerView for Terminals {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Consumed(vec![]);
        };
        if key.modifiers.contains(KeyModifiers::CONTROL) {
            return Outcome::Ignored;
        }
        if self.output.is_some() {
            return self.on_output_key(key.code);
        }
        if let Some(stop) = self.confirm.take() {
            return match key.code {
                KeyCode::Char('y') | KeyCode::Char('Y') => {
                    let effects = match stop {
                        Stop::One {
                            process_id,
                            command,
                        } => terminals::stop(cx, &process_id, &command),
                        Stop::All => terminals::stop_all(cx),
                    };
                    Outcome::Consumed(effects)
                }
                // Any other key keeps them running.
                _ => Outcome::Consumed(vec![]),
            };
        }
        let count = self.rows().len();
        match key.code {
            KeyCode::Esc | KeyCode::Char('q') => return Outcome::Close(vec![]),
            KeyCode::Up => self.selected = self.selected.saturating_sub(1),
            KeyCode::Down => self.selected = (self.selected + 1).min(count.saturating_sub(1)),
            KeyCode::PageUp => self.selected = self.selected.saturating_sub(PAGE),
            KeyCode::PageDown => {
                self.selected = (self.selected + PAGE).min(count.saturating_sub(1))
            }
            KeyCode::Enter if self.stopping => self.arm_selected(),
            KeyCode::Enter => {
                if let Some(row) = self.selected_row() {
                    self.output = Some(OutputView {
                        item_id: row.item_id.clone(),
                        command: row.command.clone(),
                        from_end: 0,
                    });
                }
            }
            KeyCode::Char('x') | KeyCode::Delete => self.arm_selected(),
            KeyCode::Char('X') if count > 0 => self.confirm = Some(Stop::All),
            KeyCode::Char('r') => return Outcome::Consumed(terminals::list(cx)),
            _ => {}
        }
        Outcome::Consumed(vec![])
    }

    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        match event {
            LayerEvent::Terminals(result) => {
                self.listed = Some(
                    result
                        .as_ref()
                        .map(|r| r.data.clone())
                        .map_err(Clone::clone),
                );
                let count = self.rows().len();
                self.selected = self.selected.min(count.saturating_sub(1));
                if self.stopping && count == 1 && self.confirm.is_none() {
                    self.arm_selected();
                }
                Outcome::Consumed(vec![])
            }
            LayerEvent::TerminalsChanged => Outcome::Consumed(terminals::list(cx)),
            _ => Outcome::Ignored,
        }
    }

    fn placement(&self) -> Placement {
        if self.output.is_some() {
            Placement::FullScreen
        } else {
            Placement::Popup
        }
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Background terminals"
    }

    fn hints(&self, _session: &Session, _now: Instant) -> Vec<Hint> {
        if self.output.is_some() {
            return vec![
                Hint::new("↑/↓ PgUp/PgDn", "scroll"),
                Hint::new("End", "follow"),
                Hint::new("Esc", "back to the list"),
            ];
        }
        if self.confirm.is_some() {
            return vec![
                Hint::new("y", "stop it"),
                Hint::new("any other key", "keep it"),
            ];
        }
        let mut hints = vec![Hint::new("↑/↓", "select")];
        if !self.rows().is_empty() {
            if self.stopping {
                hints.push(Hint::new("Enter/x", "stop"));
            } else {
                hints.push(Hint::new("Enter", "output"));
                hints.push(Hint::new("x", "stop"));
            }
            hints.push(Hint::new("X", "stop all"));
        }
        hints.push(Hint::new("r", "refresh"));
        hints.push(Hint::new("Esc", "close"));
        hints
    }
}
