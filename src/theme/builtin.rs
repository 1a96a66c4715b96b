//! The built-in palettes: dark (the default), light, high contrast, and one of the terminal's
//! own 16 colours only.

use super::palette::{DiffPalette, Palette};
use ratatui::style::{Color, Modifier, Style};
use two_face::theme::EmbeddedThemeName;

const fn fg(colour: Color) -> Style {
    Style::new().fg(colour)
}

const fn bg(colour: Color) -> Style {
    Style::new().bg(colour)
}

const fn on(fore: Color, back: Color) -> Style {
    Style::new().fg(fore).bg(back)
}

const fn bold(style: Style) -> Style {
    style.add_modifier(Modifier::BOLD)
}

/// For a dark background (and the terminal's own colours wherever a role allows).
pub(super) const DARK: Palette = Palette {
    name: "dark",
    description: "for a dark background; code and diffs in true colour",
    terminal_colours_only: false,
    dim: fg(Color::DarkGray),
    accent: fg(Color::Cyan),
    key: fg(Color::Cyan),
    user: fg(Color::Cyan),
    agent: fg(Color::Magenta),
    identity: fg(Color::Magenta),
    unknown: fg(Color::Magenta),
    status_bar: fg(Color::Gray),
    proposed: fg(Color::Yellow),
    heading: fg(Color::Magenta),
    link: fg(Color::Blue),
    inline_code: fg(Color::Cyan),
    quote: fg(Color::DarkGray),
    working: fg(Color::Cyan),
    success: fg(Color::Green),
    warning: fg(Color::Yellow),
    error: fg(Color::Red),
    border: fg(Color::DarkGray),
    border_focused: fg(Color::Cyan),
    border_attention: fg(Color::Yellow),
    badge: on(Color::Black, Color::Cyan),
    attention: on(Color::Black, Color::Yellow),
    selected: Style::new().add_modifier(Modifier::REVERSED),
    menu_selected: bg(Color::DarkGray),
    search_match: on(Color::Black, Color::Yellow),
    search_current: on(Color::Black, Color::LightMagenta),
    diff: DiffPalette {
        added: bg(Color::Rgb(22, 52, 34)),
        added_word: bg(Color::Rgb(40, 110, 62)),
        removed: bg(Color::Rgb(62, 26, 30)),
        removed_word: bg(Color::Rgb(130, 42, 50)),
        added_mark: fg(Color::Green),
        removed_mark: fg(Color::Red),
        updated_mark: fg(Color::Yellow),
        moved_mark: fg(Color::Magenta),
        hunk_header: fg(Color::Cyan),
        line_number: fg(Color::DarkGray),
        changed_ending: fg(Color::Yellow),
    },
    syntax: EmbeddedThemeName::Base16OceanDark,
};

// The light palette's inks: dark enough to read on white (the terminal's own yellow, cyan and
// grey are made for black and fade on white).
const TEAL: Color = Color::Rgb(0, 105, 130);
const PLUM: Color = Color::Rgb(130, 40, 140);
const AMBER: Color = Color::Rgb(145, 85, 0);
const INK_GREY: Color = Color::Rgb(90, 90, 90);
const RULE_GREY: Color = Color::Rgb(140, 140, 140);
const LEAF: Color = Color::Rgb(20, 115, 40);
const BRICK: Color = Color::Rgb(185, 30, 30);
const NAVY: Color = Color::Rgb(20, 75, 190);
const CREAM: Color = Color::Rgb(250, 205, 80);

/// For a light background: every ink dark enough to read on white.
pub(super) const LIGHT: Palette = Palette {
    name: "light",
    description: "for a light background; dark inks that read on white",
    terminal_colours_only: false,
    dim: fg(INK_GREY),
    accent: fg(TEAL),
    key: fg(TEAL),
    user: fg(TEAL),
    agent: fg(PLUM),
    identity: fg(PLUM),
    unknown: fg(PLUM),
    status_bar: fg(Color::Rgb(60, 60, 60)),
    proposed: fg(AMBER),
    heading: fg(PLUM),
    link: fg(NAVY),
    inline_code: fg(TEAL),
    quote: fg(INK_GREY),
    working: fg(TEAL),
    success: fg(LEAF),
    warning: fg(AMBER),
    error: fg(BRICK),
    border: fg(RULE_GREY),
    border_focused: fg(TEAL),
    border_attention: fg(AMBER),
    badge: on(Color::Rgb(255, 255, 255), TEAL),
    attention: on(Color::Rgb(0, 0, 0), CREAM),
    selected: Style::new().add_modifier(Modifier::REVERSED),
    menu_selected: bg(Color::Rgb(210, 225, 240)),
    search_match: on(Color::Rgb(0, 0, 0), CREAM),
    search_current: on(Color::Rgb(0, 0, 0), Color::Rgb(245, 160, 215)),
    diff: DiffPalette {
        added: bg(Color::Rgb(230, 255, 236)),
        added_word: bg(Color::Rgb(165, 240, 183)),
        removed: bg(Color::Rgb(255, 235, 233)),
        removed_word: bg(Color::Rgb(255, 188, 188)),
        added_mark: fg(LEAF),
        removed_mark: fg(BRICK),
        updated_mark: fg(AMBER),
        moved_mark: fg(PLUM),
        hunk_header: fg(TEAL),
        line_number: fg(RULE_GREY),
        changed_ending: fg(AMBER),
    },
    syntax: EmbeddedThemeName::InspiredGithub,
};

/// For a dark background, every role at full strength: bright inks, bold names, no dim grey.
pub(super) const HIGH_CONTRAST: Palette = Palette {
    name: "high-contrast",
    description: "bright inks and bold names on a dark background, nothing faint",
    terminal_colours_only: false,
    dim: fg(Color::Gray),
    accent: bold(fg(Color::LightCyan)),
    key: bold(fg(Color::LightYellow)),
    user: bold(fg(Color::LightCyan)),
    agent: bold(fg(Color::LightMagenta)),
    identity: fg(Color::LightMagenta),
    unknown: fg(Color::LightMagenta),
    status_bar: fg(Color::White),
    proposed: bold(fg(Color::LightYellow)),
    heading: bold(fg(Color::LightMagenta)),
    link: fg(Color::LightBlue).add_modifier(Modifier::UNDERLINED),
    inline_code: fg(Color::LightCyan),
    quote: fg(Color::Gray),
    working: fg(Color::LightCyan),
    success: bold(fg(Color::LightGreen)),
    warning: bold(fg(Color::LightYellow)),
    error: bold(fg(Color::LightRed)),
    border: fg(Color::Gray),
    border_focused: bold(fg(Color::White)),
    border_attention: bold(fg(Color::LightYellow)),
    badge: bold(on(Color::Black, Color::LightCyan)),
    attention: bold(on(Color::Black, Color::LightYellow)),
    selected: on(Color::Black, Color::White),
    // Reversed, so a row's own colours (a name in the accent) turn into its background and
    // stay readable, whatever they are.
    menu_selected: Style::new().add_modifier(Modifier::REVERSED),
    search_match: on(Color::Black, Color::LightYellow),
    search_current: on(Color::Black, Color::LightMagenta),
    diff: DiffPalette {
        added: bg(Color::Rgb(0, 70, 20)),
        added_word: bold(bg(Color::Rgb(0, 135, 45))),
        removed: bg(Color::Rgb(95, 0, 10)),
        removed_word: bold(bg(Color::Rgb(175, 0, 25))),
        added_mark: bold(fg(Color::LightGreen)),
        removed_mark: bold(fg(Color::LightRed)),
        updated_mark: bold(fg(Color::LightYellow)),
        moved_mark: bold(fg(Color::LightMagenta)),
        hunk_header: bold(fg(Color::LightCyan)),
        line_number: fg(Color::Gray),
        changed_ending: bold(fg(Color::LightYellow)),
    },
    syntax: EmbeddedThemeName::MonokaiExtendedBright,
};

/// The terminal's 16 colours and nothing else, so the person's own palette (and background)
/// applies everywhere: code in bat's `ansi` theme, changed lines in green and red text as git
/// shows them, the changed words reversed.
pub(super) const ANSI: Palette = Palette {
    name: "ansi",
    description: "only the terminal's 16 colours: your own palette everywhere",
    terminal_colours_only: true,
    menu_selected: Style::new().add_modifier(Modifier::REVERSED),
    diff: DiffPalette {
        added: fg(Color::Green),
        added_word: fg(Color::Green).add_modifier(Modifier::REVERSED),
        removed: fg(Color::Red),
        removed_word: fg(Color::Red).add_modifier(Modifier::REVERSED),
        ..DARK.diff
    },
    syntax: EmbeddedThemeName::Ansi,
    ..DARK
};

/// Every built-in palette, the default first.
pub(super) const ALL: [&Palette; 4] = [&DARK, &LIGHT, &HIGH_CONTRAST, &ANSI];
