//! One line of text typed into a view: the transcript search's query, the history search's,
//! the resume picker's filter and the name being given a thread, the @-mention's query, a
//! form's typed answer. Typing appends, Backspace removes the last grapheme cluster, and a paste
//! follows the one rule of [`pasted_line`].

use std::ops::Deref;

/// How a paste lands in one line, wherever it is pasted: a copied line's final break is
/// dropped, and every other line break or control character becomes a space — nothing pasted
/// disappears unseen, and no control character gets into the line.
pub(crate) fn pasted_line(text: &str) -> String {
    text.trim_end_matches(['\r', '\n'])
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// A typed character into a line held as a plain `String` (a form's answer, kept in the model
/// tier): a control character is a space, as in a paste. [`LineInput::type_char`] is this.
pub(crate) fn type_into(line: &mut String, c: char) {
    line.push(if c.is_control() { ' ' } else { c });
}

/// Backspace in a line held as a plain `String`: the last grapheme cluster goes (an emoji family
/// or a letter with its accents is one, as in the composer). `false` when the line was empty.
pub(crate) fn backspace_in(line: &mut String) -> bool {
    let end = line.chars().count();
    if end == 0 {
        return false;
    }
    let keep = crate::text::graphemes::boundary_before(line, end);
    let byte = line
        .char_indices()
        .nth(keep)
        .map_or(line.len(), |(at, _)| at);
    line.truncate(byte);
    true
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LineInput {
    text: String,
}

impl LineInput {
    pub fn new(text: &str) -> LineInput {
        let mut line = LineInput::default();
        line.paste(text);
        line
    }

    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// A typed character (a control character is a space, as in a paste).
    pub(crate) fn type_char(&mut self, c: char) {
        type_into(&mut self.text, c);
    }

    /// Removes the last grapheme cluster; `false` when there was none.
    pub(crate) fn backspace(&mut self) -> bool {
        backspace_in(&mut self.text)
    }

    pub(crate) fn paste(&mut self, text: &str) {
        self.text.push_str(&pasted_line(text));
    }

    pub(crate) fn clear(&mut self) {
        self.text.clear();
    }
}

impl Deref for LineInput {
    type Target = str;

    fn deref(&self) -> &str {
        &self.text
    }
}

impl std::fmt::Display for LineInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

impl PartialEq<&str> for LineInput {
    fn eq(&self, other: &&str) -> bool {
        self.text == *other
    }
}

impl PartialEq<str> for LineInput {
    fn eq(&self, other: &str) -> bool {
        self.text == other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_paste_rule_for_every_line() {
        assert_eq!(pasted_line("main.rs\n"), "main.rs");
        assert_eq!(pasted_line("a\r\nb\tc\u{1b}[2J"), "a  b c [2J");
        let mut line = LineInput::new("x\n");
        line.type_char('y');
        line.paste("z\n\n");
        assert_eq!(line, "xyz");
        assert!(line.backspace() && line.backspace() && line.backspace());
        assert!(!line.backspace());
        // A cluster goes at once: a family of four, a letter with its accent.
        let mut line = LineInput::new("ab👨\u{200d}👩\u{200d}👧\u{200d}👦e\u{301}");
        assert!(line.backspace());
        assert_eq!(line, "ab👨\u{200d}👩\u{200d}👧\u{200d}👦");
        assert!(line.backspace());
        assert_eq!(line, "ab");
    }
}
