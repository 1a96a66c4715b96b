//! The `/agents` list: each sub-agent with its state and running time, model and tokens, its
//! task and its last line. Names, tasks and answers come from the model: sanitised.

use super::chrome::{draw_popup, popup_box, row_style, title};
use crate::app::geometry::popup;
use crate::app::layers::AgentsList;
use crate::app::Session;
use crate::model::agents::Agent;
use crate::render::agent_cells::{elapsed, name_spans, state_mark};
use crate::render::fit::{follow, window};
use crate::render::numbers::tokens as compact;
use crate::render::wrap::wrap_spans;
use crate::text::sanitize::sanitize_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Padding, Paragraph};
use ratatui::Frame;
use std::time::Instant;

/// The widest the box gets.
const MAX_WIDTH: u16 = 110;

pub(super) fn draw(
    frame: &mut Frame<'_>,
    within: Rect,
    list: &AgentsList,
    state: &Session,
    now: Instant,
) {
    let palette = state.config.theme.palette();
    // Laid out for the box it will get (borders and padding take four columns), then sized.
    let width = MAX_WIDTH.min(within.width).saturating_sub(4).max(10) as usize;
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mut selected_rows = 0..0;
    for (i, agent) in state.agents.iter().enumerate() {
        let start = lines.len();
        let watched = state.thread_id() == Some(agent.thread_id.as_str());
        lines.extend(agent_lines(
            agent,
            i == list.selected,
            watched,
            width,
            now,
            palette,
        ));
        if i == list.selected {
            selected_rows = start..lines.len();
        }
    }
    if state.agents.is_empty() {
        let text = if list.waiting > 0 {
            "Asking codex for this thread's agents…"
        } else {
            "No sub-agents in this thread yet. The model spawns them when asked to, for \
             example \"use two agents to review and test this\"."
        };
        lines.extend(wrap_spans(
            &[Span::styled(text, palette.dim)],
            width,
            &[],
            &[],
        ));
    }
    if let Some(error) = &list.error {
        let text = format!(
            "codex could not list earlier agents: {}",
            sanitize_line(error)
        );
        lines.extend(wrap_spans(
            &[Span::styled(text, palette.error)],
            width,
            &[],
            &[],
        ));
    }
    let rows = u16::try_from(lines.len()).unwrap_or(u16::MAX);
    let area = popup(within, MAX_WIDTH, rows.saturating_add(2));
    let border = palette.border_focused;
    let live = state.agents.live();
    let mut heading = vec![title(format!(" Agents ({}) ", state.agents.len()), border)];
    if live > 0 {
        heading.push(Span::styled(format!("· {live} running "), palette.working));
    }
    let block = popup_box(Line::from(heading), border).padding(Padding::horizontal(1));
    let inner = draw_popup(frame, area, block);
    // Keep the selected agent in view.
    let height = inner.height as usize;
    // Keep the selected agent in view: rows from the window, never a u16 scroll offset.
    let offset = follow(selected_rows.end.saturating_sub(1), height);
    let shown: Vec<Line<'static>> = window(&lines, offset, height).to_vec();
    frame.render_widget(Paragraph::new(shown), inner);
}

/// An agent's rows: name, state and facts; its task; its last line.
fn agent_lines(
    agent: &Agent,
    selected: bool,
    watched: bool,
    width: usize,
    now: Instant,
    palette: &Palette,
) -> Vec<Line<'static>> {
    let (glyph, style) = state_mark(agent.state, palette);
    let mut head = vec![
        Span::raw(if selected { "▸ " } else { "  " }),
        Span::styled(format!("{glyph} "), style),
    ];
    head.extend(name_spans(&agent.name(), agent.role.as_deref(), palette));
    head.push(Span::styled(
        format!("  {} {}", agent.state.label(), elapsed(agent.elapsed(now))),
        style,
    ));
    if watched {
        head.push(Span::styled(" · on screen", palette.accent));
    }
    let mut facts: Vec<String> = [agent.model.as_deref(), agent.effort.as_deref()]
        .into_iter()
        .flatten()
        .filter(|s| !s.is_empty())
        .map(sanitize_line)
        .collect();
    if let Some(tokens) = agent.tokens {
        facts.push(format!("{} tokens", compact(tokens)));
    }
    if !facts.is_empty() {
        head.push(Span::styled(
            format!(" · {}", facts.join(" · ")),
            palette.dim,
        ));
    }
    let indent = [Span::raw("    ")];
    let mut lines = wrap_spans(&head, width, &[], &indent);
    // The task and the last line take a row each, cut at the edge.
    if let Some(task) = agent.task_line() {
        lines.push(Line::from(vec![
            Span::raw("    "),
            Span::styled(sanitize_line(task), palette.dim),
        ]));
    }
    if let Some(last) = agent.last_line() {
        lines.push(Line::from(vec![
            Span::raw("    ⤷ "),
            Span::raw(sanitize_line(last)),
        ]));
    }
    if selected {
        // One even highlight: the spans' own colours would clash with it.
        let style = row_style(true, palette);
        for span in lines.iter_mut().flat_map(|l| l.spans.iter_mut()) {
            span.style = style;
        }
    }
    lines
}

impl super::draw::Draw for crate::app::layers::AgentsList {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.main, self, cx.session, cx.now);
    }
}
