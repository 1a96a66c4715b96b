//! Turns one diff line (unified) or one pair of lines (side by side) into terminal rows: a
//! gutter of line numbers and a sign, the code with its syntax colours, added and removed lines
//! tinted and their changed words emphasised, wrapped with the gutter kept aligned.
//!
//! Heights are computed without styling (`*_height`), by the same wrapping rule the painters
//! use, so a long diff can be measured whole and painted only where it is seen.

use super::colour::{content, counts, fill_style, line_width, sign, with_suffix};
use super::file::{DiffFile, ShownHunk};
use super::pair::Row;
use crate::render::wrap::wrap_spans;
use crate::text::graphemes::clusters;
use crate::text::sanitize::sanitize_line;
use crate::theme::Palette;
use ratatui::style::{Style, Stylize};
use ratatui::text::{Line, Span};

/// `src/lib.rs (updated) +3 −1`, `old.rs → new.rs (moved) +1 −1`, wrapped to `width`.
pub(crate) fn file_header(
    file: &DiffFile,
    width: usize,
    rule: bool,
    palette: &Palette,
) -> Vec<Line<'static>> {
    let mut spans = vec![sanitize_line(&file.path).bold()];
    if let Some(to) = &file.moved_to {
        spans.push(Span::raw(" → "));
        spans.push(sanitize_line(to).bold());
    }
    spans.push(format!(" ({}) ", file.status.word()).dim());
    spans.extend(counts(file.added, file.removed, palette));
    let mut lines = wrap_spans(&spans, width, &[], &[Span::raw("  ")]);
    if rule {
        if let Some(last) = lines.last_mut() {
            let used = last.width();
            if used + 2 <= width {
                last.spans.push(Span::raw(" "));
                last.spans.push(Span::styled(
                    "─".repeat(width - used - 1),
                    palette.diff.line_number,
                ));
            }
        }
    }
    lines
}

pub(crate) fn note_line(file: &DiffFile, width: usize) -> Vec<Line<'static>> {
    // Notes quote the diff's own headers (modes), which are as untrusted as the rest.
    let text = sanitize_line(file.note.as_deref().unwrap_or_default());
    wrap_spans(&[text.dim().italic()], width, &[], &[])
}

/// One row: the header cut to the width (it is a landmark, not content).
pub(crate) fn hunk_header(hunk: &ShownHunk, width: usize, palette: &Palette) -> Line<'static> {
    let mut cut = String::new();
    let mut used = 0;
    for (g, w) in clusters(&hunk.header) {
        if used + w > width {
            break;
        }
        used += w;
        cut.push_str(g);
    }
    Line::from(Span::styled(cut, palette.diff.hunk_header.dim()))
}

/// Columns of the unified gutter: the number columns the file has, then the sign and a space.
fn unified_gutter_width(file: &DiffFile) -> usize {
    let columns = usize::from(file.old_column) + usize::from(file.new_column);
    columns * (file.number_width + 1) + 2
}

fn number(n: Option<u32>, width: usize) -> String {
    match n {
        Some(n) => format!("{n:>width$} "),
        None => " ".repeat(width + 1),
    }
}

/// Rows `text` of `cols` columns takes at `width`: a character that does not fit starts the
/// next row (the rule [`wrap`] follows).
fn rows_for(text: &str, cols: usize, width: usize) -> usize {
    let width = width.max(1);
    if cols <= width {
        return 1;
    }
    let mut rows = 1;
    let mut used = 0;
    for (_, w) in clusters(text) {
        if used + w > width && used > 0 {
            rows += 1;
            used = 0;
        }
        used += w;
    }
    rows
}

/// Splits styled text into rows of at most `width` columns, each padded to `width` with
/// `fill`'s background.
fn wrap(spans: &[Span<'static>], width: usize, fill: Style) -> Vec<Vec<Span<'static>>> {
    let width = width.max(1);
    let mut rows: Vec<Vec<Span<'static>>> = vec![Vec::new()];
    let mut used = 0;
    let mut widths = vec![];
    for span in spans {
        // By grapheme: a cluster's width is the whole cluster's (`🕯` + VS16 is two columns).
        for (g, w) in clusters(&span.content) {
            if used + w > width && used > 0 {
                widths.push(used);
                rows.push(Vec::new());
                used = 0;
            }
            let row = rows.last_mut().expect("never empty");
            match row.last_mut() {
                Some(last) if last.style == span.style => last.content.to_mut().push_str(g),
                _ => row.push(Span::styled(g.to_string(), span.style)),
            }
            used += w;
        }
    }
    widths.push(used);
    for (row, used) in rows.iter_mut().zip(widths) {
        if used < width {
            row.push(Span::styled(" ".repeat(width - used), fill));
        }
    }
    rows
}

/// Rows one line takes in the unified layout at `width`.
pub(crate) fn unified_height(
    file: &DiffFile,
    hunk: &ShownHunk,
    index: usize,
    width: usize,
) -> usize {
    let line = &hunk.lines[index];
    let partner = hunk.partners[index].map(|p| &hunk.lines[p]);
    let room = width.saturating_sub(unified_gutter_width(file)).max(1);
    let (cols, suffixed) = line_width(line, partner);
    if cols <= room {
        return 1;
    }
    if suffixed {
        return rows_for(&with_suffix(line, partner), cols, room);
    }
    rows_for(&line.text, cols, room)
}

/// One line in the unified layout: `old new ± code`, continuation rows under the code.
pub(crate) fn unified_rows(
    file: &DiffFile,
    hunk: &ShownHunk,
    index: usize,
    highlighted: Option<&[Span<'static>]>,
    width: usize,
    palette: &Palette,
) -> Vec<Line<'static>> {
    let line = &hunk.lines[index];
    let partner = hunk.partners[index].map(|p| &hunk.lines[p]);
    let gutter_width = unified_gutter_width(file);
    let room = width.saturating_sub(gutter_width).max(1);
    let mut gutter = Vec::new();
    let nw = file.number_width;
    let numbers = palette.diff.line_number;
    if file.old_column {
        gutter.push(Span::styled(number(line.old, nw), numbers));
    }
    if file.new_column {
        gutter.push(Span::styled(number(line.new, nw), numbers));
    }
    let fill = fill_style(line.kind, palette);
    gutter.push(sign(line.kind, palette).patch_style(fill));
    gutter.push(Span::styled(" ", fill));
    let body = content(line, partner, highlighted, palette);
    wrap(&body, room, fill)
        .into_iter()
        .enumerate()
        .map(|(i, row)| {
            let mut spans = if i == 0 {
                gutter.clone()
            } else {
                vec![
                    Span::raw(" ".repeat(gutter_width - 2)),
                    Span::styled("  ", fill),
                ]
            };
            spans.extend(row);
            Line::from(spans)
        })
        .collect()
}

/// Between the two halves of a side-by-side row, and its columns.
const RULE: &str = "│ ";
const RULE_WIDTH: usize = 2;

/// Columns of the two side-by-side halves (the right gets the odd one out).
fn halves(width: usize) -> (usize, usize) {
    let room = width.saturating_sub(RULE_WIDTH);
    let left = room / 2;
    (left, room - left)
}

fn side_room(file: &DiffFile, half: usize) -> usize {
    half.saturating_sub(file.number_width + 3).max(1)
}

/// Rows one side-by-side row takes: the taller of its two sides.
pub(crate) fn side_height(file: &DiffFile, hunk: &ShownHunk, row: Row, width: usize) -> usize {
    let (left, right) = halves(width);
    let side = |index: Option<usize>, half: usize| -> usize {
        let Some(i) = index else { return 1 };
        let line = &hunk.lines[i];
        let partner = hunk.partners[i].map(|p| &hunk.lines[p]);
        let room = side_room(file, half);
        let (cols, suffixed) = line_width(line, partner);
        if cols <= room {
            1
        } else if suffixed {
            rows_for(&with_suffix(line, partner), cols, room)
        } else {
            rows_for(&line.text, cols, room)
        }
    };
    side(row.old, left).max(side(row.new, right))
}

/// One side-by-side row: the old line on the left, the new on the right, a rule between.
pub(crate) fn side_rows(
    file: &DiffFile,
    hunk: &ShownHunk,
    row: Row,
    highlighted: (Option<&[Span<'static>]>, Option<&[Span<'static>]>),
    width: usize,
    palette: &Palette,
) -> Vec<Line<'static>> {
    let (left_width, right_width) = halves(width);
    let nw = file.number_width;
    let half = |index: Option<usize>,
                half: usize,
                old_side: bool,
                highlighted: Option<&[Span<'static>]>|
     -> Vec<Vec<Span<'static>>> {
        let Some(i) = index else {
            return vec![vec![Span::raw(" ".repeat(half))]];
        };
        let line = &hunk.lines[i];
        let partner = hunk.partners[i].map(|p| &hunk.lines[p]);
        let fill = fill_style(line.kind, palette);
        let n = if old_side { line.old } else { line.new };
        let body = content(line, partner, highlighted, palette);
        wrap(&body, side_room(file, half), fill)
            .into_iter()
            .enumerate()
            .map(|(k, row)| {
                let mut spans = if k == 0 {
                    vec![
                        Span::styled(number(n, nw), palette.diff.line_number),
                        sign(line.kind, palette).patch_style(fill),
                        Span::styled(" ", fill),
                    ]
                } else {
                    vec![Span::raw(" ".repeat(nw + 1)), Span::styled("  ", fill)]
                };
                spans.extend(row);
                spans
            })
            .collect()
    };
    let left = half(row.old, left_width, true, highlighted.0);
    let right = half(row.new, right_width, false, highlighted.1);
    let rows = left.len().max(right.len());
    (0..rows)
        .map(|k| {
            let mut spans = left
                .get(k)
                .cloned()
                .unwrap_or_else(|| vec![Span::raw(" ".repeat(left_width))]);
            spans.push(Span::styled(RULE, palette.diff.line_number));
            spans.extend(
                right
                    .get(k)
                    .cloned()
                    .unwrap_or_else(|| vec![Span::raw(" ".repeat(right_width))]),
            );
            Line::from(spans)
        })
        .collect()
}

/// The "… N more lines" line of a collapsed file.
pub(crate) fn more_line(hidden: usize, hint: &str, palette: &Palette) -> Line<'static> {
    let plural = if hidden == 1 { "" } else { "s" };
    Line::from(Span::styled(
        format!("… {hidden} more line{plural}{hint}"),
        palette.dim,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use unicode_width::UnicodeWidthStr;

    #[test]
    fn wrapping_and_measuring_agree() {
        for (text, width) in [
            ("abcdefghij", 3),
            ("日本語テキスト", 5),
            ("a日b本c", 2),
            ("", 4),
            ("x", 1),
        ] {
            let rows = wrap(&[Span::raw(text.to_string())], width, Style::default());
            assert_eq!(
                rows.len(),
                rows_for(text, text.width(), width),
                "{text} at {width}"
            );
            for row in &rows {
                let w: usize = row.iter().map(|s| s.content.width()).sum();
                assert!(w <= width.max(2), "{row:?}");
            }
        }
    }

    /// An emoji with VS16 is two columns though its base alone is one: rows are measured by
    /// grapheme, so none is wider than asked.
    #[test]
    fn rows_are_measured_by_grapheme() {
        use unicode_width::UnicodeWidthStr;
        let spans = vec![Span::raw("🕯\u{fe0f}".repeat(15))];
        for width in [19, 20, 21] {
            let rows = wrap(&spans, width, Style::default());
            for row in &rows {
                let text: String = row.iter().map(|s| s.content.as_ref()).collect();
                assert!(
                    text.width() <= width,
                    "{width}: {text:?} is {}",
                    text.width()
                );
            }
            assert_eq!(rows_for(&"🕯\u{fe0f}".repeat(15), 30, width), rows.len());
        }
    }
}
