//! The review of a file change: each file with how many of its hunks are kept, each hunk with
//! keep or revert, its lines numbered, and the comments under what they are about. Paths,
//! lines and comments are the agent's or typed: shown with their control characters as
//! visible markers (a `\r` must not hide the start of a path, as in a question).

use super::chrome::menu_row;
use super::list::{pointer, ListBox};
use crate::app::layers::hunk_review::{HunkReview, ReviewRow, Reviewed};
use crate::text::sanitize::visible_line as sanitize_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::Frame;

pub(super) fn draw(frame: &mut Frame<'_>, within: Rect, review: &HunkReview, palette: &Palette) {
    let rows = review.rows();
    let selected = review.selected.index(rows.len());
    let mut lines: Vec<Line<'static>> = Vec::new();
    if let Reviewed::Asked(question) = &review.of {
        lines.extend(super::review_asked::question_lines(question, palette));
    }
    if !review.commands.is_empty() {
        lines.push(Line::from(Span::styled(
            " Commands this turn ran may have changed files too; what they changed cannot be reverted here:",
            palette.dim,
        )));
        for command in &review.commands {
            lines.push(Line::from(vec![
                Span::styled("   $ ", palette.dim),
                Span::raw(sanitize_line(command)),
            ]));
        }
    }
    // A diff of thousands of lines is thousands of rows, and a key that moves the selection
    // draws a frame: only the lines that can fall in the box's window are laid out (it holds
    // the selected line and fewer lines than `within` has rows); the others are empty lines
    // that only count, so the window falls where it would.
    let selected_line = selected.map(|at| line_of(review, &rows, lines.len(), at));
    let reach = usize::from(within.height);
    let near = |line: usize| match selected_line {
        Some(at) => line.abs_diff(at) < reach,
        None => line < reach,
    };
    for (i, row) in rows.iter().enumerate() {
        let on = Some(i) == selected;
        lines.push(match near(lines.len()) {
            true => menu_row(row_line(review, *row, on, palette), on, palette),
            false => Line::default(),
        });
        match (&review.editing, on) {
            (Some(input), true) => lines.push(Line::from(vec![
                Span::styled("      ✎ ", palette.accent),
                Span::raw(sanitize_line(input.as_str())),
                Span::styled("▏", palette.accent),
            ])),
            _ => {
                if let Some(text) = review.comment_on(*row) {
                    lines.push(match near(lines.len()) {
                        true => Line::from(vec![
                            Span::styled("      ✎ ", palette.accent),
                            Span::styled(sanitize_line(text), palette.quote),
                        ]),
                        false => Line::default(),
                    });
                }
            }
        }
    }
    let footer = match &review.note {
        Some(note) => Line::from(Span::styled(
            format!(" {} ", sanitize_line(note)),
            palette.warning,
        )),
        None => Line::from(Span::styled(
            match review.of {
                Reviewed::Question(_) => {
                    " x keep/revert · c comment · Enter send review · Esc back to the question "
                }
                Reviewed::Turn(_) => {
                    " x keep/revert · c comment · Enter revert and send review · Esc back to the diff "
                }
                Reviewed::Asked(_) => {
                    " x keep/revert · c comment · Enter answer the agent · Esc back to its request "
                }
                Reviewed::Git(_) => {
                    " x keep/revert · c comment · Enter send review (asks before reverting) · Esc back to the diff "
                }
            },
            palette.dim,
        )),
    };
    let title = match review.of {
        Reviewed::Question(_) => "Review the change",
        Reviewed::Turn(_) => "Review the turn",
        Reviewed::Asked(_) => "Review the agent asked for",
        Reviewed::Git(_) => "Review your uncommitted changes (git diff HEAD)",
    };
    // Full screen: what it covers (the question it was opened from) must not show through
    // the box's margins.
    frame.render_widget(ratatui::widgets::Clear, within);
    ListBox {
        title: title.into(),
        footer: Some(footer),
        lines,
        selected_line,
        width: within.width,
    }
    .draw(frame, within, palette);
}

/// Where the selected row (`rows[at]`) is among the box's lines, after `above` lines over the
/// rows: each row is a line, and a comment is one more under its row. While a comment is
/// written it is the line under the row that is kept in view: on the box's last row, the row
/// would be in view and what is typed not.
fn line_of(review: &HunkReview, rows: &[ReviewRow], above: usize, at: usize) -> usize {
    let before: usize = rows[..at]
        .iter()
        .map(|row| 1 + usize::from(review.comment_on(*row).is_some()))
        .sum();
    above + before + usize::from(review.editing.is_some())
}

fn row_line(review: &HunkReview, row: ReviewRow, on: bool, palette: &Palette) -> Line<'static> {
    let lead = Span::raw(pointer(on));
    match row {
        ReviewRow::File(f) => {
            let file = &review.files[f];
            let kept = file.keep.iter().filter(|&&k| k).count();
            let state = match &file.fixed {
                Some(why) => sanitize_line(why),
                None => format!("{kept} of {} hunks kept", file.hunks.len()),
            };
            Line::from(vec![
                lead,
                Span::styled(sanitize_line(&file.path), palette.heading),
                Span::styled(format!("  {state}"), palette.dim),
            ])
        }
        ReviewRow::Hunk(f, h) => {
            let file = &review.files[f];
            let hunk = &file.hunks[h];
            let (mark, style) = if file.keep[h] {
                ("[keep]  ", palette.success)
            } else {
                ("[revert]", palette.warning)
            };
            Line::from(vec![
                lead,
                Span::styled(format!("{mark} "), style),
                Span::styled(
                    format!(
                        "@@ -{},{} +{},{} @@",
                        hunk.old_start, hunk.old_len, hunk.new_start, hunk.new_len
                    ),
                    palette.diff.hunk_header,
                ),
            ])
        }
        ReviewRow::Line(f, h, l) => {
            let file = &review.files[f];
            let (kind, text) = &file.hunks[h].lines[l];
            let style = match (kind, file.keep[h]) {
                ('+', true) => palette.diff.added,
                ('-', true) => palette.diff.removed,
                (' ', _) => palette.dim,
                // A reverted hunk's changes are shown struck through in spirit: dimmed.
                _ => palette.dim,
            };
            Line::from(vec![
                lead,
                Span::styled(
                    format!("{:>5} ", file.line_number(h, l)),
                    palette.diff.line_number,
                ),
                // Its line end is the diff's, not the text's: not shown.
                Span::styled(
                    format!(
                        "{kind}{}",
                        sanitize_line(text.strip_suffix('\n').unwrap_or(text))
                    ),
                    style,
                ),
            ])
        }
    }
}

impl super::draw::Draw for HunkReview {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.main, self, cx.palette);
    }
}
