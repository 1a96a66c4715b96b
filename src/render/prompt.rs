//! A server prompt laid out as lines: what will happen, and the options that decide. Pure, so
//! the app can measure the prompt's box and `ui` can draw it.

use super::cells::display_command;
use super::sanitize::{sanitize_line, sanitize_text};
use super::wrap::wrap_spans;
use crate::model::{Prompt, PromptSubject};
use crate::protocol::{FileUpdateChange, PatchChangeKind};
use ratatui::style::{Color, Style, Stylize};
use ratatui::text::{Line, Span};

/// The prompt's lines inside a box `width` columns wide (borders included).
pub fn prompt_lines(approval: &Prompt, width: u16) -> Vec<Line<'static>> {
    let w = width.saturating_sub(2).max(10) as usize;
    let mut lines = Vec::new();
    match &approval.subject {
        PromptSubject::Command(p) => {
            lines.push(Line::from("Run this command?".bold()));
            let command = display_command(p.command.as_deref().unwrap_or("(no command given)"));
            for line in sanitize_text(&command) {
                lines.extend(wrap_spans(
                    &[Span::styled(line, Style::default().fg(Color::Yellow))],
                    w,
                    &[Span::raw("$ ")],
                    &[Span::raw("  ")],
                ));
            }
            if let Some(cwd) = &p.cwd {
                lines.push(Line::from(format!("in {}", sanitize_line(cwd)).dim()));
            }
            if let Some(reason) = &p.reason {
                lines.extend(wrap_spans(
                    &[Span::styled(
                        sanitize_line(reason),
                        Style::default().italic(),
                    )],
                    w,
                    &[Span::raw("why: ").dim()],
                    &[Span::raw("     ")],
                ));
            }
        }
        PromptSubject::FileChange { params, changes } => {
            lines.push(Line::from(
                format!("Apply changes to {} file(s)?", changes.len()).bold(),
            ));
            for change in changes {
                let (added, removed) = crate::render::cells::change_counts(change);
                lines.push(Line::from(vec![
                    Span::raw(format!("{} ", sanitize_line(&change.path))).bold(),
                    format!("+{added}").green(),
                    Span::raw(" "),
                    format!("-{removed}").red(),
                ]));
                lines.extend(diff_preview(change, w));
            }
            if let Some(reason) = &params.reason {
                lines.push(Line::from(
                    format!("why: {}", sanitize_line(reason)).italic(),
                ));
            }
        }
    }
    lines.push(Line::default());
    for option in &approval.options {
        lines.extend(wrap_spans(
            &[Span::raw(option.label.clone())],
            w,
            &[
                Span::styled(
                    format!(" {} ", option.key),
                    Style::default().fg(Color::Black).bg(Color::Cyan).bold(),
                ),
                Span::raw(" "),
            ],
            &[Span::raw("    ")],
        ));
    }
    lines
}

/// The first lines of a change, coloured by sign. The full diff view belongs to the diff widget;
/// this is enough to see what is about to land.
const DIFF_PREVIEW_LINES: usize = 12;

fn diff_preview(change: &FileUpdateChange, width: usize) -> Vec<Line<'static>> {
    let added_file = matches!(change.kind, PatchChangeKind::Add);
    let source: Vec<String> = sanitize_text(change.diff.trim_end_matches('\n'));
    let mut lines: Vec<Line<'static>> = source
        .iter()
        .take(DIFF_PREVIEW_LINES)
        .map(|l| {
            let text = if added_file {
                format!("+{l}")
            } else {
                l.clone()
            };
            let style = match text.chars().next() {
                Some('+') => Style::default().fg(Color::Green),
                Some('-') => Style::default().fg(Color::Red),
                Some('@') => Style::default().fg(Color::Cyan),
                _ => Style::default(),
            };
            let mut text = text;
            if text.chars().count() > width.saturating_sub(2) {
                text = text
                    .chars()
                    .take(width.saturating_sub(3))
                    .collect::<String>()
                    + "…";
            }
            Line::from(Span::styled(format!("  {text}"), style))
        })
        .collect();
    if source.len() > DIFF_PREVIEW_LINES {
        lines.push(Line::from(
            format!("  … {} more lines", source.len() - DIFF_PREVIEW_LINES).dim(),
        ));
    }
    lines
}
