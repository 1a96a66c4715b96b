//! Markdown tables laid out in columns fitted to the width; cells wrap inside their column.
//! The pieces (column widths, one row's lines) are public so that a table still streaming
//! can be laid out a row at a time with the same result (see `table_stream`).

use super::wrap::{width_of, wrap_spans};
use crate::theme::Theme;
use pulldown_cmark::Alignment;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};

pub(crate) type Row = Vec<Vec<Span<'static>>>;

/// A table's cells, styled but not laid out.
#[derive(Debug, Default)]
pub(crate) struct Table {
    pub rows: Vec<Row>,
    pub header_rows: usize,
    /// Each column's alignment, from the delimiter row (`:--`, `:-:`, `--:`).
    pub alignments: Vec<Alignment>,
    pub(super) cell: Vec<Span<'static>>,
    pub(super) row: Row,
}

pub(crate) fn render_table(table: &Table, width: usize, theme: Theme) -> Vec<Line<'static>> {
    let columns = table.rows.iter().map(Vec::len).max().unwrap_or(0);
    if columns == 0 {
        return Vec::new();
    }
    let mut natural = vec![1usize; columns];
    for row in &table.rows {
        widen(&mut natural, row);
    }
    let widths = fit_widths(&natural, width);
    let mut lines = Vec::new();
    for (r, row) in table.rows.iter().enumerate() {
        lines.extend(row_lines(
            row,
            &widths,
            &table.alignments,
            r < table.header_rows,
            theme,
        ));
        if r + 1 == table.header_rows {
            lines.push(rule_line(&widths, theme));
        }
    }
    lines
}

/// Grows `natural` (each column's widest cell so far) to fit `row`.
pub(crate) fn widen(natural: &mut Vec<usize>, row: &Row) {
    if natural.len() < row.len() {
        natural.resize(row.len(), 1);
    }
    for (i, cell) in row.iter().enumerate() {
        natural[i] = natural[i].max(width_of(cell));
    }
}

/// Column widths for `width` columns of screen: short columns keep their natural width and
/// only the widest are narrowed, one cell at a time, the rightmost of equally wide ones first,
/// down to three. Computed directly rather than a cell at a time, so a table of thousands of
/// long columns does not cost their total width times their number.
pub(crate) fn fit_widths(natural: &[usize], width: usize) -> Vec<usize> {
    let columns = natural.len();
    let available = width
        .saturating_sub(3 * columns.saturating_sub(1))
        .max(columns);
    let capped = |cap: usize| -> usize { natural.iter().map(|&n| n.min(cap)).sum() };
    let widest = natural.iter().copied().max().unwrap_or(0);
    if capped(widest) <= available {
        return natural.to_vec();
    }
    if capped(3) > available {
        return natural.iter().map(|&n| n.min(3)).collect();
    }
    // The highest cap that fits: capped(low) fits, capped(high) does not.
    let (mut low, mut high) = (3, widest);
    while high - low > 1 {
        let mid = low + (high - low) / 2;
        if capped(mid) <= available {
            low = mid;
        } else {
            high = mid;
        }
    }
    // Every column is cut to `high`, then the rightmost of those at `high` lose one more.
    let mut excess = capped(high) - available;
    let mut widths: Vec<usize> = natural.iter().map(|&n| n.min(high)).collect();
    for w in widths.iter_mut().rev() {
        if excess == 0 {
            break;
        }
        if *w == high {
            *w -= 1;
            excess -= 1;
        }
    }
    widths
}

/// One row's lines at `widths`: its cells wrapped in their columns, side by side, each line of
/// a cell placed in its column as the column's alignment says (left when it says nothing).
pub(crate) fn row_lines(
    row: &Row,
    widths: &[usize],
    alignments: &[Alignment],
    header: bool,
    theme: Theme,
) -> Vec<Line<'static>> {
    let border = theme.palette().border;
    let wrapped: Vec<Vec<Line<'static>>> = widths
        .iter()
        .enumerate()
        .map(|(i, &w)| match row.get(i) {
            Some(cell) => wrap_spans(cell, w, &[], &[]),
            None => wrap_spans(&[], w, &[], &[]),
        })
        .collect();
    let height = wrapped.iter().map(Vec::len).max().unwrap_or(1);
    let mut lines = Vec::with_capacity(height);
    for h in 0..height {
        let mut spans = Vec::new();
        for (i, cell_lines) in wrapped.iter().enumerate() {
            if i > 0 {
                spans.push(Span::styled(" │ ", border));
            }
            let content = cell_lines.get(h).cloned().unwrap_or_default();
            let pad = widths[i].saturating_sub(content.width());
            let (before, after) = match alignments.get(i) {
                Some(Alignment::Right) => (pad, 0),
                Some(Alignment::Center) => (pad / 2, pad - pad / 2),
                _ => (0, pad),
            };
            if before > 0 {
                spans.push(Span::raw(" ".repeat(before)));
            }
            for mut span in content.spans {
                if header {
                    span.style = span.style.add_modifier(Modifier::BOLD);
                }
                spans.push(span);
            }
            spans.push(Span::raw(" ".repeat(after)));
        }
        lines.push(Line::from(spans));
    }
    lines
}

/// The rule under the header row.
pub(crate) fn rule_line(widths: &[usize], theme: Theme) -> Line<'static> {
    let border = theme.palette().border;
    let rule: Vec<String> = widths.iter().map(|w| "─".repeat(*w)).collect();
    Line::from(Span::styled(rule.join("─┼─"), border))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The narrowing as first written: the widest column loses a cell until all fit.
    fn fit_one_at_a_time(natural: &[usize], width: usize) -> Vec<usize> {
        let columns = natural.len();
        let separators = 3 * (columns - 1);
        let available = width.saturating_sub(separators).max(columns);
        let mut widths = natural.to_vec();
        while widths.iter().sum::<usize>() > available {
            let (widest, &w) = widths
                .iter()
                .enumerate()
                .max_by_key(|(_, w)| **w)
                .expect("at least one column");
            if w <= 3 {
                break;
            }
            widths[widest] -= 1;
        }
        widths
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2048, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn fitted_widths_are_those_of_narrowing_a_cell_at_a_time(
            natural in prop::collection::vec(1usize..40, 1..12),
            width in 0usize..200,
        ) {
            prop_assert_eq!(fit_widths(&natural, width), fit_one_at_a_time(&natural, width));
        }
    }
}
