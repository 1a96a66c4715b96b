//! The @-mention finder: `@` opens it, the text after it is the query of `fuzzyFileSearch`,
//! answers to older queries are dropped, `.git/` is left out, Tab/Enter insert the path.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, Effect, RequestTag};

fn searches(effects: &[Effect]) -> Vec<(Value, u64)> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Request(r) => match r.tag() {
                RequestTag::SearchFiles { generation } => Some((r.params().unwrap(), generation)),
                _ => None,
            },
            _ => None,
        })
        .collect()
}

fn type_keys(state: &mut AppState, text: &str, now: Instant) -> Vec<Effect> {
    let mut effects = Vec::new();
    for c in text.chars() {
        effects.extend(wire(update(state, key(KeyCode::Char(c)), now)));
    }
    effects
}

fn answer(generation: u64, paths: &[&str]) -> AppEvent {
    let files: Vec<Value> = paths
        .iter()
        .map(|p| {
            json!({"root": "/home/user/project", "path": p, "match_type": "file",
                        "file_name": p.rsplit('/').next(), "score": 100, "indices": [0, 1]})
        })
        .collect();
    reply(
        RequestTag::SearchFiles { generation },
        Ok(json!({ "files": files })),
    )
}

fn finder(state: &AppState) -> Option<&tern::app::composer::FileFinder> {
    match &state.session.composer.popup {
        Some(tern::app::composer::ComposerPopup::Files(f)) => Some(f),
        _ => None,
    }
}

#[test]
fn at_opens_the_finder_and_each_letter_asks_the_server() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_keys(&mut state, "look at @", now);
    assert!(finder(&state).is_some());
    let effects = type_keys(&mut state, "ma", now);
    let sent = searches(&effects);
    assert_eq!(sent.len(), 2);
    assert_eq!(
        sent[1].0,
        json!({"query": "ma", "roots": ["/home/user/project"], "cancellationToken": "tern-file-finder"})
    );
    assert_eq!(sent[0].0["query"], "m");
    assert_eq!(
        state.session.composer.text(),
        "look at @ma",
        "the text stays as typed"
    );
}

#[test]
fn an_at_inside_a_word_is_just_a_letter() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let effects = type_keys(&mut state, "me@example.com", now);
    assert!(finder(&state).is_none());
    assert!(searches(&effects).is_empty());
    assert_eq!(state.session.composer.text(), "me@example.com");
}

#[test]
fn an_answer_to_an_older_query_is_dropped() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let sent = searches(&type_keys(&mut state, "@ma", now));
    let (first, second) = (sent[0].1, sent[1].1);
    update(
        &mut state,
        answer(second, &["src/main.rs", ".git/hooks/pre-rebase.sample"]),
        now,
    );
    // The answer for "m" comes late: it must not replace the one for "ma".
    update(&mut state, answer(first, &["src/mod.rs"]), now);
    let shown: Vec<&str> = finder(&state)
        .unwrap()
        .matches
        .iter()
        .map(|m| m.path.as_str())
        .collect();
    assert_eq!(
        shown,
        ["src/main.rs"],
        ".git/ left out, stale answer dropped"
    );
}

#[test]
fn tab_or_enter_inserts_the_chosen_path_and_quotes_one_with_spaces() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let sent = searches(&type_keys(&mut state, "fix @ma", now));
    update(
        &mut state,
        answer(sent[1].1, &["src/main.rs", "docs/my notes.md"]),
        now,
    );
    update(&mut state, key(KeyCode::Down), now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert!(effects.is_empty(), "Enter in the finder sends nothing");
    assert_eq!(state.session.composer.text(), "fix \"docs/my notes.md\" ");
    assert!(finder(&state).is_none());

    let sent = searches(&type_keys(&mut state, "and @m", now));
    update(&mut state, answer(sent[0].1, &["src/main.rs"]), now);
    update(&mut state, key(KeyCode::Tab), now);
    assert_eq!(
        state.session.composer.text(),
        "fix \"docs/my notes.md\" and src/main.rs "
    );
}

#[test]
fn esc_closes_and_keeps_the_text_backspace_past_the_at_closes() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_keys(&mut state, "@ab", now);
    update(&mut state, key(KeyCode::Esc), now);
    assert!(finder(&state).is_none());
    assert_eq!(state.session.composer.text(), "@ab");
    assert!(!state.session.turn_active());

    let mut state = ready_state(now);
    type_keys(&mut state, "@a", now);
    update(&mut state, key(KeyCode::Backspace), now);
    assert!(finder(&state).is_some(), "still after the @");
    update(&mut state, key(KeyCode::Backspace), now);
    assert!(finder(&state).is_none());
    assert_eq!(state.session.composer.text(), "");
}

#[test]
fn the_finder_over_the_composer() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let sent = searches(&type_keys(&mut state, "explain @mod", now));
    let last = sent.last().unwrap().1;
    update(
        &mut state,
        answer(
            last,
            &[
                "src/deep/mod_fuzzy.rs",
                "src/model/mod.rs",
                "evil\u{1b}[2Jname.rs",
            ],
        ),
        now,
    );
    update(&mut state, key(KeyCode::Down), now);
    snapshot!("file_finder_80x20", &screen(&mut state, 80, 20, now));
}
