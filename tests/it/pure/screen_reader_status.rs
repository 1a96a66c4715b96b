//! Screen-reader mode's status is static: while a turn runs, nothing on screen changes by
//! itself (no seconds counting, no spinner), and no frame is asked for by the clock, so a
//! screen reader is not made to read the same status again every second.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::json;
use std::time::{Duration, Instant};
use tern::app::{update, AppState};

fn running(screen_reader: bool, now: Instant) -> AppState {
    let mut config = config();
    config.screen_reader = screen_reader;
    config.inline = screen_reader;
    let mut state = ready_with(config, now);
    type_text(&mut state, "hi", now);
    update(&mut state, key(KeyCode::Enter), now);
    update(
        &mut state,
        notify(
            "turn/started",
            json!({"threadId": THREAD, "turn": {"id": "turn-1", "items": [], "status": "inProgress"}}),
        ),
        now,
    );
    state
}

#[test]
fn the_status_does_not_change_while_the_turn_runs_unchanged() {
    let now = Instant::now();
    let mut state = running(true, now);
    let first = screen(&mut state, 100, 20, now);
    assert!(first.contains("working"), "{first}");
    assert_eq!(
        state.next_animation(now),
        None,
        "no frame asked for by the clock"
    );
    for secs in [1, 5, 61] {
        let later = screen(&mut state, 100, 20, now + Duration::from_secs(secs));
        assert_eq!(first, later, "after {secs}s the screen is the same");
    }
    // The words change when what they say changes: the turn ends.
    update(
        &mut state,
        notify(
            "turn/completed",
            json!({"threadId": THREAD, "turn": {"id": "turn-1", "items": [], "status": "completed"}}),
        ),
        now,
    );
    let done = screen(&mut state, 100, 20, now + Duration::from_secs(62));
    assert!(
        done.contains("ready") && !done.contains("working"),
        "{done}"
    );
}

/// The same turn outside screen-reader mode counts its seconds: what the mode turns off.
#[test]
fn outside_screen_reader_mode_the_status_counts_seconds() {
    let now = Instant::now();
    let mut state = running(false, now);
    let first = screen(&mut state, 100, 20, now);
    let later = screen(&mut state, 100, 20, now + Duration::from_secs(5));
    assert_ne!(first, later);
    assert!(state.next_animation(now).is_some());
}
