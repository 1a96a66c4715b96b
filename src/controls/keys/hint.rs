//! A key and its words as the hint bar and help show them.

/// A key and what it does, for the hint bar and the help overlay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    pub keys: String,
    pub action: String,
}

impl Hint {
    pub fn new(keys: impl Into<String>, action: impl Into<String>) -> Self {
        Hint {
            keys: keys.into(),
            action: action.into(),
        }
    }
}
