//! A drawn buffer's rows as the bytes that paint them from the start of a line: colours and
//! attributes as the cells carry them, wide characters once, and no trailing blanks (the
//! row is cleared before it is painted).

use crossterm::style::{ContentStyle, SetStyle};
use ratatui::backend::IntoCrossterm;
use ratatui::buffer::{Buffer, Cell};
use ratatui::style::Style;
use unicode_width::UnicodeWidthStr;

pub(super) const RESET: &[u8] = b"\x1b[0m";

/// Row `y` of `buffer`, painted from the current cursor column on.
pub(crate) fn row_bytes(buffer: &Buffer, y: u16) -> Vec<u8> {
    let area = buffer.area;
    let cells = (area.left()..area.right()).map(|x| &buffer[(x, y)]);
    let last = cells
        .clone()
        .rposition(|cell| !is_blank(cell))
        .map_or(0, |at| at + 1);
    let mut out = Vec::with_capacity(last * 2);
    let mut style: Option<Style> = None;
    let mut skip = 0;
    for cell in cells.take(last) {
        if skip > 0 {
            skip -= 1;
            continue;
        }
        let now = cell.style();
        if style != Some(now) {
            switch_style(&mut out, now);
            style = Some(now);
        }
        let symbol = cell.symbol();
        out.extend_from_slice(symbol.as_bytes());
        skip = symbol.width().saturating_sub(1);
    }
    if style.is_some() {
        out.extend_from_slice(RESET);
    }
    out
}

/// Paints what follows in `style` alone: attributes are only ever added by SGR, so the last
/// style's go first.
pub(super) fn switch_style(out: &mut Vec<u8>, style: Style) {
    out.extend_from_slice(RESET);
    let content: ContentStyle = style.into_crossterm();
    let _ = crossterm::queue!(out, SetStyle(content));
}

/// Nothing to paint: a space with no colour or attribute (what a cleared row already shows).
fn is_blank(cell: &Cell) -> bool {
    cell.symbol() == " " && cell.style() == Cell::EMPTY.style()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::layout::Rect;
    use ratatui::style::Stylize;
    use ratatui::text::Line;
    use ratatui::widgets::{Paragraph, Widget};

    fn painted(line: Line<'static>, width: u16) -> Vec<u8> {
        let mut buffer = Buffer::empty(Rect::new(0, 0, width, 1));
        Paragraph::new(line).render(buffer.area, &mut buffer);
        row_bytes(&buffer, 0)
    }

    #[test]
    fn a_row_paints_its_text_once_and_stops_at_its_last_character() {
        let bytes = painted(Line::from("a 表 b"), 20);
        let text = String::from_utf8(bytes).unwrap();
        assert!(text.contains("a 表 b"), "{text:?}");
        assert!(!text.ends_with(' '), "{text:?}");
        let mut parser = vt100::Parser::new(2, 20, 0);
        parser.process(text.as_bytes());
        assert_eq!(parser.screen().contents(), "a 表 b");
    }

    #[test]
    fn colours_and_attributes_survive_and_are_reset_at_the_end() {
        let bytes = painted(Line::from(vec!["x".red().bold(), "y".into()]), 10);
        let mut parser = vt100::Parser::new(2, 10, 0);
        parser.process(&bytes);
        let x = parser.screen().cell(0, 0).unwrap();
        let y = parser.screen().cell(0, 1).unwrap();
        assert!(x.bold());
        assert_ne!(x.fgcolor(), y.fgcolor(), "x keeps its colour");
        assert!(!y.bold());
        assert_eq!(y.fgcolor(), Default::default(), "y has none");
        assert!(bytes.ends_with(RESET));
    }

    #[test]
    fn a_blank_row_paints_nothing() {
        assert!(painted(Line::default(), 10).is_empty());
    }
}
