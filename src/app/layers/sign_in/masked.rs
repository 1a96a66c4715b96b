//! The API-key field: what is typed or pasted is kept here and shown only as dots. Its `Debug`
//! prints the length, never the key, so no state dump carries it; it is emptied once sent.

use crate::protocol::ApiKey;
use std::fmt;

#[derive(Clone, Default, PartialEq)]
pub struct MaskedKey {
    text: String,
    /// The text came from `OPENAI_API_KEY` and has not been edited.
    pub from_env: bool,
}

impl fmt::Debug for MaskedKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MaskedKey({} chars)", self.text.chars().count())
    }
}

/// Why a key is not sent.
pub(crate) const EMPTY: &str = "The API key is empty: paste or type one.";
pub(crate) const NOT_A_KEY: &str =
    "An API key has no spaces or control characters inside: check what was pasted.";

impl MaskedKey {
    /// Prefilled from the environment.
    pub(crate) fn from_env(key: &ApiKey) -> MaskedKey {
        MaskedKey {
            text: key.expose().to_string(),
            from_env: true,
        }
    }

    pub fn len(&self) -> usize {
        self.text.chars().count()
    }

    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    pub fn push(&mut self, c: char) {
        self.from_env = false;
        self.text.push(c);
    }

    /// A paste: its line ends go (a key copied with its newline is the key).
    pub(crate) fn paste(&mut self, text: &str) {
        self.from_env = false;
        self.text
            .extend(text.chars().filter(|c| *c != '\n' && *c != '\r'));
    }

    pub(crate) fn backspace(&mut self) {
        self.from_env = false;
        self.text.pop();
    }

    pub(crate) fn clear(&mut self) {
        self.from_env = false;
        self.text.clear();
    }

    /// The key to send, trimmed, or why not: codex itself would store an empty key or one with
    /// spaces around it and then send `Bearer ` to the model.
    pub fn take(&mut self) -> Result<ApiKey, &'static str> {
        let key = self.text.trim();
        if key.is_empty() {
            return Err(EMPTY);
        }
        if key.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(NOT_A_KEY);
        }
        let key = ApiKey::new(key);
        self.text.clear();
        self.from_env = false;
        Ok(key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_trimmed_refused_empty_or_spaced_and_never_printed() {
        let mut field = MaskedKey::default();
        field.paste("  sk-test-abc123\n");
        assert_eq!(format!("{field:?}"), "MaskedKey(16 chars)");
        let key = field.take().unwrap();
        assert_eq!(key.expose(), "sk-test-abc123");
        assert!(field.is_empty(), "emptied once taken");
        field.paste("   ");
        assert_eq!(field.take().unwrap_err(), EMPTY);
        field.clear();
        field.paste("sk-a b");
        assert_eq!(field.take().unwrap_err(), NOT_A_KEY);
        field.clear();
        field.push('x');
        field.push('\u{7}');
        assert_eq!(field.take().unwrap_err(), NOT_A_KEY);
    }
}
