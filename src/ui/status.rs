//! The status line: model, cwd, what the turn is doing, context used.

use crate::app::{AppState, Lifecycle, TurnPhase};
use crate::render::numbers;
use crate::text::sanitize::sanitize_line;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;
use std::time::Instant;

pub fn draw(frame: &mut Frame<'_>, area: Rect, state: &AppState, now: Instant) {
    let palette = state.session.config.theme.palette();
    let mut spans: Vec<Span<'static>> = Vec::new();
    let sep = || Span::styled(" · ", palette.dim);
    match &state.session.lifecycle {
        Lifecycle::Connecting { .. } | Lifecycle::Restarting { .. } => {
            spans.push(Span::styled("connecting to codex…", palette.warning))
        }
        // Connected, but no thread yet: the picker is up, or one is being opened.
        Lifecycle::Picking => spans.push(Span::styled("choose a thread", palette.accent)),
        Lifecycle::Opening(_) => spans.push(Span::styled("opening a thread…", palette.warning)),
        Lifecycle::Failed(_) => spans.push(Span::styled("disconnected", palette.error.bold())),
        Lifecycle::Ready => match &state.session.shown.turn {
            TurnPhase::Idle => spans.push(Span::styled("ready", palette.success)),
            TurnPhase::Starting { since } | TurnPhase::Running { since, .. } => {
                let secs = now.saturating_duration_since(*since).as_secs();
                spans.push(Span::styled(
                    format!("● working {secs}s"),
                    palette.working.bold(),
                ));
                // With vim keys Esc is vim's (to normal mode): Ctrl+C interrupts.
                let how = if state.session.composer.vim.is_some() {
                    " (Ctrl+C to interrupt)"
                } else {
                    " (Esc to interrupt)"
                };
                spans.push(Span::styled(how, palette.dim));
            }
            TurnPhase::Interrupting { .. } => {
                spans.push(Span::styled("interrupting…", palette.warning))
            }
        },
    }
    if !state.session.questions.is_empty() {
        spans.push(sep());
        spans.push(Span::styled("approval needed", palette.attention));
    }
    if let Some(thread) = &state.session.shown.thread {
        spans.push(sep());
        // What the next turn uses: `/model` may have changed it.
        let model = crate::app::session::turn_settings::model(&state.session).unwrap_or_default();
        spans.push(Span::styled(sanitize_line(&model), palette.identity));
        spans.push(sep());
        spans.push(
            sanitize_line(&short_path(
                &thread.cwd,
                state.session.config.home.as_deref(),
            ))
            .into(),
        );
    }
    if let Some(remote) = &state.session.config.connected_to {
        spans.push(sep());
        spans.push(Span::styled(
            format!("⇄ {}", sanitize_line(remote)),
            palette.accent,
        ));
    }
    if !state.session.config.backend_label.is_empty() {
        spans.push(sep());
        spans.push(Span::styled(
            state.session.config.backend_label.clone(),
            palette.dim,
        ));
    }
    if let Some(usage) = &state.session.shown.usage {
        let used = usage.last.total_tokens;
        spans.push(sep());
        let percent = usage
            .model_context_window
            .and_then(|window| numbers::percent(used, window));
        let text = match percent {
            Some(p) => format!("ctx {} ({p}%)", numbers::tokens(used)),
            None => format!("ctx {}", numbers::tokens(used)),
        };
        spans.push(Span::styled(text, palette.status_bar));
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
