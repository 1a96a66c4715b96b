//! The key-table test's fixtures for the plugins family (`/experimental`, `/memories`, …),
//! each in the states its key table distinguishes.

use super::states::*;
use super::*;

/// Two beta features, one on.
fn features_answer() -> AppEvent {
    let feature = |name: &str, on: bool| {
        json!({"name": name, "stage": "beta", "displayName": name, "description": "d",
               "enabled": on, "defaultEnabled": false})
    };
    reply(
        tern::app::RequestTag::ListFeatures { paged: false },
        Ok(json!({"data": [feature("a", true), feature("b", false)], "nextCursor": null})),
    )
}

/// A thread's memory summary of three lines.
fn memory_answer() -> AppEvent {
    reply(
        tern::app::RequestTag::ReadMemory,
        Ok(json!({"summary": "one\ntwo\nthree"})),
    )
}

pub(super) fn fixtures() -> Vec<Fixture> {
    vec![
        Fixture {
            name: "experimental",
            target: Target::Layer,
            build: |now| {
                let mut state = ready_state(now);
                slash_command(&mut state, "/experimental", now);
                update(&mut state, features_answer(), now);
                state
            },
        },
        Fixture {
            name: "memories",
            target: Target::Layer,
            build: |now| {
                let mut state = ready_state(now);
                slash_command(&mut state, "/memories", now);
                update(&mut state, memory_answer(), now);
                state
            },
        },
        Fixture {
            name: "memories, a reset waiting for y",
            target: Target::Layer,
            build: |now| {
                let mut state = ready_state(now);
                slash_command(&mut state, "/memories", now);
                update(&mut state, memory_answer(), now);
                update(&mut state, key(KeyCode::Char('r')), now);
                state
            },
        },
    ]
}
