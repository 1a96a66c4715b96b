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
    let mut selected_line = None;
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
    for (i, row) in rows.iter().enumerate() {
        let on = Some(i) == selected;
        if on {
            selected_line = Some(lines.len());
        }
        lines.push(menu_row(row_line(review, *row, on, palette), on, palette));
        let comment = review.comment_on(*row);
        match (&review.editing, on) {
            (Some(input), true) => {
                // The line typed in is what is kept in view: it goes under the selected row,
                // which on the box's last row would leave it out of the window.
                selected_line = Some(lines.len());
                lines.push(Line::from(vec![
                    Span::styled("      ✎ ", palette.accent),
                    Span::raw(sanitize_line(input.as_str())),
                    Span::styled("▏", palette.accent),
                ]));
            }
            _ => {
                if let Some(text) = comment {
                    lines.push(Line::from(vec![
                        Span::styled("      ✎ ", palette.accent),
                        Span::styled(sanitize_line(text), palette.quote),
                    ]));
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
