//! Lays out each kind of transcript cell at a given width.

use super::markdown::render_markdown;
use super::sanitize::{sanitize_line, sanitize_text};
use super::wrap::{wrap_code, wrap_spans};
use crate::model::{CellKind, CommandCell, NoticeLevel};
use crate::protocol::{CommandAction, FileUpdateChange, PatchChangeKind};
use ratatui::style::{Color, Style, Stylize};
use ratatui::text::{Line, Span};

/// Output lines shown while a command runs, and around the gap once it finished.
const LIVE_TAIL: usize = 5;
const DONE_HEAD: usize = 2;
const DONE_TAIL: usize = 3;

pub fn cell_lines(kind: &CellKind, width: u16) -> Vec<Line<'static>> {
    let w = width.max(10) as usize;
    match kind {
        CellKind::User { text } => prefixed(
            text,
            w,
            Span::styled("› ", Style::default().fg(Color::Cyan).bold()),
            Style::default().bold(),
        ),
        CellKind::Agent { markdown, .. } => {
            let body = render_markdown(markdown, (w - 2) as u16);
            indent(
                body,
                Span::styled("• ", Style::default().fg(Color::Magenta)),
            )
        }
        CellKind::Reasoning { text } => {
            let mut lines = vec![Line::from("thinking".dim().italic())];
            lines.extend(prefixed(
                text,
                w,
                Span::raw("  "),
                Style::default().dim().italic(),
            ));
            lines
        }
        CellKind::Command(cmd) => command_lines(cmd, w),
        CellKind::FileChange { changes, status } => file_change_lines(changes, status, w),
        CellKind::Plan { explanation, steps } => {
            let done = steps.iter().filter(|s| s.status == "completed").count();
            let mut lines = vec![Line::from(vec![
                Span::styled("• ", Style::default().fg(Color::Magenta)),
                "Plan ".bold(),
                format!("{done}/{} done", steps.len()).dim(),
            ])];
            if let Some(text) = explanation.as_deref().filter(|t| !t.is_empty()) {
                lines.extend(prefixed(text, w, Span::raw("  "), Style::default().dim()));
            }
            for step in steps {
                let (mark, style) = match step.status.as_str() {
                    "completed" => ("  ✔ ", Style::default().fg(Color::Green).crossed_out()),
                    "inProgress" => ("  ◐ ", Style::default().fg(Color::Cyan).bold()),
                    _ => ("  ○ ", Style::default()),
                };
                let spans = vec![Span::styled(sanitize_line(&step.step), style)];
                lines.extend(wrap_spans(
                    &spans,
                    w,
                    &[Span::raw(mark)],
                    &[Span::raw("    ")],
                ));
            }
            lines
        }
        CellKind::Tool { title, status } => {
            let mut spans = vec![
                Span::styled("• ", Style::default().fg(Color::Magenta)),
                Span::styled(sanitize_line(title), Style::default().bold()),
            ];
            if let Some(status) = status {
                spans.push(format!(" ({})", sanitize_line(status)).dim());
            }
            wrap_spans(&spans, w, &[], &[Span::raw("  ")])
        }
        CellKind::Notice { level, text } => {
            let (mark, style) = match level {
                NoticeLevel::Info => ("ⓘ ", Style::default().dim()),
                NoticeLevel::Warning => ("⚠ ", Style::default().fg(Color::Yellow)),
                NoticeLevel::Error => ("✗ ", Style::default().fg(Color::Red)),
            };
            prefixed(text, w, Span::styled(mark, style), style)
        }
        CellKind::TurnEnd {
            status,
            duration_ms,
        } => {
            let mut text = format!("─ turn {status}");
            if let Some(ms) = duration_ms {
                text.push_str(&format!(" in {}", format_duration(*ms)));
            }
            text.push_str(" ─");
            vec![Line::from(text.dark_gray())]
        }
    }
}

fn prefixed(text: &str, width: usize, first: Span<'static>, style: Style) -> Vec<Line<'static>> {
    let rest = Span::raw(" ".repeat(first.content.chars().count()));
    let mut lines = Vec::new();
    for (i, line) in sanitize_text(text).into_iter().enumerate() {
        let lead = if i == 0 { first.clone() } else { rest.clone() };
        lines.extend(wrap_spans(
            &[Span::styled(line, style)],
            width,
            &[lead],
            std::slice::from_ref(&rest),
        ));
    }
    lines
}

fn indent(body: Vec<Line<'static>>, first: Span<'static>) -> Vec<Line<'static>> {
    body.into_iter()
        .enumerate()
        .map(|(i, line)| {
            let lead = if i == 0 {
                first.clone()
            } else {
                Span::raw("  ")
            };
            let mut spans = vec![lead];
            spans.extend(line.spans);
            Line::from(spans)
        })
        .collect()
}

pub fn format_duration(ms: i64) -> String {
    if ms < 1000 {
        format!("{ms}ms")
    } else if ms < 60_000 {
        format!("{:.1}s", ms as f64 / 1000.0)
    } else {
        format!("{}m{:02}s", ms / 60_000, (ms / 1000) % 60)
    }
}

/// "Read src/main.rs", "Search `foo` in src": the friendly form when every part is understood.
fn friendly_summary(actions: &[CommandAction]) -> Option<String> {
    if actions.is_empty() {
        return None;
    }
    let parts: Option<Vec<String>> = actions
        .iter()
        .map(|a| match a {
            CommandAction::Read { name, .. } => Some(format!("Read {name}")),
            CommandAction::ListFiles { path, .. } => {
                Some(format!("List {}", path.as_deref().unwrap_or(".")))
            }
            CommandAction::Search { query, path, .. } => Some(match (query, path) {
                (Some(q), Some(p)) => format!("Search `{q}` in {p}"),
                (Some(q), None) => format!("Search `{q}`"),
                (None, Some(p)) => format!("Search in {p}"),
                (None, None) => "Search".to_string(),
            }),
            CommandAction::Unknown { .. } => None,
        })
        .collect();
    parts.map(|p| p.join(", "))
}

/// `/bin/bash -lc 'git status'` is shown as `git status`: the wrapper is noise.
pub fn display_command(command: &str) -> String {
    for shell in [
        "/bin/bash -lc ",
        "bash -lc ",
        "/bin/sh -c ",
        "sh -c ",
        "/bin/zsh -lc ",
    ] {
        if let Some(rest) = command.strip_prefix(shell) {
            let rest = rest.trim();
            if rest.len() >= 2 && rest.starts_with('\'') && rest.ends_with('\'') {
                return rest[1..rest.len() - 1].replace("'\\''", "'");
            }
            return rest.to_string();
        }
    }
    command.to_string()
}

fn command_lines(cmd: &CommandCell, w: usize) -> Vec<Line<'static>> {
    let (verb, verb_style) = if cmd.running {
        ("Running ", Style::default().fg(Color::Cyan).bold())
    } else {
        ("Ran ", Style::default().bold())
    };
    let mut header = vec![Span::styled("• ", Style::default().fg(Color::Magenta))];
    match friendly_summary(&cmd.actions) {
        Some(summary) if !cmd.running => {
            header.push(Span::styled(summary, Style::default().bold()))
        }
        _ => {
            header.push(Span::styled(verb, verb_style));
            header.push(Span::styled(
                sanitize_line(&display_command(&cmd.command)),
                Style::default().fg(Color::Yellow),
            ));
        }
    }
    let mut lines = wrap_spans(&header, w, &[], &[Span::raw("    ")]);
    if let Some(cwd) = &cmd.cwd {
        lines.push(Line::from(format!("  in {}", sanitize_line(cwd)).dim()));
    }
    let output: Vec<String> = if cmd.output.is_empty() {
        Vec::new()
    } else {
        sanitize_text(cmd.output.trim_end_matches('\n'))
    };
    let shown: Vec<Line<'static>> = if cmd.running {
        let start = output.len().saturating_sub(LIVE_TAIL);
        output[start..].iter().map(|l| output_line(l)).collect()
    } else if output.len() > DONE_HEAD + DONE_TAIL + 1 {
        let mut v: Vec<Line<'static>> =
            output[..DONE_HEAD].iter().map(|l| output_line(l)).collect();
        v.push(Line::from(
            format!(
                "  │ … {} lines hidden",
                output.len() - DONE_HEAD - DONE_TAIL
            )
            .dim(),
        ));
        v.extend(
            output[output.len() - DONE_TAIL..]
                .iter()
                .map(|l| output_line(l)),
        );
        v
    } else {
        output.iter().map(|l| output_line(l)).collect()
    };
    for line in shown {
        lines.extend(wrap_code(&line.spans, w));
    }
    if !cmd.running {
        let mut spans = Vec::new();
        match cmd.exit_code {
            Some(0) => spans.push("  ✓ exit 0".green()),
            Some(code) => spans.push(format!("  ✗ exit {code}").red()),
            None => {
                spans.push(format!("  ✗ {}", cmd.status.as_deref().unwrap_or("did not run")).red())
            }
        }
        if let Some(ms) = cmd.duration_ms {
            spans.push(format!(" · {}", format_duration(ms)).dim());
        }
        lines.push(Line::from(spans));
    }
    lines
}

fn output_line(text: &str) -> Line<'static> {
    Line::from(vec![
        Span::styled("  │ ", Style::default().fg(Color::DarkGray)),
        Span::styled(text.to_string(), Style::default().dim()),
    ])
}

/// Lines added and removed by one change. An added file's `diff` is its whole content.
pub fn change_counts(change: &FileUpdateChange) -> (usize, usize) {
    match change.kind {
        PatchChangeKind::Add => (change.diff.lines().count(), 0),
        PatchChangeKind::Delete => (0, change.diff.lines().count()),
        PatchChangeKind::Update { .. } => change.diff.lines().fold((0, 0), |(a, r), l| {
            if l.starts_with('+') && !l.starts_with("+++") {
                (a + 1, r)
            } else if l.starts_with('-') && !l.starts_with("---") {
                (a, r + 1)
            } else {
                (a, r)
            }
        }),
    }
}

fn file_change_lines(
    changes: &[FileUpdateChange],
    status: &Option<String>,
    w: usize,
) -> Vec<Line<'static>> {
    let title = match status.as_deref() {
        Some("completed") => "Edited",
        Some("declined") => "Declined edit of",
        Some("failed") => "Failed to edit",
        _ => "Editing",
    };
    let mut lines = vec![Line::from(vec![
        Span::styled("• ", Style::default().fg(Color::Magenta)),
        Span::styled(
            format!("{title} {} file(s)", changes.len()),
            Style::default().bold(),
        ),
    ])];
    for change in changes {
        let (added, removed) = change_counts(change);
        let kind = match &change.kind {
            PatchChangeKind::Add => "A".green(),
            PatchChangeKind::Delete => "D".red(),
            PatchChangeKind::Update { .. } => "M".yellow(),
        };
        let mut path = sanitize_line(&change.path);
        if let PatchChangeKind::Update {
            move_path: Some(to),
        } = &change.kind
        {
            path.push_str(&format!(" → {}", sanitize_line(to)));
        }
        let spans = vec![
            kind,
            Span::raw(format!(" {path} ")),
            format!("+{added}").green(),
            Span::raw(" "),
            format!("-{removed}").red(),
        ];
        lines.extend(wrap_spans(
            &spans,
            w,
            &[Span::raw("  ")],
            &[Span::raw("    ")],
        ));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shell_wrappers_are_hidden() {
        assert_eq!(
            display_command("/bin/bash -lc 'git status --short'"),
            "git status --short"
        );
        assert_eq!(
            display_command("/bin/bash -lc 'echo '\\''hi'\\'''"),
            "echo 'hi'"
        );
        assert_eq!(display_command("ls -la"), "ls -la");
    }

    #[test]
    fn diff_counts_ignore_headers() {
        let change = FileUpdateChange {
            path: "a".into(),
            kind: PatchChangeKind::Update { move_path: None },
            diff: "--- a\n+++ b\n@@ -1 +1 @@\n-old\n+new\n+more\n".into(),
        };
        assert_eq!(change_counts(&change), (2, 1));
    }
}
