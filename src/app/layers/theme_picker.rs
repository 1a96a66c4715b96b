//! `/theme`: the themes, built-in and the person's own files, in a list where moving the
//! selection redraws the whole screen in the selected theme (a live preview); Enter keeps it
//! and saves it in tern's config file, Esc puts the theme back as it was. A theme file with a
//! mistake is listed with what is wrong (line and column), and cannot be chosen.

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, KeyList, KeyRow, KeyTable, Move, Rest};
use crate::controls::pick_list::PickList;
use crate::session::event::{LayerEvent, ThemeChoice};
use crate::session::state::Session;
use crate::session::theme;
use crate::theme::Theme;

#[derive(Debug, Clone, PartialEq)]
pub struct ThemePicker {
    /// The theme when the picker opened: Esc goes back to it.
    pub original: Theme,
    pub entries: Vec<ThemeChoice>,
    pub selected: PickList,
    /// Reading the theme files, or why they could not be read.
    pub status: Option<String>,
}

/// `/theme` opens the picker on the theme in use and asks for the theme files.
pub(crate) fn open(state: &mut Session) -> Outcome {
    let current = state.config.theme;
    let mut picker = ThemePicker {
        original: current,
        entries: theme::built_in_choices(),
        selected: PickList::default(),
        status: None,
    };
    // A theme file in use is listed before the files are read again.
    if let Theme::User(_) = current {
        picker.entries.push(ThemeChoice {
            name: current.name().to_string(),
            description: current.palette().description.to_string(),
            theme: Ok(current),
        });
    }
    let at = picker
        .entries
        .iter()
        .position(|e| e.theme == Ok(current))
        .unwrap_or(0);
    picker.selected.select(at, picker.entries.len());
    let effects = theme::load_files(state);
    if !effects.is_empty() {
        picker.status = Some("Reading your theme files…".into());
    }
    Outcome::Open(super::Layer::ThemePicker(picker), effects)
}

impl ThemePicker {
    /// The selected entry.
    pub(crate) fn chosen(&self) -> Option<&ThemeChoice> {
        self.entries.get(self.selected.index(self.entries.len())?)
    }

    /// Previews the entry now selected.
    fn preview(&mut self, state: &mut Session) {
        // A broken file previews nothing: the screen stays as it was last.
        if let Some(Ok(theme)) = self.chosen().map(|e| e.theme.clone()) {
            theme::show(state, theme);
        }
    }

    fn pick(&mut self, state: &mut Session) -> Outcome {
        let Some(entry) = self.chosen().cloned() else {
            return Outcome::Consumed(vec![]);
        };
        match entry.theme {
            Ok(chosen) => Outcome::Close(theme::choose(state, chosen, &entry.name)),
            Err(_) => Outcome::Consumed(vec![]),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ThemeKey {
    Move(Move),
    Keep,
    PutBack,
}

pub(crate) static KEYS: KeyTable<ThemePicker, ThemeKey> = KeyTable::new(
    "theme",
    "Theme",
    &[
        list_rows::up_k(ThemeKey::Move(Move::Up), "preview")
            .explained("preview the theme above (the whole screen redraws in it)"),
        list_rows::down_j(ThemeKey::Move(Move::Down), "preview")
            .explained("preview the theme below"),
        KeyRow::new("keep", &[Chord::ENTER], ThemeKey::Keep, "keep and save")
            .explained("keep the theme and save it in tern's config file"),
        KeyRow::new("put_back", &[Chord::ESC], ThemeKey::PutBack, "put back")
            .explained("close, the theme as it was"),
        list_rows::first(ThemeKey::Move(Move::First), "first/last"),
        list_rows::last(ThemeKey::Move(Move::Last), "first/last"),
    ],
    Rest::SWALLOW,
);

impl LayerView for ThemePicker {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            // The wheel scrolls the transcript; a paste lands in the composer, not lost.
            return Outcome::Ignored;
        };
        Outcome::of_key(
            KEYS.resolve(key, self, &cx.config.keymap),
            |action| match action {
                ThemeKey::PutBack => {
                    theme::show(cx.session_mut(), self.original);
                    Outcome::Close(vec![])
                }
                ThemeKey::Keep => self.pick(cx.session_mut()),
                ThemeKey::Move(to) => {
                    self.selected.go(to, self.entries.len());
                    self.preview(cx.session_mut());
                    Outcome::Consumed(vec![])
                }
            },
        )
    }

    /// The theme files were read: they follow the built-in themes, the selection stays on the
    /// theme it was on.
    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        let LayerEvent::ThemesLoaded(result) = event else {
            return Outcome::Ignored;
        };
        let selected_name = self.chosen().map(|e| e.name.clone());
        match result {
            Ok(files) => {
                self.entries = theme::built_in_choices();
                self.entries.extend(files.iter().cloned());
                self.status = None;
            }
            Err(e) => self.status = Some(format!("Could not read the theme files: {e}")),
        }
        let at = selected_name
            .and_then(|name| self.entries.iter().position(|e| e.name == name))
            .unwrap_or(0);
        self.selected.select(at, self.entries.len());
        self.preview(cx.session_mut());
        Outcome::Consumed(vec![])
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Theme"
    }

    fn rows(&self, _width: u16, _session: &Session) -> usize {
        self.entries.len() + usize::from(self.status.is_some())
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(self, &cx.config.keymap)
    }
}
