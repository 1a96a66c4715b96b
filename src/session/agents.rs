//! Keeping the main thread's sub-agents up to date: the collab items of the main thread (and of
//! its agents, which may spawn their own) link and describe them, their own threads' events
//! (which reach tern unasked, with no `thread/started`) say where they stand, `thread/read`
//! names them, `thread/list` finds the ones spawned before tern looked. Their cells follow:
//! names replace ids, a spawn shows its agent's state and answer. All of it works the same
//! whichever of these threads is on screen (the others' models are kept aside by
//! `server_events`), so a person who entered an agent still sees the others move.
//!
//! The family is re-rooted when the person opens a thread that is not one of its own
//! ([`adopted`]); threads outside it are none of this module's business.

use crate::model::agents::{bounded, push_live, AgentState, CellAt, Naming, MAX_AGENTS};
use crate::model::{CellKind, NoticeLevel};
use crate::protocol::{
    CollabAgentTool, CollabCallStatus, ServerNotification as N, SubAgentActivityKind, Thread,
    ThreadItem, ThreadListParams, ThreadListResponse, ThreadReadParams, ThreadReadResponse,
    ThreadStatus, Turn, TurnStatus, SOURCE_SUB_AGENT_SPAWN,
};
use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::reply::Answer;
use crate::session::request::ClientRequest;
use crate::session::state::Session;
use crate::text::sanitize::sanitize_line;
use std::time::Instant;

/// A collab or sub-agent item of thread `thread_id` (already in its transcript): when that
/// thread is the main one or one of its agents, links the agents the item names, notes what it
/// says of them, asks their names, fills its cell.
pub(crate) fn on_parent_item(
    state: &mut Session,
    thread_id: &str,
    turn_id: &str,
    item: &ThreadItem,
    completed: bool,
    now: Instant,
) -> Vec<Effect> {
    let Some(item_id) = item.id() else {
        return vec![];
    };
    if !state.agents.in_family(thread_id) {
        return vec![];
    }
    let named: Vec<String> = match item {
        ThreadItem::CollabAgentToolCall {
            tool,
            status,
            receiver_thread_ids,
            prompt,
            model,
            reasoning_effort,
            agents_states,
            ..
        } => {
            let done = completed && *status == CollabCallStatus::Completed;
            // More agents than are kept cannot all be followed anyway.
            let receivers = &receiver_thread_ids[..receiver_thread_ids.len().min(MAX_AGENTS)];
            for id in receivers {
                let fresh = !state.agents.contains(id);
                let agent = state.agents.link(id, now);
                match tool {
                    CollabAgentTool::SpawnAgent if fresh => {
                        agent.task = prompt.as_deref().map(bounded);
                        agent.model = model.clone().filter(|m| !m.is_empty());
                        agent.effort = reasoning_effort.clone();
                    }
                    CollabAgentTool::CloseAgent if done => {
                        agent.set_state(AgentState::Shutdown, now)
                    }
                    CollabAgentTool::ResumeAgent if done => {
                        agent.set_state(AgentState::PendingInit, now)
                    }
                    _ => {}
                }
            }
            // A wait's states are the agents' results; the other tools report the state
            // before they acted, which the agents' own events have already told.
            if *tool == CollabAgentTool::Wait && completed {
                for (id, reported) in agents_states {
                    if let (Some(agent), Some(st)) = (
                        state.agents.get_mut(id),
                        AgentState::from_collab(reported.status),
                    ) {
                        agent.set_state(st, now);
                        if let Some(message) = &reported.message {
                            agent.result = Some(bounded(message));
                        }
                    }
                }
            }
            receivers.to_vec()
        }
        ThreadItem::SubAgentActivity {
            kind,
            agent_thread_id,
            agent_path,
            model,
            reasoning_effort,
            ..
        } => {
            let agent = state.agents.link(agent_thread_id, now);
            if !agent_path.is_empty() {
                agent.path = Some(bounded(agent_path));
            }
            if let Some(model) = model.clone().filter(|m| !m.is_empty()) {
                agent.model = Some(model);
            }
            if reasoning_effort.is_some() {
                agent.effort = reasoning_effort.clone();
            }
            // The agent's own turns say when it runs: a message may start none.
            match kind {
                SubAgentActivityKind::Started | SubAgentActivityKind::Interacted => {}
                SubAgentActivityKind::Interrupted => agent.set_state(AgentState::Interrupted, now),
                SubAgentActivityKind::Completed => agent.set_state(AgentState::Completed, now),
                SubAgentActivityKind::Other => {}
            }
            vec![agent_thread_id.clone()]
        }
        _ => return vec![],
    };
    let at = CellAt {
        thread_id: thread_id.to_string(),
        turn_id: turn_id.to_string(),
        item_id: item_id.to_string(),
    };
    let mut effects = Vec::new();
    for id in &named {
        if let Some(agent) = state.agents.get_mut(id) {
            agent.shown_in(at.clone());
            effects.extend(ask_name(state, id));
        }
    }
    fill_cell(state, &at);
    for id in &named {
        refresh_cells(state, id);
    }
    effects
}

/// Older turns put into thread `thread_id`'s transcript (a resumed thread's history,
/// `itemsView: "full"`): the agents their collab items name are linked and named like live
/// ones (when the thread is the main one or one of its agents). What the items do not
/// say of one (a spawn with no wait after it) is not guessed as running: it counts as shut
/// down (an old thread's children are unloaded) until `thread/read` says where it stands.
pub(crate) fn on_history(
    state: &mut Session,
    thread_id: &str,
    turns: &[Turn],
    now: Instant,
) -> Vec<Effect> {
    let mut effects = Vec::new();
    if !state.agents.in_family(thread_id) {
        return effects;
    }
    for turn in turns {
        for item in turn.items.iter().filter(|i| is_agent_item(i)) {
            let fresh: Vec<String> = named_in(item)
                .into_iter()
                .filter(|id| !state.agents.contains(id))
                .collect();
            effects.extend(on_parent_item(state, thread_id, &turn.id, item, true, now));
            for id in &fresh {
                if let Some(agent) = state.agents.get_mut(id) {
                    agent.historical = true;
                    if agent.state == AgentState::PendingInit {
                        agent.set_state(AgentState::Shutdown, now);
                    }
                }
                refresh_cells(state, id);
            }
        }
    }
    effects
}

/// The agents an item names.
fn named_in(item: &ThreadItem) -> Vec<String> {
    match item {
        ThreadItem::CollabAgentToolCall {
            receiver_thread_ids,
            ..
        } => receiver_thread_ids
            .iter()
            .take(MAX_AGENTS)
            .cloned()
            .collect(),
        ThreadItem::SubAgentActivity {
            agent_thread_id, ..
        } => vec![agent_thread_id.clone()],
        _ => vec![],
    }
}

/// `thread/read` of an agent not named yet.
fn ask_name(state: &mut Session, thread_id: &str) -> Option<Effect> {
    let agent = state.agents.get_mut(thread_id)?;
    if agent.naming != Naming::NotAsked {
        return None;
    }
    agent.naming = Naming::Asked;
    Some(Effect::Request(ClientRequest::ReadAgent(
        ThreadReadParams {
            thread_id: thread_id.to_string(),
            include_turns: false,
        },
    )))
}

/// An event of thread `thread_id` (shown or not): when it is one of the agents, what it says of
/// where the agent stands; a turn whose `rootTurnId` is a turn of the main thread (or of one of
/// its agents) makes its thread an agent. Events of any other thread change nothing here.
pub(crate) fn on_thread_event(
    state: &mut Session,
    thread_id: &str,
    n: &N,
    now: Instant,
) -> Vec<Effect> {
    let mut effects = Vec::new();
    if state.agents.root() == Some(thread_id) {
        return effects;
    }
    if !state.agents.contains(thread_id) {
        // A child's turns carry the parent turn that started them.
        let N::TurnStarted(t) = n else {
            return effects;
        };
        let Some(root) = t.turn.root_turn_id.as_deref().filter(|r| *r != t.turn.id) else {
            return effects;
        };
        if !family_turn(state, root) {
            return effects;
        }
        state.agents.link(thread_id, now);
        effects.extend(ask_name(state, thread_id));
    }
    // What only the `/agents` list shows changes through `live_mut`, which the strip's
    // revision does not count: a child's deltas ask for no frame (`session::unseen`).
    match n {
        N::AgentMessageDelta(d) => {
            if let Some(live) = state.agents.live_mut(thread_id) {
                push_live(live.live_tail, &d.delta);
            }
            return effects;
        }
        N::TokenUsageUpdated(u) => {
            if let Some(live) = state.agents.live_mut(thread_id) {
                *live.tokens = Some(u.token_usage.total.total_tokens);
            }
            return effects;
        }
        N::TurnStarted(_)
        | N::TurnCompleted(_)
        | N::ItemCompleted(_)
        | N::ThreadStatusChanged(_) => {}
        _ => return effects,
    }
    if let N::ItemCompleted(i) = n {
        if !matches!(i.item, ThreadItem::AgentMessage { .. }) {
            return effects;
        }
    }
    let Some(agent) = state.agents.get_mut(thread_id) else {
        return effects;
    };
    let before = (agent.state, agent.result.clone());
    match n {
        N::TurnStarted(_) => {
            agent.set_state(AgentState::Running, now);
            agent.live_tail.clear();
        }
        N::TurnCompleted(t) => {
            let st = match t.turn.status {
                TurnStatus::Completed => AgentState::Completed,
                TurnStatus::Interrupted => AgentState::Interrupted,
                TurnStatus::Failed => {
                    if let Some(e) = &t.turn.error {
                        agent.result = Some(bounded(&e.message));
                    }
                    AgentState::Errored
                }
                TurnStatus::InProgress => AgentState::Running,
            };
            agent.set_state(st, now);
        }
        N::ItemCompleted(i) => {
            if let ThreadItem::AgentMessage { text, .. } = &i.item {
                agent.result = Some(bounded(text));
                agent.live_tail.clear();
            }
        }
        N::ThreadStatusChanged(s) => match s.status {
            ThreadStatus::NotLoaded => agent.set_state(AgentState::Shutdown, now),
            ThreadStatus::SystemError => agent.set_state(AgentState::Errored, now),
            _ => {}
        },
        _ => {}
    }
    if (agent.state, agent.result.clone()) != before {
        refresh_cells(state, thread_id);
    }
    effects
}

/// Whether `turn_id` is a turn (running or ended) of the main thread or of one of its agents.
fn family_turn(state: &Session, turn_id: &str) -> bool {
    state.agents.order().into_iter().any(|thread| {
        state.model(thread).is_some_and(|m| {
            m.active_turn_id() == Some(turn_id) || m.finished_turns.contains(turn_id)
        })
    })
}

/// A thread the person opened is on screen: entering one of the family's threads keeps the
/// family; any other thread roots a new one. Its inline turns (a server that ignored
/// `excludeTurns`) link their agents as history does.
pub(crate) fn adopted(
    state: &mut Session,
    thread_id: &str,
    turns: &[Turn],
    now: Instant,
) -> Vec<Effect> {
    if !state.agents.in_family(thread_id) {
        state.agents.rooted_at(thread_id);
    }
    // The first time in: how to get around (the status line and the composer say whose
    // thread this is afterwards).
    let first_time = state.shown.thread.is_none();
    if let (Some(agent), true) = (state.agents.get(thread_id), first_time) {
        let text = format!(
            "You are watching sub-agent {}: its own thread, followed live. Alt+←/→ (empty \
             composer) or /agents move between the main thread and its agents.",
            sanitize_line(&agent.name())
        );
        state.shown.transcript.notice(NoticeLevel::Info, text);
    }
    on_history(state, thread_id, turns, now)
}

/// Puts what is known of each agent a cell names into it.
fn fill_cell(state: &mut Session, at: &CellAt) {
    let Session {
        shown,
        threads,
        agents,
        ..
    } = state;
    let model = if shown.id.as_deref() == Some(at.thread_id.as_str()) {
        Some(shown)
    } else {
        threads.get_mut(&at.thread_id)
    };
    let Some(cell) = model.and_then(|m| m.transcript.cell_for_item(&at.turn_id, &at.item_id))
    else {
        return;
    };
    let CellKind::AgentCall(call) = cell.kind_mut() else {
        return;
    };
    let follows = call.follows_agents();
    for line in &mut call.agents {
        let Some(agent) = agents.get(&line.thread_id) else {
            continue;
        };
        line.name = Some(agent.name());
        line.role = agent.role.clone();
        if follows {
            line.state = Some(agent.state);
            line.message = match agent.state {
                AgentState::Completed | AgentState::Errored => agent.result.clone(),
                _ => None,
            };
        }
    }
}

/// Brings every cell that shows the agent up to date.
pub(crate) fn refresh_cells(state: &mut Session, thread_id: &str) {
    let cells = match state.agents.get(thread_id) {
        Some(agent) => agent.cells.clone(),
        None => return,
    };
    for at in &cells {
        fill_cell(state, at);
    }
}

/// `/agents`: asks for the main thread's sub-agents, live and archived (the list shows the
/// registry, which the answers fill).
pub(crate) fn list(state: &Session) -> Vec<Effect> {
    let Some(thread_id) = state.agents.root().or(state.thread_id()) else {
        return vec![];
    };
    [false, true]
        .into_iter()
        .map(|archived| {
            Effect::Request(ClientRequest::ListAgents(ThreadListParams {
                source_kinds: Some(vec![SOURCE_SUB_AGENT_SPAWN.to_string()]),
                ancestor_thread_id: Some(thread_id.to_string()),
                archived: Some(archived),
                limit: Some(100),
                ..ThreadListParams::default()
            }))
        })
        .collect()
}

/// `thread/read` answered: the agent's name, role, task and whether it takes direct turns.
pub(crate) fn read_answered(
    state: &mut Session,
    thread_id: &str,
    answer: Answer<Box<ThreadReadResponse>>,
    now: Instant,
) -> Vec<Effect> {
    match answer {
        // Only an answer about the thread asked for is taken.
        Ok(read) if read.thread.id == thread_id => {
            learn(state, &read.thread, now);
            refresh_cells(state, thread_id);
        }
        other => {
            match other {
                Ok(_) => tracing::info!(thread = thread_id, "thread/read named another thread"),
                Err(e) => tracing::info!(thread = thread_id, "thread/read failed: {e}"),
            }
            // Not asked again: the agent keeps the name it has.
            if let Some(agent) = state.agents.get_mut(thread_id) {
                agent.naming = Naming::Known;
            }
        }
    }
    vec![]
}

/// A `thread/list` of this thread's descendants answered: each is linked (the list asked by
/// ancestor, so it is ours) and named; the list on screen hears of it.
pub(crate) fn list_answered(
    state: &mut Session,
    answer: Answer<ThreadListResponse>,
    now: Instant,
) -> Vec<Effect> {
    let error = match answer {
        Ok(list) => {
            for thread in &list.data {
                learn_listed(state, thread, now);
            }
            None
        }
        Err(e) => Some(e.to_string()),
    };
    state.layer_events.push(LayerEvent::AgentsListed { error });
    vec![]
}

/// What `thread/read` says of an agent it knows: its name, role, task and whether it takes
/// turns directly.
fn learn(state: &mut Session, thread: &Thread, now: Instant) {
    let Some(agent) = state.agents.get_mut(&thread.id) else {
        return;
    };
    agent.naming = Naming::Known;
    if let Some(nick) = &thread.agent_nickname {
        agent.nickname = Some(bounded(nick));
    }
    if let Some(role) = &thread.agent_role {
        agent.role = Some(bounded(role));
    }
    agent.direct_input = thread.can_accept_direct_input;
    // Seen only in history: its thread's status is all there is to go by.
    if agent.historical {
        let st = match thread.status {
            Some(ThreadStatus::Active { .. }) => Some(AgentState::Running),
            Some(ThreadStatus::Idle) => Some(AgentState::Completed),
            Some(ThreadStatus::SystemError) => Some(AgentState::Errored),
            _ => None,
        };
        if let Some(st) = st {
            agent.set_state(st, now);
        }
    }
    if agent.task.is_none() && !thread.preview.is_empty() {
        agent.task = Some(bounded(&thread.preview));
    }
    if agent.model.is_none() {
        agent.model = thread.model.clone().map(|m| bounded(&m));
    }
    if agent.effort.is_none() {
        agent.effort = thread.reasoning_effort.clone();
    }
}

/// A listed descendant: linked (the list asked by ancestor, so it is ours), named, and its
/// state guessed from the thread's status when tern saw nothing of it.
fn learn_listed(state: &mut Session, thread: &Thread, now: Instant) {
    let fresh = !state.agents.contains(&thread.id);
    let agent = state.agents.link(&thread.id, now);
    if fresh {
        let st = match thread.status {
            Some(ThreadStatus::Active { .. }) => AgentState::Running,
            Some(ThreadStatus::SystemError) => AgentState::Errored,
            Some(ThreadStatus::NotLoaded) => AgentState::Shutdown,
            _ => AgentState::Completed,
        };
        agent.set_state(st, now);
    }
    learn(state, thread, now);
    refresh_cells(state, &thread.id);
}

/// Whether the item is one of this module's.
pub(crate) fn is_agent_item(item: &ThreadItem) -> bool {
    matches!(
        item,
        ThreadItem::CollabAgentToolCall { .. } | ThreadItem::SubAgentActivity { .. }
    )
}
