//! A dropped link to a server that lives on (issue 23): tern reconnects by itself, keeps the
//! draft, the queued messages, the running turn and the open questions, and picks the thread
//! up where it is. Pure transitions down to the exact JSON sent at each step.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, Effect, Lifecycle, Open, RequestTag, TurnPhase};
use tern::model::CellKind;

const LOST: &str = "the connection to ws://127.0.0.1:4500 was lost";

fn sent(effects: &[Effect]) -> Vec<(&'static str, Value)> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Notify { method, params } => {
                Some((*method, params.clone().unwrap_or(Value::Null)))
            }
            e => request_json(e),
        })
        .collect()
}

/// The link drops: the one effect is the redial (nothing killed), nothing is given up.
fn drop_link(state: &mut AppState, now: Instant) {
    let effects = wire(update(state, AppEvent::LinkDropped(LOST.into()), now));
    assert_eq!(effects, [Effect::RestartServer { kill: None }]);
    assert_eq!(
        *state.lifecycle(),
        Lifecycle::Restarting {
            thread: Some(THREAD.into())
        }
    );
    assert!(state.server_down().is_none(), "no server-down box");
}

/// The link is back: `initialize`, then `thread/resume` of the same thread; the resume's answer
/// (with the thread's `status`) gives the effects returned.
fn link_back(state: &mut AppState, status: Value, now: Instant) -> Vec<(&'static str, Value)> {
    let effects = sent(&update(state, AppEvent::ServerRestarted(Ok(None)), now));
    assert_eq!(effects.len(), 1);
    assert_eq!(effects[0].0, "initialize");
    assert_eq!(
        *state.lifecycle(),
        Lifecycle::Connecting {
            then: Open::Restore(THREAD.into()),
            again: true
        }
    );
    let effects = sent(&update(
        state,
        reply(RequestTag::Initialize, Ok(json!({"userAgent": "x"}))),
        now,
    ));
    assert_eq!(
        effects,
        [
            ("initialized", Value::Null),
            (
                "thread/resume",
                json!({"threadId": THREAD, "excludeTurns": true})
            ),
            // Who is signed in, asked after every `initialize` (it may have changed meanwhile).
            ("account/read", json!({"refreshToken": false}))
        ]
    );
    let answer = json!({"thread": {"id": THREAD, "turns": [], "status": status},
                        "model": "mock-model", "cwd": "/home/user/project"});
    sent(&update(
        state,
        reply(RequestTag::ResumeThread, Ok(answer)),
        now,
    ))
}

fn agent_text(state: &AppState) -> String {
    state
        .transcript()
        .cells()
        .iter()
        .filter_map(|c| match c.kind() {
            CellKind::Agent { markdown, .. } => Some(markdown.as_str().to_string()),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join("|")
}

fn delta(item: &str, text: &str) -> AppEvent {
    notify(
        "item/agentMessage/delta",
        json!({"threadId": THREAD, "turnId": "turn-1", "itemId": item, "delta": text}),
    )
}

#[test]
fn a_dropped_link_reconnects_by_itself_and_the_running_turn_goes_on() {
    let now = Instant::now();
    let mut state = running_state(now);
    update(&mut state, delta("msg-1", "Hello, "), now);
    // A message queued for after the turn, and a draft.
    type_text(&mut state, "and then this", now);
    update(&mut state, key(KeyCode::Tab), now);
    type_text(&mut state, "half a thought", now);
    drop_link(&mut state, now);
    let shown = screen(&mut state, 100, 30, now);
    assert!(
        shown.contains("connection lost — reconnecting (attempt 1)"),
        "{shown}"
    );
    assert!(
        !shown.contains("Ctrl+R"),
        "not the server-down box: {shown}"
    );
    // Attempts that fail only count up in the status line.
    let cells = state.transcript().cells().len();
    update(
        &mut state,
        AppEvent::Redialing {
            attempt: 1,
            why: "could not reach 127.0.0.1:4500: connection refused".into(),
            nobody_listens: true,
        },
        later(now, 500),
    );
    assert_eq!(state.transcript().cells().len(), cells);
    let shown = screen(&mut state, 100, 30, now);
    assert!(
        shown.contains("connection lost — reconnecting (attempt 2)"),
        "{shown}"
    );
    // Back, the turn still running on the server: nothing is sent but the resume.
    let at = later(now, 3000);
    assert_eq!(
        link_back(&mut state, json!({"type": "active", "activeFlags": []}), at),
        []
    );
    assert_eq!(*state.lifecycle(), Lifecycle::Ready);
    assert!(!state.reconnecting());
    assert!(matches!(state.turn(), TurnPhase::Running { id, .. } if id == "turn-1"));
    // The whole episode is one line: the warning that the link was lost became the news that
    // it is back (with why it had dropped), not a second line under it.
    let notices: Vec<_> = state
        .transcript()
        .cells()
        .iter()
        .filter_map(|cell| match cell.kind() {
            tern::model::CellKind::Notice { level, text } => Some((*level, text.clone())),
            _ => None,
        })
        .collect();
    let back = notices
        .iter()
        .filter(|(_, text)| text.contains("Reconnected after 3 s (2 attempts)"))
        .count();
    assert_eq!(back, 1, "{notices:?}");
    assert!(
        !notices
            .iter()
            .any(|(_, text)| text.starts_with("Connection lost")),
        "{notices:?}"
    );
    let (level, text) = last_notice(&state);
    assert_eq!(level, tern::model::NoticeLevel::Info);
    assert!(
        text.contains(&format!("the link had dropped: {LOST}")),
        "{text}"
    );
    // The rest streams into the same answer, and a new item never started shows too.
    update(&mut state, delta("msg-1", "world."), at);
    update(&mut state, delta("msg-2", "Second part."), at);
    assert_eq!(agent_text(&state), "Hello, world.|Second part.");
    // The turn ends: the queued message goes out, the draft stays.
    let effects = sent(&update(
        &mut state,
        notify(
            "turn/completed",
            json!({"threadId": THREAD, "turn": {"id": "turn-1", "items": [], "status": "completed"}}),
        ),
        at,
    ));
    assert_eq!(
        effects,
        [(
            "turn/start",
            json!({"threadId": THREAD, "input": [{"type": "text", "text": "and then this",
                   "text_elements": []}]})
        )]
    );
    assert_eq!(state.expanded_draft(), "half a thought");
}

#[test]
fn a_turn_that_ended_while_the_link_was_down_is_read_back_whole() {
    let now = Instant::now();
    let mut state = running_state(now);
    update(&mut state, delta("msg-1", "The answer is"), now);
    drop_link(&mut state, now);
    let effects = link_back(&mut state, json!({"type": "idle"}), now);
    assert_eq!(
        effects,
        [(
            "thread/turns/list",
            json!({"threadId": THREAD, "limit": 4, "sortDirection": "desc", "itemsView": "full"})
        )]
    );
    let page = json!({"data": [{"id": "turn-1", "status": "completed", "items": [
        {"type": "userMessage", "id": "u-1", "content": [{"type": "text", "text": "hi"}]},
        {"type": "agentMessage", "id": "msg-1", "text": "The answer is 42, all of it."}
    ]}]});
    let tag = RequestTag::CatchUpTurn {
        thread_id: THREAD.into(),
        turn_id: "turn-1".into(),
    };
    update(&mut state, reply(tag, Ok(page)), now);
    assert_eq!(agent_text(&state), "The answer is 42, all of it.");
    assert_eq!(*state.turn(), TurnPhase::Idle);
    assert!(state
        .transcript()
        .cells()
        .iter()
        .any(|c| matches!(c.kind(), CellKind::TurnEnd { status, .. } if status == "completed")));
}

fn approval(id: i64) -> AppEvent {
    server_request(
        id,
        "item/commandExecution/requestApproval",
        json!({"threadId": THREAD, "turnId": "turn-1", "itemId": "call_0",
               "command": "cargo test", "cwd": "/home/user/project",
               "availableDecisions": ["accept", "acceptForSession", "cancel"]}),
    )
}

#[test]
fn a_question_asked_again_after_a_reconnect_keeps_its_place_and_its_new_id() {
    let now = Instant::now();
    let mut state = running_state(now);
    update(&mut state, approval(0), now);
    let at = read(now);
    // The person picks "for the session", which waits for Enter.
    assert!(press(&mut state, KeyCode::Char('a'), at).is_empty());
    let picked = state.front_question().unwrap().selected;
    assert!(picked.is_some());
    drop_link(&mut state, at);
    // Its id was the lost connection's: Enter sends nothing and says why.
    assert!(press(&mut state, KeyCode::Enter, later(at, 400)).is_empty());
    assert!(last_notice(&state)
        .1
        .contains("asked on the connection that was lost"));
    assert_eq!(state.questions().len(), 1);
    link_back(
        &mut state,
        json!({"type": "active", "activeFlags": ["waitingOnApproval"]}),
        at,
    );
    // A resolved id of the new connection never closes the old question by accident.
    update(
        &mut state,
        notify(
            "serverRequest/resolved",
            json!({"threadId": THREAD, "requestId": 0}),
        ),
        at,
    );
    assert_eq!(state.questions().len(), 1);
    // Asked again with the new connection's id: the same question, the same place.
    update(&mut state, approval(3), at);
    assert_eq!(state.questions().len(), 1);
    assert_eq!(state.front_question().unwrap().selected, picked);
    let at = read(at);
    assert_eq!(
        press(&mut state, KeyCode::Enter, at),
        answer(3, json!("acceptForSession"))
    );
}

#[test]
fn a_question_never_asked_again_closes_with_neutral_words() {
    let now = Instant::now();
    // The turn ended meanwhile: the thread is idle when it is back.
    let mut state = running_state(now);
    update(&mut state, approval(0), now);
    drop_link(&mut state, now);
    link_back(&mut state, json!({"type": "idle"}), now);
    assert!(state.questions().is_empty());
    let shown = screen(&mut state, 120, 30, now);
    assert!(
        shown.contains("to run `cargo test` was settled elsewhere or withdrawn"),
        "{shown}"
    );
    // Still running, and never asked again: closed when its turn ends.
    let mut state = running_state(now);
    update(&mut state, approval(0), now);
    drop_link(&mut state, now);
    link_back(
        &mut state,
        json!({"type": "active", "activeFlags": []}),
        now,
    );
    assert_eq!(state.questions().len(), 1);
    update(
        &mut state,
        notify(
            "turn/completed",
            json!({"threadId": THREAD, "turn": {"id": "turn-1", "items": [], "status": "completed"}}),
        ),
        now,
    );
    assert!(state.questions().is_empty());
    assert!(last_notice(&state)
        .1
        .contains("settled elsewhere or withdrawn"));
}

#[test]
fn a_redial_that_gives_up_shows_the_box_without_saying_the_server_ended() {
    let now = Instant::now();
    let mut state = running_state(now);
    drop_link(&mut state, now);
    update(&mut state, AppEvent::ServerRestarted(Ok(None)), now);
    update(
        &mut state,
        AppEvent::LinkDropped(
            "gave up reconnecting to ws://127.0.0.1:4500 after 12 attempts".into(),
        ),
        now,
    );
    assert!(!state.reconnecting());
    assert!(state.server_down().is_some());
    let why = state.lifecycle().failure().expect("failed").to_string();
    assert!(why.contains("gave up reconnecting"), "{why}");
    assert!(why.contains("may still be running there"), "{why}");
    let shown = screen(&mut state, 120, 30, now);
    assert!(shown.contains("Ctrl+R"), "{shown}");
}

#[test]
fn over_stdio_ssh_a_drop_says_the_turn_ended_with_the_link() {
    let now = Instant::now();
    let mut config = config();
    config.connected_to = Some("ssh me@box".into());
    let mut state = started(
        AppState::new(config),
        json!({"userAgent": "x"}),
        json!({"thread": {"id": THREAD, "preview": "", "turns": []}, "model": "m",
               "cwd": "/srv/project"}),
        now,
    );
    update(
        &mut state,
        AppEvent::Disconnected("ssh exited (exit status: 255)".into()),
        now,
    );
    let why = state.lifecycle().failure().expect("failed").to_string();
    assert!(why.contains("ended with the link"), "{why}");
    assert!(why.contains("Ctrl+R connects again"), "{why}");
}

#[test]
fn an_empty_thread_the_server_forgot_is_replaced_by_a_new_one() {
    let now = Instant::now();
    let mut state = ready_state(now);
    drop_link(&mut state, now);
    update(&mut state, AppEvent::ServerRestarted(Ok(None)), now);
    update(
        &mut state,
        reply(RequestTag::Initialize, Ok(json!({"userAgent": "x"}))),
        now,
    );
    let effects = sent(&update(
        &mut state,
        reply(
            RequestTag::ResumeThread,
            Err("no rollout found for thread id thread-1".into()),
        ),
        now,
    ));
    assert_eq!(effects.len(), 1);
    assert_eq!(effects[0].0, "thread/start");
    assert!(state.lifecycle().failure().is_none());
    assert!(!state.reconnecting());
    assert!(last_notice(&state).1.contains("started a new one"));
}
