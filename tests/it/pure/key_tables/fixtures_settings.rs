//! The key-table test's fixtures for the settings family's views (`/config`, `/warnings`,
//! `/statusline`, `/title`, `/keymap`), each in the states its key table distinguishes.

use super::states::*;
use super::*;

/// A session with one warning kept.
fn warned(now: Instant) -> AppState {
    let mut state = ready_state(now);
    update(
        &mut state,
        notify("warning", json!({"message": "Model metadata not found"})),
        now,
    );
    slash_command(&mut state, "/warnings", now);
    state
}

pub(super) fn fixtures() -> Vec<Fixture> {
    vec![
        Fixture {
            name: "config",
            target: Target::Layer,
            build: |now| {
                let mut state = ready_state(now);
                slash_command(&mut state, "/config", now);
                state
            },
        },
        Fixture {
            name: "warnings, none",
            target: Target::Layer,
            build: |now| {
                let mut state = ready_state(now);
                slash_command(&mut state, "/warnings", now);
                state
            },
        },
        Fixture {
            name: "warnings, one",
            target: Target::Layer,
            build: warned,
        },
        Fixture {
            name: "warnings, one shown whole",
            target: Target::Layer,
            build: |now| {
                let mut state = warned(now);
                update(&mut state, key(KeyCode::Enter), now);
                state
            },
        },
        Fixture {
            name: "status line checklist",
            target: Target::Layer,
            build: |now| {
                let mut state = ready_state(now);
                slash_command(&mut state, "/statusline", now);
                state
            },
        },
        Fixture {
            name: "keymap, listing",
            target: Target::Layer,
            build: |now| {
                let mut state = ready_state(now);
                slash_command(&mut state, "/keymap", now);
                state
            },
        },
        Fixture {
            name: "keymap, filtering",
            target: Target::Layer,
            build: |now| {
                let mut state = ready_state(now);
                slash_command(&mut state, "/keymap", now);
                update(&mut state, key(KeyCode::Char('/')), now);
                update(&mut state, key(KeyCode::Char('e')), now);
                state
            },
        },
        Fixture {
            name: "keymap, waiting for a key",
            target: Target::Layer,
            build: |now| {
                let mut state = ready_state(now);
                slash_command(&mut state, "/keymap", now);
                update(&mut state, key(KeyCode::Enter), now);
                state
            },
        },
    ]
}
