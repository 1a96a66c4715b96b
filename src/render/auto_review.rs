//! Lays out an auto-review cell: a mark and the verdict, the risk and authorisation codex's
//! reviewer saw, what it reviewed (shown as questions show commands: controls as visible
//! markers, nothing applied or dropped) and its reason, wrapped.

use super::wrap::wrap_spans;
use crate::model::ItemCell;
use crate::text::sanitize::{sanitize_text, visible_line};
use crate::theme::Palette;
use ratatui::style::{Style, Stylize};
use ratatui::text::{Line, Span};

pub(crate) fn lines(item: &ItemCell, w: usize, palette: &Palette) -> Vec<Line<'static>> {
    let ItemCell::AutoReview {
        action,
        status,
        risk,
        authorization,
        rationale,
    } = item
    else {
        return Vec::new();
    };
    let (mark, word, style) = match status.as_str() {
        "inProgress" => ("◐ ", "reviewing".to_string(), palette.working),
        "approved" => ("✓ ", "approved".to_string(), palette.success),
        "denied" => ("✗ ", "denied".to_string(), palette.error),
        "timedOut" => ("■ ", "timed out".to_string(), palette.warning),
        "aborted" => ("■ ", "aborted".to_string(), palette.warning),
        other => ("■ ", visible_line(other), palette.warning),
    };
    let mut head = vec![
        Span::styled(mark, style),
        "Auto-review ".bold(),
        Span::styled(word, style),
    ];
    if let Some(risk) = risk {
        head.push(format!(" · risk {}", visible_line(risk)).dim());
    }
    if let Some(authorization) = authorization {
        head.push(format!(" · authorised {}", visible_line(authorization)).dim());
    }
    let mut lines = wrap_spans(&head, w, &[], &[Span::raw("  ")]);
    if !action.is_empty() {
        let spans = [Span::styled(visible_line(action), Style::default())];
        lines.extend(wrap_spans(
            &spans,
            w,
            &[Span::raw("  ")],
            &[Span::raw("  ")],
        ));
    }
    for line in rationale.iter().flat_map(|r| sanitize_text(r)) {
        let spans = [Span::styled(line, palette.dim)];
        lines.extend(wrap_spans(
            &spans,
            w,
            &[Span::raw("  ")],
            &[Span::raw("  ")],
        ));
    }
    lines
}
