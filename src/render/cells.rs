//! Lays out each kind of transcript cell at a given width.

use super::ansi::ansi_lines;
use super::diff::{DiffFile, DiffMode, FileLayout};
use super::highlight::{highlight, Theme};
use super::markdown::render_markdown;
use super::message::layout_message;
use super::numbers;
use super::wrap::{wrap_code, wrap_spans};
use crate::model::{CellKind, CommandCell, Laid, LayoutKey, NoticeLevel, Record, TurnTokens};
use crate::protocol::{CommandAction, FileUpdateChange};
use crate::text::sanitize::{sanitize_line, sanitize_text, visible_line};
use crate::theme::Palette;
use ratatui::style::{Style, Stylize};
use ratatui::text::{Line, Span};

/// Output lines shown while a command runs, and around the gap once it finished.
const LIVE_TAIL: usize = 5;
const DONE_HEAD: usize = 2;
const DONE_TAIL: usize = 3;

/// Brings a cell's layout up to date (see [`crate::model::Cell::layout`]).
pub fn layout_cell(kind: &CellKind, key: LayoutKey, laid: &mut Laid) {
    match kind {
        CellKind::Agent { markdown, .. } => {
            layout_message(markdown, key.width.max(10) as usize, key.theme, laid)
        }
        other => {
            laid.head = cell_lines(other, key);
            laid.tail.clear();
        }
    }
}

/// All of a cell's lines at once.
pub fn cell_lines(kind: &CellKind, key: LayoutKey) -> Vec<Line<'static>> {
    let w = key.width.max(10) as usize;
    let palette = key.theme.palette();
    match kind {
        CellKind::User { text } => prefixed(
            text,
            w,
            Span::styled("› ", palette.user.bold()),
            Style::default().bold(),
        ),
        CellKind::Agent { markdown, .. } => {
            let mut laid = Laid::default();
            layout_message(markdown, w, key.theme, &mut laid);
            super::lazy_code::colour_all(&mut laid);
            laid.head.into_iter().chain(laid.tail).collect()
        }
        CellKind::Reasoning { text } => reasoning_lines(text, w, key),
        CellKind::Command(cmd) => command_lines(cmd, w, key),
        CellKind::FileChange {
            changes,
            status,
            cwd,
            decision,
        } => {
            // An edit refused before it completed (a cancel leaves it in progress for good)
            // did not happen: it is not "Editing".
            let refused = decision.as_ref().is_some_and(|d| !d.is_approval());
            let status = match status.as_deref() {
                None | Some("inProgress") if refused => &Some("declined".to_string()),
                _ => status,
            };
            let mut lines = file_change_lines(changes, status, cwd.as_deref(), key);
            if let Some(decision) = decision {
                lines.insert(1.min(lines.len()), decision_line(decision, palette));
            }
            lines
        }
        CellKind::Plan { explanation, steps } => {
            let done = steps.iter().filter(|s| s.status == "completed").count();
            let mut lines = vec![Line::from(vec![
                Span::styled("• ", palette.agent),
                "Plan ".bold(),
                format!("{done}/{} done", steps.len()).dim(),
            ])];
            if let Some(text) = explanation.as_deref().filter(|t| !t.is_empty()) {
                lines.extend(prefixed(text, w, Span::raw("  "), Style::default().dim()));
            }
            for step in steps {
                let (mark, style) = match step.status.as_str() {
                    "completed" => ("  ✔ ", palette.success.crossed_out()),
                    "inProgress" => ("  ◐ ", palette.working.bold()),
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
        CellKind::ProposedPlan {
            markdown,
            streaming,
        } => proposed_plan_lines(markdown, *streaming, w, key),
        CellKind::Tool { title, status } => {
            let mut spans = vec![
                Span::styled("• ", palette.agent),
                sanitize_line(title).bold(),
            ];
            if let Some(status) = status {
                spans.push(format!(" ({})", sanitize_line(status)).dim());
            }
            wrap_spans(&spans, w, &[], &[Span::raw("  ")])
        }
        CellKind::AgentCall(call) => super::agent_cells::agent_call_lines(call, w, palette),
        CellKind::Notice { level, text } => {
            let (mark, style) = match level {
                NoticeLevel::Info => ("ⓘ ", Style::default().dim()),
                NoticeLevel::Warning => ("⚠ ", palette.warning),
                NoticeLevel::Error => ("✗ ", palette.error),
            };
            prefixed(text, w, Span::styled(mark, style), style)
        }
        CellKind::Item(item) => {
            let mut lines = super::item_cells::item_lines(item, key);
            // Rows kept free for the image the runtime draws over them.
            if let Some(preview) = super::image_preview::preview_of(kind, key) {
                lines.extend((0..preview.rows).map(|_| Line::default()));
            }
            lines
        }
        CellKind::TurnEnd {
            status,
            duration_ms,
            tokens,
        } => {
            let mut text = format!("─ turn {status}");
            if let Some(ms) = duration_ms {
                let shown = numbers::duration(*ms);
                text.push_str(&format!(
                    " in {}",
                    shown.as_deref().unwrap_or(numbers::UNKNOWN)
                ));
            }
            if let Some(t) = tokens {
                text.push_str(&format_tokens(t));
            }
            text.push_str(" ─");
            vec![Line::from(Span::styled(text, palette.dim))]
        }
    }
}

fn prefixed(text: &str, width: usize, first: Span<'static>, style: Style) -> Vec<Line<'static>> {
    let rest = Span::raw(" ".repeat(first.content.chars().count()));
    let mut lines = Vec::new();
    for (i, line) in sanitize_text(text).into_iter().enumerate() {
        let lead = super::row_marks::decoration(if i == 0 { first.clone() } else { rest.clone() });
        lines.extend(wrap_spans(
            &[Span::styled(line, style)],
            width,
            &[lead],
            std::slice::from_ref(&rest),
        ));
    }
    lines
}

/// Collapsed, a reasoning summary shows its first line (usually a bold title); expanded, all
/// of it, as dimmed markdown.
fn reasoning_lines(text: &str, w: usize, key: LayoutKey) -> Vec<Line<'static>> {
    let expanded = key.expanded;
    let dim = Style::default().dim().italic();
    let palette = key.theme.palette();
    let lead = Span::styled("• ", palette.agent.dim());
    let text = text.trim();
    let first = text.lines().next().unwrap_or("").trim().trim_matches('*');
    let hidden = text
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .count();
    let mut title = vec![lead, Span::styled("Thinking", dim.bold())];
    if !first.is_empty() {
        title.push(Span::styled(format!(": {}", sanitize_line(first)), dim));
    }
    if !expanded && hidden > 0 {
        title.push(Span::styled(" (ctrl+o to expand)", palette.dim));
    }
    let mut lines = wrap_spans(&title, w, &[], &[Span::raw("  ")]);
    if expanded {
        let body_start = text.find('\n').map_or(text.len(), |i| i + 1);
        for mut line in render_markdown(&text[body_start..], w.saturating_sub(2) as u16, key.theme)
        {
            for span in &mut line.spans {
                span.style = dim.patch(span.style);
            }
            let mut spans = vec![Span::raw("  ")];
            spans.extend(line.spans);
            lines.push(Line::from(spans));
        }
    }
    lines
}

/// "• Proposed plan", then the plan as markdown, indented under it and set off by a bar.
fn proposed_plan_lines(
    markdown: &str,
    streaming: bool,
    w: usize,
    key: LayoutKey,
) -> Vec<Line<'static>> {
    let palette = key.theme.palette();
    let mut title = vec![
        Span::styled("• ", palette.agent),
        Span::styled("Proposed plan", palette.accent.bold()),
    ];
    if streaming {
        title.push(Span::styled(" (writing…)", palette.dim));
    }
    let mut lines = vec![Line::from(title)];
    let bar = Span::styled("  ▌ ", palette.accent);
    let body = render_markdown(
        markdown.trim(),
        w.saturating_sub(4).max(6) as u16,
        key.theme,
    );
    for line in body {
        let mut spans = vec![bar.clone()];
        spans.extend(line.spans);
        lines.push(Line::from(spans));
    }
    lines
}

fn format_tokens(t: &TurnTokens) -> String {
    let mut s = format!(" · {} in", numbers::tokens(t.input));
    if t.cached_input != 0 {
        s.push_str(&format!(" ({} cached)", numbers::tokens(t.cached_input)));
    }
    s.push_str(&format!(", {} out", numbers::tokens(t.output)));
    s
}

/// "Read src/main.rs", "Search `foo` in src": the friendly form when every part is understood.
pub(crate) fn friendly_summary(actions: &[CommandAction]) -> Option<String> {
    if actions.is_empty() {
        return None;
    }
    let parts: Option<Vec<String>> = actions
        .iter()
        .map(|a| match a {
            CommandAction::Read { name, .. } => Some(format!("Read {}", visible_line(name))),
            CommandAction::ListFiles { path, .. } => Some(format!(
                "List {}",
                visible_line(path.as_deref().unwrap_or("."))
            )),
            CommandAction::Search { query, path, .. } => Some(
                match (
                    query.as_deref().map(visible_line),
                    path.as_deref().map(visible_line),
                ) {
                    (Some(q), Some(p)) => format!("Search `{q}` in {p}"),
                    (Some(q), None) => format!("Search `{q}`"),
                    (None, Some(p)) => format!("Search in {p}"),
                    (None, None) => "Search".to_string(),
                },
            ),
            CommandAction::Unknown { .. } => None,
        })
        .collect();
    parts.map(|p| p.join(", "))
}

/// `/bin/bash -lc 'git status'` is shown as `git status`: the wrapper is noise. What is shown
/// is what runs: control characters become visible marks (`\r` is `␍`), as in the question, so
/// a carriage return cannot hide the start of the command behind its end.
pub(crate) fn display_command(command: &str) -> String {
    crate::text::sanitize::visible_text(&unwrapped_command(command)).join("\n")
}

fn unwrapped_command(command: &str) -> String {
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
            // Scripts holding single quotes come double-quoted, with POSIX backslash escapes.
            if rest.len() >= 2 && rest.starts_with('"') && rest.ends_with('"') {
                return unescape_double_quoted(&rest[1..rest.len() - 1]);
            }
            return rest.to_string();
        }
    }
    command.to_string()
}

/// Commands longer than this many lines show their start and a count.
const COMMAND_LINES: usize = 6;

/// Inside double quotes a backslash escapes only `$`, `` ` ``, `"`, `\\` and a newline.
fn unescape_double_quoted(inner: &str) -> String {
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('\\', Some(&next)) if matches!(next, '$' | '`' | '"' | '\\' | '\n') => {
                out.push(next);
                chars.next();
            }
            (c, _) => out.push(c),
        }
    }
    out
}

fn command_lines(cmd: &CommandCell, w: usize, key: LayoutKey) -> Vec<Line<'static>> {
    let palette = key.theme.palette();
    let bullet = if cmd.shell {
        // The person's own `!` command: marked, since it ran unsandboxed.
        Span::styled("! ", palette.warning.bold())
    } else {
        Span::styled("• ", palette.agent)
    };
    let mut lines = match friendly_summary(&cmd.actions) {
        // The names, paths and queries in it come from the server.
        // The person's own `!` command is shown as they typed it.
        Some(summary) if !cmd.running && !cmd.shell => wrap_spans(
            &[bullet, sanitize_line(&summary).bold()],
            w,
            &[],
            &[Span::raw("    ")],
        ),
        _ => {
            let refused = cmd.decision.as_ref().is_some_and(|d| !d.is_approval());
            let verb = if refused {
                Span::styled("Not run ", palette.error.bold())
            } else if cmd.shell {
                Span::styled(
                    if cmd.running {
                        "You are running "
                    } else {
                        "You ran "
                    },
                    palette.warning.bold(),
                )
            } else if cmd.running {
                Span::styled("Running ", palette.working.bold())
            } else {
                "Ran ".bold()
            };
            command_header(&display_command(&cmd.command), bullet, verb, w, key.theme)
        }
    };
    if let Some(cwd) = &cmd.cwd {
        lines.push(Line::from(format!("  in {}", sanitize_line(cwd)).dim()));
    }
    if let Some(decision) = &cmd.decision {
        lines.push(decision_line(decision, palette));
    }
    lines.extend(output_lines(cmd, w, key));
    // A command the person refused already says so in its decision line.
    let refused = cmd.decision.as_ref().is_some_and(|d| !d.is_approval());
    let said = refused && cmd.exit_code.is_none();
    if !cmd.running && !said {
        let mut spans = Vec::new();
        match cmd.exit_code {
            Some(0) => spans.push(Span::styled("  ✓ exit 0", palette.success)),
            Some(code) => spans.push(Span::styled(format!("  ✗ exit {code}"), palette.error)),
            None => spans.push(Span::styled(
                format!("  ✗ {}", cmd.status.as_deref().unwrap_or("did not run")),
                palette.error,
            )),
        }
        if let Some(ms) = cmd.duration_ms {
            let shown = numbers::duration(ms);
            spans.push(format!(" · {}", shown.as_deref().unwrap_or(numbers::UNKNOWN)).dim());
        }
        lines.push(Line::from(spans));
    }
    if let Some(how) = &cmd.evidence {
        let text = format!("  ↳ {}", sanitize_line(how));
        lines.push(Line::from(Span::styled(text, palette.accent)));
    }
    lines
}

/// The command itself, highlighted as shell, continuation lines indented under it.
fn command_header(
    command: &str,
    bullet: Span<'static>,
    verb: Span<'static>,
    w: usize,
    theme: Theme,
) -> Vec<Line<'static>> {
    let source: Vec<Vec<Span<'static>>> = highlight(command, "bash", theme);
    let mut lines = Vec::new();
    for (i, spans) in source.iter().take(COMMAND_LINES).enumerate() {
        let first: Vec<Span<'static>> = if i == 0 {
            vec![bullet.clone(), verb.clone()]
        } else {
            vec![Span::raw("    ")]
        };
        lines.extend(wrap_spans(spans, w, &first, &[Span::raw("    ")]));
    }
    if source.len() > COMMAND_LINES {
        let more = source.len() - COMMAND_LINES;
        lines.push(Line::from(format!("    … {more} more lines").dim()));
    }
    if lines.is_empty() {
        lines.push(Line::from(vec![bullet, verb]));
    }
    lines
}

/// What the person answered when asked, under the command or change it was about.
fn decision_line(decision: &Record, palette: &Palette) -> Line<'static> {
    let text = format!("  {}", sanitize_line(&decision.text()));
    let style = if decision.is_approval() {
        palette.success
    } else {
        palette.warning
    };
    Line::from(Span::styled(text, style))
}

/// Live: the last lines. Done: the first and last lines around a count of the hidden ones,
/// or everything when expanded. Only the lines shown are parsed, so a long, still-growing
/// output costs no more per delta than a short one.
fn output_lines(cmd: &CommandCell, w: usize, key: LayoutKey) -> Vec<Line<'static>> {
    let palette = key.theme.palette();
    let output = cmd.output.trim_end_matches('\n');
    // A `!` command past its time limit reports a debug dump; what it means is "timed out".
    let output = if cmd.shell && output.starts_with(SHELL_TIMEOUT_DUMP) {
        "timed out"
    } else {
        output
    };
    if output.is_empty() {
        return Vec::new();
    }
    let base = Style::default().dim();
    let shown: Vec<Line<'static>> = if key.expanded {
        ansi_lines(output, base)
    } else if cmd.running {
        ansi_lines(last_lines(output, LIVE_TAIL), base)
    } else {
        let total = output.bytes().filter(|&b| b == b'\n').count() + 1;
        if total <= DONE_HEAD + DONE_TAIL + 1 {
            ansi_lines(output, base)
        } else {
            let head_end = output
                .match_indices('\n')
                .nth(DONE_HEAD - 1)
                .map_or(output.len(), |(i, _)| i);
            let mut v = ansi_lines(&output[..head_end], base);
            v.push(Line::from(Span::styled(
                format!(
                    "… {} lines hidden (ctrl+o to expand)",
                    total - DONE_HEAD - DONE_TAIL
                ),
                palette.dim,
            )));
            v.extend(ansi_lines(last_lines(output, DONE_TAIL), base));
            v
        }
    };
    let gutter = Span::styled("  │ ", palette.dim);
    let mut lines = Vec::new();
    for line in shown {
        let mut spans = vec![gutter.clone()];
        spans.extend(line.spans);
        lines.extend(wrap_code(&spans, w, key.theme));
    }
    lines
}

/// How `thread/shellCommand` reports a command that ran past its `timeoutMs`.
const SHELL_TIMEOUT_DUMP: &str = "execution error: Sandbox(Timeout";

/// The last `n` lines of `text`, found from the end.
fn last_lines(text: &str, n: usize) -> &str {
    match text.rmatch_indices('\n').nth(n - 1) {
        Some((i, _)) => &text[i + 1..],
        None => text,
    }
}

/// Lines added and removed by one change. An added file's `diff` is its whole content.
pub(crate) fn change_counts(change: &FileUpdateChange) -> (usize, usize) {
    super::diff::change_counts(change)
}

/// Diff rows shown per file while collapsed (Ctrl+O shows all).
const COLLAPSED_DIFF_ROWS: usize = 8;

/// "• Edited 2 files (+3 −1)", then each file's header and hunks, indented.
fn file_change_lines(
    changes: &[FileUpdateChange],
    status: &Option<String>,
    cwd: Option<&str>,
    key: LayoutKey,
) -> Vec<Line<'static>> {
    let title = match status.as_deref() {
        Some("completed") => "Edited",
        Some("declined") => "Declined edit of",
        Some("failed") => "Failed to edit",
        _ => "Editing",
    };
    // Built once: counted for the title, then laid out.
    let shown: Vec<DiffFile> = changes
        .iter()
        .map(|c| DiffFile::from_change(c, cwd))
        .collect();
    let added: usize = shown.iter().map(|f| f.added).sum();
    let removed: usize = shown.iter().map(|f| f.removed).sum();
    let files = match changes.len() {
        1 => "1 file".to_string(),
        n => format!("{n} files"),
    };
    let palette = key.theme.palette();
    let mut title_spans = vec![
        Span::styled("• ", palette.agent),
        format!("{title} {files} ").bold(),
        Span::raw("("),
    ];
    title_spans.extend(super::diff::colour::counts(added, removed, palette));
    title_spans.push(Span::raw(")"));
    let w = key.width.max(10);
    let mut lines = wrap_spans(&title_spans, w as usize, &[], &[Span::raw("  ")]);
    let limit = (!key.expanded).then_some(COLLAPSED_DIFF_ROWS);
    let indent = |prefix: &str, line: Line<'static>| {
        let mut spans = vec![Span::styled(prefix.to_string(), palette.dim)];
        spans.extend(line.spans);
        Line::from(spans)
    };
    let layout = FileLayout {
        header_width: w - 4,
        body_width: w - 4,
        mode: DiffMode::auto(key.width),
        theme: key.theme,
        max_lines_per_file: limit,
        more_hint: " (ctrl+o to expand)",
    };
    for file in shown {
        let (header, body) = super::diff::file_parts(file, &layout);
        for (i, line) in header.into_iter().enumerate() {
            lines.push(indent(if i == 0 { "  └ " } else { "    " }, line));
        }
        lines.extend(body.into_iter().map(|line| indent("    ", line)));
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
        assert_eq!(
            display_command(r#"/bin/bash -lc "printf '\\033[32m%s\\n' \"\$HOME\"""#),
            r#"printf '\033[32m%s\n' "$HOME""#
        );
    }

    #[test]
    fn diff_counts_ignore_headers() {
        use crate::protocol::PatchChangeKind;
        let change = FileUpdateChange {
            path: "a".into(),
            kind: PatchChangeKind::Update { move_path: None },
            diff: "--- a\n+++ b\n@@ -1 +1 @@\n-old\n+new\n+more\n".into(),
        };
        assert_eq!(change_counts(&change), (2, 1));
    }
}
