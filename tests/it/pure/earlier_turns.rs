//! Inline mode after a resume: the last 50 turns go to the scrollback, a notice says how to
//! get the rest, and `/history` pages in every earlier turn (each page asking for the next),
//! which the inline screen then writes once as a block (`pty::inline_history`).

use crate::support::common::*;
use crate::support::thread_fixtures::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppState, RequestTag};

const TURNS: usize = 300;

fn turns(from: usize, to: usize) -> Vec<Value> {
    (from..to)
        .rev()
        .map(|n| {
            turn(
                &format!("turn-{n}"),
                &format!("question {n}"),
                &format!("answer {n}"),
                "completed",
            )
        })
        .collect()
}

fn answer_page(
    state: &mut AppState,
    page: Vec<Value>,
    next: Option<&str>,
    now: Instant,
) -> Vec<(&'static str, Value)> {
    requests(&wire(update(
        state,
        reply(
            RequestTag::ListTurns {
                thread_id: "t-9".into(),
            },
            Ok(json!({"data": page, "nextCursor": next})),
        ),
        now,
    )))
}

fn page_request(cursor: &str, limit: u32) -> (&'static str, Value) {
    (
        "thread/turns/list",
        json!({"threadId": "t-9", "cursor": cursor, "limit": limit,
               "sortDirection": "desc", "itemsView": "full"}),
    )
}

/// Turns asked for per page while `/history` pages every earlier turn in: the pages of the way
/// to turn 1, small enough that a key typed meanwhile does not wait long behind one.
const PAGE: u32 = 50;

fn resumed_inline(now: Instant) -> AppState {
    let (mut state, _) = picker_at_startup(now);
    state.config_mut().inline = true;
    update(
        &mut state,
        reply(
            RequestTag::ResumeThread,
            resume_answer(thread("t-9", "long", 1)),
        ),
        now,
    );
    answer_page(&mut state, turns(TURNS - 50, TURNS), Some("c250"), now);
    state
}

#[test]
fn a_notice_names_history_and_history_pages_in_every_earlier_turn() {
    let now = Instant::now();
    let mut state = resumed_inline(now);
    let (_, said) = last_notice(&state);
    assert!(said.contains("/history"), "{said}");
    type_text(&mut state, "/history", now);
    let sent = requests(&wire(update(&mut state, key(KeyCode::Enter), now)));
    assert_eq!(sent, vec![page_request("c250", PAGE)]);
    let mut to = TURNS - 50;
    while to > 0 {
        let from = to.saturating_sub(PAGE as usize);
        let next = (from > 0).then(|| format!("c{from}"));
        let sent = answer_page(&mut state, turns(from, to), next.as_deref(), now);
        match next {
            Some(cursor) => assert_eq!(sent, vec![page_request(&cursor, PAGE)]),
            None => assert!(sent.is_empty(), "{sent:?}"),
        }
        to = from;
    }
    assert!(!state.older_turns().unwrap().more);
    assert_eq!(
        state
            .transcript()
            .cells()
            .iter()
            .filter(|c| matches!(c.kind(), tern::model::CellKind::User { .. }))
            .count(),
        TURNS
    );
}

#[test]
fn history_in_full_screen_says_where_the_turns_are() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_text(&mut state, "/history", now);
    let sent = requests(&wire(update(&mut state, key(KeyCode::Enter), now)));
    assert!(sent.is_empty(), "{sent:?}");
    let (_, said) = last_notice(&state);
    assert!(said.contains("Ctrl+Home"), "{said}");
}
