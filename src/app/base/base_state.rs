//! What the conversation's keys read ([`BaseState`]): a few yes/no facts, so a test can try
//! every combination and fail when two rows take the same key in the same state.

/// What the conversation's keys read: the precedence table's columns, then the facts single
/// rows need.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BaseState {
    /// A turn is running (it can be interrupted or steered).
    pub running: bool,
    /// A turn is starting, running or being interrupted.
    pub busy: bool,
    pub composer_empty: bool,
    /// A layer is open over the conversation (the keys it passes on come here).
    pub layer_open: bool,
    /// Vim keys are on (`/vim`): Esc is vim's, not the interrupt (Ctrl+C interrupts).
    pub vim: bool,
    /// Vim's normal mode: letters are vim's commands, Ctrl+R redoes.
    pub vim_normal: bool,
    /// A server question is up: keys reach the draft under it as typing.
    pub question: bool,
    /// The transcript is scrolled back (not following the end).
    pub reading_back: bool,
    /// Messages wait for the next turn.
    pub queued: bool,
    /// The cursor is on the composer's first line.
    pub first_line: bool,
    /// An `@` typed now starts a mention (at the start, or after a space).
    pub mention_here: bool,
    /// Questions wait off screen, in the inbox (Ctrl+T).
    pub inbox: bool,
}

impl BaseState {
    /// Whether the facts can hold together (an empty composer's cursor is on its first line,
    /// where a mention may start; a running turn is a busy one).
    #[cfg(test)]
    pub(crate) fn possible(&self) -> bool {
        (!self.composer_empty || (self.first_line && self.mention_here))
            && (!self.running || self.busy)
            && (!self.vim_normal || self.vim)
    }

    /// Every state, for the tests that try them all.
    #[cfg(test)]
    pub(crate) fn all() -> impl Iterator<Item = BaseState> {
        (0u32..1 << 12)
            .map(|bits| {
                let bit = |n: u32| bits & (1 << n) != 0;
                BaseState {
                    running: bit(0),
                    busy: bit(1),
                    composer_empty: bit(2),
                    layer_open: bit(3),
                    vim_normal: bit(4),
                    question: bit(5),
                    reading_back: bit(6),
                    queued: bit(7),
                    first_line: bit(8),
                    mention_here: bit(9),
                    vim: bit(10),
                    inbox: bit(11),
                }
            })
            .filter(BaseState::possible)
    }
}
