//! Characters that tern lays out two columns wide but a terminal with older Unicode tables
//! draws one column wide ("☰" became wide in Unicode 16). ratatui skips the column after a wide
//! character, so on such a terminal whatever was there before stays on screen. After each
//! frame, each such character that was drawn anew is painted again: first the column after
//! it is blanked, then the character is printed over its own column. A terminal with old
//! tables keeps the blank; one with new tables draws the character over both columns again.
//! Only these characters are touched, and only when they change, so a screen of CJK text (wide
//! in every table) costs nothing; repainting every wide character each frame would have sent
//! a whole screen of CJK text again on every streaming frame.

use crossterm::style::{Attribute, Print, SetAttribute, SetStyle};
use ratatui::backend::IntoCrossterm;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use std::collections::HashMap;

/// The characters `unicode-width` (0.2.3, which tern lays out with) makes two columns wide but
/// Unicode 15.0's EastAsianWidth.txt does not give `W` or `F`: a terminal with tables of 15.0
/// or older draws them one column wide. Made by listing every code point whose width is 2 and
/// whose East_Asian_Width in Debian's `unicode-data` 15.0.0 is neither (the test below checks
/// the first half of that against the crate).
const WIDER_SINCE_15: &[(u32, u32)] = &[
    (0x17A4, 0x17A4),
    (0x2630, 0x2637),
    (0x268A, 0x268F),
    (0x2FFC, 0x2FFF),
    (0x31E4, 0x31E5),
    (0x31EF, 0x31EF),
    (0x4DC0, 0x4DFF),
    (0x16FF2, 0x16FF6),
    (0x187F8, 0x187FF),
    (0x18CD6, 0x18CDA),
    (0x18CFF, 0x18CFF),
    (0x18D09, 0x18D20),
    (0x18D80, 0x18DF2),
    (0x18E00, 0x19191),
    (0x191A0, 0x191D2),
    (0x1B123, 0x1B128),
    (0x1B168, 0x1B168),
    (0x1D300, 0x1D356),
    (0x1D360, 0x1D376),
    (0x1F1AE, 0x1F1AE),
    (0x1F6D8, 0x1F6D9),
    (0x1F7DA, 0x1F7DA),
    (0x1FA89, 0x1FA8F),
    (0x1FABE, 0x1FABE),
    (0x1FAC6, 0x1FAC6),
    (0x1FAC8, 0x1FAC8),
    (0x1FACC, 0x1FACD),
    (0x1FADC, 0x1FADD),
    (0x1FADF, 0x1FADF),
    (0x1FAE9, 0x1FAEB),
    (0x1FAEF, 0x1FAEF),
    (0x1FAF9, 0x1FAFA),
];

/// Whether an older terminal may draw `symbol` narrower than tern lays it out.
pub(crate) fn wider_than_old_tables(symbol: &str) -> bool {
    // Every character of the table takes three bytes or four: most cells hold one or two.
    symbol.len() >= 3
        && symbol
            .chars()
            .any(|c| crate::text::invisible::in_table(WIDER_SINCE_15, c))
}

/// Such characters on screen after the last frame, to paint again only what changed.
#[derive(Debug, Default)]
pub struct WideRepaint {
    shown: HashMap<(u16, u16), (String, Style)>,
    area: Rect,
}

impl WideRepaint {
    /// The bytes that paint again the characters of `buffer` drawn anew (empty when none).
    pub(crate) fn frame(&mut self, buffer: &Buffer) -> Vec<u8> {
        // A resize or a clear draws every cell again.
        if buffer.area != self.area {
            self.area = buffer.area;
            self.shown.clear();
        }
        let area = buffer.area;
        let mut now = HashMap::new();
        let mut out = Vec::new();
        let width = usize::from(area.width.max(1));
        for (i, cell) in buffer.content.iter().enumerate() {
            if !wider_than_old_tables(cell.symbol()) {
                continue;
            }
            let (x, y) = (area.x + (i % width) as u16, area.y + (i / width) as u16);
            let drawn = (cell.symbol().to_string(), cell.style());
            if self.shown.get(&(x, y)) != Some(&drawn) {
                if out.is_empty() {
                    out.extend_from_slice(b"\x1b7");
                }
                paint_again(x, y, &drawn, area, &mut out);
            }
            now.insert((x, y), drawn);
        }
        if !out.is_empty() {
            let _ = crossterm::queue!(out, SetAttribute(Attribute::Reset));
            out.extend_from_slice(b"\x1b8");
        }
        self.shown = now;
        out
    }

    /// The screen was drawn whole behind this record's back (a clear after a stop).
    pub(crate) fn forget_screen(&mut self) {
        self.shown.clear();
    }
}

fn paint_again(x: u16, y: u16, (symbol, style): &(String, Style), area: Rect, out: &mut Vec<u8>) {
    let style: crossterm::style::ContentStyle = (*style).into_crossterm();
    if x + 1 < area.right() {
        let _ = crossterm::queue!(
            out,
            crossterm::cursor::MoveTo(x + 1, y),
            SetAttribute(Attribute::Reset),
            SetStyle(style),
            Print(" ")
        );
    }
    let _ = crossterm::queue!(
        out,
        crossterm::cursor::MoveTo(x, y),
        SetAttribute(Attribute::Reset),
        SetStyle(style),
        Print(symbol)
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use unicode_width::UnicodeWidthChar;

    #[test]
    fn every_character_listed_is_wide_for_tern() {
        for &(lo, hi) in WIDER_SINCE_15 {
            for c in (lo..=hi).filter_map(char::from_u32) {
                assert_eq!(c.width(), Some(2), "U+{:04X}", u32::from(c));
            }
        }
        assert!(WIDER_SINCE_15.windows(2).all(|w| w[0].1 < w[1].0));
        assert!(wider_than_old_tables("☰"));
        assert!(!wider_than_old_tables("中"), "wide in every table");
        assert!(!wider_than_old_tables("a"));
    }

    /// What a terminal with Unicode 15 tables shows after `bytes` (`rows` of `cols`): every
    /// character one column wide ("☰" among them). Only what tern writes here is understood:
    /// printable characters, CSI row;col H, SGR (ignored), save and restore of the cursor.
    fn old_terminal(bytes: &[u8], cols: usize) -> String {
        let text = String::from_utf8(bytes.to_vec()).unwrap();
        let mut grid = vec![' '; cols];
        let (mut x, mut saved) = (0usize, 0usize);
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            if c != '\x1b' {
                if x < cols {
                    grid[x] = c;
                }
                x += 1;
                continue;
            }
            match chars.next() {
                Some('7') => saved = x,
                Some('8') => x = saved,
                Some('[') => {
                    let mut params = String::new();
                    for p in chars.by_ref() {
                        if p.is_ascii_alphabetic() {
                            if p == 'H' {
                                let col = params.split(';').nth(1).unwrap_or("1");
                                x = col.parse::<usize>().unwrap_or(1) - 1;
                            }
                            break;
                        }
                        params.push(p);
                    }
                }
                other => panic!("not understood: ESC {other:?}"),
            }
        }
        grid.into_iter().collect::<String>().trim_end().to_string()
    }

    #[test]
    fn the_column_after_a_newly_wide_character_is_blanked_once() {
        let mut repaint = WideRepaint::default();
        let mut buffer = Buffer::empty(Rect::new(0, 0, 10, 2));
        buffer.set_string(0, 0, "☰ menu", Style::default());
        let bytes = repaint.frame(&buffer);
        // What an old terminal showed before: "xy" where "☰" now starts, then "☰" printed over
        // "x" one column wide, as ratatui's diff writes it: "y" would stay.
        let mut before = "xy\x1b[1;1H☰".as_bytes().to_vec();
        assert_eq!(old_terminal(&before, 10), "☰y");
        before.extend_from_slice(&bytes);
        assert_eq!(old_terminal(&before, 10), "☰");
        // A terminal with tern's own tables (vt100, with the same `unicode-width`) still shows
        // the character over both columns.
        let mut new = vt100::Parser::new(2, 10, 0);
        new.process("☰ menu".as_bytes());
        new.process(&bytes);
        assert_eq!(new.screen().contents().lines().next(), Some("☰ menu"));
        assert!(repaint.frame(&buffer).is_empty(), "unchanged: nothing sent");
        buffer.set_string(0, 0, "☱", Style::default());
        assert!(!repaint.frame(&buffer).is_empty(), "changed: painted again");
    }
}
