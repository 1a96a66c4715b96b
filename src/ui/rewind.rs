//! The rewind screen: the person's earlier messages, newest first, then what rewinding to
//! before one does — the turns it drops, the files it can put back (with the change each
//! makes), the ones it cannot and why, and the commands whose writes it cannot undo. Messages,
//! paths, commands and diffs come from the server, the model and the files: sanitised.

use super::chrome::{draw_popup, menu_row, popup_box, title};
use crate::app::layers::rewind::{Files, Preview, RewindView};
use crate::app::Session;
use crate::model::rewind::RestoreAction;
use crate::render::wrap::{wrap_code, wrap_spans};
use crate::text::sanitize::{sanitize_line, visible_line};
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::style::Stylize;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Padding, Paragraph};
use ratatui::Frame;

pub(super) fn draw(frame: &mut Frame<'_>, area: Rect, view: &RewindView, session: &Session) {
    let palette = session.config.theme.palette();
    let border = palette.border_focused;
    let heading = if view.preview.is_some() {
        " Rewind: what it does "
    } else {
        " Rewind to before a message "
    };
    let block = popup_box(title(heading, border), border).padding(Padding::horizontal(1));
    let inner = draw_popup(frame, area, block);
    if inner.is_empty() {
        return;
    }
    let width = usize::from(inner.width);
    let height = usize::from(inner.height);
    let lines = match &view.preview {
        None => list_lines(view, width, height, palette),
        Some(preview) => {
            let all = preview_lines(view, preview, session, width, palette);
            let offset = preview.offset.min(all.len().saturating_sub(height));
            all.into_iter().skip(offset).collect()
        }
    };
    frame.render_widget(Paragraph::new(lines), inner);
}

/// The messages, the selected one kept in view.
fn list_lines(
    view: &RewindView,
    width: usize,
    height: usize,
    palette: &Palette,
) -> Vec<Line<'static>> {
    let mut lines = wrap_spans(
        &[Span::styled(
            "Going back drops the conversation from that message on (codex forgets it) and puts the message back in the composer. Files are only put back if you say so on the next screen.",
            palette.dim,
        )],
        width,
        &[],
        &[],
    );
    lines.push(Line::default());
    let room = height.saturating_sub(lines.len()).max(1);
    let first = view.selected.saturating_sub(room - 1);
    let count = view.messages.len();
    for (i, (_, text)) in view.messages.iter().enumerate().skip(first).take(room) {
        let number = format!("{:>3}  ", count - i);
        let text = one_line(text, width.saturating_sub(number.len() + 2));
        let marker = if i == view.selected { "› " } else { "  " };
        let line = Line::from(vec![
            Span::raw(marker),
            Span::styled(number, palette.dim),
            Span::raw(text),
        ]);
        lines.push(menu_row(line, i == view.selected, palette));
    }
    lines
}

fn preview_lines(
    view: &RewindView,
    preview: &Preview,
    session: &Session,
    width: usize,
    palette: &Palette,
) -> Vec<Line<'static>> {
    let cwd = crate::session::threads::current_cwd(session);
    let relative = |path: &str| -> String {
        let shown = path
            .strip_prefix(&cwd)
            .map(|p| p.trim_start_matches('/'))
            .filter(|p| !p.is_empty())
            .unwrap_or(path);
        sanitize_line(shown)
    };
    let wrap = |text: String, style| wrap_spans(&[Span::styled(text, style)], width, &[], &[]);
    let mut lines = Vec::new();
    let text = view
        .messages
        .get(view.selected)
        .map(|(_, t)| t.as_str())
        .unwrap_or("");
    lines.extend(wrap_spans(
        &[
            "Rewind to before ".bold(),
            Span::styled(
                format!("“{}”", one_line(text, width.saturating_sub(20))),
                palette.user.bold(),
            ),
        ],
        width,
        &[],
        &[],
    ));
    let turns = preview.turns.len();
    // One turn is "that turn", never "those turns".
    let those = if turns == 1 {
        "that turn"
    } else {
        "those turns"
    };
    let those_cap = if turns == 1 {
        "That turn"
    } else {
        "Those turns"
    };
    lines.extend(wrap(
        format!(
            "Drops {turns} turn{} from the conversation; the message comes back into the composer.",
            if turns == 1 { "" } else { "s" }
        ),
        palette.dim,
    ));
    lines.push(Line::default());
    match &preview.files {
        Files::Loading => lines.push(Line::from(Span::styled(
            format!("Looking at the files {those} changed…"),
            palette.dim,
        ))),
        Files::Unavailable(why) => lines.extend(wrap(sanitize_line(why), palette.warning)),
        Files::Ready(plan) => {
            if plan.files.is_empty() && plan.refused.is_empty() {
                lines.push(Line::from(Span::styled(
                    format!("{those_cap} changed no file through a patch: nothing to put back."),
                    palette.dim,
                )));
            } else {
                lines.push(Line::from(format!("Files {those} changed:").bold()));
            }
            for file in &plan.files {
                let (what, style) = match &file.action {
                    RestoreAction::Write(_) => ("put back as it was", palette.success),
                    RestoreAction::Delete if turns == 1 => {
                        ("removed (that turn created it)", palette.success)
                    }
                    RestoreAction::Delete => ("removed (those turns created it)", palette.success),
                };
                let (added, removed) = counts(&file.preview);
                lines.push(Line::from(vec![
                    Span::raw("  ✔ "),
                    Span::raw(relative(&file.path)),
                    Span::styled(format!("  {what}"), style),
                    Span::styled(format!("  +{added} −{removed}"), palette.dim),
                ]));
            }
            for refusal in &plan.refused {
                lines.extend(wrap_spans(
                    &[
                        Span::styled("✗ ", palette.error),
                        Span::raw(relative(&refusal.path)),
                        Span::styled(
                            format!(": cannot restore, {}", sanitize_line(&refusal.reason)),
                            palette.warning,
                        ),
                    ],
                    width,
                    &[Span::raw("  ")],
                    &[Span::raw("    ")],
                ));
            }
            if plan.unrecorded > 0 {
                lines.extend(wrap(
                    format!(
                        "{} of those turns left no record here (tern keeps the last {} turns of a thread, made with tern on this machine): what they changed cannot be put back.",
                        plan.unrecorded, plan.kept_per_thread
                    ),
                    palette.warning,
                ));
            } else {
                lines.extend(wrap(
                    format!(
                        "Files can be put back up to {} turns back.",
                        plan.kept_per_thread
                    ),
                    palette.dim,
                ));
            }
        }
    }
    if !preview.commands.is_empty() {
        lines.push(Line::default());
        lines.extend(wrap(
            if preview.commands.len() == 1 {
                "Cannot restore: changed by a command. What it wrote stays:".into()
            } else {
                "Cannot restore: changed by commands. What these commands wrote stays:".into()
            },
            palette.warning,
        ));
        for command in &preview.commands {
            let shown = crate::render::cells::display_command(command);
            lines.push(Line::from(vec![
                Span::styled("  $ ", palette.dim),
                Span::raw(one_line(&shown, width.saturating_sub(4))),
            ]));
        }
    }
    if let Files::Ready(plan) = &preview.files {
        for file in &plan.files {
            lines.push(Line::default());
            lines.push(Line::from(Span::styled(
                format!("─ {} ", relative(&file.path)),
                palette.accent,
            )));
            lines.extend(diff_lines(&file.preview, width, session.config.theme));
        }
    }
    lines
}

/// A unified diff, coloured by line kind. What is shown is what the restore writes: a line
/// longer than the view wraps, each continuation marked `↪` (a line cut at the edge could hide
/// code after 300 spaces), and control characters show as marks, never applied.
fn diff_lines(diff: &str, width: usize, theme: crate::theme::Theme) -> Vec<Line<'static>> {
    let palette = theme.palette();
    diff.lines()
        .filter(|l| !l.starts_with("---") && !l.starts_with("+++"))
        .flat_map(|line| {
            let style = match line.chars().next() {
                Some('+') => palette.success,
                Some('-') => palette.error,
                Some('@') => palette.dim,
                _ => ratatui::style::Style::default(),
            };
            wrap_code(&[Span::styled(visible_line(line), style)], width, theme)
        })
        .collect()
}

fn counts(diff: &str) -> (usize, usize) {
    let mut counts = (0, 0);
    for line in diff.lines() {
        if line.starts_with('+') && !line.starts_with("+++") {
            counts.0 += 1;
        } else if line.starts_with('-') && !line.starts_with("---") {
            counts.1 += 1;
        }
    }
    counts
}

/// Untrusted text on one line of at most `max` characters.
fn one_line(text: &str, max: usize) -> String {
    let flat = sanitize_line(&text.replace(['\n', '\r'], " ⏎ "));
    if flat.chars().count() <= max {
        return flat;
    }
    let mut cut: String = flat.chars().take(max.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

impl super::draw::Draw for crate::app::layers::RewindView {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.main, self, cx.session);
    }
}
