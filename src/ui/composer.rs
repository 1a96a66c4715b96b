//! The composer box: the draft soft-wrapped (`render::editor_layout`), scrolled so the cursor's
//! row shows, control characters as visible markers; the cursor is a reversed cell. With vim
//! keys on, the mode is on the box's top edge.

use super::chrome::rounded_box;
use crate::app::{Lifecycle, Session};
use crate::controls::composer::{placeholder, whole_parts};
use crate::model::agents::Agent;
use crate::session::quit_ladder;
use crate::text::sanitize::sanitize_line;
use ratatui::layout::{Position, Rect};
use ratatui::style::{Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;
use std::time::Instant;

pub(super) fn draw(frame: &mut Frame<'_>, area: Rect, state: &Session, now: Instant) {
    let palette = state.config.theme.palette();
    // Queued messages are listed above the box (`ui::queued`), so it has no title.
    let shell = crate::session::shell::command_of(&state.composer.text()).is_some();
    let plan = crate::session::plan_mode::in_plan_mode(state);
    let border = match state.lifecycle {
        Lifecycle::Failed(_) => palette.error,
        // A `!` line runs in the person's shell, outside the sandbox: the box says so.
        _ if shell => palette.warning,
        _ if plan => palette.accent,
        _ => palette.border,
    };
    let mut block = rounded_box(border);
    // Vim's mode (and the command being typed) on the border, where the eye is.
    if let Some(vim) = &state.composer.vim {
        let style = match vim.mode {
            crate::controls::composer::vim::Mode::Normal => palette.badge,
            crate::controls::composer::vim::Mode::Insert => palette.accent,
            crate::controls::composer::vim::Mode::Replace => palette.warning,
        };
        let label = Span::styled(format!(" {} ", vim.status()), style);
        block = block.title_top(Line::from(label).right_aligned());
    }
    let watching = crate::session::agent_switch::watching(state);
    if shell {
        block = block.title(Span::styled(
            " ! shell command · runs unsandboxed, with full access ",
            palette.warning.bold(),
        ));
    } else if let Some(agent) = watching {
        // Whose thread the messages go to, and the way back.
        block = block.title(Line::from(vec![
            Span::styled(" sub-agent ", palette.dim),
            Span::styled(short_name(&agent.name()), palette.accent.bold()),
            Span::styled(" · Alt+← main thread ", palette.dim),
        ]));
    } else if plan {
        // The mode shows where the person types: what they send is for planning.
        block = block.title(Span::styled(" Plan mode ", palette.accent.bold()));
    }
    let mut inner = block.inner(area);
    frame.render_widget(block, area);
    if inner.is_empty() {
        return;
    }
    let composer = &state.composer;
    // The attached images, as chips on the first row (names are the person's files: sanitised).
    if composer.chip_rows() > 0 && inner.height > 1 {
        let mut spans = Vec::new();
        for chip in composer.chips() {
            spans.push(Span::styled(
                crate::text::sanitize::sanitize_line(&chip),
                palette.accent,
            ));
            spans.push(Span::raw(" "));
        }
        let chips = Rect { height: 1, ..inner };
        frame.render_widget(Paragraph::new(Line::from(spans)), chips);
        inner.y += 1;
        inner.height -= 1;
    }
    let cursor = if composer.is_empty() {
        // After the cursor's cell, as tui-textarea drew it.
        let after_cursor = Rect {
            x: inner.x + 1,
            width: inner.width - 1,
            ..inner
        };
        let hint = if quit_ladder::armed(state, now) {
            Line::from(Span::styled(
                quit_ladder::armed_words(state),
                palette.warning,
            ))
        } else if crate::session::rewind::armed(state, now) {
            Line::from(Span::styled(
                "Esc again to rewind to an earlier message",
                palette.warning,
            ))
        } else {
            let width = usize::from(after_cursor.width);
            match watching {
                // The side pane is open: Enter asks the side conversation.
                _ if state.side.active() => Line::from(
                    crate::controls::composer::whole_parts(
                        "Ask the side conversation · Enter sends there · Esc closes the pane",
                        width,
                    )
                    .dim(),
                ),
                Some(agent) => Line::from(agent_placeholder(state, agent, width).dim()),
                None => Line::from(placeholder(state.turn_active(), width).dim()),
            }
        };
        frame.render_widget(Paragraph::new(hint), after_cursor);
        (0, 0)
    } else {
        let layout = composer.layout(inner.width);
        let height = usize::from(inner.height);
        let top = composer.top(&layout, height);
        let lines: Vec<Line<'_>> = layout.rows[top..]
            .iter()
            .take(height)
            .map(|row| Line::raw(row.text.as_str()))
            .collect();
        frame.render_widget(Paragraph::new(lines), inner);
        (layout.cursor.0 - top, layout.cursor.1)
    };
    let position = Position::new(
        inner.x
            + u16::try_from(cursor.1)
                .unwrap_or(u16::MAX)
                .min(inner.width - 1),
        inner.y
            + u16::try_from(cursor.0)
                .unwrap_or(u16::MAX)
                .min(inner.height - 1),
    );
    if let Some(cell) = frame.buffer_mut().cell_mut(position) {
        cell.set_style(Style::new().reversed());
    }
}

/// A hostile nickname cut to a title's share of the border.
fn short_name(name: &str) -> String {
    const MAX: usize = 24;
    let clean = sanitize_line(name);
    if clean.chars().count() <= MAX {
        return clean;
    }
    let mut cut: String = clean.chars().take(MAX - 1).collect();
    cut.push('…');
    cut
}

/// The placeholder while a sub-agent is watched: whether a message reaches it.
fn agent_placeholder(state: &Session, agent: &Agent, width: usize) -> String {
    let name = short_name(&agent.name());
    let full = if crate::session::agent_switch::takes_messages(state) {
        format!("Message {name} directly (a turn of its own) · /agents lists the others")
    } else {
        format!("{name} takes no direct messages · Alt+← back to the main thread")
    };
    whole_parts(&full, width)
}
