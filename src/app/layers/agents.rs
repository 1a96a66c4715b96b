//! `/agents` (`/subagents`): this thread's sub-agents — the ones tern saw spawned and the ones
//! `thread/list` knows (by `sourceKinds: ["subAgentThreadSpawn"]` and `ancestorThreadId`,
//! archived too) — each with its task, model, state, running time, tokens and last line. The
//! list shows the session's agent registry, which the answers fill, so it stays live while
//! open.

use super::{Ctx, Layer, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, Fate, KeyList, KeyRow, KeyTable, Rest};
use crate::model::NoticeLevel;
use crate::session::event::LayerEvent;
use crate::session::state::Session;
use crate::session::{agent_switch, agents};

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
    /// `v` asked for this agent's thread in copy mode: it opens once the thread is shown.
    copy_wanted: Option<String>,
}

/// Opens the list and asks the server for the agents tern did not see spawned.
pub(crate) fn open(state: &mut Session) -> Outcome {
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
        copy_wanted: None,
    };
    Outcome::Open(Layer::Agents(list), effects)
}

/// What the list's keys read: the list and the session's agents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct AgentsKeyState {
    /// Agents to pick from.
    pub any: bool,
    /// More than one (the selection moves).
    pub many: bool,
    /// The person is watching one of them (the main thread is a key away).
    pub watching: bool,
    /// No `thread/list` answer is awaited (a refresh may go out).
    pub idle: bool,
}

impl AgentsKeyState {
    fn of(list: &AgentsList, session: &Session) -> Self {
        AgentsKeyState {
            any: !session.agents.is_empty(),
            many: session.agents.len() > 1,
            watching: agent_switch::watching(session).is_some(),
            idle: list.waiting == 0,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AgentsKey {
    Watch,
    Main,
    Up,
    Down,
    PageUp,
    PageDown,
    First,
    Last,
    Refresh,
    CopyMode,
    Close,
}

pub(crate) static KEYS: KeyTable<AgentsKeyState, AgentsKey> = KeyTable::new(
    "agents",
    "Agents",
    &[
        list_rows::up_k(AgentsKey::Up, "select")
            .when("more than one agent", |s: &AgentsKeyState| s.many),
        list_rows::down_j(AgentsKey::Down, "select")
            .when("more than one agent", |s: &AgentsKeyState| s.many),
        KeyRow::new("watch", &[Chord::ENTER], AgentsKey::Watch, "watch")
            .explained("show the selected agent's own thread, live")
            .when("an agent is listed", |s: &AgentsKeyState| s.any),
        KeyRow::new(
            "copy_mode",
            &[Chord::ch('v')],
            AgentsKey::CopyMode,
            "copy mode",
        )
        .explained("show the selected agent's thread in copy mode, on its last cell")
        .when("an agent is listed", |s: &AgentsKeyState| s.any)
        .help(),
        KeyRow::new("main", &[Chord::ch('m')], AgentsKey::Main, "main thread")
            .explained("back to the main thread")
            .when("an agent is on screen", |s: &AgentsKeyState| s.watching),
        KeyRow::new("refresh", &[Chord::ch('r')], AgentsKey::Refresh, "refresh")
            .explained("ask codex for the thread's agents again")
            .when("no answer is awaited", |s: &AgentsKeyState| s.idle),
        list_rows::close_q(AgentsKey::Close, "close"),
        list_rows::page_up(AgentsKey::PageUp, "a page up/down")
            .when("more than one agent", |s: &AgentsKeyState| s.many)
            .help(),
        list_rows::page_down(AgentsKey::PageDown, "a page up/down")
            .when("more than one agent", |s: &AgentsKeyState| s.many)
            .help(),
        list_rows::first(AgentsKey::First, "first/last")
            .when("more than one agent", |s: &AgentsKeyState| s.many),
        list_rows::last(AgentsKey::Last, "first/last")
            .when("more than one agent", |s: &AgentsKeyState| s.many),
    ],
    // Keys with Ctrl or Alt reach the conversation (Ctrl+O, the Ctrl+C ladder).
    Rest {
        chars: Fate::Swallow,
        modified: Fate::Pass,
        other: Fate::Swallow,
    },
);

/// Copy mode over the thread shown, in the list's place (the list just closes when the
/// thread has no cell yet).
fn copy_mode(cx: &mut Ctx<'_>) -> Outcome {
    let area = cx.areas.transcript;
    match super::selected::open(cx.session_mut(), area) {
        Outcome::Open(layer, effects) => Outcome::Replace(layer, effects),
        _ => Outcome::Close(vec![]),
    }
}

impl LayerView for AgentsList {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Consumed(vec![]);
        };
        let facts = AgentsKeyState::of(self, cx);
        Outcome::of_key(KEYS.resolve(key, &facts, &cx.config.keymap), |action| {
            let last = cx.agents.len().saturating_sub(1);
            match action {
                AgentsKey::Close => return Outcome::Close(vec![]),
                AgentsKey::Up => self.selected = self.selected.saturating_sub(1),
                AgentsKey::Down => self.selected = (self.selected + 1).min(last),
                AgentsKey::PageUp => self.selected = self.selected.saturating_sub(PAGE),
                AgentsKey::PageDown => self.selected = (self.selected + PAGE).min(last),
                AgentsKey::First => self.selected = 0,
                AgentsKey::Last => self.selected = last,
                AgentsKey::Watch => {
                    let Some(agent) = cx.agents.iter().nth(self.selected) else {
                        return Outcome::Consumed(vec![]);
                    };
                    let id = agent.thread_id.clone();
                    return Outcome::Close(agent_switch::enter(cx.session_mut(), &id));
                }
                AgentsKey::Main => {
                    let Some(main) = cx.agents.root().map(str::to_string) else {
                        return Outcome::Consumed(vec![]);
                    };
                    return Outcome::Close(agent_switch::enter(cx.session_mut(), &main));
                }
                AgentsKey::CopyMode => {
                    let Some(agent) = cx.agents.iter().nth(self.selected) else {
                        return Outcome::Consumed(vec![]);
                    };
                    let id = agent.thread_id.clone();
                    if cx.thread_id() == Some(id.as_str()) {
                        return copy_mode(cx);
                    }
                    // Copy mode opens over its thread once shown (`on_event`); the list stays
                    // till then.
                    self.copy_wanted = Some(id.clone());
                    return Outcome::Consumed(agent_switch::enter(cx.session_mut(), &id));
                }
                AgentsKey::Refresh => {
                    let effects = agents::list(cx);
                    self.waiting = effects.len();
                    return Outcome::Consumed(effects);
                }
            }
            Outcome::Consumed(vec![])
        })
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
            LayerEvent::ThreadOpened
                if self.copy_wanted.is_some() && self.copy_wanted.as_deref() == cx.thread_id() =>
            {
                copy_mode(cx)
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

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(&AgentsKeyState::of(self, cx), &cx.config.keymap)
    }
}
