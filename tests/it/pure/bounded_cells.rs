//! An endless stream of tiny items costs tern a bounded number of cells: past
//! `MAX_CELLS` the oldest go, a note at the top says how many, and a view scrolled back stays
//! on the text it showed (its cell indices follow the drop), through the app's own event path.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::json;
use std::time::Instant;
use tern::app::update;
use tern::model::transcript::MAX_CELLS;
use tern::model::CellKind;

fn message(state: &mut tern::app::AppState, i: usize, now: Instant) {
    update(
        state,
        notify(
            "item/completed",
            json!({"threadId": THREAD, "turnId": "turn-1", "item": {"type": "agentMessage",
                   "id": format!("m{i}"), "text": format!("tiny message {i}")}}),
        ),
        now,
    );
}

/// The "tiny message N" lines on screen.
fn shown(screen: &str) -> Vec<String> {
    screen
        .lines()
        .filter_map(|l| l.find("tiny message").map(|at| l[at..].trim().to_string()))
        .collect()
}

#[test]
fn tiny_items_without_end_keep_a_bounded_count_and_a_scrolled_view_stays_put() {
    let now = Instant::now();
    let mut state = running_state(now);
    let mut sent = 0;
    while state.transcript().len() < MAX_CELLS - 5 {
        message(&mut state, sent, now);
        sent += 1;
    }
    press(&mut state, KeyCode::PageUp, now);
    let before = shown(&screen(&mut state, 80, 24, now));
    assert!(!before.is_empty(), "nothing shown");
    for _ in 0..10 {
        message(&mut state, sent, now);
        sent += 1;
    }
    let transcript = state.transcript();
    assert!(transcript.dropped_front() > 0, "nothing was dropped");
    assert!(transcript.len() <= MAX_CELLS + 1);
    let CellKind::Notice { text, .. } = transcript.cells()[0].kind() else {
        panic!("no note at the top");
    };
    assert!(text.contains("earlier cells were dropped"), "{text}");
    assert_eq!(
        shown(&screen(&mut state, 80, 24, now)),
        before,
        "the view scrolled back moved"
    );
}
