//! `/plugins`' search results and marketplace prompts on screen at 80×24 and 120×40, with
//! ordinary text and with escape sequences, bidi controls, carriage returns and very long
//! names in everything codex says (a hit's plugin and marketplace names, its description, a
//! failed search, a marketplace's name in the remove and upgrade questions, a refusal of an
//! add) and in the source pasted: shown as markers, never applied.

use crate::support::account_fixtures::{no_escapes, EVIL};
use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, Effect, RequestTag};

fn e(evil: bool, s: &str) -> String {
    if evil {
        format!("{s}{EVIL}{}", "long".repeat(30))
    } else {
        s.to_string()
    }
}

fn summary(evil: bool, name: &str, shown: &str, market: &str) -> Value {
    json!({"id": format!("{name}@{market}"), "name": e(evil, name), "installed": false,
        "interface": {"displayName": e(evil, shown), "shortDescription": e(evil, "Formats code")}})
}

fn open(evil: bool, now: Instant) -> AppState {
    let mut state = ready_state(now);
    state.set_draft("/plugins");
    update(&mut state, key(KeyCode::Enter), now);
    let list = json!({"marketplaces": [{"name": e(evil, "local"), "path": "/w/m.json",
        "plugins": [summary(evil, "hello", "Hello plugin", "local")]}]});
    update(&mut state, reply(RequestTag::ListPlugins, Ok(list)), now);
    state
}

fn search_generation(effects: &[Effect]) -> u64 {
    effects
        .iter()
        .find_map(|e| match e {
            Effect::Request(r) => match r.tag() {
                RequestTag::SearchPlugins { generation, .. } => Some(generation),
                _ => None,
            },
            _ => None,
        })
        .unwrap()
}

fn shot(state: &mut AppState, name: &str, must: &str, now: Instant) {
    for (width, height) in [(80, 24), (120, 40)] {
        let text = screen(state, width, height, now);
        no_escapes(&text);
        assert!(text.contains(must), "{must}: {text}");
        snapshot!(&format!("{name}_{width}x{height}"), &text);
    }
}

#[test]
fn search_results_at_80x24_and_120x40() {
    let now = Instant::now();
    for evil in [false, true] {
        let name = if evil { "search_hostile" } else { "search" };
        let mut state = open(evil, now);
        update(&mut state, key(KeyCode::Char('f')), now);
        let effects = update(&mut state, key(KeyCode::Char('o')), now);
        let generation = search_generation(&effects);
        shot(&mut state, &format!("{name}_searching"), "searching…", now);
        let hit = json!({"plugin": summary(evil, "fmt", "Formatter", "other"),
            "marketplaceName": e(evil, "other-market"), "marketplacePath": "/o/m.json"});
        update(
            &mut state,
            reply(
                RequestTag::SearchPlugins {
                    generation,
                    term: "fo".into(),
                },
                Ok(json!({"data": [hit], "nextCursor": null})),
            ),
            now,
        );
        shot(&mut state, &format!("{name}_hits"), "Formatter", now);
        let effects = update(&mut state, key(KeyCode::Char('x')), now);
        let generation = search_generation(&effects);
        update(
            &mut state,
            reply(
                RequestTag::SearchPlugins {
                    generation,
                    term: "fox".into(),
                },
                Err(e(evil, "search unavailable")),
            ),
            now,
        );
        shot(
            &mut state,
            &format!("{name}_failed"),
            "codex's search failed",
            now,
        );
    }
}

#[test]
fn marketplace_prompts_at_80x24_and_120x40() {
    let now = Instant::now();
    for evil in [false, true] {
        let name = if evil { "market_hostile" } else { "market" };
        let mut state = open(evil, now);
        update(&mut state, ctrl('a'), now);
        let source = e(evil, "https://example.com/market.git");
        update(&mut state, AppEvent::Paste(source.clone()), now);
        shot(
            &mut state,
            &format!("{name}_source"),
            "Add a marketplace from:",
            now,
        );
        update(&mut state, key(KeyCode::Enter), now);
        let sent = state.person_layers().len();
        assert_eq!(sent, 1, "Enter kept /plugins open");
        update(
            &mut state,
            reply(
                RequestTag::AddMarketplace { source },
                Err(e(evil, "git clone failed: Could not resolve host")),
            ),
            now,
        );
        shot(
            &mut state,
            &format!("{name}_refused"),
            "Could not add the marketplace",
            now,
        );
        update(&mut state, ctrl('x'), now);
        shot(
            &mut state,
            &format!("{name}_remove"),
            "Remove the marketplace",
            now,
        );
        update(&mut state, key(KeyCode::Esc), now);
        update(&mut state, ctrl('u'), now);
        shot(
            &mut state,
            &format!("{name}_upgrade"),
            "Upgrade the marketplace",
            now,
        );
    }
}
