//! Code colours: each palette names a syntect theme (from two-face's set, bat's themes), and
//! syntect's colours become ratatui styles here, so colours stay inside this module.

use super::Theme;
use ratatui::style::{Color, Style};
use std::sync::OnceLock;
use two_face::theme::{EmbeddedLazyThemeSet, EmbeddedThemeName};

/// The syntect theme of `theme`'s palette, loaded on first use and kept.
pub(crate) fn syntect_theme(theme: Theme) -> &'static syntect::highlighting::Theme {
    static SET: OnceLock<EmbeddedLazyThemeSet> = OnceLock::new();
    SET.get_or_init(two_face::theme::extra)
        .get(theme.palette().syntax)
}

/// The style of a highlighted piece of code: its foreground (the theme's background is the
/// terminal's). bat's terminal themes (`ansi`, `base16`, `base16-256`) spell a terminal colour
/// as alpha 0 with its index in red, and "the terminal's own foreground" as alpha 1; every
/// other colour is true colour.
pub(crate) fn code_style(style: syntect::highlighting::Style) -> Style {
    let fg = style.foreground;
    match fg.a {
        0 => Style::default().fg(super::terminal::ansi(fg.r)),
        1 => Style::default(),
        _ => Style::default().fg(Color::Rgb(fg.r, fg.g, fg.b)),
    }
}

/// The code themes a theme file may name (`syntax = "…"`), by the name it is given: bat's
/// name lower-cased, anything but letters and digits a `-` ("Solarized (dark)" is
/// `solarized-dark`).
pub(crate) fn code_theme_names() -> Vec<String> {
    EmbeddedLazyThemeSet::theme_names()
        .iter()
        .map(|name| slug(name.as_name()))
        .collect()
}

/// The code theme called `name` (a [`code_theme_names`] name, or bat's own spelling).
pub(crate) fn code_theme(name: &str) -> Option<EmbeddedThemeName> {
    let wanted = slug(name);
    EmbeddedLazyThemeSet::theme_names()
        .iter()
        .copied()
        .find(|theme| slug(theme.as_name()) == wanted)
}

fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_themes_are_named_by_slug_or_as_bat_spells_them() {
        assert_eq!(
            code_theme("solarized-dark"),
            Some(EmbeddedThemeName::SolarizedDark)
        );
        assert_eq!(
            code_theme("Solarized (dark)"),
            Some(EmbeddedThemeName::SolarizedDark)
        );
        assert_eq!(code_theme("ansi"), Some(EmbeddedThemeName::Ansi));
        assert_eq!(code_theme("nope"), None);
        assert!(code_theme_names().contains(&"base16-ocean-dark".to_string()));
    }

    #[test]
    fn terminal_colours_stay_terminal_colours() {
        use syntect::highlighting::{Color as C, FontStyle, Style as S};
        let style = |r, a| S {
            foreground: C { r, g: 0, b: 0, a },
            background: C::BLACK,
            font_style: FontStyle::empty(),
        };
        assert_eq!(code_style(style(2, 0)).fg, Some(Color::Green));
        assert_eq!(code_style(style(9, 0)).fg, Some(Color::LightRed));
        assert_eq!(code_style(style(2, 1)).fg, None);
        assert_eq!(code_style(style(200, 255)).fg, Some(Color::Rgb(200, 0, 0)));
    }
}
