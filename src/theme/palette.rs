//! The roles a palette fills, and the built-in palettes. A role is a [`Style`] holding colours
//! (and, for a selection, reversal); the emphasis text carries for its own sake (bold, dim,
//! italic) is added where the text is laid out. Backgrounds that tint a whole row are
//! [`Color`]s.

use ratatui::style::{Color, Modifier, Style};
use two_face::theme::EmbeddedThemeName;

/// Every colour tern draws with, by what it means.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Palette {
    /// What the theme is chosen by.
    pub name: &'static str,

    // Text.
    /// Secondary text: separators, footers, the words of a hint, timestamps, gutters, notes.
    pub dim: Style,
    /// Names in a list (commands, choices, facts) and marks that point at something.
    pub accent: Style,
    /// A key to press, in help and the welcome.
    pub key: Style,
    /// The person's own messages: the `›` before them.
    pub user: Style,
    /// The agent's bullet before its messages, commands, tools, plans and edits.
    pub agent: Style,
    /// What the session runs with and where: the model's name, a git branch.
    pub identity: Style,
    /// A value tern does not know (a rule's unknown decision).
    pub unknown: Style,
    /// The status bar's figures (context used).
    pub status_bar: Style,
    /// What a server's question proposes to run or grant: the command, the paths, the network.
    pub proposed: Style,

    // Markdown.
    pub heading: Style,
    pub link: Style,
    pub inline_code: Style,
    /// A block quote's bar.
    pub quote: Style,

    // States.
    /// Something under way: a running command, the turn's timer, the plan's current step.
    pub working: Style,
    pub success: Style,
    pub warning: Style,
    pub error: Style,

    // Chrome.
    /// A box at rest (the composer, the welcome, a pane's edge, a table's lines).
    pub border: Style,
    /// A box that takes the keys (popups, lists, help).
    pub border_focused: Style,
    /// A box that waits for an answer or holds the search (the server's question, the prefix
    /// chooser, the search bar).
    pub border_attention: Style,
    /// A tag on a title row or a key in a question's options.
    pub badge: Style,
    /// What wants the person now: "approval needed", "new output below", the chosen prefix,
    /// the selected answer.
    pub attention: Style,
    /// The selected row of a list.
    pub selected: Style,
    /// The selected row of a popup menu (commands, choices), bold on top.
    pub menu_selected: Style,
    /// Every match of a search on screen, and the current one.
    pub search_match: Style,
    pub search_current: Style,

    pub diff: DiffPalette,
    /// The syntect theme code is highlighted with ([`super::syntax`]).
    pub syntax: EmbeddedThemeName,
}

/// The colours of a diff.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DiffPalette {
    /// Row backgrounds of added and removed lines, and of the words that changed in them.
    pub added: Color,
    pub added_word: Color,
    pub removed: Color,
    pub removed_word: Color,
    /// `+` and `+N`, an added file; `-` and `−N`, a deleted one.
    pub added_mark: Style,
    pub removed_mark: Style,
    /// An updated and a moved file in a list.
    pub updated_mark: Style,
    pub moved_mark: Style,
    /// `@@ -1,3 +1,4 @@`
    pub hunk_header: Style,
    /// Line numbers and the rules beside them.
    pub line_number: Style,
    /// The visible `␍` of a line whose only change is its line ending.
    pub changed_ending: Style,
}

const fn fg(colour: Color) -> Style {
    Style::new().fg(colour)
}

const fn on(fore: Color, back: Color) -> Style {
    Style::new().fg(fore).bg(back)
}

/// For a dark background (and the terminal's own colours wherever a role allows).
pub const DARK: Palette = Palette {
    name: "dark",
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
    menu_selected: Style::new().bg(Color::DarkGray),
    search_match: on(Color::Black, Color::Yellow),
    search_current: on(Color::Black, Color::LightMagenta),
    diff: DiffPalette {
        added: Color::Rgb(22, 52, 34),
        added_word: Color::Rgb(40, 110, 62),
        removed: Color::Rgb(62, 26, 30),
        removed_word: Color::Rgb(130, 42, 50),
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

/// For a light background: the dark palette's roles, with diff tints and code colours that read
/// on white.
pub const LIGHT: Palette = Palette {
    name: "light",
    diff: DiffPalette {
        added: Color::Rgb(230, 255, 236),
        added_word: Color::Rgb(165, 240, 183),
        removed: Color::Rgb(255, 235, 233),
        removed_word: Color::Rgb(255, 188, 188),
        ..DARK.diff
    },
    syntax: EmbeddedThemeName::InspiredGithub,
    ..DARK
};
