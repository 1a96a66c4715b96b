//! `/ps` and `/stop`: the thread's background terminals — commands the model left running —
//! with how long each has run and its last line of output (tern's own record of the command's
//! cell: the server's list has neither). Enter shows a terminal's whole output, live. Stopping
//! one (`x`) or all (`X`) waits for `y`: a stopped command is gone. `/stop` opens the list ready
//! to stop (Enter picks the one; with a single terminal it is picked at once).

use super::{Ctx, Layer, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, Fate, KeyList, KeyRow, KeyTable, Rest, Show};
use crate::protocol::BackgroundTerminal;
use crate::session::event::LayerEvent;
use crate::session::state::Session;
use crate::session::terminals;

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
pub(crate) fn open(state: &mut Session, stopping: bool) -> Outcome {
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

    /// A key of the output view.
    fn on_output_key(&mut self, action: TerminalsKey) {
        let Some(view) = &mut self.output else {
            return;
        };
        match action {
            TerminalsKey::Back => self.output = None,
            TerminalsKey::ScrollUp => view.from_end += 1,
            TerminalsKey::ScrollDown => view.from_end = view.from_end.saturating_sub(1),
            TerminalsKey::ScrollPageUp => view.from_end += PAGE * 2,
            TerminalsKey::ScrollPageDown => view.from_end = view.from_end.saturating_sub(PAGE * 2),
            TerminalsKey::Top => view.from_end = usize::MAX / 2,
            TerminalsKey::Follow => view.from_end = 0,
            _ => {}
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TerminalsKey {
    Up,
    Down,
    PageUp,
    PageDown,
    Output,
    Pick,
    Stop,
    StopAll,
    Refresh,
    Close,
    Confirm,
    Back,
    ScrollUp,
    ScrollDown,
    ScrollPageUp,
    ScrollPageDown,
    Top,
    Follow,
}

fn listing(list: &Terminals) -> bool {
    list.output.is_none() && list.confirm.is_none()
}

fn with_rows(list: &Terminals) -> bool {
    listing(list) && !list.rows().is_empty()
}

fn reading(list: &Terminals) -> bool {
    list.output.is_some()
}

/// Keys with Ctrl or Alt reach the conversation (Ctrl+O, the Ctrl+C ladder).
const REST: Rest = Rest {
    chars: Fate::Swallow,
    modified: Fate::Pass,
    other: Fate::Swallow,
};

pub(crate) static KEYS: KeyTable<Terminals, TerminalsKey> = KeyTable::new(
    "terminals",
    "Background terminals",
    &[
        KeyRow::new(
            "confirm",
            &[Chord::ch('y'), Chord::ch('Y')],
            TerminalsKey::Confirm,
            "stop it",
        )
        .bar_keys(1)
        .when("a stop waits for its confirmation", |l: &Terminals| {
            l.confirm.is_some()
        }),
        list_rows::up(TerminalsKey::Up, "select").when("terminals are listed", with_rows),
        list_rows::down(TerminalsKey::Down, "select").when("terminals are listed", with_rows),
        KeyRow::new("output", &[Chord::ENTER], TerminalsKey::Output, "output")
            .explained("the selected terminal's whole output, live")
            .when("terminals are listed (from /ps)", |l: &Terminals| {
                with_rows(l) && !l.stopping
            }),
        KeyRow::new("pick", &[Chord::ENTER], TerminalsKey::Pick, "stop")
            .explained("stop the selected terminal (asks first)")
            .when("terminals are listed (from /stop)", |l: &Terminals| {
                with_rows(l) && l.stopping
            }),
        KeyRow::new(
            "stop",
            &[Chord::ch('x'), Chord::DELETE],
            TerminalsKey::Stop,
            "stop",
        )
        .explained("stop the selected terminal (asks first)")
        .bar_keys(1)
        .when("terminals are listed", with_rows),
        KeyRow::new(
            "stop_all",
            &[Chord::ch('X')],
            TerminalsKey::StopAll,
            "stop all",
        )
        .explained("stop every background terminal of the thread (asks first)")
        .when("terminals are listed", with_rows),
        KeyRow::new(
            "refresh",
            &[Chord::ch('r')],
            TerminalsKey::Refresh,
            "refresh",
        )
        .when("the list is shown", listing),
        list_rows::close_q(TerminalsKey::Close, "close").when("the list is shown", listing),
        list_rows::page_up(TerminalsKey::PageUp, "a page up/down")
            .when("terminals are listed", with_rows)
            .help(),
        list_rows::page_down(TerminalsKey::PageDown, "a page up/down")
            .when("terminals are listed", with_rows)
            .help(),
        // The output view's.
        list_rows::up(TerminalsKey::ScrollUp, "scroll")
            .named("scroll_up")
            .when("the output is shown", reading),
        list_rows::down(TerminalsKey::ScrollDown, "scroll")
            .named("scroll_down")
            .when("the output is shown", reading),
        list_rows::page_up(TerminalsKey::ScrollPageUp, "scroll")
            .named("scroll_page_up")
            .when("the output is shown", reading),
        list_rows::page_down(TerminalsKey::ScrollPageDown, "scroll")
            .named("scroll_page_down")
            .when("the output is shown", reading),
        list_rows::last(TerminalsKey::Follow, "follow")
            .named("follow")
            .when("the output is shown", reading)
            .shown(Show::Bar),
        list_rows::first(TerminalsKey::Top, "top")
            .named("top")
            .when("the output is shown", reading),
        KeyRow::new(
            "back",
            &[Chord::ESC, Chord::ch('q'), Chord::ENTER],
            TerminalsKey::Back,
            "back to the list",
        )
        .bar_keys(1)
        .when("the output is shown", reading),
    ],
    REST,
)
.rest_by(|list| {
    if list.confirm.is_some() {
        // Any other key keeps them running.
        Rest {
            chars: Fate::Take("keeps it"),
            modified: Fate::Pass,
            other: Fate::Take("keeps it"),
        }
    } else {
        REST
    }
});

impl LayerView for Terminals {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Consumed(vec![]);
        };
        Outcome::of_key_or_typed(KEYS.resolve(key, self, &cx.config.keymap), |row| {
            let Some(action) = row else {
                self.confirm = None;
                return Outcome::Consumed(vec![]);
            };
            if self.output.is_some() {
                self.on_output_key(action);
                return Outcome::Consumed(vec![]);
            }
            let count = self.rows().len();
            match action {
                TerminalsKey::Confirm => {
                    let effects = match self.confirm.take() {
                        Some(Stop::One {
                            process_id,
                            command,
                        }) => terminals::stop(cx.session_mut(), &process_id, &command),
                        Some(Stop::All) => terminals::stop_all(cx.session_mut()),
                        None => vec![],
                    };
                    return Outcome::Consumed(effects);
                }
                TerminalsKey::Close => return Outcome::Close(vec![]),
                TerminalsKey::Up => self.selected = self.selected.saturating_sub(1),
                TerminalsKey::Down => {
                    self.selected = (self.selected + 1).min(count.saturating_sub(1))
                }
                TerminalsKey::PageUp => self.selected = self.selected.saturating_sub(PAGE),
                TerminalsKey::PageDown => {
                    self.selected = (self.selected + PAGE).min(count.saturating_sub(1))
                }
                TerminalsKey::Pick | TerminalsKey::Stop => self.arm_selected(),
                TerminalsKey::Output => {
                    if let Some(row) = self.selected_row() {
                        self.output = Some(OutputView {
                            item_id: row.item_id.clone(),
                            command: row.command.clone(),
                            from_end: 0,
                        });
                    }
                }
                TerminalsKey::StopAll => self.confirm = Some(Stop::All),
                TerminalsKey::Refresh => {
                    return Outcome::Consumed(terminals::list(cx.session_mut()))
                }
                _ => {}
            }
            Outcome::Consumed(vec![])
        })
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
            LayerEvent::TerminalsChanged => Outcome::Consumed(terminals::list(cx.session_mut())),
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

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(self, &cx.config.keymap)
    }
}
