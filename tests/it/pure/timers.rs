//! Time in the session (`session::timers`): every part that waits for a moment of its own wakes
//! the app then (`AppState::next_tick` is the earliest of them), and acts on the tick.

use crate::support::common::*;
use std::time::{Duration, Instant};
use tern::app::{update, AppEvent, AppState};

#[test]
fn the_app_wakes_at_the_earliest_moment_any_part_waits_for_and_each_acts_then() {
    let t0 = Instant::now();
    let mut state = AppState::new(config());
    update(&mut state, AppEvent::Resize(80, 24), t0);
    // Health: `initialize` unanswered after ten seconds.
    let unanswered = t0 + Duration::from_secs(10);
    assert_eq!(state.next_tick(t0), Some(unanswered));

    // The quit ladder: "Ctrl+C again to quit" goes two seconds later, before health's moment.
    let pressed = t0 + Duration::from_secs(1);
    update(&mut state, ctrl('c'), pressed);
    let disarmed = pressed + Duration::from_secs(2);
    assert_eq!(state.next_tick(pressed), Some(disarmed));

    // Once that moment has passed, health's is the next.
    let after = disarmed + Duration::from_millis(1);
    update(&mut state, AppEvent::Tick, after);
    assert_eq!(state.next_tick(after), Some(unanswered));
    assert!(state.server_down().is_none());

    // Health's moment: the tick shows the server-down box, and nothing waits any more.
    update(&mut state, AppEvent::Tick, unanswered);
    assert!(state.server_down().is_some(), "health acted on its tick");
    assert_eq!(state.next_tick(unanswered), None);
}
