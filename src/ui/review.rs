//! `/review`'s chooser: a box over the transcript with the targets, then the branches or commits
//! (filtered by what is typed, shown on the box's edge), or the instructions being typed. Branch
//! names, commit subjects and git's errors come from the repository: sanitised.

use super::chrome::menu_row;
use super::list::{pointer, ListBox};
use crate::app::layers::review::{ReviewChooser, ReviewStep};
use crate::text::sanitize::sanitize_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::Frame;

pub(super) fn draw(
    frame: &mut Frame<'_>,
    within: Rect,
    chooser: &ReviewChooser,
    palette: &Palette,
) {
    let mut lines: Vec<Line<'static>> = Vec::new();
    if let Some(status) = &chooser.status {
        lines.push(Line::from(Span::styled(
            sanitize_line(status),
            palette.warning,
        )));
    }
    let rows = chooser.rows();
    let label_width = rows
        .iter()
        .map(|(l, _)| sanitize_line(l).chars().count().min(48))
        .max()
        .unwrap_or(0);
    match &chooser.step {
        ReviewStep::Custom { text } => {
            lines.push(Line::from(Span::styled(
                "What should the reviewer look at? Enter starts the review.",
                palette.dim,
            )));
            let shown = sanitize_line(text);
            lines.push(Line::from(vec![
                Span::styled("› ", palette.accent),
                Span::raw(shown),
                Span::styled("▏", palette.accent),
            ]));
        }
        _ => {
            for (i, (label, detail)) in rows.iter().enumerate() {
                let number = match chooser.step {
                    ReviewStep::Targets => format!("{}. ", i + 1),
                    _ => String::new(),
                };
                let label: String = sanitize_line(label).chars().take(48).collect();
                let line = Line::from(vec![
                    Span::raw(format!("{}{number}", pointer(i == chooser.selected))),
                    Span::styled(format!("{label:<label_width$}  "), palette.accent),
                    Span::styled(sanitize_line(detail), palette.dim),
                ]);
                lines.push(menu_row(line, i == chooser.selected, palette));
            }
        }
    }
    let footer = matches!(
        chooser.step,
        ReviewStep::Branches { .. } | ReviewStep::Commits(_)
    )
    .then(|| {
        let filter = if chooser.filter.is_empty() {
            " type to filter ".to_string()
        } else {
            format!(" filter: {} ", sanitize_line(&chooser.filter))
        };
        Line::from(Span::styled(filter, palette.dim))
    });
    // Keep the selection in view when the list is taller than the box.
    let row = match rows.len() {
        0 => 0,
        _ => chooser.selected + usize::from(chooser.status.is_some()),
    };
    ListBox {
        title: chooser.title().to_string(),
        footer,
        width: ListBox::fitting(&lines, 56, u16::MAX),
        selected_line: Some(row),
        lines,
    }
    .draw(frame, within, palette);
}

impl super::draw::Draw for crate::app::layers::ReviewChooser {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.main, self, cx.palette);
    }
}
