//! Lays out the cells of `model::item_cell`: reviews (markdown, their `path:line` places
//! underlined as links), images, client tools, function outputs, hooks, sleeps, the goal and
//! unknown items. Every server string goes through the sanitiser here.

use super::numbers::tokens as compact;

/// A duration from the server, shown only when it is one (`render::numbers` bounds it).
fn format_duration(ms: i64) -> String {
    super::numbers::duration(ms).unwrap_or_else(|| "?".into())
}
use super::markdown::render_markdown;
use super::restyle::restyle;
use super::wrap::wrap_spans;
use crate::model::locations::find_locations;
use crate::model::{ImageInfo, ItemCell, LayoutKey};
use crate::text::sanitize::{sanitize_line, sanitize_text};
use crate::theme::Palette;
use ratatui::style::{Modifier, Style, Stylize};
use ratatui::text::{Line, Span};

/// Output lines of a tool shown under its title.
const OUTPUT_LINES: usize = 6;

pub(crate) fn item_lines(item: &ItemCell, key: LayoutKey) -> Vec<Line<'static>> {
    let w = key.width.max(10) as usize;
    let palette = key.theme.palette();
    let bullet = || Span::styled("• ", palette.agent);
    let title = |spans: Vec<Span<'static>>| wrap_spans(&spans, w, &[], &[Span::raw("  ")]);
    match item {
        ItemCell::ReviewStarted { label } => title(vec![
            Span::styled("» ", palette.accent),
            "Code review started: ".bold(),
            Span::styled(sanitize_line(label), palette.accent),
        ]),
        ItemCell::ReviewResult { review, cwd } => review_lines(review, cwd.as_deref(), w, key),
        ItemCell::ImageView { path, info } => {
            let mut lines = title(vec![bullet(), "Viewed image ".bold(), link(path, palette)]);
            lines.extend(info_line(*info, palette));
            lines
        }
        ItemCell::ImageGeneration {
            status,
            revised_prompt,
            saved_path,
            failure,
            info,
        } => {
            let mut head = vec![bullet(), "Generated image".bold()];
            match (failure, saved_path) {
                (Some(failure), _) => {
                    head.push(Span::styled(
                        format!(" failed: {}", sanitize_line(failure)),
                        palette.error,
                    ));
                }
                (None, Some(path)) => {
                    head.push(Span::raw(" "));
                    head.push(link(path, palette));
                }
                (None, None) => head.push(format!(" ({})", sanitize_line(status)).dim()),
            }
            let mut lines = title(head);
            lines.extend(info_line(*info, palette));
            if let Some(prompt) = revised_prompt.as_deref().filter(|p| !p.is_empty()) {
                lines.extend(indented(prompt, w, Style::default().dim().italic()));
            }
            lines
        }
        ItemCell::DynamicTool {
            name,
            arguments,
            status,
            success,
            output,
            duration_ms,
        } => {
            let mut head = vec![
                bullet(),
                "Called ".bold(),
                Span::styled(sanitize_line(name), palette.accent),
            ];
            if !arguments.is_empty() {
                head.push(format!("({})", sanitize_line(arguments)).dim());
            }
            let mut lines = title(head);
            let text = output.join("\n");
            lines.extend(output_lines(&text, w, palette));
            let mut end = match (status.as_deref(), success) {
                (Some("inProgress"), _) | (None, None) => {
                    vec![Span::styled("  … running", palette.working)]
                }
                (_, Some(false)) | (Some("failed"), _) => {
                    vec![Span::styled("  ✗ failed", palette.error)]
                }
                _ => vec![Span::styled("  ✓ done", palette.success)],
            };
            if let Some(ms) = duration_ms {
                end.push(format!(" · {}", format_duration((*ms).max(0))).dim());
            }
            lines.push(Line::from(end));
            lines
        }
        ItemCell::FunctionOutput { name, output } => {
            let mut lines = title(vec![
                bullet(),
                "Tool output ".bold(),
                Span::styled(sanitize_line(name), palette.accent),
            ]);
            lines.extend(output_lines(output, w, palette));
            lines
        }
        ItemCell::HookPrompt { texts } => {
            let mut lines = title(vec![
                Span::styled("↳ ", palette.warning),
                "Hook feedback to the model".bold(),
            ]);
            for text in texts {
                lines.extend(indented(text, w, Style::default()));
            }
            lines
        }
        ItemCell::AutoReview { .. } => super::auto_review::lines(item, w, palette),
        ItemCell::Hook {
            event,
            status,
            message,
            duration_ms,
            entries,
        } => {
            let (mark, style) = match status.as_str() {
                "running" => ("◐ ", palette.working),
                "completed" => ("✓ ", palette.success),
                "blocked" | "stopped" => ("■ ", palette.warning),
                _ => ("✗ ", palette.error),
            };
            let mut head = vec![
                Span::styled(mark, style),
                format!("{} hook ", sanitize_line(event)).bold(),
                Span::styled(sanitize_line(status), style),
            ];
            if let Some(ms) = duration_ms {
                head.push(format!(" · {}", format_duration((*ms).max(0))).dim());
            }
            if let Some(message) = message.as_deref().filter(|m| !m.is_empty()) {
                head.push(format!(" — {}", sanitize_line(message)).dim());
            }
            let mut lines = title(head);
            for (kind, text) in entries {
                let spans = vec![
                    Span::styled(format!("{}: ", sanitize_line(kind)), palette.dim),
                    Span::raw(sanitize_line(text)),
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
        ItemCell::Sleep {
            duration_ms,
            running,
            slept_ms,
        } => {
            let asked = format_duration((*duration_ms).max(0));
            let text = match (running, slept_ms) {
                (true, _) => format!("Waiting {asked}…"),
                (false, Some(slept)) if slept + 250 < *duration_ms => {
                    format!("Waited {} of {asked} (cut short)", format_duration(*slept))
                }
                (false, _) => format!("Waited {asked}"),
            };
            let style = if *running {
                palette.working
            } else {
                Style::default()
            };
            title(vec![bullet(), Span::styled(text, style.bold())])
        }
        ItemCell::Goal {
            objective,
            status,
            tokens_used,
            token_budget,
        } => {
            let Some(objective) = objective else {
                return title(vec![
                    Span::styled("◎ ", palette.accent),
                    "Goal cleared".bold(),
                ]);
            };
            let mut head = vec![
                Span::styled("◎ ", palette.accent),
                "Goal ".bold(),
                Span::styled(goal_status(status), palette.accent),
                Span::raw(": "),
                Span::raw(sanitize_line(objective)),
            ];
            let used = match token_budget {
                Some(budget) => format!(" · {}/{} tokens", compact(*tokens_used), compact(*budget)),
                None if *tokens_used > 0 => format!(" · {} tokens", compact(*tokens_used)),
                None => String::new(),
            };
            head.push(used.dim());
            title(head)
        }
        ItemCell::Unknown { item_type } => title(vec![
            Span::styled("• ", palette.dim),
            Span::styled(
                format!(
                    "An item tern does not show yet: {}",
                    sanitize_line(item_type)
                ),
                palette.dim,
            ),
        ]),
    }
}

fn goal_status(status: &str) -> String {
    match status {
        "active" => "set".into(),
        "complete" => "complete".into(),
        "paused" => "paused".into(),
        "budgetLimited" => "out of budget".into(),
        "usageLimited" => "stopped by usage limits".into(),
        other => sanitize_line(other),
    }
}

/// A path the person can open: underlined in the link colour.
fn link(path: &str, palette: &Palette) -> Span<'static> {
    Span::styled(
        sanitize_line(path),
        palette.link.add_modifier(Modifier::UNDERLINED),
    )
}

/// "1280×720 · 2.1 MB", once the runtime read the file.
fn info_line(info: Option<ImageInfo>, palette: &Palette) -> Option<Line<'static>> {
    let info = info?;
    Some(Line::from(Span::styled(
        format!(
            "  {}×{} · {}",
            info.width,
            info.height,
            file_size(info.bytes)
        ),
        palette.dim,
    )))
}

pub(crate) fn file_size(bytes: u64) -> String {
    match bytes {
        b if b < 1_024 => format!("{b} B"),
        b if b < 1_024 * 1_024 => format!("{:.1} KB", b as f64 / 1_024.0),
        b => format!("{:.1} MB", b as f64 / (1_024.0 * 1_024.0)),
    }
}

fn indented(text: &str, w: usize, style: Style) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    for line in sanitize_text(text) {
        lines.extend(wrap_spans(
            &[Span::styled(line, style)],
            w,
            &[Span::raw("  ")],
            &[Span::raw("  ")],
        ));
    }
    lines
}

/// A tool's output: its first lines in the output gutter, and a count of the rest.
fn output_lines(text: &str, w: usize, palette: &Palette) -> Vec<Line<'static>> {
    let text = text.trim_end_matches('\n');
    if text.is_empty() {
        return Vec::new();
    }
    let all = sanitize_text(text);
    let gutter = Span::styled("  │ ", palette.dim);
    let mut lines = Vec::new();
    for line in all.iter().take(OUTPUT_LINES) {
        lines.extend(wrap_spans(
            &[Span::styled(line.clone(), Style::default().dim())],
            w,
            std::slice::from_ref(&gutter),
            std::slice::from_ref(&gutter),
        ));
    }
    if all.len() > OUTPUT_LINES {
        lines.push(Line::from(Span::styled(
            format!("  … {} more lines", all.len() - OUTPUT_LINES),
            palette.dim,
        )));
    }
    lines
}

/// The review as markdown under its header; paths inside the session's directory are shown
/// relative to it, and every `path:line` is underlined as a link (a click opens it).
fn review_lines(review: &str, cwd: Option<&str>, w: usize, key: LayoutKey) -> Vec<Line<'static>> {
    let palette = key.theme.palette();
    let mut lines = vec![Line::from(vec![
        Span::styled("« ", palette.accent),
        "Code review finished".bold(),
    ])];
    let shown = match cwd.filter(|c| !c.is_empty() && *c != "/") {
        Some(cwd) => review.replace(&format!("{}/", cwd.trim_end_matches('/')), ""),
        None => review.to_string(),
    };
    let body = if shown.trim().is_empty() {
        "(the reviewer said nothing)".to_string()
    } else {
        hard_breaks(&shown)
    };
    let link_style = palette.link.add_modifier(Modifier::UNDERLINED);
    for line in render_markdown(&body, w.saturating_sub(2) as u16, key.theme) {
        let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
        let mut spans = line.spans;
        for (range, _) in find_locations(&text) {
            spans = restyle(spans, range, link_style);
        }
        let mut with_indent = vec![Span::raw("  ")];
        with_indent.extend(spans);
        lines.push(Line::from(with_indent));
    }
    lines
}

/// The review's single line breaks kept as breaks (a finding's body goes under its title, not
/// on the same line): markdown's hard break, two spaces before the newline.
fn hard_breaks(text: &str) -> String {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut out = String::with_capacity(text.len() + lines.len() * 2);
    for (i, line) in lines.iter().enumerate() {
        // A finding's body is indented under its title; as a lazy continuation of the list
        // item it lines up with the title's text instead of one column past it.
        let starts_item = line.trim_start().starts_with(['-', '*']);
        out.push_str(if starts_item { line } else { line.trim_start() });
        if let Some(next) = lines.get(i + 1) {
            if !line.trim().is_empty() && !next.trim().is_empty() {
                out.push_str("  ");
            }
            out.push('\n');
        }
    }
    out
}
