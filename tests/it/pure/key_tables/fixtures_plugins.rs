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

/// One local plugin, not installed.
fn plugins_answer() -> AppEvent {
    let plugin = json!({"id": "p@m", "name": "p", "installed": false,
        "interface": {"displayName": "P", "shortDescription": "d"}});
    reply(
        tern::app::RequestTag::ListPlugins,
        Ok(
            json!({"marketplaces": [{"name": "m", "path": "/m.json", "plugins": [plugin]}],
            "marketplaceLoadErrors": []}),
        ),
    )
}

fn plugin_read() -> AppEvent {
    let plugin = json!({"id": "p@m", "name": "p", "installed": false});
    reply(
        tern::app::RequestTag::ReadPlugin,
        Ok(
            json!({"plugin": {"marketplaceName": "m", "summary": plugin, "skills": [],
            "hooks": [], "apps": [], "mcpServers": ["s"]}}),
        ),
    )
}

fn plugins_open(now: Instant) -> AppState {
    let mut state = ready_state(now);
    slash_command(&mut state, "/plugins", now);
    update(&mut state, plugins_answer(), now);
    state
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
        Fixture {
            name: "apps",
            target: Target::Layer,
            build: |now| {
                let mut state = ready_state(now);
                slash_command(&mut state, "/apps", now);
                let app = json!({"id": "a", "name": "A", "isAccessible": true, "isEnabled": true});
                update(
                    &mut state,
                    reply(tern::app::RequestTag::ListApps, Ok(json!({"data": [app]}))),
                    now,
                );
                state
            },
        },
        Fixture {
            name: "plugins",
            target: Target::Layer,
            build: plugins_open,
        },
        Fixture {
            name: "plugins, details",
            target: Target::Layer,
            build: |now| {
                let mut state = plugins_open(now);
                update(&mut state, key(KeyCode::Enter), now);
                update(&mut state, plugin_read(), now);
                state
            },
        },
        Fixture {
            name: "plugins, an install waiting for y",
            target: Target::Layer,
            build: |now| {
                let mut state = plugins_open(now);
                update(&mut state, key(KeyCode::Enter), now);
                update(&mut state, plugin_read(), now);
                update(&mut state, key(KeyCode::Char('i')), now);
                state
            },
        },
        Fixture {
            name: "plugins, a marketplace source typed",
            target: Target::Layer,
            build: |now| {
                let mut state = plugins_open(now);
                update(&mut state, ctrl('a'), now);
                type_text(&mut state, "owner/repo", now);
                state
            },
        },
    ]
}
