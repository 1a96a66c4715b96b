//! A transcript line as the bytes that paint it at the start of a scrollback line, written
//! straight from its spans: the same bytes as setting the line into a buffer row
//! (`Buffer::set_line`), applying the cell policies and painting the row (`rows::row_bytes`),
//! without a buffer of the lines' width × height cells to fill, police and scan. Plain ASCII
//! text, most of any answer, is copied whole.

use super::rows::{switch_style, RESET};
use crate::text::sanitize::is_printable_ascii;
use crate::ui::CellPolicy;
use ratatui::buffer::Cell;
use ratatui::style::Style;
use ratatui::text::Line;
use unicode_segmentation::UnicodeSegmentation;
use unicode_width::UnicodeWidthStr;

/// Appends the bytes that paint `line`, cut at `width` columns, to `out`.
pub(crate) fn line_bytes(out: &mut Vec<u8>, line: &Line<'_>, width: u16, policy: CellPolicy) {
    let mut painter = Painter {
        out,
        style: None,
        blanks: 0,
    };
    let mut remaining = width;
    for span in line {
        if remaining == 0 {
            break;
        }
        let style = cell_style(line.style.patch(span.style), policy);
        let text = span.content.as_ref();
        if is_printable_ascii(text) {
            // One column per byte, no grapheme joins anything, no glyph policy applies.
            let text = &text[..text.len().min(usize::from(remaining))];
            remaining -= text.len() as u16;
            painter.ascii(text, style);
            continue;
        }
        for symbol in text.graphemes(true) {
            if symbol.contains(char::is_control) {
                continue;
            }
            let columns = if symbol.len() == 1 { 1 } else { symbol.width() };
            if columns == 0 {
                continue;
            }
            let Some(left) = usize::from(remaining).checked_sub(columns) else {
                // As `set_line` does: the span stops here, a later one may still fit.
                break;
            };
            remaining = left as u16;
            painter.symbol(symbol, columns, style, policy);
        }
    }
    painter.finish();
}

/// The style a fresh cell takes from `style`, under the colour policy.
fn cell_style(style: Style, policy: CellPolicy) -> Style {
    let mut cell = Cell::EMPTY;
    cell.set_style(style);
    policy.colour(&mut cell);
    cell.style()
}

/// Paints cells one after another as `rows::row_bytes` would, holding back unstyled blanks
/// until something follows them: a row's trailing blanks are never painted.
struct Painter<'a> {
    out: &'a mut Vec<u8>,
    style: Option<Style>,
    blanks: usize,
}

impl Painter<'_> {
    fn ascii(&mut self, text: &str, style: Style) {
        if text.is_empty() {
            return;
        }
        if style != blank_style() {
            self.paint(text, style);
            return;
        }
        let body = text.trim_end_matches(' ');
        if !body.is_empty() {
            self.paint(body, style);
        }
        self.blanks += text.len() - body.len();
    }

    fn symbol(&mut self, symbol: &str, columns: usize, style: Style, policy: CellPolicy) {
        let mut chars = symbol.chars();
        let mut glyph = [0; 4];
        let shown = match (chars.next(), chars.next()) {
            (Some(c), None) => match policy.glyph(c) {
                Some(plain) => &*plain.encode_utf8(&mut glyph),
                None => symbol,
            },
            _ => symbol,
        };
        if shown == " " && style == blank_style() {
            self.blanks += 1;
        } else {
            self.paint(shown, style);
        }
        // The cells a wide symbol covers are blank; the row painter skips as many as the
        // symbol shown is wide, so a narrower one (the glyph policy's) leaves the rest showing.
        let shown_columns = shown.width().max(1);
        self.blanks += columns.saturating_sub(shown_columns);
    }

    fn paint(&mut self, text: &str, style: Style) {
        if self.blanks > 0 {
            self.switch(blank_style());
            self.out.extend(std::iter::repeat_n(b' ', self.blanks));
            self.blanks = 0;
        }
        self.switch(style);
        self.out.extend_from_slice(text.as_bytes());
    }

    fn switch(&mut self, style: Style) {
        if self.style != Some(style) {
            switch_style(self.out, style);
            self.style = Some(style);
        }
    }

    fn finish(self) {
        if self.style.is_some() {
            self.out.extend_from_slice(RESET);
        }
    }
}

/// The style of a cell nothing was drawn in: what a cleared row already shows.
fn blank_style() -> Style {
    Cell::EMPTY.style()
}

#[cfg(test)]
#[path = "line_bytes_tests.rs"]
mod tests;
