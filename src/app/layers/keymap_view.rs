//! `/keymap`: every action the config file's `[keys]` can move, table by table (the
//! conversation's, then each view's), with the keys it has now and whether they are its own
//! or the config file's. `/` filters; Enter waits for the next key and gives it to the selected
//! action — at once, and saved in the config file (`session::keymap_save`), its comments kept —
//! unless tern keeps that key for itself (Ctrl+C, a table's fixed keys) or another action of
//! the table has it (named, so the person can move that one first); `d` gives the action its
//! own keys back, taking its line out of the file.

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, KeyList, KeyRow, KeyTable, Keymap, Move, Rest};
use crate::controls::pick_list::PickList;
use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::keymap_save;
use crate::session::state::Session;

/// One action the config file can give keys to.
#[derive(Debug, Clone, PartialEq)]
pub struct ActionRow {
    /// `""` for `[keys]`, else the `x` of `[keys.x]`.
    pub table: &'static str,
    /// The table's heading (`Conversation`, `Diff`).
    pub title: String,
    pub action: &'static str,
    /// What it does, as help says it.
    pub help: String,
    /// Its own keys.
    pub defaults: Vec<Chord>,
    /// What the filter searches besides the action's name: its table's heading and what it
    /// does, lowercased once as the row is made.
    search: String,
    /// Its keys in force, as help writes them (`label`): made as the box opens and again when
    /// they change (here, or a failed save putting them back), never per frame.
    pub(crate) keys: String,
}

/// A key tern keeps for itself in a table: no action may be given it.
#[derive(Debug, Clone, PartialEq)]
struct Fixed {
    table: &'static str,
    key: Chord,
    what: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    Listing,
    Filtering,
    /// Enter was pressed on this action (an index into the rows): the next key is its.
    Waiting(usize),
}

#[derive(Debug, Clone, PartialEq)]
pub struct KeymapView {
    pub rows: Vec<ActionRow>,
    fixed: Vec<Fixed>,
    /// The rows the filter lets through (`shown`), made again only when the filter changes.
    shown: Vec<usize>,
    pub filter: String,
    pub selected: PickList,
    pub(crate) mode: Mode,
    /// What the last key did: a refusal (`false`) or a change (`true`).
    pub said: Option<(bool, String)>,
}

/// Ctrl+C interrupts, then quits, wherever tern is: never another action's.
const CTRL_C: Chord = Chord::ctrl('c');

/// `/keymap`: opens with the rows of every table's actions (`lists`, as the reference reads
/// them without `[keys]`; the command has them, the view is below the reference).
pub(crate) fn open(lists: Vec<KeyList>, keymap: &Keymap) -> Outcome {
    let mut view = KeymapView {
        rows: Vec::new(),
        fixed: Vec::new(),
        shown: Vec::new(),
        filter: String::new(),
        selected: PickList::default(),
        mode: Mode::Listing,
        said: None,
    };
    view.fill(lists);
    view.relabel(keymap);
    view.refilter();
    Outcome::Open(super::Layer::Keymap(view), vec![])
}

impl KeymapView {
    /// Reads the rows from every key table as it is without the config file (`lists`, from
    /// `app::reference::tables`): each remappable action once, and the keys tables keep.
    pub(crate) fn fill(&mut self, lists: Vec<KeyList>) {
        for list in lists {
            for row in &list.rows {
                if row.passes {
                    continue;
                }
                if !row.remappable {
                    self.fixed.extend(row.keys.iter().map(|key| Fixed {
                        table: list.section,
                        key: *key,
                        what: row.help.clone(),
                    }));
                    continue;
                }
                if row.name.is_empty() {
                    continue;
                }
                let known = self
                    .rows
                    .iter_mut()
                    .find(|r| r.table == list.section && r.action == row.name);
                match known {
                    Some(known) => {
                        for key in &row.keys {
                            if !known.defaults.contains(key) {
                                known.defaults.push(*key);
                            }
                        }
                    }
                    None => self.rows.push(ActionRow {
                        table: list.section,
                        title: list.title.clone(),
                        action: row.name,
                        help: row.help.clone(),
                        defaults: row.keys.clone(),
                        search: format!("{} {}", list.title, row.help).to_lowercase(),
                        keys: String::new(),
                    }),
                }
            }
        }
    }

    /// The rows the filter lets through (by action, table or what it does), as indexes.
    pub fn shown(&self) -> &[usize] {
        &self.shown
    }

    /// The filter changed: the rows it lets through, found again.
    fn refilter(&mut self) {
        crate::model::work::step(self.rows.len());
        let filter = self.filter.to_lowercase();
        self.shown = (0..self.rows.len())
            .filter(|&i| {
                let row = &self.rows[i];
                filter.is_empty() || row.action.contains(&filter) || row.search.contains(&filter)
            })
            .collect();
    }

    /// The keys in force changed (or the box opened): each row's keys, written again.
    fn relabel(&mut self, keymap: &Keymap) {
        crate::model::work::step(self.rows.len());
        for row in &mut self.rows {
            row.keys = label(&keymap.chords(row.table, row.action, &row.defaults));
        }
    }

    fn selected_row(&self) -> Option<usize> {
        let shown = self.shown();
        self.selected.index(shown.len()).map(|at| shown[at])
    }

    /// The action a key is being waited for, if one is.
    pub fn waiting_for(&self) -> Option<&ActionRow> {
        match self.mode {
            Mode::Waiting(at) => self.rows.get(at),
            _ => None,
        }
    }

    /// Why `key` cannot be the keys of row `at` now, if it cannot.
    fn refusal(&self, at: usize, key: Chord, keymap: &Keymap) -> Option<String> {
        let row = &self.rows[at];
        if key == CTRL_C {
            return Some(
                "Ctrl+C is tern's own (it interrupts, then quits): it cannot be moved.".into(),
            );
        }
        if let Some(fixed) = self
            .fixed
            .iter()
            .find(|f| f.table == row.table && f.key == key)
        {
            return Some(format!(
                "{} is tern's own in {} ({}): it cannot be given to another action.",
                key.label(),
                row.title,
                fixed.what
            ));
        }
        if Chord::parse(&key.config_name()).ok() != Some(key) {
            return Some(format!(
                "{} cannot be written in the config file: choose another key.",
                key.label()
            ));
        }
        let other = self.rows.iter().find(|other| {
            other.table == row.table
                && other.action != row.action
                && keymap
                    .chords(other.table, other.action, &other.defaults)
                    .contains(&key)
        })?;
        Some(format!(
            "{} is already `{}` in {} ({}): give that one another key first, or reset it with d.",
            key.label(),
            other.action,
            row.title,
            other.help
        ))
    }

    /// The key pressed while waiting: given to the action (effects: the save), or refused.
    fn take(&mut self, at: usize, key: Chord, session: &mut Session) -> Vec<Effect> {
        self.mode = Mode::Listing;
        if let Some(why) = self.refusal(at, key, &session.config.keymap) {
            self.said = Some((false, why));
            return vec![];
        }
        let row = &self.rows[at];
        self.said = Some((
            true,
            format!("`{}` in {} is now {}.", row.action, row.title, key.label()),
        ));
        let effects = keymap_save::rebind(session, row.table, row.action, Some(vec![key]));
        self.relabel(&session.config.keymap);
        effects
    }

    /// `d`: the selected action's own keys again.
    fn reset(&mut self, session: &mut Session) -> Vec<Effect> {
        let Some(at) = self.selected_row() else {
            return vec![];
        };
        let row = &self.rows[at];
        if session
            .config
            .keymap
            .binding(row.table, row.action)
            .is_none()
        {
            self.said = Some((true, format!("`{}` has its own keys already.", row.action)));
            return vec![];
        }
        let effects = keymap_save::rebind(session, row.table, row.action, None);
        self.relabel(&session.config.keymap);
        let row = &self.rows[at];
        self.said = Some((
            true,
            format!(
                "`{}` in {} has its own keys again: {}.",
                row.action, row.title, row.keys
            ),
        ));
        effects
    }
}

/// Keys as help writes them, `A/B`, or "none".
pub(crate) fn label(keys: &[Chord]) -> String {
    if keys.is_empty() {
        return "none".into();
    }
    keys.iter().map(Chord::label).collect::<Vec<_>>().join("/")
}

/// What the key table reads of the view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct KeymapKeys {
    pub mode: Mode,
    pub any: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum KeymapKey {
    Move(Move),
    Rebind,
    Reset,
    Filter,
    FilterBack,
    ClearFilter,
    CancelWait,
    Close,
}

fn listing(k: &KeymapKeys) -> bool {
    k.mode == Mode::Listing
}

fn not_waiting(k: &KeymapKeys) -> bool {
    !matches!(k.mode, Mode::Waiting(_))
}

fn filtering(k: &KeymapKeys) -> bool {
    k.mode == Mode::Filtering
}

pub(crate) static KEYS: KeyTable<KeymapKeys, KeymapKey> = KeyTable::new(
    "keymap",
    "Keymap",
    &[
        KeyRow::new("cancel", &[Chord::ESC], KeymapKey::CancelWait, "cancel")
            .explained("give the action no new key")
            .when("a new key is awaited", |k: &KeymapKeys| {
                matches!(k.mode, Mode::Waiting(_))
            }),
        list_rows::up_k(KeymapKey::Move(Move::Up), "select").when("the list is shown", listing),
        list_rows::down_j(KeymapKey::Move(Move::Down), "select").when("the list is shown", listing),
        KeyRow::new(
            "filter_up",
            &[Chord::UP],
            KeymapKey::Move(Move::Up),
            "select",
        )
        .when("filtering", filtering),
        KeyRow::new(
            "filter_down",
            &[Chord::DOWN],
            KeymapKey::Move(Move::Down),
            "select",
        )
        .when("filtering", filtering),
        KeyRow::new("rebind", &[Chord::ENTER], KeymapKey::Rebind, "new key")
            .explained("press a new key for the selected action (saved in tern's config file)")
            .when("an action is selected", |k: &KeymapKeys| {
                k.any && not_waiting(k)
            }),
        KeyRow::new("reset", &[Chord::ch('d')], KeymapKey::Reset, "reset")
            .explained("give the selected action its own keys again (out of the config file)")
            .when("an action is selected", |k: &KeymapKeys| {
                k.any && listing(k)
            }),
        KeyRow::new("filter", &[Chord::ch('/')], KeymapKey::Filter, "filter")
            .explained("type to filter the actions by name, table or what they do")
            .when("the list is shown", listing),
        list_rows::filter_back(KeymapKey::FilterBack).when("filtering", filtering),
        KeyRow::new(
            "clear_filter",
            &[Chord::ESC],
            KeymapKey::ClearFilter,
            "clear filter",
        )
        .when("filtering", filtering),
        list_rows::page_up(KeymapKey::Move(Move::PageUp), "page").when("not waiting", not_waiting),
        list_rows::page_down(KeymapKey::Move(Move::PageDown), "page")
            .when("not waiting", not_waiting),
        list_rows::first(KeymapKey::Move(Move::First), "first/last")
            .when("not waiting", not_waiting),
        list_rows::last(KeymapKey::Move(Move::Last), "first/last").when("not waiting", not_waiting),
        list_rows::close_q(KeymapKey::Close, "close").when("the list is shown", listing),
    ],
    Rest::SWALLOW,
)
.rest_by(|k: &KeymapKeys| match k.mode {
    Mode::Listing => Rest::SWALLOW,
    Mode::Filtering => Rest::typing("filter"),
    Mode::Waiting(_) => Rest::any_key("the new key"),
});

impl KeymapView {
    fn facts(&self) -> KeymapKeys {
        KeymapKeys {
            mode: self.mode,
            any: !self.shown().is_empty(),
        }
    }
}

impl LayerView for KeymapView {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Ignored;
        };
        let n = self.shown().len();
        let facts = self.facts();
        let resolved = KEYS.resolve(key, &facts, &cx.config.keymap);
        Outcome::of_key_or_typed(resolved, |action| {
            let Some(action) = action else {
                match self.mode {
                    Mode::Waiting(at) => {
                        let effects = self.take(at, Chord::of(key), cx.session_mut());
                        return Outcome::Consumed(effects);
                    }
                    _ => {
                        if let Some(c) = Chord::typed_char(key) {
                            crate::controls::line_input::type_into(&mut self.filter, c);
                            self.selected = PickList::default();
                            self.refilter();
                        }
                    }
                }
                return Outcome::Consumed(vec![]);
            };
            match action {
                KeymapKey::Close => return Outcome::Close(vec![]),
                KeymapKey::Move(to) => {
                    self.selected.go(to, n);
                }
                KeymapKey::Rebind => {
                    if let Some(at) = self.selected_row() {
                        self.mode = Mode::Waiting(at);
                        self.said = None;
                    }
                }
                KeymapKey::Reset => {
                    let effects = self.reset(cx.session_mut());
                    return Outcome::Consumed(effects);
                }
                KeymapKey::Filter => self.mode = Mode::Filtering,
                KeymapKey::FilterBack => {
                    crate::controls::line_input::backspace_in(&mut self.filter);
                    self.selected = PickList::default();
                    self.refilter();
                }
                KeymapKey::ClearFilter => {
                    self.filter.clear();
                    self.selected = PickList::default();
                    self.refilter();
                    self.mode = Mode::Listing;
                }
                KeymapKey::CancelWait => {
                    self.mode = Mode::Listing;
                    self.said = Some((true, "No new key given.".into()));
                }
            }
            Outcome::Consumed(vec![])
        })
    }

    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        if *event != LayerEvent::SettingsChanged {
            return Outcome::Ignored;
        }
        self.relabel(&cx.config.keymap);
        Outcome::Consumed(vec![])
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Keymap"
    }

    fn rows(&self, _width: u16, _session: &Session) -> usize {
        self.rows.len() + 8
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(&self.facts(), &cx.config.keymap)
    }
}
