//! The picker's keys: moving, filtering, the toggles, and the actions that ask for one
//! confirming key (fork, archive, delete) or a name (rename) — one table, whose rows apply in one of
//! the picker's moments: browsing, confirming, renaming (waiting for the server to open a
//! thread, no row applies and every key but Ctrl+C stops here).

use super::{Pending, SortBy, ThreadPicker};
use crate::app::layer_types::Input;
use crate::app::layers::Outcome;
use crate::controls::keys::{list_rows, Chord, KeyRow, KeyTable, Move, Rest, Words};
use crate::controls::line_input::LineInput;
use crate::protocol::{ThreadIdParams, ThreadSetNameParams};
use crate::session::effect::Effect;
use crate::session::lifecycle;
use crate::session::request::ClientRequest;
use crate::session::state::{Open, Session};
use crossterm::event::MouseEventKind;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PickerKey {
    Resume,
    Move(Move),
    ClearFilter,
    Close,
    AllDirs,
    Sort,
    Archived,
    Rename,
    Fork,
    Archive,
    Delete,
    Backspace,
    /// `y` or Enter while an action waits for it.
    Confirm,
    /// Enter while a name is typed.
    SetName,
    /// Esc while a name is typed.
    CancelName,
}

fn browsing(p: &ThreadPicker) -> bool {
    p.renaming.is_none() && p.confirm.is_none() && p.opening.is_none()
}

fn has_row(p: &ThreadPicker) -> bool {
    browsing(p) && p.selected_row().is_some()
}

fn renaming(p: &ThreadPicker) -> bool {
    p.renaming.is_some()
}

fn confirming(p: &ThreadPicker) -> bool {
    p.renaming.is_none() && p.confirm.is_some()
}

const fn words(bar: &'static str) -> Words {
    Words { bar, help: bar }
}

pub(crate) static KEYS: KeyTable<ThreadPicker, PickerKey> = KeyTable::new(
    "picker",
    "Resume",
    &[
        // Renaming: Enter sets the name, Esc gives up.
        KeyRow::new("set_name", &[Chord::ENTER], PickerKey::SetName, "rename")
            .when("a name is being typed", renaming),
        KeyRow::new(
            "cancel_name",
            &[Chord::ESC],
            PickerKey::CancelName,
            "cancel",
        )
        .when("a name is being typed", renaming),
        KeyRow::new(
            "name_backspace",
            &[Chord::BACKSPACE],
            PickerKey::Backspace,
            "delete back",
        )
        .when("a name is being typed", renaming)
        .reference(),
        // Confirming a fork or an archive.
        KeyRow::new(
            "confirm",
            &[Chord::ch('y'), Chord::ENTER],
            PickerKey::Confirm,
            "confirm",
        )
        .when(
            "a fork, an archive or a delete waits for its confirmation",
            confirming,
        )
        .words_by(|p| match p.confirm {
            Some(Pending::Fork) => words("fork it"),
            Some(Pending::Archive) if p.archived => words("unarchive it"),
            Some(Pending::Delete) => words("delete it for good"),
            _ => words("archive it"),
        }),
        // Browsing.
        KeyRow::new("resume", &[Chord::ENTER], PickerKey::Resume, "resume")
            .explained("resume the selected thread")
            .when("a thread is selected", has_row),
        KeyRow::new(
            "all_dirs",
            &[Chord::TAB],
            PickerKey::AllDirs,
            "all directories",
        )
        .when("", browsing)
        .words_by(|p| {
            words(if p.all_dirs {
                "this directory"
            } else {
                "all directories"
            })
        }),
        KeyRow::new("sort", &[Chord::ctrl('s')], PickerKey::Sort, "sort")
            .when("", browsing)
            .words_by(|p| {
                words(match p.sort {
                    SortBy::Updated => "sort by created",
                    SortBy::Created => "sort by updated",
                })
            }),
        KeyRow::new(
            "archived",
            &[Chord::ctrl('t')],
            PickerKey::Archived,
            "archived",
        )
        .when("", browsing)
        .words_by(|p| words(if p.archived { "live" } else { "archived" })),
        KeyRow::new("rename", &[Chord::ctrl('r')], PickerKey::Rename, "rename")
            .explained("name the selected thread")
            .when("a thread is selected", has_row),
        KeyRow::new("fork", &[Chord::ctrl('f')], PickerKey::Fork, "fork")
            .explained("fork the selected thread (asks first)")
            .when("a thread is selected", has_row),
        KeyRow::new(
            "archive",
            &[Chord::ctrl('x')],
            PickerKey::Archive,
            "archive",
        )
        .when("a thread is selected", has_row)
        .words_by(|p| words(if p.archived { "unarchive" } else { "archive" })),
        KeyRow::new("delete", &[Chord::ctrl('d')], PickerKey::Delete, "delete")
            .explained("delete the selected thread for good (asks first)")
            .when("a thread is selected", has_row),
        KeyRow::new(
            "clear_filter",
            &[Chord::ESC],
            PickerKey::ClearFilter,
            "clear the filter",
        )
        .when("a filter is typed", |p| browsing(p) && !p.query.is_empty()),
        KeyRow::new("close", &[Chord::ESC], PickerKey::Close, "close")
            .when("no filter is typed", |p| browsing(p) && p.query.is_empty())
            .words_by(|p| words(if p.at_startup { "new thread" } else { "close" })),
        list_rows::up(PickerKey::Move(Move::Up), "select")
            .when("", browsing)
            .help(),
        list_rows::down(PickerKey::Move(Move::Down), "select")
            .when("", browsing)
            .help(),
        list_rows::page_up(PickerKey::Move(Move::PageUp), "a page up/down")
            .when("", browsing)
            .help(),
        list_rows::page_down(PickerKey::Move(Move::PageDown), "a page up/down")
            .when("", browsing)
            .help(),
        list_rows::first(PickerKey::Move(Move::First), "first/last").when("", browsing),
        list_rows::last(PickerKey::Move(Move::Last), "first/last").when("", browsing),
        list_rows::filter_back(PickerKey::Backspace).when("", browsing),
    ],
    Rest::typing("filter"),
)
.rest_by(|p| {
    if p.renaming.is_some() {
        Rest::typing("the name")
    } else if p.confirm.is_some() {
        Rest::any_key("cancel")
    } else if p.opening.is_some() {
        Rest::SWALLOW
    } else {
        Rest::typing("filter")
    }
});

impl ThreadPicker {
    /// The picker's answer to an input.
    pub(super) fn keys(&mut self, input: &Input<'_>, state: &mut Session) -> Outcome {
        let key = match input {
            Input::Key(key) => *key,
            Input::Paste(text) => {
                return match &mut self.renaming {
                    Some(name) => {
                        name.paste(text);
                        Outcome::Consumed(vec![])
                    }
                    None => {
                        self.query.paste(text);
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
        let resolved = KEYS.resolve(&key, self, &state.config.keymap);
        self.message = None;
        Outcome::of_key_or_typed(resolved, |row| {
            let Some(action) = row else {
                return Outcome::Consumed(self.take(Chord::typed_char(&key)));
            };
            let effects = match action {
                PickerKey::SetName => return self.set_name(),
                PickerKey::CancelName => {
                    self.renaming = None;
                    vec![]
                }
                PickerKey::Confirm => match self.confirm.take() {
                    Some(pending) => self.act(pending, state),
                    None => vec![],
                },
                PickerKey::ClearFilter => {
                    self.query.clear();
                    self.query_changed()
                }
                PickerKey::Close => {
                    return if self.at_startup {
                        Outcome::Close(lifecycle::open(state, Open::New))
                    } else {
                        Outcome::Close(vec![])
                    };
                }
                PickerKey::Resume => self.open_selected(state),
                PickerKey::Move(to) => self.go(to),
                PickerKey::AllDirs => {
                    self.all_dirs = !self.all_dirs;
                    self.reload()
                }
                PickerKey::Sort => {
                    self.sort = match self.sort {
                        SortBy::Updated => SortBy::Created,
                        SortBy::Created => SortBy::Updated,
                    };
                    self.reload()
                }
                PickerKey::Archived => {
                    self.archived = !self.archived;
                    self.reload()
                }
                PickerKey::Rename => {
                    if let Some(row) = self.selected_row() {
                        self.renaming =
                            Some(LineInput::new(row.name.as_deref().unwrap_or_default()));
                    }
                    vec![]
                }
                PickerKey::Fork => {
                    self.confirm = Some(Pending::Fork);
                    vec![]
                }
                PickerKey::Archive => {
                    self.confirm = Some(Pending::Archive);
                    vec![]
                }
                PickerKey::Delete => {
                    self.confirm = Some(Pending::Delete);
                    vec![]
                }
                PickerKey::Backspace => match &mut self.renaming {
                    Some(name) => {
                        name.backspace();
                        vec![]
                    }
                    None => {
                        self.query.backspace();
                        self.query_changed()
                    }
                },
            };
            Outcome::Consumed(effects)
        })
    }

    /// A key no row takes, which the picker's moment takes: a letter of the name or the
    /// filter, or the key that cancels a waiting confirmation.
    fn take(&mut self, typed: Option<char>) -> Vec<Effect> {
        if self.confirm.take().is_some() {
            self.message = Some("Nothing done.".into());
            return vec![];
        }
        let Some(c) = typed else {
            return vec![];
        };
        match &mut self.renaming {
            Some(name) => {
                name.type_char(c);
                vec![]
            }
            None => {
                self.query.type_char(c);
                self.query_changed()
            }
        }
    }

    /// A shared list row's move; the rows near the end ask for more (`selection_moved`).
    fn go(&mut self, to: Move) -> Vec<Effect> {
        self.selected.go(to, self.shown.len());
        self.selection_moved()
    }

    fn set_name(&mut self) -> Outcome {
        let Some(name) = &self.renaming else {
            return Outcome::Consumed(vec![]);
        };
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
        Outcome::Consumed(vec![Effect::Request(ClientRequest::SetThreadName(
            ThreadSetNameParams { thread_id, name },
        ))])
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
            Pending::Delete => vec![Effect::Request(ClientRequest::DeleteThread(
                ThreadIdParams { thread_id },
            ))],
        }
    }
}
