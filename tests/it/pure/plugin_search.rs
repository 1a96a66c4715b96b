//! `/plugins`' search: every change of what is typed asks codex (`plugin/search {searchTerm,
//! cwds}`, exact JSON) while the listed plugins it matches show at once; codex's hits are
//! merged in (a listed plugin found on text tern does not hold, a plugin of a marketplace not
//! listed — read by its own marketplace file); an answer for a term no longer typed is dropped
//! unless the query extends it, and then it stands narrowed, never over a longer term's hits;
//! a blank search asks nothing. The matches are worked out when the search or the list
//! changes, not per frame.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, Effect, RequestTag};

const MARKET: &str = "/home/user/project/.agents/plugins/marketplace.json";
const OTHER: &str = "/elsewhere/.agents/plugins/marketplace.json";

fn summary(name: &str, shown: &str, market: &str) -> Value {
    json!({"id": format!("{name}@{market}"), "name": name, "installed": false,
        "enabled": false, "installPolicy": "AVAILABLE", "availability": "AVAILABLE",
        "interface": {"displayName": shown, "shortDescription": "A plugin"}})
}

fn open(now: Instant) -> AppState {
    let mut state = ready_state(now);
    state.set_draft("/plugins");
    update(&mut state, key(KeyCode::Enter), now);
    let list = json!({"marketplaces": [{"name": "local-test", "path": MARKET, "plugins": [
            summary("hello", "Hello plugin", "local-test"),
            summary("lint", "Linter", "local-test")]}],
        "marketplaceLoadErrors": []});
    update(&mut state, reply(RequestTag::ListPlugins, Ok(list)), now);
    state
}

/// The searches `effects` send: each one's params and generation.
fn searches(effects: &[Effect]) -> Vec<(Value, u64)> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Request(r) => match r.tag() {
                RequestTag::SearchPlugins { generation, .. } => {
                    Some((r.params().unwrap(), generation))
                }
                _ => None,
            },
            _ => None,
        })
        .collect()
}

fn typed(state: &mut AppState, c: char, now: Instant) -> (Value, u64) {
    let effects = wire(update(state, key(KeyCode::Char(c)), now));
    let mut sent = searches(&effects);
    assert_eq!(sent.len(), 1, "{effects:?}");
    sent.remove(0)
}

fn hits(term: &str, generation: u64, plugins: &[(&str, &str, &str, &str)]) -> AppEvent {
    let data: Vec<Value> = plugins
        .iter()
        .map(|(name, shown, market, path)| {
            json!({"plugin": summary(name, shown, market), "marketplaceName": market,
                "marketplacePath": path})
        })
        .collect();
    reply(
        RequestTag::SearchPlugins {
            generation,
            term: term.into(),
        },
        Ok(json!({"data": data, "nextCursor": null})),
    )
}

#[test]
fn each_change_asks_codex_and_its_hits_are_merged_in() {
    let now = Instant::now();
    let mut state = open(now);
    let (params, _) = typed(&mut state, 'w', now);
    assert_eq!(
        params,
        json!({"searchTerm": "w", "cwds": ["/home/user/project"]})
    );
    let (params, generation) = typed(&mut state, 'a', now);
    assert_eq!(
        params,
        json!({"searchTerm": "wa", "cwds": ["/home/user/project"]})
    );
    // Locally nothing matches "wa"; codex matches hello's keyword and a plugin elsewhere.
    let shown = screen(&mut state, 120, 40, now);
    assert!(shown.contains("Nothing matches."), "{shown}");
    assert!(shown.contains("searching…"), "{shown}");
    update(
        &mut state,
        hits(
            "wa",
            generation,
            &[
                ("hello", "Hello plugin", "local-test", MARKET),
                ("waves", "Waves", "other-market", OTHER),
            ],
        ),
        now,
    );
    let shown = screen(&mut state, 120, 40, now);
    for text in ["Hello plugin  local-test", "Waves  other-market"] {
        assert!(shown.contains(text), "{text}: {shown}");
    }
    assert!(
        !shown.contains("Linter") && !shown.contains("searching…"),
        "{shown}"
    );
    // A plugin only codex found is read from its own marketplace file.
    update(&mut state, key(KeyCode::Down), now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    let reads: Vec<_> = effects.iter().filter_map(request_json).collect();
    assert_eq!(
        reads,
        [(
            "plugin/read",
            json!({"marketplacePath": OTHER, "pluginName": "waves"})
        )]
    );
}

#[test]
fn an_older_terms_answer_is_narrowed_never_over_a_longer_ones() {
    let now = Instant::now();
    let mut state = open(now);
    let (_, first) = typed(&mut state, 'f', now);
    let (_, second) = typed(&mut state, 'o', now);
    // "f" answers while "fo" is out: its hits stand, narrowed to those matching "fo".
    let for_f = [
        ("fmt", "Formatter", "other-market", OTHER),
        ("fig", "Fig", "other-market", OTHER),
    ];
    update(&mut state, hits("f", first, &for_f), now);
    let shown = screen(&mut state, 120, 40, now);
    assert!(
        shown.contains("Formatter") && !shown.contains("Fig"),
        "{shown}"
    );
    // "fo" answers: its hits are the ones shown.
    let for_fo = [("fold", "Folder", "other-market", OTHER)];
    update(&mut state, hits("fo", second, &for_fo), now);
    let shown = screen(&mut state, 120, 40, now);
    assert!(
        shown.contains("Folder") && !shown.contains("Formatter"),
        "{shown}"
    );
    // A late answer for "f" does not replace the hits found for "fo".
    update(&mut state, hits("f", first, &for_f), now);
    let shown = screen(&mut state, 120, 40, now);
    assert!(
        shown.contains("Folder") && !shown.contains("Formatter"),
        "{shown}"
    );
    // A search that does not extend "fo" drops an answer for it.
    update(&mut state, key(KeyCode::Backspace), now);
    update(&mut state, key(KeyCode::Backspace), now);
    let (_, third) = typed(&mut state, 'x', now);
    update(&mut state, hits("fo", second, &for_fo), now);
    let shown = screen(&mut state, 120, 40, now);
    assert!(!shown.contains("Folder"), "{shown}");
    update(&mut state, hits("x", third, &[]), now);
    assert!(screen(&mut state, 120, 40, now).contains("Nothing matches."));
}

#[test]
fn a_paste_searches_as_typed() {
    let now = Instant::now();
    let mut state = open(now);
    let effects = wire(update(
        &mut state,
        tern::app::AppEvent::Paste("lin\u{1b}t\n".into()),
        now,
    ));
    let sent: Vec<Value> = searches(&effects).into_iter().map(|(p, _)| p).collect();
    assert_eq!(
        sent,
        [json!({"searchTerm": "lin t", "cwds": ["/home/user/project"]})]
    );
    assert!(state.draft().is_empty(), "the paste reached the composer");
    let shown = screen(&mut state, 120, 40, now);
    assert!(shown.contains("Search: lin t"), "{shown}");
}

#[test]
fn a_blank_search_asks_nothing_and_shows_every_plugin() {
    let now = Instant::now();
    let mut state = open(now);
    typed(&mut state, 'z', now);
    let effects = wire(update(&mut state, key(KeyCode::Backspace), now));
    assert!(searches(&effects).is_empty(), "{effects:?}");
    let effects = wire(update(&mut state, key(KeyCode::Char(' ')), now));
    assert!(searches(&effects).is_empty(), "{effects:?}");
    let shown = screen(&mut state, 120, 40, now);
    assert!(
        shown.contains("Hello plugin") && shown.contains("Linter"),
        "{shown}"
    );
    assert!(!shown.contains("searching…"), "{shown}");
}

#[test]
fn a_failed_search_is_said_and_the_local_matches_stay() {
    let now = Instant::now();
    let mut state = open(now);
    let (_, generation) = typed(&mut state, 'l', now);
    update(
        &mut state,
        reply(
            RequestTag::SearchPlugins {
                generation,
                term: "l".into(),
            },
            Err("method not found \u{1b}[31mred".into()),
        ),
        now,
    );
    let shown = screen(&mut state, 120, 40, now);
    assert!(
        shown.contains("codex's search failed: method not found"),
        "{shown}"
    );
    assert!(!shown.contains('\u{1b}'), "{shown}");
    assert!(
        shown.contains("Linter") && shown.contains("Hello plugin"),
        "{shown}"
    );
}

#[test]
fn the_matches_are_worked_out_when_typed_not_per_frame() {
    let now = Instant::now();
    let mut state = ready_state(now);
    state.set_draft("/plugins");
    update(&mut state, key(KeyCode::Enter), now);
    let plugins: Vec<Value> = (0..900)
        .map(|n| summary(&format!("p{n}"), &format!("Plugin {n}"), "m"))
        .collect();
    let list = json!({"marketplaces": [{"name": "m", "path": MARKET, "plugins": plugins}]});
    update(&mut state, reply(RequestTag::ListPlugins, Ok(list)), now);
    tern::model::work::take();
    typed(&mut state, '7', now);
    assert!(
        tern::model::work::take() >= 900,
        "typing works the matches out"
    );
    for _ in 0..5 {
        let shown = screen(&mut state, 120, 40, now);
        assert!(shown.contains("Plugin 7"), "{shown}");
    }
    assert_eq!(
        tern::model::work::take(),
        0,
        "a frame matched the plugins again"
    );
}

#[test]
fn an_answer_to_an_earlier_plugins_search_is_not_taken_for_one_now() {
    let now = Instant::now();
    let mut state = open(now);
    let (_, old) = typed(&mut state, 'q', now);
    update(&mut state, key(KeyCode::Esc), now);
    state.set_draft("/plugins");
    update(&mut state, key(KeyCode::Enter), now);
    let (_, new) = typed(&mut state, 'q', now);
    assert_ne!(old, new);
    let stale = [("quux", "Quux", "other-market", OTHER)];
    update(&mut state, hits("q", old, &stale), now);
    let shown = screen(&mut state, 120, 40, now);
    assert!(
        !shown.contains("Quux") && shown.contains("searching…"),
        "{shown}"
    );
}
