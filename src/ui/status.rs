//! The status line: model, cwd, what the turn is doing, context used.

use crate::app::{AppState, ConnState, TurnPhase};
use crate::render::numbers;
use crate::text::sanitize::sanitize_line;
use ratatui::layout::Rect;
use ratatui::style::{Color, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;
use std::time::Instant;

pub fn draw(frame: &mut Frame<'_>, area: Rect, state: &AppState, now: Instant) {
    let mut spans: Vec<Span<'static>> = Vec::new();
    let sep = || " · ".dark_gray();
    match &state.conn {
        // Connected, but no thread yet: the picker is up, or one is being opened.
        ConnState::Connecting if state.server.is_some() => spans.push(
            if state.thread.is_none()
                && state
                    .layers
                    .iter()
                    .any(|l| matches!(l, crate::app::layers::Layer::ThreadPicker(_)))
            {
                "choose a thread".cyan()
            } else {
                "opening a thread…".yellow()
            },
        ),
        ConnState::Connecting => spans.push("connecting to codex…".yellow()),
        ConnState::Failed(_) => spans.push("disconnected".red().bold()),
        ConnState::Ready => match &state.turn {
            TurnPhase::Idle => spans.push("ready".green()),
            TurnPhase::Starting { since } | TurnPhase::Running { since, .. } => {
                let secs = now.saturating_duration_since(*since).as_secs();
                spans.push(format!("● working {secs}s").cyan().bold());
                spans.push(" (Esc to interrupt)".dark_gray());
            }
            TurnPhase::Interrupting { .. } => spans.push("interrupting…".yellow()),
        },
    }
    if !state.prompts.is_empty() {
        spans.push(sep());
        spans.push("approval needed".black().on_yellow());
    }
    if let Some(thread) = &state.thread {
        spans.push(sep());
        // What the next turn uses: `/model` may have changed it.
        let model = crate::app::turn_settings::model(state).unwrap_or_default();
        spans.push(sanitize_line(&model).magenta());
        spans.push(sep());
        spans.push(sanitize_line(&short_path(&thread.cwd, state.config.home.as_deref())).into());
    }
    if !state.config.backend_label.is_empty() {
        spans.push(sep());
        spans.push(state.config.backend_label.clone().dark_gray());
    }
    if let Some(usage) = &state.usage {
        let used = usage.last.total_tokens;
        spans.push(sep());
        let percent = usage
            .model_context_window
            .and_then(|window| numbers::percent(used, window));
        let text = match percent {
            Some(p) => format!("ctx {} ({p}%)", numbers::tokens(used)),
            None => format!("ctx {}", numbers::tokens(used)),
        };
        spans.push(text.fg(Color::Gray));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

/// `path` with the home folder shown as `~`.
pub(super) fn short_path(path: &str, home: Option<&str>) -> String {
    match home.and_then(|home| path.strip_prefix(home)) {
        Some(rest) if rest.is_empty() || rest.starts_with('/') => format!("~{rest}"),
        _ => path.to_string(),
    }
}
