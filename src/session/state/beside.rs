//! Work beside the conversation that the session keeps track of: whether the person agreed to
//! run `!` commands unsandboxed, and when each command started (background terminals report no
//! start time, so `/ps` tells running times from this record).

use std::collections::VecDeque;
use std::time::Instant;

/// The most command start times kept.
const CLOCKS: usize = 512;

#[derive(Debug, Default)]
pub struct Beside {
    /// The person confirmed, once this session, that `!` commands run with full access.
    pub shell_confirmed: bool,
    pub command_clock: CommandClock,
}

impl Beside {
    /// The person said yes to running `!` commands unsandboxed: not asked again this session.
    pub(crate) fn confirm_shell(&mut self) {
        self.shell_confirmed = true;
    }
}

/// When command items started, newest last; the oldest are forgotten past [`CLOCKS`].
#[derive(Debug, Default)]
pub struct CommandClock {
    started: VecDeque<Started>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Started {
    pub turn_id: String,
    pub item_id: String,
    pub at: Instant,
}

impl CommandClock {
    /// Notes that a command item started (again: its first start is kept).
    pub(crate) fn started(&mut self, turn_id: &str, item_id: &str, at: Instant) {
        if self.find(item_id).is_some() {
            return;
        }
        if self.started.len() == CLOCKS {
            self.started.pop_front();
        }
        self.started.push_back(Started {
            turn_id: turn_id.to_string(),
            item_id: item_id.to_string(),
            at,
        });
    }

    /// The newest record of the item (background terminals name only their item).
    pub fn find(&self, item_id: &str) -> Option<&Started> {
        self.started.iter().rev().find(|s| s.item_id == item_id)
    }

    pub fn len(&self) -> usize {
        self.started.len()
    }

    pub fn is_empty(&self) -> bool {
        self.started.is_empty()
    }
}
