//! The approval modal: what will happen, and the keys that decide.

use crate::app::approval::{ApprovalSubject, PendingApproval};
use crate::protocol::{FileUpdateChange, PatchChangeKind};
use crate::render::cells::display_command;
use crate::render::sanitize::{sanitize_line, sanitize_text};
use crate::render::wrap::wrap_spans;
use ratatui::layout::Rect;
use ratatui::style::{Color, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Borders, Clear, Paragraph};
use ratatui::Frame;

fn body(approval: &PendingApproval, width: u16) -> Vec<Line<'static>> {
    let w = width.saturating_sub(2).max(10) as usize;
    let mut lines = Vec::new();
    match &approval.subject {
        ApprovalSubject::Command(p) => {
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
        ApprovalSubject::FileChange { params, changes } => {
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

pub fn height(approval: &PendingApproval, width: u16, screen_height: u16) -> u16 {
    let wanted = body(approval, width).len() as u16 + 2;
    wanted.min(screen_height.saturating_sub(3).max(3))
}

pub fn draw(frame: &mut Frame<'_>, area: Rect, approval: &PendingApproval, queued: usize) {
    let title = if queued > 1 {
        format!(" Approval needed (1 of {queued}) ")
    } else {
        " Approval needed ".to_string()
    };
    let block = Block::default()
        .borders(Borders::ALL)
        .border_type(BorderType::Rounded)
        .border_style(Style::default().fg(Color::Yellow))
        .title(title.yellow().bold())
        .title_bottom(" Esc declines ".dark_gray());
    let inner = block.inner(area);
    frame.render_widget(Clear, area);
    frame.render_widget(block, area);
    frame.render_widget(Paragraph::new(body(approval, area.width)), inner);
}
