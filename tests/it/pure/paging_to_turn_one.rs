//! Ctrl+Home in a resumed long thread pages it back to turn 1: one key, bigger pages one after
//! another (each answer asks for the next), keys handled between them, the view at the top as
//! they come; scrolling away from the top stops it (the ordinary paging as the view nears the
//! top is `thread_picker`'s `older_history_comes_in_…`).

use crate::support::common::*;
use crate::support::thread_fixtures::*;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, RequestTag};

const TURNS: usize = 1_000;

/// Turns `from..to` of the thread, newest first, as a page answers them.
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

fn ctrl_home() -> AppEvent {
    AppEvent::Key(KeyEvent::new(KeyCode::Home, KeyModifiers::CONTROL))
}

/// The page of older turns from `from` (exclusive, counting down) with `next` as its cursor.
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

fn turns_request(cursor: &str, limit: u32) -> (&'static str, Value) {
    (
        "thread/turns/list",
        json!({"threadId": "t-9", "cursor": cursor, "limit": limit,
               "sortDirection": "desc", "itemsView": "full"}),
    )
}

/// A 1,000-turn thread resumed from the picker: the newest ten turns on screen.
fn resumed(now: Instant) -> AppState {
    let (mut state, _) = picker_at_startup(now);
    update(
        &mut state,
        reply(
            RequestTag::ResumeThread,
            resume_answer(thread("t-9", "long", 1)),
        ),
        now,
    );
    answer_page(&mut state, turns(TURNS - 10, TURNS), Some("c990"), now);
    assert!(screen(&mut state, 80, 24, now).contains("answer 999"));
    state
}

/// Turns asked for per page on the way to turn 1: five times the page scrolling asks for, small
/// enough that a key typed meanwhile does not wait long behind one.
const PAGE: u32 = 50;

#[test]
fn ctrl_home_pages_back_to_turn_one_in_big_pages_taking_keys_between_them() {
    let now = Instant::now();
    let mut state = resumed(now);
    let sent = requests(&wire(update(&mut state, ctrl_home(), now)));
    assert_eq!(sent, vec![turns_request("c990", PAGE)]);
    let mut to = TURNS - 10;
    let mut pages = 0;
    while to > 0 {
        // A key between the pages is the composer's at once, and asks for nothing.
        assert!(requests(&wire(update(&mut state, key(KeyCode::Char('x')), now))).is_empty());
        let from = to.saturating_sub(PAGE as usize);
        let next = (from > 0).then(|| format!("c{from}"));
        let sent = answer_page(&mut state, turns(from, to), next.as_deref(), now);
        pages += 1;
        // The view stays at the top: the oldest turn loaded shows.
        let shown = screen(&mut state, 80, 24, now);
        assert!(shown.contains(&format!("question {from}")), "{shown}");
        match next {
            // Each page asks for the next at once, whatever the view shows.
            Some(cursor) => assert_eq!(sent, vec![turns_request(&cursor, PAGE)]),
            None => assert!(sent.is_empty(), "{sent:?}"),
        }
        to = from;
    }
    assert_eq!(pages, 20, "990 turns in pages of 50");
    assert!(screen(&mut state, 80, 24, now).contains("question 0"));
    assert_eq!(state.draft(), "x".repeat(pages));
    assert!(!state.older_turns().unwrap().more);
}

#[test]
fn scrolling_away_from_the_top_stops_the_paging_to_turn_one() {
    let now = Instant::now();
    let mut state = resumed(now);
    update(&mut state, ctrl_home(), now);
    // The person changes their mind while the page is on its way.
    update(&mut state, key(KeyCode::PageDown), now);
    let before = screen(&mut state, 80, 24, now);
    let sent = answer_page(&mut state, turns(890, 990), Some("c890"), now);
    assert!(
        sent.is_empty(),
        "no page after the view left the top: {sent:?}"
    );
    assert_eq!(
        screen(&mut state, 80, 24, now),
        before,
        "the view stays on what the person scrolled to"
    );
}

/// The "loading earlier turns" note has a row of its own above the transcript: drawn over the
/// top row, it hid the end of that row's text.
#[test]
fn the_loading_note_has_a_row_of_its_own() {
    let now = Instant::now();
    let mut state = resumed(now);
    update(&mut state, ctrl_home(), now);
    let shown = screen(&mut state, 80, 24, now);
    let rows: Vec<&str> = shown.lines().collect();
    assert_eq!(rows[0].trim(), "↑ loading earlier turns…", "{shown}");
    assert!(rows[1].contains("question 990"), "{shown}");
    snapshot!("loading_note_80x24", &shown);
}
