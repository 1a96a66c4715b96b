//! Colours for the code blocks of an answer, given when their rows are drawn. A message is laid
//! out with its code plain (`markdown::render_markdown_plain_code`, listed in
//! `Laid::plain_code`); the screen colours the blocks among the rows it draws, once. A fast
//! stream scrolls most blocks past before any frame shows them: those are never highlighted.
//!
//! Colours never move a row: each source line's highlighted spans are wrapped as its plain text
//! was, and replace the plain row's code spans only where the rows read the same (a tab inside
//! a line is sanitised per token when highlighted, per line when plain; such a line stays
//! plain), so the scroll position cannot jump when colours arrive.

use super::highlight::{highlight, plain};
use super::wrap::wrap_code;
use crate::model::{Laid, PlainCode};
use ratatui::text::{Line, Span};
use std::ops::Range;

/// Colours the plain code blocks that have a row among `rows` (of `laid.head` then
/// `laid.tail`); the others stay plain.
pub(crate) fn colour_rows(laid: &mut Laid, rows: Range<usize>) {
    if !laid.plain_code.iter().any(|c| c.overlaps(&rows)) {
        return;
    }
    let head_len = laid.head.len();
    let (head, tail) = (&mut laid.head, &mut laid.tail);
    laid.plain_code.retain(|code| {
        if !code.overlaps(&rows) {
            return true;
        }
        let lines = if code.row >= head_len {
            tail.get_mut(code.row - head_len..code.end() - head_len)
        } else {
            head.get_mut(code.row..code.end())
        };
        if let Some(lines) = lines {
            colour_block(lines, code);
        }
        false
    });
}

/// Colours every plain code block of `laid` (lines wanted whole, not drawn a screen at a time).
pub(crate) fn colour_all(laid: &mut Laid) {
    colour_rows(laid, 0..usize::MAX);
}

/// Puts the highlighted spans of `code` in place of the plain ones at the end of each of its
/// `lines` (what comes before them, the bullet, list and quote prefixes, stays).
fn colour_block(lines: &mut [Line<'static>], code: &PlainCode) {
    let coloured = highlight(&code.body, &code.lang, code.theme);
    let mut at = 0;
    for (plain_line, coloured_line) in plain(&code.body).iter().zip(&coloured) {
        let plain_rows = wrap_code(plain_line, code.room, code.theme);
        let coloured_rows = wrap_code(coloured_line, code.room, code.theme);
        let Some(lines_here) = lines.get_mut(at..at + plain_rows.len()) else {
            return;
        };
        at += plain_rows.len();
        let same_rows = plain_rows.len() == coloured_rows.len()
            && plain_rows
                .iter()
                .zip(&coloured_rows)
                .all(|(p, c)| text(&p.spans) == text(&c.spans));
        if !same_rows {
            continue;
        }
        for ((line, plain_row), coloured_row) in
            lines_here.iter_mut().zip(plain_rows).zip(coloured_rows)
        {
            let Some(keep) = line.spans.len().checked_sub(plain_row.spans.len()) else {
                continue;
            };
            if text(&line.spans[keep..]) != text(&plain_row.spans) {
                continue;
            }
            line.spans.truncate(keep);
            line.spans.extend(coloured_row.spans);
        }
    }
}

fn text(spans: &[Span<'_>]) -> String {
    spans.iter().map(|s| s.content.as_ref()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{MarkdownText, Theme};
    use crate::render::markdown::render_markdown;
    use crate::render::message::layout_message;
    use crate::render::message_lead::lead;

    fn text(laid: &Laid) -> Vec<String> {
        laid.iter().map(|l| super::text(&l.spans)).collect()
    }

    fn widths(laid: &Laid) -> Vec<usize> {
        laid.iter().map(Line::width).collect()
    }

    /// Code of every shape that wraps or sanitises: long lines, wide characters, a tab inside a
    /// line, an escape sequence, code in a list and in a quote, an unknown language.
    const CODE: &str =
        "Intro.\n\n```rust\nfn main() { let s = \"a fairly long line of rust that wraps\"; }\n\
        let wide = \"日本語のテキストが折り返す\";\nlet t =\t1; // a tab inside\n```\n\n\
        - item\n\n  ```python\n  def f(x):\n      return x\n  ```\n\n\
        > ```bash\n> echo \u{1b}]0;x\u{7}done\n> ```\n\n```nosuchlang\nplain text\n```\n";

    #[test]
    fn colours_change_styles_only_never_a_row() {
        for width in [24, 40, 80] {
            let mut laid = Laid::default();
            layout_message(&MarkdownText::new(CODE), width, Theme::Dark, &mut laid);
            assert_eq!(
                laid.plain_code.len(),
                4,
                "every block waits for its colours"
            );
            let (plain_text, plain_widths) = (text(&laid), widths(&laid));
            colour_all(&mut laid);
            assert!(laid.plain_code.is_empty());
            assert_eq!(text(&laid), plain_text, "at {width} columns");
            assert_eq!(widths(&laid), plain_widths, "at {width} columns");
            assert!(
                laid.iter().any(|l| l
                    .spans
                    .iter()
                    .any(|s| s.style.fg.is_some() && s.content.contains("fn"))),
                "the rust block has colours"
            );
        }
    }

    #[test]
    fn a_coloured_block_is_the_block_highlighted_when_laid_out() {
        let source =
            "```rust\nfn main() {\n    let x = vec![1, 2];\n    println!(\"{x:?}\");\n}\n```\n";
        let mut laid = Laid::default();
        layout_message(&MarkdownText::new(source), 40, Theme::Dark, &mut laid);
        colour_all(&mut laid);
        let eager: Vec<Line<'static>> =
            lead(render_markdown(source, 38, Theme::Dark), true, Theme::Dark).collect();
        assert_eq!(laid.iter().cloned().collect::<Vec<_>>(), eager);
    }

    #[test]
    fn only_the_blocks_among_the_rows_drawn_are_highlighted() {
        let mut source = String::new();
        for i in 0..50 {
            source.push_str(&format!(
                "Part {i}.\n\n```rust\nfn part_{i}() -> u32 {{ {i} }}\n```\n\n"
            ));
        }
        let mut laid = Laid::default();
        layout_message(&MarkdownText::new(&source), 80, Theme::Dark, &mut laid);
        assert_eq!(laid.plain_code.len(), 50);
        let before = crate::render::highlight::lines_highlighted();
        let rows = laid.len();
        colour_rows(&mut laid, rows - 10..rows);
        assert_eq!(
            crate::render::highlight::lines_highlighted() - before,
            3,
            "the three blocks in the last ten rows (four rows a part), one line each"
        );
        assert_eq!(laid.plain_code.len(), 47);
        colour_rows(&mut laid, rows - 10..rows);
        assert_eq!(
            crate::render::highlight::lines_highlighted() - before,
            3,
            "once"
        );
    }
}
