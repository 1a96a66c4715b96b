//! The board (`/threads`): `thread/loaded/list` paged to the exact JSON, every loaded thread
//! with where it stands — waiting for you (a question in the inbox, or the server's
//! `waitingOn…` flag), running, idle, failed — Tab to the next that waits, Enter opening one.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::json;
use std::time::Instant;
use tern::app::layers::Layer;
use tern::app::{update, AppState, Effect, RequestTag};

fn loaded(state: &mut AppState, ids: &[&str], next: Option<&str>, now: Instant) -> Vec<Effect> {
    wire(update(
        state,
        reply(
            RequestTag::ListLoaded,
            Ok(json!({"data": ids, "nextCursor": next})),
        ),
        now,
    ))
}

fn status(state: &mut AppState, thread: &str, status: serde_json::Value, now: Instant) {
    update(
        state,
        notify(
            "thread/status/changed",
            json!({"threadId": thread, "status": status}),
        ),
        now,
    );
}

/// The board with four threads loaded besides ours: one waiting on an approval on the server,
/// one running, one failed, one idle; and a question of `thread-w` in the inbox.
fn board(now: Instant) -> AppState {
    let mut state = ready_state(now);
    type_text(&mut state, "/threads", now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(
        effects.iter().filter_map(request_json).collect::<Vec<_>>(),
        [("thread/loaded/list", json!({"limit": 100}))]
    );
    // Paged: the cursor asks for the next page.
    let effects = loaded(
        &mut state,
        &[THREAD, "thread-w", "thread-r"],
        Some("c2"),
        now,
    );
    assert_eq!(
        effects.iter().filter_map(request_json).collect::<Vec<_>>(),
        [("thread/loaded/list", json!({"cursor": "c2", "limit": 100}))]
    );
    // The last page: the threads tern knows nothing of are read, four at a time.
    let effects = loaded(&mut state, &["thread-f", "thread-i", "thread-s"], None, now);
    let read = |id: &str| ("thread/read", json!({"threadId": id}));
    assert_eq!(
        effects.iter().filter_map(request_json).collect::<Vec<_>>(),
        [
            read("thread-w"),
            read("thread-r"),
            read("thread-f"),
            read("thread-i")
        ]
    );
    status(
        &mut state,
        "thread-s",
        json!({"type": "active", "activeFlags": ["waitingOnApproval"]}),
        now,
    );
    status(
        &mut state,
        "thread-r",
        json!({"type": "active", "activeFlags": []}),
        now,
    );
    status(&mut state, "thread-f", json!({"type": "systemError"}), now);
    status(&mut state, "thread-i", json!({"type": "idle"}), now);
    update(
        &mut state,
        server_request(
            3,
            "item/commandExecution/requestApproval",
            json!({"threadId": "thread-w", "turnId": "t", "itemId": "c", "command": "make deploy"}),
        ),
        now,
    );
    state
}

fn selected(state: &AppState) -> usize {
    match state.layers.person.last() {
        Some(Layer::Board(board)) => board.selected.raw(),
        other => panic!("no board: {other:?}"),
    }
}

#[test]
fn every_loaded_thread_is_listed_with_where_it_stands() {
    let now = Instant::now();
    let mut state = board(now);
    let shown = screen(&mut state, 120, 30, now);
    // The list's part of each line (the details pane stands beside it).
    let line = |id: &str| {
        shown
            .lines()
            .map(|l| l.split("││").next().unwrap_or(l))
            .find(|l| l.contains(id))
            .unwrap_or_else(|| panic!("{id} not on the board:\n{shown}"))
            .to_string()
    };
    assert!(
        line("thread-w").contains("waiting for you")
            && line("thread-w").contains("asks to run `make deploy`"),
        "{shown}"
    );
    assert!(line("thread-s").contains("waiting for you"), "{shown}");
    assert!(line("thread-r").contains("running"), "{shown}");
    assert!(line("thread-f").contains("failed"), "{shown}");
    assert!(line("thread-i").contains("idle"), "{shown}");
    assert!(line(THREAD).contains("(shown)"), "{shown}");
    assert!(shown.contains("Threads on the server: 6"), "{shown}");
}

#[test]
fn tab_jumps_to_the_next_thread_that_waits_and_enter_resumes_it() {
    let now = Instant::now();
    let mut state = board(now);
    assert_eq!(selected(&state), 0);
    update(&mut state, key(KeyCode::Tab), now);
    assert_eq!(selected(&state), 1, "thread-w");
    update(&mut state, key(KeyCode::Tab), now);
    assert_eq!(selected(&state), 5, "thread-s");
    update(&mut state, key(KeyCode::Tab), now);
    assert_eq!(selected(&state), 1, "around to thread-w");
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(
        effects.iter().filter_map(request_json).collect::<Vec<_>>(),
        [(
            "thread/resume",
            json!({"threadId": "thread-w", "excludeTurns": true})
        )]
    );
    assert!(state.layers.person.is_empty(), "the board closes");
}

#[test]
fn a_listing_the_server_refuses_says_so_and_keeps_what_tern_knows() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_text(&mut state, "/threads", now);
    update(&mut state, key(KeyCode::Enter), now);
    update(
        &mut state,
        reply(RequestTag::ListLoaded, Err("boom \u{1b}[2J".into())),
        now,
    );
    let shown = screen(&mut state, 100, 24, now);
    assert!(
        shown.contains("could not list its threads: boom"),
        "{shown}"
    );
    assert!(!shown.contains('\u{1b}'));
    assert!(shown.contains(THREAD), "{shown}");
}

#[test]
fn a_loaded_thread_whose_status_is_unknown_is_not_called_idle() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_text(&mut state, "/threads", now);
    update(&mut state, key(KeyCode::Enter), now);
    loaded(&mut state, &[THREAD, "thread-x"], None, now);
    // While its `thread/read` is on its way it says so, never "idle" nor "loaded".
    let list_line = |shown: &str| {
        shown
            .lines()
            .map(|l| l.split("││").next().unwrap_or(l).to_string())
            .find(|l| l.contains("thread-x"))
            .unwrap()
    };
    let shown = screen(&mut state, 100, 24, now);
    let line = list_line(&shown);
    assert!(
        line.contains("reading…") && !line.contains("idle"),
        "{shown}"
    );
    status(&mut state, "thread-x", json!({"type": "idle"}), now);
    let shown = screen(&mut state, 100, 24, now);
    assert!(list_line(&shown).contains("idle"), "{shown}");
}
