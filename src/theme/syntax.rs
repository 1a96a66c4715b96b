//! Code colours: each palette names a syntect theme (from two-face's set, bat's themes), and
//! syntect's colours become ratatui styles here, so colours stay inside this module.

use super::Theme;
use ratatui::style::{Color, Style};
use std::sync::OnceLock;
use two_face::theme::EmbeddedLazyThemeSet;

/// The syntect theme of `theme`'s palette, loaded on first use and kept.
pub fn syntect_theme(theme: Theme) -> &'static syntect::highlighting::Theme {
    static SET: OnceLock<EmbeddedLazyThemeSet> = OnceLock::new();
    SET.get_or_init(two_face::theme::extra)
        .get(theme.palette().syntax)
}

/// The style of a highlighted piece of code: its foreground (the theme's background is the
/// terminal's).
pub fn code_style(style: syntect::highlighting::Style) -> Style {
    let fg = style.foreground;
    Style::default().fg(Color::Rgb(fg.r, fg.g, fg.b))
}
