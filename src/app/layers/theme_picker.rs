//! `/theme`: the themes, built-in and the person's own files, in a list where moving the
//! selection redraws the whole screen in the selected theme (a live preview); Enter keeps it
//! and saves it in tern's config file, Esc puts the theme back as it was. A theme file with a
//! mistake is listed with what is wrong (line and column), and cannot be chosen.

use super::{Ctx, LayerView, Outcome};
use crate::app::event::{LayerEvent, ThemeChoice};
use crate::app::layer_types::{Hint, Input, Placement};
use crate::app::session::theme;
use crate::app::state::Session;
use crate::theme::Theme;
use crossterm::event::KeyCode;
use std::time::Instant;

#[derive(Debug, Clone, PartialEq)]
pub struct ThemePicker {
    /// The theme when the picker opened: Esc goes back to it.
    pub original: Theme,
    pub entries: Vec<ThemeChoice>,
    pub selected: usize,
    /// Reading the theme files, or why they could not be read.
    pub status: Option<String>,
}

/// `/theme` opens the picker on the theme in use and asks for the theme files.
pub fn open(state: &mut Session) -> Outcome {
    let current = state.config.theme;
    let mut picker = ThemePicker {
        original: current,
        entries: theme::built_in_choices(),
        selected: 0,
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
    picker.selected = picker
        .entries
        .iter()
        .position(|e| e.theme == Ok(current))
        .unwrap_or(0);
    let effects = theme::load_files(state);
    if !effects.is_empty() {
        picker.status = Some("Reading your theme files…".into());
    }
    Outcome::Open(super::Layer::ThemePicker(picker), effects)
}

impl ThemePicker {
    /// The selected entry.
    pub fn chosen(&self) -> Option<&ThemeChoice> {
        self.entries.get(self.selected)
    }

    fn select(&mut self, index: usize, state: &mut Session) {
        self.selected = index.min(self.entries.len().saturating_sub(1));
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

impl LayerView for ThemePicker {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Consumed(vec![]);
        };
        let n = self.entries.len();
        match key.code {
            KeyCode::Esc => {
                theme::show(cx, self.original);
                Outcome::Close(vec![])
            }
            KeyCode::Up if n > 0 => {
                self.select((self.selected + n - 1) % n, cx);
                Outcome::Consumed(vec![])
            }
            KeyCode::Down | KeyCode::Tab if n > 0 => {
                self.select((self.selected + 1) % n, cx);
                Outcome::Consumed(vec![])
            }
            KeyCode::Home => {
                self.select(0, cx);
                Outcome::Consumed(vec![])
            }
            KeyCode::End => {
                self.select(n.saturating_sub(1), cx);
                Outcome::Consumed(vec![])
            }
            KeyCode::Enter => self.pick(cx),
            _ => Outcome::Consumed(vec![]),
        }
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
        self.select(at, cx);
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

    fn hints(&self, _session: &Session, _now: Instant) -> Vec<Hint> {
        vec![
            Hint::new("↑/↓", "preview"),
            Hint::new("Enter", "keep and save"),
            Hint::new("Esc", "put back"),
        ]
    }
}
