//! `/agents` (`/subagents`): this thread's sub-agents — the ones tern saw spawned and the ones
//! `thread/list` knows (by `sourceKinds: ["subAgentThreadSpawn"]` and `ancestorThreadId`,
//! archived too) — each with its task, model, state, running time, tokens and last line. The
//! list shows the session's agent registry, which the answers fill, so it stays live while
//! open.

use super::{Ctx, Layer, LayerView, Outcome};
use crate::app::event::LayerEvent;
use crate::app::layer_types::{Hint, Input, Placement};
use crate::app::session::{agent_switch, agents};
use crate::app::state::Session;
use crate::model::NoticeLevel;
use crossterm::event::{KeyCode, KeyModifiers};
use std::time::Instant;

/// Rows a page key moves by.
const PAGE: usize = 5;

#[derive(Debug, Clone, PartialEq)]
pub struct AgentsList {
    /// Index into the registry's agents, in the order they appeared.
    pub selected: usize,
    /// `thread/list` answers still awaited.
    pub waiting: usize,
    /// Why the server could not list them (the agents tern saw are listed anyway).
    pub error: Option<String>,
}

/// Opens the list and asks the server for the agents tern did not see spawned.
pub fn open(state: &mut Session) -> Outcome {
    if state.thread_id().is_none() {
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            "No thread yet: agents belong to a thread.",
        );
        return Outcome::Consumed(vec![]);
    }
    let effects = agents::list(state);
    // The newest agent first in view: the one most likely wanted.
    let list = AgentsList {
        selected: state.agents.len().saturating_sub(1),
        waiting: effects.len(),
        error: None,
    };
    Outcome::Open(Layer::Agents(list), effects)
}

impl LayerView for AgentsList {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Consumed(vec![]);
        };
        if key.modifiers.contains(KeyModifiers::CONTROL) {
            return Outcome::Ignored;
        }
        let last = cx.agents.len().saturating_sub(1);
        match key.code {
            KeyCode::Esc | KeyCode::Char('q') => return Outcome::Close(vec![]),
            KeyCode::Up => self.selected = self.selected.saturating_sub(1),
            KeyCode::Down => self.selected = (self.selected + 1).min(last),
            KeyCode::PageUp => self.selected = self.selected.saturating_sub(PAGE),
            KeyCode::PageDown => self.selected = (self.selected + PAGE).min(last),
            KeyCode::Home => self.selected = 0,
            KeyCode::End => self.selected = last,
            KeyCode::Enter => {
                let Some(agent) = cx.agents.iter().nth(self.selected) else {
                    return Outcome::Consumed(vec![]);
                };
                let id = agent.thread_id.clone();
                return Outcome::Close(agent_switch::enter(cx, &id));
            }
            KeyCode::Char('m') => {
                let Some(main) = cx.agents.root().map(str::to_string) else {
                    return Outcome::Consumed(vec![]);
                };
                return Outcome::Close(agent_switch::enter(cx, &main));
            }
            KeyCode::Char('r') if self.waiting == 0 => {
                let effects = agents::list(cx);
                self.waiting = effects.len();
                return Outcome::Consumed(effects);
            }
            _ => {}
        }
        Outcome::Consumed(vec![])
    }

    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        match event {
            LayerEvent::AgentsListed { error } => {
                self.waiting = self.waiting.saturating_sub(1);
                if error.is_some() {
                    self.error.clone_from(error);
                }
                self.selected = self.selected.min(cx.agents.len().saturating_sub(1));
                Outcome::Consumed(vec![])
            }
            _ => Outcome::Ignored,
        }
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Agents"
    }

    fn hints(&self, session: &Session, _now: Instant) -> Vec<Hint> {
        let mut hints = Vec::new();
        if session.agents.len() > 1 {
            hints.push(Hint::new("↑/↓", "select"));
        }
        if !session.agents.is_empty() {
            hints.push(Hint::new("Enter", "watch"));
        }
        if agent_switch::watching(session).is_some() {
            hints.push(Hint::new("m", "main thread"));
        }
        hints.push(Hint::new("r", "refresh"));
        hints.push(Hint::new("Esc", "close"));
        hints
    }
}
