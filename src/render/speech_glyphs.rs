//! Screen-reader mode's glyph policy: box drawing, block elements, spinner frames and
//! decorative marks become plain ASCII words or punctuation (or nothing), so a screen reader
//! reads the text and not the ornaments. Text in other scripts stays as it is.

use std::borrow::Cow;

/// Box drawing (U+2500–U+257F) and block elements (U+2580–U+259F): borders, rules, bars.
pub(crate) fn is_box_drawing(c: char) -> bool {
    ('\u{2500}'..='\u{259F}').contains(&c)
}

/// Braille patterns (U+2800–U+28FF): what spinners animate with.
pub(crate) fn is_spinner_frame(c: char) -> bool {
    ('\u{2800}'..='\u{28FF}').contains(&c)
}

/// What a character reads as in screen-reader mode, as text (several characters allowed).
pub(crate) fn spoken(c: char) -> Option<&'static str> {
    Some(match c {
        c if is_box_drawing(c) || is_spinner_frame(c) => " ",
        '•' | '◦' | '▪' | '∙' | '●' | '○' | '◆' | '◇' | '◐' | '◌' => "-",
        '≡' => " ",
        '›' | '❯' | '▶' | '▸' => ">",
        '‹' | '◀' => "<",
        '…' | '⋯' => "...",
        '✔' | '✓' => "done:",
        '✗' | '✘' => "failed:",
        '⚠' => "warning:",
        'ⓘ' => "note:",
        '→' | '⟶' => "->",
        '←' => "<-",
        '↑' => "up",
        '↓' => "down",
        '·' => ",",
        '—' | '–' => "-",
        '⏎' | '↵' => "Enter",
        _ => return None,
    })
}

/// What a character becomes in a drawn cell, where one cell must stay one cell.
pub(crate) fn spoken_cell(c: char) -> Option<char> {
    Some(match spoken(c)? {
        "..." => '.',
        " " => ' ',
        "-" | "->" | "<-" => '-',
        ">" => '>',
        "<" => '<',
        "," => ',',
        // Words do not fit a cell: the mark goes.
        _ => ' ',
    })
}

/// `text` with every ornament replaced by what it reads as.
pub(crate) fn plain(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| spoken(c).is_some()) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match spoken(c) {
            Some(word) => out.push_str(word),
            None => out.push(c),
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ornaments_read_as_ascii_and_other_text_stays() {
        assert_eq!(plain("• Ran ls"), "- Ran ls");
        assert_eq!(plain("│ a │ b │"), "  a   b  ");
        assert_eq!(plain("wait…"), "wait...");
        assert_eq!(plain("✔ done 表"), "done: done 表");
        assert!(matches!(plain("plain text"), Cow::Borrowed(_)));
        assert_eq!(spoken_cell('╭'), Some(' '));
        assert_eq!(spoken_cell('⠋'), Some(' '));
        assert_eq!(spoken_cell('a'), None);
    }
}
