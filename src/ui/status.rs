//! The status line: model, cwd, what the turn is doing, context used — each part whole or not
//! at all on a narrow screen (`fit_line`).

use super::fit_line::{fit, Part};
use crate::app::{AppState, Lifecycle, TurnPhase};
use crate::config::StatusItem;
use crate::render::numbers;
use crate::text::sanitize::sanitize_line;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Span;
use ratatui::widgets::Paragraph;
use ratatui::Frame;
use std::time::Instant;

/// How long each part of the line stays when the row is too narrow (`fit_line`): what the turn
/// is doing and a question waiting go last, the hint to interrupt first.
mod keep {
    pub(super) const STATE: u8 = 9;
    pub(super) const QUESTION: u8 = 8;
    pub(super) const WATCHING: u8 = 8;
    pub(super) const PLAN_MODE: u8 = 7;
    pub(super) const GOAL: u8 = 7;
    pub(super) const MODEL: u8 = 6;
    pub(super) const CONTEXT: u8 = 5;
    pub(super) const CWD: u8 = 4;
    pub(super) const REMOTE: u8 = 3;
    pub(super) const BACKEND: u8 = 2;
    // The thread's name is the first to go: the line says it only when there is room.
    pub(super) const TITLE: u8 = 0;
    pub(super) const INTERRUPT_HINT: u8 = 1;
}

/// Whether the person's `status_line` (`/statusline`) has the line show `item`.
fn shows(state: &AppState, item: StatusItem) -> bool {
    (state.session.config.status_line.as_ref()).is_none_or(|items| items.contains(&item))
}

pub(super) fn draw(frame: &mut Frame<'_>, area: Rect, state: &AppState, now: Instant) {
    let palette = state.session.config.theme.palette();
    let mut parts: Vec<Part> = Vec::new();
    let status = |text: &str, style| Part::text(keep::STATE, text, style);
    // Whose transcript this is, when it is a sub-agent's (the composer's border has the way
    // back).
    if let Some(agent) = crate::session::agent_switch::watching(&state.session) {
        let name = clip(&sanitize_line(&agent.name()), 24);
        parts.push(Part::text(
            keep::WATCHING,
            format!("agent {name}"),
            palette.accent.bold(),
        ));
    }
    match &state.session.lifecycle {
        // A dropped link dialled again by itself: said first, whatever the stage.
        _ if state.session.reconnect.is_some() => {
            if let Some(reconnect) = &state.session.reconnect {
                parts.push(status(&reconnect.bar(), palette.warning.bold()));
            }
        }
        Lifecycle::Connecting { .. } | Lifecycle::Restarting { .. } => {
            parts.push(status("connecting to codex…", palette.warning))
        }
        // Connected, but no thread yet: the picker is up, or one is being opened.
        Lifecycle::Trusting(_) => parts.push(status("trust this folder?", palette.accent)),
        Lifecycle::Picking => parts.push(status("choose a thread", palette.accent)),
        Lifecycle::Opening(_) => parts.push(status("opening a thread…", palette.warning)),
        Lifecycle::Failed(_) => parts.push(status("disconnected", palette.error.bold())),
        Lifecycle::Ready => match &state.session.shown.turn {
            TurnPhase::Idle if crate::session::gate::needs_sign_in(&state.session) => {
                let refused = state.session.account.refused.is_some();
                parts.push(status(
                    if refused {
                        "sign-in refused (/login)"
                    } else {
                        "not signed in (/login)"
                    },
                    palette.warning,
                ))
            }
            TurnPhase::Idle => parts.push(status("ready", palette.success)),
            TurnPhase::Starting { since } | TurnPhase::Running { since, .. } => {
                // Screen-reader mode: a static status, read again only when its words change
                // (a count of seconds would be a new status every second).
                let text = if state.session.config.screen_reader {
                    "working".to_string()
                } else {
                    let secs = now.saturating_duration_since(*since).as_secs();
                    format!("● working {secs}s")
                };
                parts.push(status(&text, palette.working.bold()));
                // With vim keys Esc is vim's (to normal mode): Ctrl+C interrupts.
                let how = if state.session.composer.vim.is_some() {
                    " (Ctrl+C to interrupt)"
                } else {
                    " (Esc to interrupt)"
                };
                parts.push(Part::text(keep::INTERRUPT_HINT, how, palette.dim).joined());
            }
            TurnPhase::Interrupting { .. } => parts.push(status("interrupting…", palette.warning)),
        },
    }
    if let Some(front) = state.session.questions.front() {
        // tern's own question (the plan chooser) approves nothing.
        let what = if front.question.is_local() {
            "plan ready"
        } else {
            "approval needed"
        };
        parts.push(Part::text(keep::QUESTION, what, palette.attention));
    }
    // Questions waiting off screen (parked, or asked by a thread not shown): the inbox.
    let parked = state.session.questions.parked().count();
    if parked > 0 {
        parts.push(Part::text(
            keep::QUESTION,
            format!("waiting: {parked}"),
            palette.attention,
        ));
    }
    if let Some(thread) = &state.session.shown.thread {
        // What the next turn uses: `/model` may have changed it.
        let model = crate::session::turn_settings::model(&state.session).unwrap_or_default();
        let mut model = vec![Span::styled(sanitize_line(&model), palette.identity)];
        // The next turn's reasoning effort (Alt+, / Alt+. change it).
        if let Some(effort) = crate::session::turn_settings::effort(&state.session) {
            model.push(Span::styled(
                format!(" {}", sanitize_line(&effort)),
                palette.identity,
            ));
        }
        if shows(state, StatusItem::Model) {
            parts.push(Part::new(keep::MODEL, model));
        }
        if crate::session::plan_mode::in_plan_mode(&state.session) {
            parts.push(Part::text(
                keep::PLAN_MODE,
                "Plan mode (Shift+Tab)",
                palette.accent.bold(),
            ));
        }
        if let Some(goal) =
            (state.session.shown.goal.as_ref()).filter(|_| shows(state, StatusItem::Goal))
        {
            let words = crate::session::goal::status_words(&goal.status);
            parts.push(Part::text(
                keep::GOAL,
                format!("goal {}", sanitize_line(words)),
                palette.accent,
            ));
        }
        let cwd = short_path(&thread.cwd, state.session.config.home.as_deref());
        let mut part = Part::text(keep::CWD, sanitize_line(&cwd), Style::default());
        if let Some(last) = last_folder(&cwd) {
            part = part.short(vec![Span::raw(format!("…/{}", sanitize_line(last)))]);
        }
        if shows(state, StatusItem::Folder) {
            parts.push(part);
        }
        let name = state.session.titles.name_of(&thread.id);
        if let Some(name) = name.filter(|_| shows(state, StatusItem::Thread)) {
            parts.push(Part::text(
                keep::TITLE,
                clip(&sanitize_line(name), 40),
                palette.accent,
            ));
        }
    }
    let connection = shows(state, StatusItem::Connection);
    if let Some(remote) = (state.session.config.connected_to.as_ref()).filter(|_| connection) {
        parts.push(Part::text(
            keep::REMOTE,
            format!("⇄ {}", sanitize_line(remote)),
            palette.accent,
        ));
    }
    if connection && !state.session.config.backend_label.is_empty() {
        parts.push(Part::text(
            keep::BACKEND,
            state.session.config.backend_label.clone(),
            palette.dim,
        ));
    }
    if !shows(state, StatusItem::Context) {
        // The person left the context out (`/statusline`).
    } else if state.session.shown.context_compacted {
        parts.push(Part::text(
            keep::CONTEXT,
            "ctx compacted".to_string(),
            palette.status_bar,
        ));
    } else if let Some(usage) = &state.session.shown.usage {
        let used = usage.last.total_tokens;
        let percent = usage
            .model_context_window
            .and_then(|window| numbers::percent(used, window));
        let text = match percent {
            Some(p) => format!("ctx {} ({p}%)", numbers::tokens(used)),
            None => format!("ctx {}", numbers::tokens(used)),
        };
        parts.push(Part::text(keep::CONTEXT, text, palette.status_bar));
    }
    let separator = Span::styled(" · ", palette.dim);
    let line = fit(parts, usize::from(area.width), separator);
    frame.render_widget(Paragraph::new(line), area);
}

/// At most `max` characters, an ellipsis marking a cut.
fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(max - 1).collect();
    cut.push('…');
    cut
}

/// A path's last folder, when there is more before it (`~/src/tern` → `tern`).
fn last_folder(path: &str) -> Option<&str> {
    let trimmed = path.trim_end_matches('/');
    let (before, last) = trimmed.rsplit_once('/')?;
    (!before.is_empty() && !last.is_empty() && before != "~").then_some(last)
}

/// `path` with the home folder shown as `~`.
pub(super) fn short_path(path: &str, home: Option<&str>) -> String {
    match home.and_then(|home| path.strip_prefix(home)) {
        Some(rest) if rest.is_empty() || rest.starts_with('/') => format!("~{rest}"),
        _ => path.to_string(),
    }
}
