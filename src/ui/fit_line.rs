//! One row of parts that must fit its width whole: the status line. A part is never cut in the
//! middle of a word ("mock-mod"): when the row is too narrow, parts give way by priority —
//! first to their short form (a path's last folder), then whole — and only a part left alone
//! on a row narrower than itself is cut, at a grapheme boundary, with "…".

use crate::text::graphemes::clusters;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthStr;

/// One part of the row.
#[derive(Debug, Clone)]
pub(super) struct Part {
    pub spans: Vec<Span<'static>>,
    /// A shorter form used before the part is dropped (a path's last folder).
    pub short: Option<Vec<Span<'static>>>,
    /// Parts with less give way first; equal ones from the right.
    pub keep: u8,
    /// Drawn right after the part before it, with no separator (" (Esc to interrupt)").
    pub joined: bool,
}

impl Part {
    pub(super) fn new(keep: u8, spans: Vec<Span<'static>>) -> Part {
        Part {
            spans,
            short: None,
            keep,
            joined: false,
        }
    }

    pub(super) fn text(keep: u8, text: impl Into<String>, style: Style) -> Part {
        Part::new(keep, vec![Span::styled(text.into(), style)])
    }

    pub(super) fn short(mut self, spans: Vec<Span<'static>>) -> Part {
        self.short = Some(spans);
        self
    }

    pub(super) fn joined(mut self) -> Part {
        self.joined = true;
        self
    }
}

fn width_of(spans: &[Span<'_>]) -> usize {
    spans.iter().map(|s| s.content.width()).sum()
}

/// The row's width with `parts` and `separator` between unjoined ones.
fn row_width(parts: &[Part], separator: usize) -> usize {
    parts
        .iter()
        .enumerate()
        .map(|(i, p)| width_of(&p.spans) + if i > 0 && !p.joined { separator } else { 0 })
        .sum()
}

/// `parts` as one row of at most `width` columns, `separator` between them.
pub(super) fn fit(mut parts: Vec<Part>, width: usize, separator: Span<'static>) -> Line<'static> {
    let sep = separator.content.width();
    while row_width(&parts, sep) > width {
        // The part that gives way: least kept, rightmost among equals.
        let Some(weakest) = (0..parts.len()).min_by_key(|&i| (parts[i].keep, usize::MAX - i))
        else {
            break;
        };
        if let Some(short) = parts[weakest].short.take() {
            parts[weakest].spans = short;
            continue;
        }
        if parts.len() == 1 {
            break;
        }
        parts.remove(weakest);
        // A joined part is about the one before it: it goes with it, and the first part is
        // never joined.
        if weakest < parts.len() && parts[weakest].joined {
            parts.remove(weakest);
        }
        if let Some(first) = parts.first_mut() {
            first.joined = false;
        }
    }
    let mut spans = Vec::new();
    for (i, part) in parts.into_iter().enumerate() {
        if i > 0 && !part.joined {
            spans.push(separator.clone());
        }
        spans.extend(part.spans);
    }
    Line::from(cut(spans, width))
}

/// `spans` cut to `width` columns, ending with "…" where something was cut.
pub(super) fn cut(spans: Vec<Span<'static>>, width: usize) -> Vec<Span<'static>> {
    if width_of(&spans) <= width {
        return spans;
    }
    let room = width.saturating_sub(1);
    let mut used = 0;
    let mut out = Vec::new();
    for span in spans {
        let mut kept = String::new();
        let mut full = false;
        for (cluster, w) in clusters(&span.content) {
            if used + w > room {
                full = true;
                break;
            }
            kept.push_str(cluster);
            used += w;
        }
        let style = span.style;
        if !kept.is_empty() {
            out.push(Span::styled(kept, style));
        }
        if full {
            if width > 0 {
                out.push(Span::styled("…", style));
            }
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(line: &Line<'_>) -> String {
        line.spans.iter().map(|s| s.content.as_ref()).collect()
    }

    fn parts() -> Vec<Part> {
        vec![
            Part::text(9, "● working 12s", Style::default()),
            Part::text(1, " (Esc to interrupt)", Style::default()).joined(),
            Part::text(6, "mock-model", Style::default()),
            Part::text(4, "/home/user/project", Style::default())
                .short(vec![Span::raw("…/project")]),
            Part::text(5, "ctx 1.2k (3%)", Style::default()),
        ]
    }

    #[test]
    fn everything_shows_when_it_fits() {
        let line = fit(parts(), 200, Span::raw(" · "));
        assert_eq!(
            plain(&line),
            "● working 12s (Esc to interrupt) · mock-model · /home/user/project · ctx 1.2k (3%)"
        );
    }

    #[test]
    fn parts_give_way_whole_by_priority_never_cut_mid_word() {
        let widths: Vec<String> = [70, 60, 50, 40, 20, 13]
            .iter()
            .map(|&w| {
                let line = fit(parts(), w, Span::raw(" · "));
                assert!(line.width() <= w, "{w}: {}", plain(&line));
                plain(&line)
            })
            .collect();
        assert_eq!(
            widths,
            [
                "● working 12s · mock-model · /home/user/project · ctx 1.2k (3%)",
                "● working 12s · mock-model · …/project · ctx 1.2k (3%)",
                "● working 12s · mock-model · ctx 1.2k (3%)",
                "● working 12s · mock-model",
                "● working 12s",
                "● working 12s",
            ]
        );
    }

    #[test]
    fn a_part_alone_on_a_narrower_row_is_cut_with_an_ellipsis() {
        let line = fit(parts(), 8, Span::raw(" · "));
        assert_eq!(plain(&line), "● worki…");
        assert_eq!(plain(&fit(parts(), 0, Span::raw(" · "))), "");
    }
}
