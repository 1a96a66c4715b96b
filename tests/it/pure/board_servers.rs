//! Threads known by server and id (`thread_key`): the same thread id on two servers is two
//! threads — two questions in the inbox, two rows on the board — and what one server says of
//! its requests (settled elsewhere, a reconnect) never touches the other's.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::json;
use std::time::Instant;
use tern::app::{update, AppState};

const BOX_B: &str = "ssh://me@box-b";

/// The same request id, asked in the same thread id, by two servers.
fn two_servers_ask(now: Instant) -> AppState {
    let mut state = ready_state(now);
    let ask = |state: &mut AppState, command: &str| {
        update(
            state,
            server_request(
                3,
                "item/commandExecution/requestApproval",
                json!({"threadId": "t1", "turnId": "t", "itemId": "c", "command": command}),
            ),
            now,
        )
    };
    ask(&mut state, "make here");
    state.on_server(BOX_B, |state| ask(state, "make there"));
    state
}

#[test]
fn the_same_thread_id_on_two_servers_is_two_threads_in_the_inbox_and_on_the_board() {
    let now = Instant::now();
    let mut state = two_servers_ask(now);
    assert_eq!(
        state.questions().waiting_count(),
        2,
        "neither replaced the other"
    );
    let rows: Vec<(String, String, &str)> = state
        .board_rows()
        .into_iter()
        .filter(|(_, id, _)| id == "t1")
        .collect();
    assert_eq!(
        rows,
        [
            ("local".to_string(), "t1".to_string(), "waiting for you"),
            (BOX_B.to_string(), "t1".to_string(), "waiting for you"),
        ]
    );
    type_text(&mut state, "/threads", now);
    update(&mut state, key(KeyCode::Enter), now);
    let shown = screen(&mut state, 120, 30, now);
    let here = shown
        .lines()
        .find(|l| l.contains("asks to run `make here`"))
        .unwrap_or_else(|| panic!("{shown}"));
    let there = shown
        .lines()
        .find(|l| l.contains("asks to run `make there`"))
        .unwrap_or_else(|| panic!("{shown}"));
    assert!(here.contains("t1") && !here.contains("box-b"), "{shown}");
    assert!(there.contains("t1 on ssh://me@box-b"), "{shown}");
}

#[test]
fn a_request_settled_on_one_server_leaves_the_other_servers_question_waiting() {
    let now = Instant::now();
    let mut state = two_servers_ask(now);
    update(
        &mut state,
        notify(
            "serverRequest/resolved",
            json!({"threadId": "t1", "requestId": 3}),
        ),
        now,
    );
    let left: Vec<String> = state
        .board_rows()
        .into_iter()
        .filter(|(_, id, state)| id == "t1" && *state == "waiting for you")
        .map(|(server, _, _)| server)
        .collect();
    assert_eq!(
        left,
        [BOX_B],
        "only this connection's request 3 was settled"
    );
    assert_eq!(state.questions().waiting_count(), 1);
}

#[test]
fn the_inbox_never_answers_another_servers_question_on_this_connection() {
    let now = Instant::now();
    let mut state = ready_state(now);
    state.on_server(BOX_B, |state| {
        update(
            state,
            server_request(
                3,
                "item/commandExecution/requestApproval",
                json!({"threadId": "t1", "turnId": "t", "itemId": "c", "command": "make there"}),
            ),
            now,
        )
    });
    update(&mut state, ctrl('t'), now);
    let sent = press(&mut state, KeyCode::Char('y'), read(now));
    assert!(
        sent.is_empty(),
        "nothing goes to this server for box-b's question: {sent:?}"
    );
    let sent = press(&mut state, KeyCode::Enter, read(later(now, 1_000)));
    assert!(sent.is_empty(), "{sent:?}");
    assert!(
        state.front_question().is_none(),
        "not brought to this screen"
    );
    assert_eq!(state.questions().waiting_count(), 1);
    assert!(
        last_notice(&state).1.contains("waits on ssh://me@box-b"),
        "{:?}",
        last_notice(&state)
    );
}

#[test]
fn enter_on_another_servers_thread_opens_nothing_here_and_says_where_it_is() {
    let now = Instant::now();
    let mut state = two_servers_ask(now);
    type_text(&mut state, "/threads", now);
    update(&mut state, key(KeyCode::Enter), now);
    // The last row: box-b's t1.
    update(&mut state, key(KeyCode::End), now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert!(
        effects.iter().filter_map(request_json).next().is_none(),
        "nothing asked of this server: {effects:?}"
    );
    assert!(
        last_notice(&state)
            .1
            .contains("on ssh://me@box-b: open it there"),
        "{:?}",
        last_notice(&state)
    );
}
