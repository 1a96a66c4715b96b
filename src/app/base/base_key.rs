//! What the conversation's keys do ([`BaseKey`]): the actions of the rows of `keys`.

use crate::controls::composer::Edit;

/// What the conversation's keys do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BaseKey {
    Interrupt,
    Help,
    /// Send, steer, or send once the turn ends (the outbox decides).
    Send,
    Queue,
    /// End on an empty composer, Ctrl+End: follow the end of the transcript.
    Follow,
    /// Home on an empty composer, Ctrl+Home: the top.
    Top,
    Search,
    /// Ctrl+T: the inbox of waiting questions.
    Inbox,
    PageUp,
    PageDown,
    /// The router's: the Ctrl+C ladder (`quit_ladder`).
    CtrlC,
    QueueFocus,
    Mention,
    /// ↑/↓ on an empty composer while reading back: the transcript by a line.
    LineUp,
    LineDown,
    HistorySearch,
    Editor,
    /// Ctrl+V: attach the clipboard's image (text arrives as a paste, not as this key).
    PasteImage,
    Expand,
    Commands,
    Quit,
    /// Job control: tern stops until `fg`.
    Suspend,
    /// Alt+↑: select a cell of the transcript (`layers::selected`).
    SelectCell,
    /// The mouse's rows (drag, Shift+drag): listed in help and the reference, never a key
    /// (the mouse is `pointer`'s).
    Pointer,
    /// A composer edit.
    Edit(Edit),
    /// Alt+← / Alt+→ on an empty composer: the previous or next of the main thread and its
    /// sub-agents.
    AgentPrevious,
    AgentNext,
    /// `$` where a mention starts: the skill finder.
    SkillMention,
    /// `!` on an empty composer: typed, starting a shell command line (listed so `?` and
    /// `tern --keys` tell of `!command`).
    Shell,
    /// Vim: to normal mode (in normal mode, the command being typed is dropped).
    VimEscape,
    /// Vim's redo, in normal mode.
    VimRedo,
    /// A key of vim's normal mode, to its engine as typed (`composer::vim`).
    VimCommand,
    /// Esc on an empty, idle composer: the first arms, the second opens the rewind list.
    Rewind,
    /// Shift+Tab: the next collaboration mode.
    Mode,
    /// Alt+, / Alt+.: less / more reasoning for the next turn.
    EffortDown,
    EffortUp,
}
