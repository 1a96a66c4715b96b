//! The agents strip: one row above the composer while sub-agents work, naming each with its
//! state and running time — the persistent indicator of what runs beside the conversation.
//! Working agents come first; what does not fit is counted. Names come from the model:
//! sanitised.

use crate::app::Session;
use crate::model::agents::Agent;
use crate::render::agent_cells::{elapsed, state_mark};
use crate::render::wrap::width_of;
use crate::text::sanitize::sanitize_line;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};
use ratatui::Frame;
use std::time::Instant;

/// The most columns one agent's name takes.
const NAME_MAX: usize = 20;

pub(super) fn draw(frame: &mut Frame<'_>, area: Rect, state: &Session, now: Instant) {
    if area.height == 0 {
        return;
    }
    frame.render_widget(Clear, area);
    frame.render_widget(
        Paragraph::new(strip_line(state, area.width as usize, now)),
        area,
    );
}

/// The strip for a row `width` columns wide.
pub(super) fn strip_line(state: &Session, width: usize, now: Instant) -> Line<'static> {
    let palette = state.config.theme.palette();
    let mut agents: Vec<&Agent> = state.agents.iter().filter(|a| a.state.is_live()).collect();
    agents.extend(state.agents.iter().filter(|a| !a.state.is_live()));
    let watched = crate::session::agent_switch::watching(state).map(|a| a.thread_id.as_str());
    let (lead, hint) = match watched {
        // Watching one: the way back comes first.
        Some(_) => (
            vec![
                Span::styled(" agents ", palette.badge),
                Span::raw(" "),
                Span::styled("◂ main", palette.dim),
                Span::styled(waiting_for_main(state), palette.warning),
                Span::raw("  "),
            ],
            Span::styled("  Alt+←/→ · /agents", palette.dim),
        ),
        None => (
            vec![Span::styled(" agents ", palette.badge), Span::raw(" ")],
            Span::styled("  /agents", palette.dim),
        ),
    };
    let mut spans = lead;
    let mut shown = 0;
    for agent in &agents {
        let (glyph, style) = state_mark(agent.state, palette);
        let name: String = sanitize_line(&agent.name())
            .chars()
            .take(NAME_MAX)
            .collect();
        // The one on screen stands out.
        let look = if watched == Some(agent.thread_id.as_str()) {
            palette.accent.bold().reversed()
        } else {
            palette.accent
        };
        let mut piece = vec![
            Span::styled(format!("{glyph} "), style),
            Span::styled(name, look),
        ];
        // Screen-reader mode: no running time, which would change the line every second.
        if agent.state.is_live() && !state.config.screen_reader {
            piece.push(Span::styled(
                format!(" {}", elapsed(agent.elapsed(now))),
                palette.dim,
            ));
        }
        piece.push(Span::raw("  "));
        let left = agents.len() - shown - 1;
        let reserve = if left > 0 { 12 } else { 0 } + hint.width();
        if width_of(&spans) + width_of(&piece) + reserve > width {
            break;
        }
        spans.extend(piece);
        shown += 1;
    }
    if shown < agents.len() {
        spans.push(Span::styled(
            format!("+{} more", agents.len() - shown),
            palette.dim,
        ));
    }
    if width_of(&spans) + hint.width() <= width {
        spans.push(hint);
    }
    Line::from(spans)
}

/// The person's messages waiting for the main thread while an agent is watched (they go out
/// there on return), said beside the way back.
fn waiting_for_main(state: &Session) -> String {
    let waiting = state
        .agents
        .root()
        .and_then(|root| state.threads.get(root))
        .map_or(0, |main| main.outbox.queued.len());
    match waiting {
        0 => String::new(),
        1 => " (1 message waits)".into(),
        n => format!(" ({n} messages wait)"),
    }
}
