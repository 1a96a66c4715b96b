//! Sub-agents as pure transitions: recorded v1 and v2 conversations of the real codex replayed
//! into `update` — the parent's collab items become agent cells naming each agent, the children's
//! own events (which arrive unasked, with no `thread/started`) update the agents and never reach
//! the visible transcript, names come from `thread/read`, `/agents` asks `thread/list` by source
//! and ancestor, and a child's approval says whose it is.

use crate::support::agent_fixtures::*;
use crate::support::common::*;
use serde_json::json;
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, RequestTag};
use tern::model::agent_call::{AgentAction, CallProgress};
use tern::model::agents::AgentState;
use tern::model::CellKind;

/// Every cell's text at 100 columns, for assertions on what is shown.
fn transcript_text(state: &mut AppState, now: Instant) -> String {
    screen(state, 100, 200, now)
}

fn agent_calls(state: &AppState) -> Vec<tern::model::agent_call::AgentCall> {
    state
        .transcript()
        .cells()
        .iter()
        .filter_map(|c| match c.kind() {
            CellKind::AgentCall(call) => Some(call.clone()),
            _ => None,
        })
        .collect()
}

fn reads(effects: &[tern::app::Effect]) -> Vec<String> {
    effects
        .iter()
        .filter_map(request_json)
        .filter(|(method, _)| *method == "thread/read")
        .map(|(_, params)| params["threadId"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn a_recorded_v1_turn_shows_agent_cells_and_keeps_the_children_apart() {
    let now = Instant::now();
    let mut state = parent_state(PARENT, now);
    let mut events = server_messages(V1);
    // The recording goes on after the parent's turn (a direct turn to KID2): kept for later.
    let turn_end = events
        .iter()
        .position(|e| {
            matches!(e, AppEvent::Notification(tern::protocol::ServerNotification::TurnCompleted(t)) if t.thread_id == PARENT)
        })
        .unwrap();
    let after: Vec<AppEvent> = events.split_off(turn_end + 1);
    let effects = play(&mut state, events, now);

    // Each child is named once, by `thread/read`, exactly as the schema spells it.
    assert_eq!(reads(&effects), [KID1, KID2]);
    let read = effects.iter().find_map(request_json).unwrap();
    assert_eq!(read, ("thread/read", json!({"threadId": KID1})));

    // The children's own messages, commands and prompts are not the parent's transcript.
    let shown = transcript_text(&mut state, now);
    for theirs in [
        "KID1 result",
        "KID2 did more work",
        "hi-from-kid1",
        "direct turn for kid2",
    ] {
        let in_cells = state.transcript().cells().iter().any(|c| {
            matches!(c.kind(), CellKind::Agent { markdown, .. } if markdown.as_str().contains(theirs))
                || matches!(c.kind(), CellKind::Command(cmd) if cmd.command.contains(theirs))
                || matches!(c.kind(), CellKind::User { text } if text.contains(theirs))
        });
        assert!(!in_cells, "{theirs} leaked into the parent's transcript");
    }
    assert!(
        shown.contains("PARENT-DONE: both agents reported."),
        "{shown}"
    );

    let calls = agent_calls(&state);
    let actions: Vec<AgentAction> = calls.iter().map(|c| c.action).collect();
    use AgentAction::*;
    assert_eq!(
        actions,
        [Spawn, Spawn, Spawn, Wait, SendInput, Wait, Close, Resume, Close]
    );
    // The third spawn was refused (bad effort) and never completed: the turn's end says so.
    assert_eq!(calls[2].progress, CallProgress::Interrupted);
    assert!(calls[2].agents.is_empty());
    // The first wait reports KID2's answer.
    let wait = &calls[3];
    assert_eq!(wait.agents.len(), 1);
    assert_eq!(wait.agents[0].thread_id, KID2);
    assert_eq!(wait.agents[0].state, Some(AgentState::Completed));
    assert_eq!(wait.agents[0].message.as_deref(), Some("KID2 result: 42."));

    // The children's events built their own records.
    let kid1 = state.agent(KID1).expect("kid1 known");
    assert_eq!(kid1.state, AgentState::Completed);
    assert_eq!(
        kid1.result.as_deref(),
        Some("KID1 result: the command said hi.")
    );
    assert_eq!(
        kid1.task.as_deref(),
        Some("child task tag=kid1 (run a command)")
    );
    assert_eq!(kid1.model.as_deref(), Some("mock-model"));
    assert_eq!(kid1.effort.as_deref(), Some("medium"));
    let kid2 = state.agent(KID2).expect("kid2 known");
    assert_eq!(kid2.state, AgentState::Shutdown, "closed by its parent");

    // The spawn cell follows its agent to the end: KID1's answer is in it.
    assert_eq!(calls[0].agents[0].state, Some(AgentState::Completed));
    assert!(
        shown.contains("KID1 result: the command said hi."),
        "{shown}"
    );

    // A turn sent to KID2 directly (by another client here) wakes it again; its answer is
    // its own.
    play(&mut state, after, now);
    let kid2 = state.agent(KID2).unwrap();
    assert_eq!(kid2.state, AgentState::Completed);
    assert_eq!(
        kid2.result.as_deref(),
        Some("KID2 answers the direct turn.")
    );
    let leaked = state.transcript().cells().iter().any(|c| {
        matches!(c.kind(), CellKind::Agent { markdown, .. } if markdown.as_str().contains("direct turn"))
    });
    assert!(!leaked);
    // Its spawn cell follows it there.
    assert!(transcript_text(&mut state, now).contains("✓ completed: KID2 answers the direct turn."));
}

#[test]
fn names_from_thread_read_replace_ids_in_every_cell() {
    let now = Instant::now();
    let mut state = parent_state(PARENT, now);
    play(&mut state, server_messages(V1), now);
    let before = transcript_text(&mut state, now);
    assert!(before.contains("Spawned …1b3eeede"), "{before}");
    update(&mut state, read_answer(V1, KID1), now);
    update(&mut state, read_answer(V1, KID2), now);
    let nick1 = state.agents().get(KID1).unwrap().nickname.clone().unwrap();
    let nick2 = state.agents().get(KID2).unwrap().nickname.clone().unwrap();
    let after = transcript_text(&mut state, now);
    assert!(after.contains(&format!("Spawned {nick1}")), "{after}");
    assert!(after.contains(&format!("Sent input to {nick2}")), "{after}");
    assert!(after.contains(&format!("Closed {nick2}")), "{after}");
    assert!(
        after.contains(&format!("{nick2} ✓ completed: KID2 result: 42.")),
        "{after}"
    );
    assert!(!after.contains("Spawned …1b3eeede"), "{after}");
}

#[test]
fn a_recorded_v2_turn_names_the_agent_by_task_and_follows_it() {
    let now = Instant::now();
    let mut state = parent_state(V2_PARENT, now);
    let effects = play(&mut state, server_messages(V2), now);
    assert_eq!(reads(&effects), [V2_KID]);
    let agent = state
        .agents()
        .get(V2_KID)
        .expect("linked by subAgentActivity");
    assert_eq!(agent.path.as_deref(), Some("/root/kid_task"));
    assert_eq!(agent.name(), "kid_task");
    assert_eq!(
        agent.state,
        AgentState::Interrupted,
        "the last activity interrupted it"
    );
    assert_eq!(agent.result.as_deref(), Some("V2KID followup done."));
    let shown = transcript_text(&mut state, now);
    assert!(shown.contains("Spawned kid_task"), "{shown}");
    assert!(shown.contains("kid_task finished"), "{shown}");
    assert!(
        !shown.contains("V2KID result: 7."),
        "the child's answer stays its own: {shown}"
    );
    update(&mut state, read_answer(V2, V2_KID), now);
    let agent = state.agent(V2_KID).unwrap();
    assert_eq!(
        agent.direct_input,
        Some(false),
        "v2 agents take no direct turns"
    );
}

#[test]
fn events_of_unknown_threads_never_reach_the_transcript_or_the_agents_and_stay_bounded() {
    let now = Instant::now();
    let mut state = running_state(now);
    let cells = state.transcript().len();
    for n in 0..1000 {
        let thread = format!("stranger-{n}");
        for event in [
            notify(
                "thread/status/changed",
                json!({"threadId": thread, "status": {"type": "idle"}}),
            ),
            notify(
                "turn/started",
                json!({"threadId": thread, "turn": {"id": format!("t{n}"), "rootTurnId": "elsewhere", "items": [], "status": "inProgress"}}),
            ),
            notify(
                "item/started",
                json!({"threadId": thread, "turnId": format!("t{n}"), "item": {"type": "agentMessage", "id": "m", "text": ""}}),
            ),
            notify(
                "item/agentMessage/delta",
                json!({"threadId": thread, "turnId": format!("t{n}"), "itemId": "m", "delta": "\u{1b}]0;pwned\u{7}leak"}),
            ),
        ] {
            assert!(wire(update(&mut state, event, now)).is_empty());
        }
    }
    // Their words never reach the transcript on screen; the only line there is the one
    // counted notice that older threads' models were let go (each stays bounded).
    let added: Vec<String> = state.transcript().cells()[cells..]
        .iter()
        .map(|c| format!("{:?}", c.kind()))
        .collect();
    assert!(added.len() <= 1, "{added:?}");
    assert!(
        added
            .iter()
            .all(|c| !c.contains("leak") && c.contains("let go")),
        "{added:?}"
    );
    assert!(state.kept_threads().len() <= tern::session::state::threads::KEPT_THREADS);
    assert!(state.agents().is_empty());
    assert_eq!(
        state.active_turn_id(),
        Some("turn-1"),
        "our turn is untouched"
    );
}

#[test]
fn a_child_turn_rooted_in_our_turn_is_an_agent_even_before_its_spawn_completes() {
    let now = Instant::now();
    let mut state = running_state(now);
    let effects = wire(update(
        &mut state,
        notify(
            "turn/started",
            json!({"threadId": "kid", "turn": {"id": "kt", "rootTurnId": "turn-1", "items": [], "status": "inProgress"}}),
        ),
        now,
    ));
    assert_eq!(reads(&effects), ["kid"]);
    assert_eq!(
        state.agent("kid").map(|a| a.state),
        Some(AgentState::Running)
    );
    update(
        &mut state,
        notify(
            "item/agentMessage/delta",
            json!({"threadId": "kid", "turnId": "kt", "itemId": "m", "delta": "working on it\nstill"}),
        ),
        now,
    );
    assert_eq!(state.agent("kid").unwrap().last_line(), Some("still"));
}

#[test]
fn a_child_streaming_forever_keeps_a_bounded_record() {
    let now = Instant::now();
    let mut state = running_state(now);
    update(
        &mut state,
        notify(
            "turn/started",
            json!({"threadId": "kid", "turn": {"id": "kt", "rootTurnId": "turn-1", "items": [], "status": "inProgress"}}),
        ),
        now,
    );
    let delta = "x".repeat(997) + "\n";
    for _ in 0..5_000 {
        update(
            &mut state,
            notify(
                "item/agentMessage/delta",
                json!({"threadId": "kid", "turnId": "kt", "itemId": "m", "delta": delta}),
            ),
            now,
        );
    }
    let agent = state.agent("kid").unwrap();
    assert!(agent.live_tail.len() <= 2 * tern::model::agents::TEXT_MAX);
    assert_eq!(state.transcript().len(), 1, "only the person's prompt");
}

#[test]
fn agents_beyond_the_bound_push_out_the_oldest_finished_ones() {
    let now = Instant::now();
    let mut state = running_state(now);
    let max = tern::model::agents::MAX_AGENTS;
    for n in 0..max + 50 {
        let kid = format!("kid-{n}");
        update(
            &mut state,
            notify(
                "turn/started",
                json!({"threadId": kid, "turn": {"id": format!("k{n}"), "rootTurnId": "turn-1", "items": [], "status": "inProgress"}}),
            ),
            now,
        );
        if n >= 10 {
            update(
                &mut state,
                notify(
                    "turn/completed",
                    json!({"threadId": kid, "turn": {"id": format!("k{n}"), "rootTurnId": "turn-1", "items": [], "status": "completed"}}),
                ),
                now,
            );
        }
    }
    let agents = state.agents();
    assert_eq!(agents.len(), max);
    // The ten still running are kept; finished ones went first.
    for n in 0..10 {
        assert!(
            agents.contains(&format!("kid-{n}")),
            "running kid-{n} dropped"
        );
    }
    assert!(agents.contains(&format!("kid-{}", max + 49)));
}

#[test]
fn slash_agents_asks_for_live_and_archived_descendants() {
    let now = Instant::now();
    let mut state = parent_state(PARENT, now);
    type_text(&mut state, "/agents", now);
    let effects = wire(update(
        &mut state,
        key(crossterm::event::KeyCode::Enter),
        now,
    ));
    let sent: Vec<_> = effects.iter().filter_map(request_json).collect();
    assert_eq!(
        sent,
        [
            (
                "thread/list",
                json!({"sourceKinds": ["subAgentThreadSpawn"], "ancestorThreadId": PARENT,
                       "archived": false, "limit": 100})
            ),
            (
                "thread/list",
                json!({"sourceKinds": ["subAgentThreadSpawn"], "ancestorThreadId": PARENT,
                       "archived": true, "limit": 100})
            ),
        ]
    );
    // The recorded answer links the agent the list names, with its nickname.
    let listed = recorded_result(
        V1,
        "thread/list",
        &json!({"sourceKinds": ["subAgentThreadSpawn"], "ancestorThreadId": PARENT,
                "useStateDbOnly": true, "archived": false}),
    );
    update(
        &mut state,
        reply(RequestTag::ListAgents { archived: false }, Ok(listed)),
        now,
    );
    let kid2 = state.agent(KID2).expect("listed agent linked");
    assert!(kid2.nickname.is_some());
    assert_eq!(kid2.state, AgentState::Shutdown, "not loaded any more");
    // `/subagents` is the same list.
    update(&mut state, key(crossterm::event::KeyCode::Esc), now);
    type_text(&mut state, "/subagents", now);
    let effects = wire(update(
        &mut state,
        key(crossterm::event::KeyCode::Enter),
        now,
    ));
    assert_eq!(effects.iter().filter_map(request_json).count(), 2);
}

#[test]
fn a_childs_approval_names_the_agent_and_its_task() {
    let now = Instant::now();
    let mut state = running_state(now);
    update(
        &mut state,
        notify(
            "turn/started",
            json!({"threadId": "kid", "turn": {"id": "kt", "rootTurnId": "turn-1", "items": [], "status": "inProgress"}}),
        ),
        now,
    );
    update(
        &mut state,
        named(
            "kid",
            "Bohr",
            Some("explorer"),
            "count the files\nthen report",
        ),
        now,
    );
    update(
        &mut state,
        server_request(
            7,
            "item/commandExecution/requestApproval",
            json!({"threadId": "kid", "turnId": "kt", "itemId": "c", "command": "ls", "cwd": "/w",
                   "availableDecisions": ["accept", "cancel"]}),
        ),
        now,
    );
    let shown = screen(&mut state, 100, 30, read(now));
    assert!(
        shown.contains("From agent Bohr [explorer] — count the files"),
        "{shown}"
    );
}

#[test]
fn a_collab_item_naming_ten_thousand_agents_stays_bounded() {
    let now = Instant::now();
    let mut state = running_state(now);
    let ids: Vec<String> = (0..10_000).map(|n| format!("kid-{n}")).collect();
    let states: serde_json::Map<String, serde_json::Value> = ids
        .iter()
        .map(|id| {
            (
                id.clone(),
                json!({"status": "completed", "message": "x".repeat(1_000)}),
            )
        })
        .collect();
    let effects = wire(update(
        &mut state,
        notify(
            "item/completed",
            json!({"threadId": THREAD, "turnId": "turn-1", "item": {
                "type": "collabAgentToolCall", "id": "c", "tool": "spawnAgent", "status": "completed",
                "senderThreadId": THREAD, "receiverThreadIds": ids, "prompt": "p", "model": "m",
                "reasoningEffort": null, "agentsStates": states}}),
        ),
        now,
    ));
    let max = tern::model::agents::MAX_AGENTS;
    assert_eq!(state.agents().len(), max);
    assert_eq!(
        reads(&effects).len(),
        max,
        "only the agents kept are looked up"
    );
    let call = &agent_calls(&state)[0];
    assert!(call.agents.len() <= max);
}

#[test]
fn a_thread_read_answer_about_another_thread_is_not_taken() {
    let now = Instant::now();
    let mut state = running_state(now);
    for kid in ["kid-a", "kid-b"] {
        update(
            &mut state,
            notify(
                "turn/started",
                json!({"threadId": kid, "turn": {"id": format!("{kid}-t"), "rootTurnId": "turn-1", "items": [], "status": "inProgress"}}),
            ),
            now,
        );
    }
    // Asked about kid-a, the server names kid-b.
    let lie = reply(
        RequestTag::ReadAgent {
            thread_id: "kid-a".into(),
        },
        Ok(
            json!({"thread": {"id": "kid-b", "preview": "x", "agentNickname": "Mallory", "turns": []}}),
        ),
    );
    update(&mut state, lie, now);
    assert_eq!(state.agent("kid-b").unwrap().nickname, None);
    assert_eq!(state.agent("kid-a").unwrap().nickname, None);
}

#[test]
fn a_resumed_threads_history_names_its_agents_without_calling_them_running() {
    let now = Instant::now();
    let mut state = AppState::new(config());
    update(
        &mut state,
        reply(RequestTag::Initialize, Ok(json!({}))),
        now,
    );
    update(
        &mut state,
        reply(
            RequestTag::ResumeThread,
            Ok(
                json!({"thread": {"id": PARENT, "preview": "p", "turns": []},
                "model": "mock-model", "cwd": "/tmp/rb/ws", "turnsBackwardsCursor": "c"}),
            ),
        ),
        now,
    );
    assert_eq!(state.thread_id(), Some(PARENT));
    let history = recorded_result(
        V1,
        "thread/turns/list",
        &json!({"threadId": PARENT, "limit": 10, "itemsView": "full"}),
    );
    let effects = wire(update(
        &mut state,
        reply(
            RequestTag::ListTurns {
                thread_id: PARENT.into(),
            },
            Ok(history),
        ),
        now,
    ));
    assert_eq!(reads(&effects), [KID1, KID2]);
    let kid1 = state.agent(KID1).unwrap();
    assert_eq!(
        kid1.task.as_deref(),
        Some("child task tag=kid1 (run a command)")
    );
    assert!(
        !kid1.state.is_live(),
        "not guessed running: {:?}",
        kid1.state
    );
    let kid2 = state.agent(KID2).unwrap();
    assert_eq!(kid2.result.as_deref(), Some("KID2 did more work."));
    assert_eq!(state.agents().live(), 0, "no strip for an old thread");
    // Its thread's status tells where an agent seen only in history stands.
    update(
        &mut state,
        reply(
            RequestTag::ReadAgent {
                thread_id: KID1.into(),
            },
            Ok(
                json!({"thread": {"id": KID1, "preview": "x", "agentNickname": "Bohr",
                "status": {"type": "active"}, "turns": []}}),
            ),
        ),
        now,
    );
    assert_eq!(state.agent(KID1).unwrap().state, AgentState::Running);
    let shown = transcript_text(&mut state, now);
    assert!(shown.contains("Spawned Bohr"), "{shown}");
}
