//! The `/rules` list: each rules file with its rules and their decisions, the lines tern could
//! not read, and what a deletion will do. Everything from the files is untrusted: control
//! characters are shown as markers, never applied.

use super::chrome::{draw_popup, popup_box, title};
use crate::app::geometry::popup;
use crate::app::layers::rules::{Listing, RulesList};
use crate::model::rules::{Decision, Entry};
use crate::render::fit::{cells, window};
use crate::render::wrap::wrap_spans;
use crate::text::sanitize::{sanitize_line, visible_line};
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::style::Stylize;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Padding, Paragraph};
use ratatui::Frame;

/// The widest the box gets: wider lists are hard to read.
const MAX_WIDTH: u16 = 100;
/// Columns of the decision, `forbidden` and a space.
const DECISION_WIDTH: usize = 10;

pub(super) fn draw(frame: &mut Frame<'_>, within: Rect, list: &RulesList, palette: &Palette) {
    let footer = footer_spans(list, palette);
    // Laid out once for the widest box, to size it; again for the box it got.
    let inner_width = |width: u16| width.saturating_sub(4) as usize;
    let widest = inner_width(MAX_WIDTH.min(within.width));
    let rows =
        body_lines(list, widest, palette).0.len() + wrap_spans(&footer, widest, &[], &[]).len();
    let area = popup(within, MAX_WIDTH, cells(rows).saturating_add(3).max(8));
    let border = palette.border_focused;
    let heading = Line::from(vec![
        title(" Exec-policy rules ", border),
        Span::styled(
            format!("· {} ", shown(&list.show_path(&list.dir))),
            palette.dim,
        ),
    ]);
    let block = popup_box(heading, border).padding(Padding::horizontal(1));
    let inner = draw_popup(frame, area, block);
    let (body, selected_row) = body_lines(list, inner.width as usize, palette);

    // The footer (what a deletion does, or the question) is always shown; the list scrolls
    // above it, keeping the selection in view.
    let footer = wrap_spans(&footer, inner.width as usize, &[], &[]);
    let footer_rows = cells(footer.len()).min(inner.height / 2);
    let list_rows = inner.height.saturating_sub(footer_rows + 1);
    let list_area = Rect::new(inner.x, inner.y, inner.width, list_rows);
    let footer_area = Rect::new(
        inner.x,
        inner.bottom() - footer_rows,
        inner.width,
        footer_rows,
    );
    let visible = list_rows as usize;
    let last_offset = body.len().saturating_sub(visible);
    let offset = selected_row
        .map_or(0, |row| row.saturating_sub(visible / 2))
        .min(last_offset);
    let body = window(&body, offset, visible).to_vec();
    frame.render_widget(Paragraph::new(body), list_area);
    frame.render_widget(Paragraph::new(footer), footer_area);
}

/// The list's rows for a box `width` columns wide inside, and which of them is the selected
/// rule. Rules take one row each (cut at the edge); messages wrap.
fn body_lines(
    list: &RulesList,
    width: usize,
    palette: &Palette,
) -> (Vec<Line<'static>>, Option<usize>) {
    let message = |span: Span<'static>| (wrap_spans(&[span], width, &[], &[]), None);
    let files = match &list.listing {
        Listing::Loading => return message(Span::styled("Reading the rules…", palette.dim)),
        Listing::Failed(why) => return message(Span::styled(shown(why), palette.error)),
        Listing::Loaded(files) => files,
    };
    if files.is_empty() {
        let text = format!(
            "No rules files in {}. Rules appear here when you answer a prompt with \"always \
             allow\", or when you write them there.",
            list.show_path(&list.dir)
        );
        return message(Span::styled(shown(&text), palette.dim));
    }
    let selected = list.selected_at();
    let mut lines = Vec::new();
    let mut selected_row = None;
    for (file_index, file) in files.iter().enumerate() {
        if file_index > 0 {
            lines.push(Line::default());
        }
        let name = file
            .path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let header = vec![shown(&name).bold()];
        let entries = match &file.entries {
            Ok(entries) => entries,
            Err(why) => {
                lines.push(Line::from(header));
                lines.push(Line::from(Span::styled(
                    format!("   could not read it: {}", shown(why)),
                    palette.error,
                )));
                continue;
            }
        };
        let unread = entries
            .iter()
            .filter(|e| matches!(e, Entry::Unparsed { .. }))
            .count();
        lines.push(Line::from(header));
        if unread > 0 {
            // codex refuses a file with a syntax error and then applies no custom rules at all.
            lines.push(Line::from(Span::styled(
                format!(
                    "   ⚠ {unread} line{} not understood: codex may then ignore all your rules",
                    if unread == 1 { "" } else { "s" },
                ),
                palette.warning,
            )));
        }
        if entries.is_empty() {
            lines.push(Line::from(Span::styled("   no rules", palette.dim)));
        }
        for (entry_index, entry) in entries.iter().enumerate() {
            let is_selected =
                selected.is_some_and(|at| at.file == file_index && at.entry == entry_index);
            if is_selected {
                selected_row = Some(lines.len());
            }
            lines.push(entry_line(entry, is_selected, palette));
        }
    }
    (lines, selected_row)
}

fn entry_line(entry: &Entry, selected: bool, palette: &Palette) -> Line<'static> {
    let marker = if selected {
        Span::styled("›  ", palette.accent.bold())
    } else {
        Span::raw("   ")
    };
    match entry {
        Entry::Rule(rule) => {
            let (label, style) = match &rule.decision {
                Decision::Allow => ("allow".to_string(), palette.success),
                Decision::Prompt => ("prompt".to_string(), palette.warning),
                Decision::Forbidden => ("forbidden".to_string(), palette.error),
                Decision::Unknown(text) => (format!("{}?", shown(text)), palette.unknown),
            };
            let mut spans = vec![
                marker,
                Span::styled(format!("{label:<DECISION_WIDTH$} "), style),
            ];
            let summary = Span::raw(shown(&rule.summary()));
            spans.push(if selected { summary.bold() } else { summary });
            if let Some(why) = &rule.justification {
                spans.push(Span::styled(format!("  — {}", shown(why)), palette.dim));
            }
            if !rule.owns_lines {
                spans.push(Span::styled("  (shares its line)", palette.dim));
            }
            Line::from(spans)
        }
        Entry::Unparsed { line, text } => Line::from(vec![
            marker,
            Span::styled(format!("{:<DECISION_WIDTH$} ", "?"), palette.error),
            Span::styled(format!("line {line} not understood: "), palette.error),
            Span::styled(shown(text), palette.dim),
        ]),
    }
}

/// One line, wrapped to the box: the question while confirming, else a message or a note.
fn footer_spans(list: &RulesList, palette: &Palette) -> Vec<Span<'static>> {
    let warning = palette.warning;
    if list.confirming {
        if let Some((file, rule, _)) = list.selected_rule() {
            let place = format!(" from {}, line {}? ", list.show_path(&file.path), rule.line);
            return vec![
                Span::styled("Delete ", warning.bold()),
                shown(&rule.summary()).bold(),
                Span::styled(format!(" ({})", shown(rule.decision.label())), warning),
                Span::styled(place, warning),
                "y/Enter".bold(),
                Span::styled(" deletes it for good, any other key keeps it.", warning),
            ];
        }
    }
    if let Some(message) = &list.message {
        return vec![Span::styled(shown(message), warning)];
    }
    if list.deleting {
        return vec![Span::styled("Deleting…", warning)];
    }
    vec![Span::styled(
        "A deletion applies to new threads and forks; threads already running keep the rule \
         until tern restarts.",
        palette.dim,
    )]
}

/// Untrusted text as shown: control characters as markers, then the one sanitizer.
fn shown(text: &str) -> String {
    sanitize_line(&visible_line(text))
}

impl super::draw::Draw for crate::app::layers::RulesList {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.main, self, cx.palette);
    }
}
