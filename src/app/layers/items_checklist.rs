//! `/statusline` and `/title`: a checklist of the parts the status line or the terminal's
//! title can show, the person's choice ticked. Space ticks or unticks the selected part and the
//! line (or title) shows it at once; Enter keeps the choice and saves it in tern's config file
//! (`status_line = [...]`, `title = [...]`; no part of the title: `title = false`, tern leaves
//! the terminal's title alone), the file's comments kept; Esc puts back what was there.

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::config::{StatusItem, TitleItem, STATUS_ITEMS};
use crate::controls::keys::{list_rows, Chord, KeyList, KeyRow, KeyTable, Move, Rest};
use crate::controls::pick_list::PickList;
use crate::session::config_save::{show_status_line, show_title};
use crate::session::event::ConfigValue;
use crate::session::state::Session;

/// What the checklist chooses for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Surface {
    StatusLine,
    Title,
}

/// The title's parts, in the order the title shows them.
const TITLE_ITEMS: &[TitleItem] = &[TitleItem::Thread, TitleItem::State, TitleItem::Folder];

#[derive(Debug, Clone, PartialEq)]
pub struct ItemsChecklist {
    pub surface: Surface,
    pub selected: PickList,
    /// Each part's config name and whether it is ticked, in the order shown.
    pub ticked: Vec<(&'static str, bool)>,
    /// What was in force when the list opened, put back by Esc.
    before_status: Option<Vec<StatusItem>>,
    before_title: Option<Vec<TitleItem>>,
}

fn title_name(item: TitleItem) -> &'static str {
    match item {
        TitleItem::Thread => "thread",
        TitleItem::State => "state",
        TitleItem::Folder => "folder",
    }
}

/// What a part shows, for the list.
pub(crate) fn describe(surface: Surface, name: &str) -> &'static str {
    match surface {
        Surface::StatusLine => STATUS_ITEMS
            .iter()
            .find(|i| i.name() == name)
            .map_or("", |i| i.describe()),
        Surface::Title => match name {
            "thread" => "the thread's name, once it has one",
            "state" => "working, waiting for you, done",
            "folder" => "the folder tern runs in",
            _ => "",
        },
    }
}

/// `/statusline` or `/title`: the parts, the ones in force ticked.
pub(crate) fn open(state: &Session, surface: Surface) -> Outcome {
    let config = &state.config;
    let ticked = match surface {
        Surface::StatusLine => STATUS_ITEMS
            .iter()
            .map(|i| {
                let on = config.status_line.as_ref().is_none_or(|l| l.contains(i));
                (i.name(), on)
            })
            .collect(),
        Surface::Title => TITLE_ITEMS
            .iter()
            .map(|i| {
                let on = config.title.as_ref().is_some_and(|l| l.contains(i));
                (title_name(*i), on)
            })
            .collect(),
    };
    let view = ItemsChecklist {
        surface,
        selected: PickList::default(),
        ticked,
        before_status: config.status_line.clone(),
        before_title: config.title.clone(),
    };
    Outcome::Open(super::Layer::ItemsChecklist(view), vec![])
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ChecklistKey {
    Move(Move),
    Toggle,
    Save,
    Cancel,
}

pub(crate) static KEYS: KeyTable<(), ChecklistKey> = KeyTable::new(
    "checklist",
    "Status line and title",
    &[
        list_rows::up_k(ChecklistKey::Move(Move::Up), "select"),
        list_rows::down_j(ChecklistKey::Move(Move::Down), "select"),
        KeyRow::new(
            "toggle",
            &[Chord::ch(' ')],
            ChecklistKey::Toggle,
            "show/hide",
        )
        .explained("show or hide the selected part (seen at once)"),
        KeyRow::new("save", &[Chord::ENTER], ChecklistKey::Save, "save")
            .explained("keep the choice and save it in tern's config file")
            .bar_keys(1),
        KeyRow::new(
            "cancel",
            &[Chord::ESC, Chord::ch('q')],
            ChecklistKey::Cancel,
            "cancel",
        )
        .explained("put back what was shown before, save nothing"),
        list_rows::first(ChecklistKey::Move(Move::First), "first/last"),
        list_rows::last(ChecklistKey::Move(Move::Last), "first/last"),
    ],
    Rest::SWALLOW,
);

impl ItemsChecklist {
    fn chosen(&self) -> Vec<&'static str> {
        self.ticked
            .iter()
            .filter(|(_, on)| *on)
            .map(|(name, _)| *name)
            .collect()
    }

    /// Shows the ticked parts from now on (not saved).
    fn apply(&self, session: &mut Session) {
        let chosen = self.chosen();
        match self.surface {
            Surface::StatusLine => show_status_line(
                session,
                Some(
                    STATUS_ITEMS
                        .iter()
                        .copied()
                        .filter(|i| chosen.contains(&i.name()))
                        .collect(),
                ),
            ),
            Surface::Title => {
                let items: Vec<TitleItem> = TITLE_ITEMS
                    .iter()
                    .copied()
                    .filter(|i| chosen.contains(&title_name(*i)))
                    .collect();
                show_title(session, (!items.is_empty()).then_some(items));
            }
        }
    }

    /// The config file's key and value for the choice.
    fn setting(&self) -> (&'static str, ConfigValue) {
        let chosen: Vec<String> = self.chosen().iter().map(|n| n.to_string()).collect();
        match self.surface {
            Surface::StatusLine => ("status_line", ConfigValue::List(chosen)),
            Surface::Title if chosen.is_empty() => ("title", ConfigValue::Bool(false)),
            Surface::Title => ("title", ConfigValue::List(chosen)),
        }
    }
}

impl LayerView for ItemsChecklist {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Ignored;
        };
        let n = self.ticked.len();
        Outcome::of_key(KEYS.resolve(key, &(), &cx.config.keymap), |action| {
            match action {
                ChecklistKey::Move(to) => {
                    self.selected.go(to, n);
                }
                ChecklistKey::Toggle => {
                    if let Some(at) = self.selected.index(n) {
                        self.ticked[at].1 = !self.ticked[at].1;
                        self.apply(cx.session_mut());
                    }
                }
                ChecklistKey::Save => {
                    self.apply(cx.session_mut());
                    let (key, value) = self.setting();
                    let effects =
                        crate::session::config_save::save(cx.session_mut(), &[key], value);
                    return Outcome::Close(effects);
                }
                ChecklistKey::Cancel => {
                    show_status_line(cx.session_mut(), self.before_status.clone());
                    show_title(cx.session_mut(), self.before_title.clone());
                    return Outcome::Close(vec![]);
                }
            }
            Outcome::Consumed(vec![])
        })
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        match self.surface {
            Surface::StatusLine => "Status line",
            Surface::Title => "Title",
        }
    }

    fn rows(&self, _width: u16, _session: &Session) -> usize {
        self.ticked.len() + 4
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(&(), &cx.config.keymap)
    }
}
