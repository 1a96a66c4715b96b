//! Colours by what they mean. Every widget and every layout asks the [`Palette`] of the session's
//! [`Theme`] for a role (`dim`, `border_focused`, `diff.added` …) instead of naming a colour,
//! so a theme is data: one palette per theme, chosen by name. Beside `text` at the bottom of
//! the crate (it uses nothing of tern's but the sanitiser, for theme files' words), so the model can carry a [`Theme`] in every layout key and
//! `render` and `ui` can both colour by it.
//!
//! [`Theme`] is a small `Copy` id: layouts are cached per theme, so a cached layout never mixes
//! two. The built-in themes are `builtin`'s; a person's own themes are TOML files read by
//! [`user`] and registered here ([`register`]) under ids of their own, never reused, so a theme
//! file read again with other colours is another id and no cached layout keeps the old ones.
//! Outside this module no colour is named (a test reads `src/` to keep it so), except what
//! arrives with its colours: command output's SGR codes ([`terminal`]) and the syntax colours
//! of the theme's syntect theme ([`syntax`]).

mod builtin;
#[cfg(test)]
mod guard;
mod palette;
pub(crate) mod syntax;
pub(crate) mod terminal;
pub(crate) mod user;

pub use palette::{DiffPalette, Palette, DIFF_ROLES, ROLES};
use std::sync::RwLock;

/// Which palette the session draws with: chosen at startup ([`Theme::detect`]) and with
/// `/theme`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Theme {
    /// For a dark background.
    #[default]
    Dark,
    /// For a light background.
    Light,
    /// Bright inks and bold names, nothing faint.
    HighContrast,
    /// The terminal's 16 colours only.
    Ansi,
    /// A theme file of the person's, the `n`-th registered ([`register`]).
    User(u16),
}

/// The themes read from files, by id (`Theme::User(n)` is `USER[n]`). Only ever appended to.
static USER: RwLock<Vec<&'static Palette>> = RwLock::new(Vec::new());

/// The most user themes one process registers: a theme folder read again and again cannot
/// grow this without bound.
const MAX_USER_THEMES: usize = 4096;

/// Makes `palette` (read from a theme file) a theme. Registering the colours the name has now
/// again gives back the id it already has; anything else gets a new one (ids are never reused).
/// `None` when the process has registered too many.
pub fn register(palette: Palette) -> Option<Theme> {
    let mut themes = USER.write().unwrap_or_else(|e| e.into_inner());
    if let Some(at) = themes.iter().rposition(|p| p.name == palette.name) {
        if *themes[at] == palette {
            return u16::try_from(at).ok().map(Theme::User);
        }
    }
    if themes.len() >= MAX_USER_THEMES {
        return None;
    }
    themes.push(Box::leak(Box::new(palette)));
    u16::try_from(themes.len() - 1).ok().map(Theme::User)
}

impl Theme {
    /// Every built-in theme, the default first.
    pub const BUILT_IN: [Theme; 4] = [Theme::Dark, Theme::Light, Theme::HighContrast, Theme::Ansi];

    /// The colours of this theme.
    pub fn palette(self) -> &'static Palette {
        match self {
            Theme::Dark => builtin::ALL[0],
            Theme::Light => builtin::ALL[1],
            Theme::HighContrast => builtin::ALL[2],
            Theme::Ansi => builtin::ALL[3],
            Theme::User(n) => USER
                .read()
                .unwrap_or_else(|e| e.into_inner())
                .get(usize::from(n))
                .copied()
                .unwrap_or(builtin::ALL[0]),
        }
    }

    /// The name it is chosen by (`TERN_THEME`, the config file's `theme`, `/theme`).
    pub fn name(self) -> &'static str {
        self.palette().name
    }

    /// A built-in theme by name.
    pub(crate) fn built_in(name: &str) -> Option<Theme> {
        Theme::BUILT_IN
            .into_iter()
            .find(|theme| theme.name() == name)
    }

    /// A theme by name: a built-in one, else the latest theme file registered under it.
    pub(crate) fn from_name(name: &str) -> Option<Theme> {
        if let Some(theme) = Theme::built_in(name) {
            return Some(theme);
        }
        let themes = USER.read().unwrap_or_else(|e| e.into_inner());
        let at = themes.iter().rposition(|p| p.name == name)?;
        u16::try_from(at).ok().map(Theme::User)
    }

    /// A theme named in `TERN_THEME` (or the config file) wins; otherwise COLORFGBG (set by many
    /// terminals) tells a light background from a dark one.
    pub(crate) fn detect(tern_theme: Option<&str>, colorfgbg: Option<&str>) -> Theme {
        if let Some(theme) = tern_theme.and_then(Theme::from_name) {
            return theme;
        }
        let light = colorfgbg
            .and_then(|v| v.rsplit(';').next().and_then(|bg| bg.parse::<u8>().ok()))
            .is_some_and(|bg| bg == 7 || bg == 15);
        if light {
            Theme::Light
        } else {
            Theme::Dark
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn themes_are_chosen_by_name_and_otherwise_by_the_background() {
        assert_eq!(Theme::detect(Some("light"), Some("15;0")), Theme::Light);
        assert_eq!(Theme::detect(Some("dark"), Some("0;15")), Theme::Dark);
        assert_eq!(Theme::detect(Some("auto"), Some("0;15")), Theme::Light);
        assert_eq!(Theme::detect(None, Some("0;7")), Theme::Light);
        assert_eq!(Theme::detect(None, Some("15;0")), Theme::Dark);
        assert_eq!(Theme::detect(None, None), Theme::Dark);
        assert_eq!(Theme::detect(Some("ansi"), None), Theme::Ansi);
        for theme in Theme::BUILT_IN {
            assert_eq!(Theme::from_name(theme.name()), Some(theme));
        }
    }

    #[test]
    fn a_registered_theme_is_found_by_name_and_new_colours_get_a_new_id() {
        let mine = Palette {
            name: "test-registry-mine",
            ..*Theme::Light.palette()
        };
        let first = register(mine).unwrap();
        assert_eq!(register(mine), Some(first), "the same colours: the same id");
        assert_eq!(Theme::from_name("test-registry-mine"), Some(first));
        assert_eq!(first.palette(), &mine);
        let changed = Palette {
            dim: ratatui::style::Style::new(),
            ..mine
        };
        let second = register(changed).unwrap();
        assert_ne!(first, second);
        assert_eq!(Theme::from_name("test-registry-mine"), Some(second));
        assert_eq!(first.palette(), &mine, "the old id keeps its colours");
    }
}
