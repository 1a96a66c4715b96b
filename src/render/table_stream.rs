//! A table at the end of a streaming message, laid out a row at a time. Column widths depend
//! on every row, so the lines of the rows already laid out stay valid only while the widths
//! do: a new row is parsed and laid out alone, and only when it changes the fitted widths are
//! all rows laid out again (from their kept cells, without parsing). Widths settle after a few
//! rows in practice; they are bounded by the screen, so they cannot change for ever.
//! The result is line for line what laying out the whole table gives.

use super::markdown::{parse_table, render_markdown};
use super::message_lead::lead;
use super::table::{fit_widths, row_lines, rule_line, widen, Row};
use super::text_chunks::HUGE_TAIL_BYTES;
use crate::model::{Laid, LaidTable, TableTail, Theme};
use pulldown_cmark::Alignment;
use ratatui::text::Line;

/// Lays out the open table `table` into `laid.tail`, the tail after `blocks` complete blocks,
/// `width` columns wide. Returns false when this table needs the general layout (the header
/// alone, or a last line so long that it is laid out in chunks).
pub(crate) fn layout_open_table(
    table: TableTail<'_>,
    blocks: usize,
    width: usize,
    theme: Theme,
    laid: &mut Laid,
) -> bool {
    let has_rows = !table.rows.is_empty() || !table.partial.is_empty();
    if !has_rows || table.partial.len() > HUGE_TAIL_BYTES {
        laid.table = None;
        return false;
    }
    let mut state = match laid.table.take() {
        Some(state) if state.block == blocks && state.rows_len <= table.rows.len() => state,
        _ => LaidTable {
            block: blocks,
            ..LaidTable::default()
        },
    };
    let laid_rows = state.rows.len();
    if state.rows.is_empty() || state.rows_len < table.rows.len() {
        let Some((rows, alignments)) = parse_rows(table.head, &table.rows[state.rows_len..], theme)
        else {
            return false;
        };
        state.alignments = alignments;
        // The header comes with every parse; it is kept once.
        let skip = usize::from(!state.rows.is_empty());
        for row in rows.into_iter().skip(skip) {
            widen(&mut state.natural, &row);
            state.rows.push(row);
        }
        state.rows_len = table.rows.len();
    }
    // The line still arriving is one more row, or (say a lone `|` so far) it ends the table.
    let (partial_row, after) = match table.partial {
        "" => (None, Vec::new()),
        line => match parse_rows(table.head, line, theme) {
            Some((rows, _)) if rows.len() > 1 => (rows.into_iter().nth(1), Vec::new()),
            Some(_) if !table.rows.is_empty() => (None, block_after(line, width, theme)),
            _ => return false,
        },
    };
    let mut natural = state.natural.clone();
    if let Some(row) = &partial_row {
        widen(&mut natural, row);
    }
    let widths = fit_widths(&natural, width);
    let first = laid.head.is_empty();
    let from = if widths == state.widths {
        laid.tail.truncate(state.kept);
        laid_rows
    } else {
        laid.tail.clear();
        if !first {
            laid.tail.push(Line::default());
        }
        0
    };
    for (r, row) in state.rows.iter().enumerate().skip(from) {
        push_row(laid, row, &widths, &state.alignments, r == 0, first, theme);
    }
    state.kept = laid.tail.len();
    if let Some(row) = &partial_row {
        push_row(laid, row, &widths, &state.alignments, false, first, theme);
    }
    laid.tail.extend(lead(after, false, theme));
    state.widths = widths;
    laid.table = Some(state);
    true
}

/// The lines of `line`, a block after the table, with the blank line that separates them (the
/// lines of a paragraph before it, dropped, stand for the table).
fn block_after(line: &str, width: usize, theme: Theme) -> Vec<Line<'static>> {
    let mut lines = render_markdown(&format!("x\n\n{line}"), width as u16, theme);
    lines.remove(0);
    lines
}

/// The rows (header first) of the table made of `head` and `rows`, and its alignments.
fn parse_rows(head: &str, rows: &str, theme: Theme) -> Option<(Vec<Row>, Vec<Alignment>)> {
    let table = parse_table(&format!("{head}{rows}"), theme)?;
    (table.header_rows == 1).then_some((table.rows, table.alignments))
}

/// Adds one row's lines; the header carries the rule under it, and the message's bullet when
/// the table is its first block.
fn push_row(
    laid: &mut Laid,
    row: &Row,
    widths: &[usize],
    alignments: &[Alignment],
    header: bool,
    first: bool,
    theme: Theme,
) {
    let lines = row_lines(row, widths, alignments, header, theme);
    laid.tail.extend(lead(lines, header && first, theme));
    if header {
        laid.tail
            .extend(lead(vec![rule_line(widths, theme)], false, theme));
    }
}

#[cfg(test)]
mod tests {
    use super::super::message::layout_message;
    use crate::model::{Laid, MarkdownText, Theme};
    use proptest::prelude::*;

    fn line() -> impl Strategy<Value = String> {
        prop_oneof![
            Just("| a | b |\n".to_string()),
            Just("|---|:-:|\n".to_string()),
            Just("| **bold** | `x|y` |\n".to_string()),
            Just("| 日本語 🚀 | a much longer cell that has to wrap somewhere |\n".to_string()),
            Just("| 1 | 2 | 3 |\n".to_string()),
            Just("plain row\n".to_string()),
            Just("\n".to_string()),
            Just("# h\n".to_string()),
            Just("- i\n".to_string()),
            Just("text\n".to_string()),
            Just("1\n".to_string()),
            Just("---\n".to_string()),
            Just("===\n".to_string()),
            Just("    | indented |\n".to_string()),
            Just("<div>\n".to_string()),
            "\\| [a-z ]{0,30} \\|\n",
        ]
    }

    fn lines(laid: &Laid) -> Vec<ratatui::text::Line<'static>> {
        laid.iter().cloned().collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

        /// At every step, a table laid out row by row is the table laid out whole, styles
        /// included, whatever the widths and the line still arriving do on the way.
        #[test]
        fn a_table_laid_out_row_by_row_is_the_whole_table(
            intro in prop::bool::ANY,
            body in prop::collection::vec(line(), 0..25),
            cuts in prop::collection::vec(1usize..30, 1..10),
            width in prop::sample::select(vec![12usize, 40, 80, 200]),
        ) {
            let mut source = if intro { "Intro.\n\n".to_string() } else { String::new() };
            source.push_str("| name | value |\n|---|---|\n");
            source.push_str(&body.concat());
            let chars: Vec<char> = source.chars().collect();
            let mut streamed = MarkdownText::default();
            let mut laid = Laid::default();
            let mut at = 0;
            let mut cut = cuts.iter().cycle();
            while at < chars.len() {
                let end = (at + cut.next().unwrap()).min(chars.len());
                streamed.append(&chars[at..end].iter().collect::<String>());
                layout_message(&streamed, width, Theme::Dark, &mut laid);
                let mut whole = Laid::default();
                layout_message(&streamed.unfollowed(), width, Theme::Dark, &mut whole);
                prop_assert_eq!(lines(&laid), lines(&whole), "at {:?}", streamed.as_str());
                at = end;
            }
        }
    }

    #[test]
    fn rows_are_laid_out_once_while_the_widths_hold() {
        let mut m = MarkdownText::new("| a | b |\n|---|---|\n");
        let mut laid = Laid::default();
        for i in 0..50 {
            m.append(&format!("| {} | y |\n", i % 10));
            layout_message(&m, 80, Theme::Dark, &mut laid);
        }
        let table = laid.table.as_ref().expect("followed row by row");
        assert_eq!(table.rows.len(), 51);
        assert_eq!(table.kept, laid.tail.len());
    }
}
