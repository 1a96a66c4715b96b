//! Lays out sub-agent cells ("Spawned Carson", "Finished waiting") and the marks every agent
//! view shares (a state's glyph and colour, an agent's name with its role). Every name, task and
//! message comes from the server or the model and goes through the sanitiser.

use super::wrap::wrap_spans;
use crate::model::agent_call::{AgentAction, AgentCall, AgentLine, CallProgress};
use crate::model::agents::{first_line, short_id, AgentState};
use crate::text::sanitize::sanitize_line;
use crate::theme::Palette;
use ratatui::style::{Style, Stylize};
use ratatui::text::{Line, Span};

/// A state's glyph and colour.
pub(crate) fn state_mark(state: AgentState, palette: &Palette) -> (&'static str, Style) {
    match state {
        AgentState::PendingInit => ("◌", palette.dim),
        AgentState::Running => ("●", palette.working),
        AgentState::Completed => ("✓", palette.success),
        AgentState::Errored => ("✗", palette.error),
        AgentState::Interrupted => ("⏸", palette.warning),
        AgentState::Shutdown => ("■", palette.dim),
        AgentState::NotFound => ("?", palette.warning),
    }
}

/// "Carson [explorer]": the name in the accent colour, the role after it.
pub(crate) fn name_spans(name: &str, role: Option<&str>, palette: &Palette) -> Vec<Span<'static>> {
    let mut spans = vec![Span::styled(sanitize_line(name), palette.accent.bold())];
    if let Some(role) = role.filter(|r| !r.is_empty()) {
        spans.push(Span::styled(
            format!(" [{}]", sanitize_line(role)),
            palette.dim,
        ));
    }
    spans
}

fn line_name(line: &AgentLine) -> String {
    line.name
        .clone()
        .unwrap_or_else(|| short_id(&line.thread_id))
}

/// "Carson, Bohr and 3 more", each name coloured.
fn names(agents: &[AgentLine], palette: &Palette) -> Vec<Span<'static>> {
    const SHOWN: usize = 4;
    let mut spans = Vec::new();
    for (i, agent) in agents.iter().take(SHOWN).enumerate() {
        if i > 0 {
            spans.push(Span::raw(", "));
        }
        spans.extend(name_spans(
            &line_name(agent),
            agent.role.as_deref(),
            palette,
        ));
    }
    if agents.len() > SHOWN {
        spans.push(Span::raw(format!(" and {} more", agents.len() - SHOWN)));
    }
    spans
}

/// "(mock-model medium)".
fn model_spans(call: &AgentCall) -> Option<Span<'static>> {
    let parts: Vec<String> = [call.model.as_deref(), call.effort.as_deref()]
        .into_iter()
        .flatten()
        .filter(|p| !p.is_empty())
        .map(sanitize_line)
        .collect();
    (!parts.is_empty()).then(|| format!(" ({})", parts.join(" ")).dim())
}

/// A state and its message: "✓ completed: the answer is 42".
pub(crate) fn state_spans(
    state: AgentState,
    message: Option<&str>,
    palette: &Palette,
) -> Vec<Span<'static>> {
    let (glyph, style) = state_mark(state, palette);
    let mut spans = vec![Span::styled(format!("{glyph} {}", state.label()), style)];
    if let Some(message) = message.and_then(first_line) {
        spans.push(Span::raw(": "));
        spans.push(Span::raw(sanitize_line(message)));
    }
    spans
}

pub(crate) fn agent_call_lines(
    call: &AgentCall,
    width: usize,
    palette: &Palette,
) -> Vec<Line<'static>> {
    let bullet = Span::styled("• ", palette.agent);
    let running = call.progress == CallProgress::Running;
    let failed = matches!(
        call.progress,
        CallProgress::Failed | CallProgress::Interrupted
    );
    let cut_short = call.progress == CallProgress::Interrupted;
    let mut title: Vec<Span<'static>> = vec![bullet];
    let verb = |done: &'static str, doing: &'static str| {
        Span::from(if running { doing } else { done }).bold()
    };
    let mut body: Vec<Vec<Span<'static>>> = Vec::new();
    let task = call
        .prompt
        .as_deref()
        .and_then(first_line)
        .map(sanitize_line);
    match call.action {
        AgentAction::Spawn if cut_short => {
            title.push(Span::styled(
                "Agent spawn did not complete",
                palette.warning.bold(),
            ));
        }
        AgentAction::Spawn if failed => {
            title.push(Span::styled("Agent spawn failed", palette.error.bold()));
        }
        AgentAction::Spawn if call.agents.is_empty() => {
            title.push(verb("Spawned an agent", "Spawning an agent"));
        }
        AgentAction::Spawn => {
            title.push(verb("Spawned ", "Spawning "));
            title.extend(names(&call.agents, palette));
        }
        AgentAction::Wait if running => {
            title.push("Waiting for ".bold());
            if call.agents.is_empty() {
                title.push("agents".bold());
            } else {
                title.extend(names(&call.agents, palette));
            }
        }
        AgentAction::Wait => {
            title.push("Finished waiting".bold());
            if call.agents.is_empty() && !call.v2 {
                body.push(vec!["No agents completed yet".dim()]);
            }
            for agent in &call.agents {
                let mut spans = name_spans(&line_name(agent), agent.role.as_deref(), palette);
                spans.push(Span::raw(" "));
                match agent.state {
                    Some(state) => {
                        spans.extend(state_spans(state, agent.message.as_deref(), palette))
                    }
                    None => spans.push("no result".dim()),
                }
                body.push(spans);
            }
        }
        AgentAction::SendInput => {
            title.push(verb("Sent input to ", "Sending input to "));
            title.extend(names(&call.agents, palette));
        }
        AgentAction::Resume => {
            title.push(verb("Resumed ", "Resuming "));
            title.extend(names(&call.agents, palette));
        }
        AgentAction::Close => {
            title.push(verb("Closed ", "Closing "));
            title.extend(names(&call.agents, palette));
        }
        AgentAction::Interrupt => {
            title.push(verb("Interrupted ", "Interrupting "));
            title.extend(names(&call.agents, palette));
        }
        AgentAction::Finished => {
            title.extend(names(&call.agents, palette));
            title.push(" finished".bold());
        }
        AgentAction::List => title.push(verb("Listed the agents", "Listing the agents")),
        AgentAction::Other => title.push(verb("Agent tool call", "Agent tool call")),
    }
    if call.action == AgentAction::Spawn {
        title.extend(model_spans(call));
    }
    if cut_short && call.action != AgentAction::Spawn {
        title.push(Span::styled(" (stopped)", palette.warning));
    } else if failed && call.action != AgentAction::Spawn {
        title.push(Span::styled(" (failed)", palette.error));
    }
    if let Some(task) = task {
        body.insert(0, vec![Span::styled(task, palette.dim)]);
    }
    // A spawn follows its agent: where it stands now, and its answer once it has one.
    if call.follows_agents() && !failed {
        for agent in &call.agents {
            if let Some(state) = agent.state {
                body.push(state_spans(state, agent.message.as_deref(), palette));
            }
        }
    }
    let mut lines = wrap_spans(&title, width, &[], &[Span::raw("  ")]);
    for (i, spans) in body.iter().enumerate() {
        let lead = if i == 0 { "  └ " } else { "    " };
        lines.extend(wrap_spans(
            spans,
            width,
            &[Span::styled(lead, palette.dim)],
            &[Span::raw("    ")],
        ));
    }
    lines
}

/// A running time: "12s", "3m05s", "2h04m".
pub(crate) fn elapsed(d: std::time::Duration) -> String {
    let s = d.as_secs();
    match s {
        0..=59 => format!("{s}s"),
        60..=3599 => format!("{}m{:02}s", s / 60, s % 60),
        _ => format!("{}h{:02}m", s / 3600, (s / 60) % 60),
    }
}
