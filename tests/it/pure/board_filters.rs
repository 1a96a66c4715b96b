//! The board's filters (`f` on `/threads`): All, Needs you, Running, Idle, Failed — each keeps
//! its threads, counted on the board's top row; the selection starts again at the first row a
//! filter keeps, and Enter opens the row selected under the filter (the exact JSON).

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::json;
use std::time::Instant;
use tern::app::layers::Layer;
use tern::app::{update, AppState, RequestTag};

/// The board over five threads: ours (idle), one waiting on a question, one running, one
/// failed, one idle.
fn board(now: Instant) -> AppState {
    let mut state = ready_state(now);
    type_text(&mut state, "/threads", now);
    update(&mut state, key(KeyCode::Enter), now);
    update(
        &mut state,
        reply(
            RequestTag::ListLoaded,
            Ok(json!({"data": [THREAD, "thread-w", "thread-r", "thread-f", "thread-i"]})),
        ),
        now,
    );
    for (thread, status) in [
        ("thread-r", json!({"type": "active", "activeFlags": []})),
        ("thread-f", json!({"type": "systemError"})),
        ("thread-i", json!({"type": "idle"})),
        ("thread-w", json!({"type": "idle"})),
    ] {
        update(
            &mut state,
            notify(
                "thread/status/changed",
                json!({"threadId": thread, "status": status}),
            ),
            now,
        );
    }
    update(
        &mut state,
        server_request(
            3,
            "item/commandExecution/requestApproval",
            json!({"threadId": "thread-w", "turnId": "t", "itemId": "c", "command": "make"}),
        ),
        now,
    );
    state
}

fn ids(state: &AppState) -> Vec<String> {
    state
        .board_rows()
        .into_iter()
        .map(|(_, id, _)| id)
        .collect()
}

fn selected(state: &AppState) -> usize {
    match state.layers.person.last() {
        Some(Layer::Board(board)) => board.selected.raw(),
        other => panic!("no board: {other:?}"),
    }
}

#[test]
fn f_cycles_the_filters_and_each_keeps_its_threads() {
    let now = Instant::now();
    let mut state = board(now);
    assert_eq!(state.board_filter(), Some("All"));
    assert_eq!(ids(&state).len(), 5);
    let shown = screen(&mut state, 120, 30, now);
    assert!(
        shown.contains("[All 5] · Needs you 1 · Running 1 · Idle 2 · Failed 1"),
        "{shown}"
    );
    let expected: [(&str, &[&str]); 5] = [
        ("Needs you", &["thread-w"]),
        ("Running", &["thread-r"]),
        ("Idle", &[THREAD, "thread-i"]),
        ("Failed", &["thread-f"]),
        (
            "All",
            &[THREAD, "thread-w", "thread-r", "thread-f", "thread-i"],
        ),
    ];
    for (filter, threads) in expected {
        update(&mut state, key(KeyCode::Char('f')), now);
        assert_eq!(state.board_filter(), Some(filter));
        assert_eq!(ids(&state), threads, "under {filter}");
        let shown = screen(&mut state, 120, 30, now);
        assert!(
            shown.contains(&format!("[{filter} {}]", threads.len())),
            "{shown}"
        );
    }
}

#[test]
fn a_filter_starts_at_its_first_row_and_enter_opens_the_row_it_shows() {
    let now = Instant::now();
    let mut state = board(now);
    update(&mut state, key(KeyCode::End), now);
    assert_eq!(selected(&state), 4);
    // Needs you, then Running: one row each, selected.
    update(&mut state, key(KeyCode::Char('f')), now);
    assert_eq!(selected(&state), 0);
    update(&mut state, key(KeyCode::Char('f')), now);
    assert_eq!(ids(&state), ["thread-r"]);
    // Tab finds no thread that waits under "Running": nothing moves.
    update(&mut state, key(KeyCode::Tab), now);
    assert_eq!(selected(&state), 0);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(
        effects.iter().filter_map(request_json).collect::<Vec<_>>(),
        [(
            "thread/resume",
            json!({"threadId": "thread-r", "excludeTurns": true})
        )]
    );
}

#[test]
fn a_filter_that_keeps_nothing_says_so_and_names_the_key() {
    let now = Instant::now();
    let mut state = board(now);
    // Failed: thread-f recovers; nothing failed is left.
    for _ in 0..4 {
        update(&mut state, key(KeyCode::Char('f')), now);
    }
    assert_eq!(state.board_filter(), Some("Failed"));
    update(
        &mut state,
        notify(
            "thread/status/changed",
            json!({"threadId": "thread-f", "status": {"type": "idle"}}),
        ),
        now,
    );
    assert!(ids(&state).is_empty());
    let shown = screen(&mut state, 120, 30, now);
    assert!(
        shown.contains("No thread under this filter (f: the next)."),
        "{shown}"
    );
    assert!(shown.contains("[Failed 0]"), "{shown}");
    // Enter with nothing selected opens nothing.
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert!(effects.iter().filter_map(request_json).next().is_none());
}
