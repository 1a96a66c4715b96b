//! Colours by what they mean. Every widget and every layout asks the [`Palette`] of the session's
//! [`Theme`] for a role (`dim`, `border_focused`, `diff.added` …) instead of naming a colour,
//! so a theme is data: one palette per theme, chosen by name. A leaf of the crate like `text`
//! (it uses nothing of tern's), so the model can carry a [`Theme`] in every layout key and
//! `render` and `ui` can both colour by it.
//!
//! [`Theme`] is a small `Copy` id: layouts are cached per theme, so a cached layout never mixes
//! two. Outside this module no colour is named (a test reads `src/` to keep it so), except
//! what arrives with its colours: command output's SGR codes ([`terminal`]) and the syntax
//! colours of the theme's syntect theme ([`syntax`]).

#[cfg(test)]
mod guard;
mod palette;
pub mod syntax;
pub mod terminal;

pub use palette::{DiffPalette, Palette};

/// Which palette the session draws with. Chosen once at startup ([`Theme::detect`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Theme {
    /// For a dark background.
    #[default]
    Dark,
    /// For a light background.
    Light,
}

impl Theme {
    /// Every built-in theme.
    pub const ALL: [Theme; 2] = [Theme::Dark, Theme::Light];

    /// The colours of this theme.
    pub fn palette(self) -> &'static Palette {
        static DARK: Palette = palette::DARK;
        static LIGHT: Palette = palette::LIGHT;
        match self {
            Theme::Dark => &DARK,
            Theme::Light => &LIGHT,
        }
    }

    /// The name it is chosen by (`TERN_THEME`, the config file's `theme`).
    pub fn name(self) -> &'static str {
        self.palette().name
    }

    pub fn from_name(name: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|theme| theme.name() == name)
    }

    /// A theme named in `TERN_THEME` (or the config file) wins; otherwise COLORFGBG (set by many
    /// terminals) tells a light background from a dark one.
    pub fn detect(tern_theme: Option<&str>, colorfgbg: Option<&str>) -> Theme {
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
        for theme in Theme::ALL {
            assert_eq!(Theme::from_name(theme.name()), Some(theme));
        }
    }
}
