//! The @-mention finder: `@` opens it, the text after it is the query of `fuzzyFileSearch`
//! (one search out at a time; what is typed meanwhile is asked when its answer comes), an
//! answer is shown only for the query it was asked for, `.git/` is left out, Tab/Enter insert
//! the path.

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

fn finder(state: &AppState) -> Option<&tern::controls::composer::FileFinder> {
    state.file_finder()
}

/// Types `text`, answering (with nothing) each search out for a query since typed over, until
/// the search for the finder's query is out: returns its generation.
fn search_for(state: &mut AppState, text: &str, now: Instant) -> u64 {
    type_keys(state, text, now);
    loop {
        let finder = finder(state).expect("the finder is open");
        let asked = finder.asked.clone().expect("a search is out");
        if finder.query == asked.query.as_str() {
            return asked.generation;
        }
        update(state, answer(asked.generation, &[]), now);
    }
}

#[test]
fn at_opens_the_finder_and_the_query_is_asked_one_search_at_a_time() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_keys(&mut state, "look at @", now);
    assert!(finder(&state).is_some());
    // Typed in one burst: one search goes out, for what was typed first.
    let sent = searches(&type_keys(&mut state, "ma", now));
    assert_eq!(
        sent.iter().map(|(p, _)| p.clone()).collect::<Vec<_>>(),
        [json!({"query": "m", "roots": ["/home/user/project"], "cancellationToken": null})]
    );
    assert_eq!(state.draft(), "look at @ma", "the text stays as typed");
    // Its answer is for "m", not "ma": not shown; "ma" is asked now.
    let next = searches(&wire(update(
        &mut state,
        answer(sent[0].1, &["src/mod.rs"]),
        now,
    )));
    assert!(finder(&state).unwrap().matches.is_empty());
    assert!(finder(&state).unwrap().searching);
    assert_eq!(
        next.iter().map(|(p, _)| p.clone()).collect::<Vec<_>>(),
        [json!({"query": "ma", "roots": ["/home/user/project"], "cancellationToken": null})]
    );
}

#[test]
fn a_burst_whose_early_answers_come_back_empty_still_shows_the_files() {
    // codex takes concurrent searches up in any order, and with one token the one taken up
    // last cancelled the other: `@lib` typed at once got `[]` for "lib" 2 times in 7. With one
    // search out at a time there is nothing to cancel, and "lib" gets its own answer.
    let now = Instant::now();
    let mut state = ready_state(now);
    let sent = searches(&type_keys(&mut state, "@lib", now));
    assert_eq!(sent.len(), 1, "one search out: {sent:?}");
    assert_eq!(sent[0].0["query"], "l");
    // "l" answered as a cancelled search answers: no files.
    let next = searches(&wire(update(&mut state, answer(sent[0].1, &[]), now)));
    assert_eq!(next.len(), 1);
    assert_eq!(next[0].0["query"], "lib");
    let text = screen(&mut state, 80, 20, now);
    assert!(!text.contains("no files match"), "{text}");
    assert!(text.contains("searching"), "{text}");
    update(
        &mut state,
        answer(next[0].1, &["src/lib.rs", "lib/mod.rs"]),
        now,
    );
    let text = screen(&mut state, 80, 20, now);
    assert!(text.contains("src/lib.rs"), "{text}");
    assert!(!text.contains("no files match"), "{text}");
}

#[test]
fn an_at_inside_a_word_is_just_a_letter() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let effects = type_keys(&mut state, "me@example.com", now);
    assert!(finder(&state).is_none());
    assert!(searches(&effects).is_empty());
    assert_eq!(state.draft(), "me@example.com");
}

#[test]
fn an_answer_never_shows_for_another_query() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let first = searches(&type_keys(&mut state, "@m", now))[0].1;
    type_keys(&mut state, "a", now);
    // The answer for "m" asks "ma"; a second copy of it, or an answer nobody asked for, is
    // dropped.
    let second = searches(&wire(update(
        &mut state,
        answer(first, &["src/mod.rs"]),
        now,
    )))[0]
        .1;
    update(&mut state, answer(first, &["src/mod.rs"]), now);
    update(&mut state, answer(second + 7, &["elsewhere.rs"]), now);
    assert!(finder(&state).unwrap().matches.is_empty());
    update(
        &mut state,
        answer(second, &["src/main.rs", ".git/hooks/pre-rebase.sample"]),
        now,
    );
    let shown: Vec<&str> = finder(&state)
        .unwrap()
        .matches
        .iter()
        .map(|m| m.path.as_str())
        .collect();
    assert_eq!(shown, ["src/main.rs"], ".git/ left out");
    // The finder closed and opened again: an answer for the old one is not the new one's.
    update(&mut state, key(KeyCode::Esc), now);
    let old = searches(&type_keys(&mut state, " @x", now))[0].1;
    update(&mut state, key(KeyCode::Esc), now);
    type_keys(&mut state, " @", now);
    update(&mut state, answer(old, &["x.rs"]), now);
    assert!(finder(&state).unwrap().matches.is_empty());
    assert!(finder(&state).unwrap().asked.is_none());
}

#[test]
fn tab_or_enter_inserts_the_chosen_path_and_quotes_one_with_spaces() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let generation = search_for(&mut state, "fix @ma", now);
    update(
        &mut state,
        answer(generation, &["src/main.rs", "docs/my notes.md"]),
        now,
    );
    update(&mut state, key(KeyCode::Down), now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert!(effects.is_empty(), "Enter in the finder sends nothing");
    assert_eq!(state.draft(), "fix \"docs/my notes.md\" ");
    assert!(finder(&state).is_none());

    let sent = searches(&type_keys(&mut state, "and @m", now));
    update(&mut state, answer(sent[0].1, &["src/main.rs"]), now);
    update(&mut state, key(KeyCode::Tab), now);
    assert_eq!(state.draft(), "fix \"docs/my notes.md\" and src/main.rs ");
}

#[test]
fn esc_closes_and_keeps_the_text_backspace_past_the_at_closes() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_keys(&mut state, "@ab", now);
    update(&mut state, key(KeyCode::Esc), now);
    assert!(finder(&state).is_none());
    assert_eq!(state.draft(), "@ab");
    assert!(!state.turn_active());

    let mut state = ready_state(now);
    type_keys(&mut state, "@a", now);
    update(&mut state, key(KeyCode::Backspace), now);
    assert!(finder(&state).is_some(), "still after the @");
    update(&mut state, key(KeyCode::Backspace), now);
    assert!(finder(&state).is_none());
    assert_eq!(state.draft(), "");
}

#[test]
fn the_finder_over_the_composer() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let last = search_for(&mut state, "explain @mod", now);
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

#[test]
fn an_answer_for_a_query_since_extended_shows_narrowed_while_the_new_one_is_out() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let first = searches(&type_keys(&mut state, "@l", now))[0].1;
    type_keys(&mut state, "iB", now);
    // "l" answers while "liB" is typed: its matches holding l, i, b in order show at once
    // (case aside), with their positions found again, and "liB" is asked.
    let next = searches(&wire(update(
        &mut state,
        answer(
            first,
            &["src/lib.rs", "lua/init.rs", "Lib/Bin.rs", ".git/lib"],
        ),
        now,
    )));
    assert_eq!(next.len(), 1);
    assert_eq!(next[0].0["query"], "liB");
    let shown = finder(&state).unwrap();
    let paths: Vec<(&str, Vec<usize>)> = shown
        .matches
        .iter()
        .map(|m| (m.path.as_str(), m.indices.clone().unwrap()))
        .collect();
    assert_eq!(
        paths,
        [("src/lib.rs", vec![4, 5, 6]), ("Lib/Bin.rs", vec![0, 1, 2])]
    );
    assert!(shown.searching, "the query's own search is still out");
    // Its own answer replaces the narrowed one whole.
    update(&mut state, answer(next[0].1, &["lib/b.rs"]), now);
    let shown = finder(&state).unwrap();
    assert_eq!(shown.matches.len(), 1);
    assert_eq!(shown.matches[0].path, "lib/b.rs");
    assert!(!shown.searching);
}
