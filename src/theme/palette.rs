//! The roles a palette fills. A role is a [`Style`] holding colours (and, for a selection,
//! reversal); the emphasis text carries for its own sake (bold, dim, italic) is added where the
//! text is laid out. The built-in palettes are in `builtin`; a user theme file (`user`) names
//! roles by the names listed here ([`ROLES`], [`DIFF_ROLES`]).

use ratatui::style::Style;
use two_face::theme::EmbeddedThemeName;

/// Every colour tern draws with, by what it means.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Palette {
    /// What the theme is chosen by.
    pub name: &'static str,
    /// One line for the `/theme` picker.
    pub description: &'static str,
    /// Only the terminal's 16 colours reach the screen: anything else a cell holds (command
    /// output's 256-colour and RGB codes) is brought to the nearest of them when drawn, so the
    /// person's own palette applies everywhere.
    pub terminal_colours_only: bool,

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
    /// Patched over added and removed lines (a row tint, or a text colour where the theme has
    /// no tints), and over the words that changed in them.
    pub added: Style,
    pub added_word: Style,
    pub removed: Style,
    pub removed_word: Style,
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

/// The roles of a palette and of its diff, by name, for theme files: `roles!(Palette { … })`
/// lists the fields once and gives the names and a way to each field.
macro_rules! roles {
    ($ty:ident, $list:ident, [$($role:ident),* $(,)?]) => {
        /// The names a theme file may set.
        pub const $list: &[&str] = &[$(stringify!($role)),*];

        impl $ty {
            /// The role called `name`, to set from a theme file.
            pub(crate) fn role_mut(&mut self, name: &str) -> Option<&mut Style> {
                match name {
                    $(stringify!($role) => Some(&mut self.$role),)*
                    _ => None,
                }
            }
        }
    };
}

roles!(
    Palette,
    ROLES,
    [
        dim,
        accent,
        key,
        user,
        agent,
        identity,
        unknown,
        status_bar,
        proposed,
        heading,
        link,
        inline_code,
        quote,
        working,
        success,
        warning,
        error,
        border,
        border_focused,
        border_attention,
        badge,
        attention,
        selected,
        menu_selected,
        search_match,
        search_current,
    ]
);

roles!(
    DiffPalette,
    DIFF_ROLES,
    [
        added,
        added_word,
        removed,
        removed_word,
        added_mark,
        removed_mark,
        updated_mark,
        moved_mark,
        hunk_header,
        line_number,
        changed_ending,
    ]
);
