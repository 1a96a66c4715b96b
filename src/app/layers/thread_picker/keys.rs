//! The picker's keys: moving, filtering, the toggles, and the actions that ask for one
//! confirming key (fork, archive) or a name (rename).

use super::{Pending, SortBy, ThreadPicker, PAGE_STEP};
use crate::app::effect::Effect;
use crate::app::layer_types::{Hint, Input};
use crate::app::layers::Outcome;
use crate::app::request::ClientRequest;
use crate::app::session::lifecycle;
use crate::app::state::{Open, Session};
use crate::protocol::{ThreadIdParams, ThreadSetNameParams};
use crossterm::event::{KeyCode, KeyModifiers, MouseEventKind};

impl ThreadPicker {
    /// The picker's answer to an input.
    pub(super) fn keys(&mut self, input: &Input<'_>, state: &mut Session) -> Outcome {
        let key = match input {
            Input::Key(key) => *key,
            Input::Paste(text) => {
                let line = text.lines().next().unwrap_or("");
                return match &mut self.renaming {
                    Some(name) => {
                        name.push_str(line);
                        Outcome::Consumed(vec![])
                    }
                    None => {
                        self.query.push_str(line);
                        Outcome::Consumed(self.query_changed())
                    }
                };
            }
            Input::Mouse(mouse) => {
                return Outcome::Consumed(match mouse.kind {
                    MouseEventKind::ScrollUp => self.move_by(-3),
                    MouseEventKind::ScrollDown => self.move_by(3),
                    _ => vec![],
                })
            }
        };
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let typed = !key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT | KeyModifiers::SUPER);
        self.message = None;
        if self.renaming.is_some() {
            return self.rename_key(key.code, typed);
        }
        if let Some(pending) = self.confirm.take() {
            return match key.code {
                KeyCode::Char('y') | KeyCode::Enter => Outcome::Consumed(self.act(pending, state)),
                _ => {
                    self.message = Some("Nothing done.".into());
                    Outcome::Consumed(vec![])
                }
            };
        }
        if self.opening.is_some() {
            // Waiting for the server to open a thread: its answer switches the session, so
            // nothing else is done meanwhile (Ctrl+C still quits).
            return Outcome::Consumed(vec![]);
        }
        let effects = match key.code {
            KeyCode::Esc if !self.query.is_empty() => {
                self.query.clear();
                self.query_changed()
            }
            KeyCode::Esc => {
                return if self.at_startup {
                    Outcome::Close(lifecycle::open(state, Open::New))
                } else {
                    Outcome::Close(vec![])
                };
            }
            KeyCode::Enter => self.open_selected(state),
            KeyCode::Up => self.move_by(-1),
            KeyCode::Down => self.move_by(1),
            KeyCode::PageUp => self.move_by(-(PAGE_STEP as isize)),
            KeyCode::PageDown => self.move_by(PAGE_STEP as isize),
            KeyCode::Home => self.move_by(isize::MIN / 2),
            KeyCode::End => self.move_by(isize::MAX / 2),
            KeyCode::Tab => {
                self.all_dirs = !self.all_dirs;
                self.reload()
            }
            KeyCode::Char('s') if ctrl => {
                self.sort = match self.sort {
                    SortBy::Updated => SortBy::Created,
                    SortBy::Created => SortBy::Updated,
                };
                self.reload()
            }
            KeyCode::Char('t') if ctrl => {
                self.archived = !self.archived;
                self.reload()
            }
            KeyCode::Char('r') if ctrl => {
                if let Some(row) = self.selected_row() {
                    self.renaming = Some(row.name.clone().unwrap_or_default());
                }
                vec![]
            }
            KeyCode::Char('f') if ctrl && self.selected_row().is_some() => {
                self.confirm = Some(Pending::Fork);
                vec![]
            }
            KeyCode::Char('x') if ctrl && self.selected_row().is_some() => {
                self.confirm = Some(Pending::Archive);
                vec![]
            }
            KeyCode::Backspace => {
                self.query.pop();
                self.query_changed()
            }
            KeyCode::Char(c) if typed => {
                self.query.push(c);
                self.query_changed()
            }
            _ => vec![],
        };
        Outcome::Consumed(effects)
    }

    fn rename_key(&mut self, code: KeyCode, typed: bool) -> Outcome {
        let Some(name) = &mut self.renaming else {
            return Outcome::Consumed(vec![]);
        };
        match code {
            KeyCode::Esc => self.renaming = None,
            KeyCode::Backspace => {
                name.pop();
            }
            KeyCode::Char(c) if typed => name.push(c),
            KeyCode::Enter => {
                let name = name.trim().to_string();
                if name.is_empty() {
                    self.message = Some("A thread name cannot be empty.".into());
                    return Outcome::Consumed(vec![]);
                }
                self.renaming = None;
                let Some(row) = self.selected_row() else {
                    return Outcome::Consumed(vec![]);
                };
                let thread_id = row.id.clone();
                return Outcome::Consumed(vec![Effect::Request(ClientRequest::SetThreadName(
                    ThreadSetNameParams { thread_id, name },
                ))]);
            }
            _ => {}
        }
        Outcome::Consumed(vec![])
    }

    /// Resumes the selected thread: metadata only, its turns are paged afterwards.
    fn open_selected(&mut self, state: &mut Session) -> Vec<Effect> {
        let Some(row) = self.selected_row() else {
            return vec![];
        };
        let thread_id = row.id.clone();
        self.opening = Some(row.title().to_string());
        lifecycle::open(state, Open::Resume(thread_id))
    }

    fn act(&mut self, pending: Pending, state: &mut Session) -> Vec<Effect> {
        let Some(row) = self.selected_row() else {
            return vec![];
        };
        let thread_id = row.id.clone();
        match pending {
            Pending::Fork => {
                self.opening = Some(format!("a fork of {}", row.title()));
                lifecycle::open(state, Open::Fork(thread_id))
            }
            Pending::Archive if self.archived => vec![Effect::Request(
                ClientRequest::UnarchiveThread(ThreadIdParams { thread_id }),
            )],
            Pending::Archive => vec![Effect::Request(ClientRequest::ArchiveThread(
                ThreadIdParams { thread_id },
            ))],
        }
    }
}

pub fn hints(picker: &ThreadPicker) -> Vec<Hint> {
    if picker.renaming.is_some() {
        return vec![Hint::new("Enter", "rename"), Hint::new("Esc", "cancel")];
    }
    if let Some(pending) = picker.confirm {
        let what = match pending {
            Pending::Fork => "fork it",
            Pending::Archive if picker.archived => "unarchive it",
            Pending::Archive => "archive it",
        };
        return vec![
            Hint::new("y/Enter", what),
            Hint::new("any other key", "cancel"),
        ];
    }
    vec![
        Hint::new("Enter", "resume"),
        Hint::new("type", "filter"),
        Hint::new(
            "Tab",
            if picker.all_dirs {
                "this directory"
            } else {
                "all directories"
            },
        ),
        Hint::new(
            "Ctrl+S",
            match picker.sort {
                SortBy::Updated => "sort by created",
                SortBy::Created => "sort by updated",
            },
        ),
        Hint::new("Ctrl+T", if picker.archived { "live" } else { "archived" }),
        Hint::new("Ctrl+R", "rename"),
        Hint::new("Ctrl+F", "fork"),
        Hint::new(
            "Ctrl+X",
            if picker.archived {
                "unarchive"
            } else {
                "archive"
            },
        ),
        Hint::new(
            "Esc",
            if picker.at_startup {
                "new thread"
            } else {
                "close"
            },
        ),
    ]
}
