//! What the renderer tells a text selection about the rows it lays out: which spans are
//! decoration (a message's bullet and indent, quote bars, a wrap's hanging indent, a code row's
//! `↪`) and which rows continue the row above (a soft wrap), so that copying takes exactly the
//! text shown, soft-wrapped lines joined and code exact.
//!
//! Carried in the lines themselves rather than beside them: every producer of transcript lines
//! (markdown, streaming tails, tables, lazy code colours, a dozen cell kinds) already hands
//! lines through, and a parallel table would have to follow each of them. The marks are bits of
//! `Style::sub_modifier` that tern never sets otherwise (the blinks): a mark removes a blink
//! nobody added, so it changes nothing drawn, and the buffer keeps no `sub_modifier` at all.

use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

/// On a span: drawn, never copied.
const DECORATION: Modifier = Modifier::RAPID_BLINK;
/// On a line: it continues the row above where the wrap ate a space.
const WRAPPED_AT_SPACE: Modifier = Modifier::SLOW_BLINK;
/// On a line: it continues the row above where a word or a code line was split (nothing eaten).
const SPLIT: Modifier = Modifier::RAPID_BLINK;

/// How a rendered row follows the row above it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RowJoin {
    /// A line of its own: copied after a newline.
    NewLine,
    /// A soft wrap at spaces: copied after one space.
    Space,
    /// A split word or code line: copied right after the row above.
    Direct,
}

/// `span`, marked as decoration.
pub(crate) fn decoration(mut span: Span<'static>) -> Span<'static> {
    span.style = mark(span.style, DECORATION);
    span
}

/// Every span of `spans` marked as decoration.
pub(crate) fn decorations(spans: &[Span<'static>]) -> Vec<Span<'static>> {
    spans.iter().cloned().map(decoration).collect()
}

pub(crate) fn is_decoration(span: &Span<'_>) -> bool {
    span.style.sub_modifier.contains(DECORATION)
}

/// Marks `line` as continuing the row above.
pub(crate) fn continues(line: &mut Line<'static>, join: RowJoin) {
    let bit = match join {
        RowJoin::NewLine => return,
        RowJoin::Space => WRAPPED_AT_SPACE,
        RowJoin::Direct => SPLIT,
    };
    line.style = mark(line.style, bit);
}

pub(crate) fn join_of(line: &Line<'_>) -> RowJoin {
    let bits = line.style.sub_modifier;
    if bits.contains(WRAPPED_AT_SPACE) {
        RowJoin::Space
    } else if bits.contains(SPLIT) {
        RowJoin::Direct
    } else {
        RowJoin::NewLine
    }
}

/// A line of `spans` that keeps `like`'s marks (for the renderers that take a line apart and
/// put it back with a prefix).
pub(crate) fn rebuilt(spans: Vec<Span<'static>>, like: &Line<'_>) -> Line<'static> {
    let mut line = Line::from(spans);
    line.style = like.style;
    line
}

fn mark(style: Style, bit: Modifier) -> Style {
    Style {
        sub_modifier: style.sub_modifier | bit,
        ..style
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::widgets::{Paragraph, Widget};

    #[test]
    fn marks_change_nothing_drawn() {
        let style = Style::new().bold();
        let mut marked = Line::from(vec![decoration(Span::styled("│ ", style)), "x".into()]);
        continues(&mut marked, RowJoin::Space);
        let plain = Line::from(vec![Span::styled("│ ", style), "x".into()]);
        let draw = |line: Line<'static>| {
            let mut buffer = Buffer::empty(Rect::new(0, 0, 4, 1));
            Paragraph::new(line).render(buffer.area, &mut buffer);
            buffer
        };
        assert_eq!(draw(marked.clone()), draw(plain));
        assert_eq!(join_of(&marked), RowJoin::Space);
        assert!(is_decoration(&marked.spans[0]) && !is_decoration(&marked.spans[1]));
        let mut split = Line::from("y");
        continues(&mut split, RowJoin::Direct);
        assert_eq!(join_of(&split), RowJoin::Direct);
        assert_eq!(join_of(&Line::from("z")), RowJoin::NewLine);
    }
}
