//! The resume picker and thread switching as pure `update` transitions: the exact requests
//! sent (pages, fast first page, search, resume, turns, fork, rename, archive), stale answers
//! dropped, errors kept in the picker. How it looks: `thread_picker_screens.rs`.

use crate::support::common::*;
use crate::support::thread_fixtures::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::layers::thread_picker::SEARCH_DEBOUNCE;
use tern::app::layers::Layer;
use tern::app::{update, AppEvent, AppState, Effect, ListPurpose};

#[test]
fn tern_resume_asks_for_the_fast_page_and_the_exact_one_of_this_directory() {
    let now = Instant::now();
    let (state, effects) = picker_at_startup(now);
    let sent = requests(&effects);
    let expected = json!({"limit": 25, "sortKey": "updated_at", "cwd": CWD});
    let mut fast = expected.clone();
    fast["useStateDbOnly"] = json!(true);
    let read = json!({"refreshToken": false});
    assert_eq!(
        sent,
        vec![
            ("account/read", read),
            ("thread/list", fast),
            ("thread/list", expected)
        ]
    );
    assert!(
        state.shown_thread().is_none(),
        "no thread is started behind the picker"
    );
    assert!(matches!(
        state.person_layers().last(),
        Some(Layer::ThreadPicker(_))
    ));
}

#[test]
fn the_fast_page_shows_at_once_and_the_exact_one_replaces_it_keeping_the_selection() {
    let now = Instant::now();
    let (mut state, _) = picker_at_startup(now);
    list_answer(
        &mut state,
        ListPurpose::Page {
            generation: 1,
            fast: true,
        },
        page(threads(0..3), Some("fast-cursor")),
        now,
    );
    assert_eq!(picker(&state).rows.len(), 3);
    assert!(
        picker(&state).next_cursor.is_none(),
        "a fast page's cursor is not used"
    );
    update(&mut state, key(KeyCode::Down), now);
    assert_eq!(picker(&state).selected_row().unwrap().id, "t-001");
    // The exact page has one more thread on top: the selection stays on t-001.
    let mut exact = vec![thread("t-new", "fresh", 0)];
    exact.extend(threads(0..3));
    list_answer(
        &mut state,
        ListPurpose::Page {
            generation: 1,
            fast: false,
        },
        page(exact, None),
        now,
    );
    assert_eq!(picker(&state).rows.len(), 4);
    assert_eq!(picker(&state).selected_row().unwrap().id, "t-001");
    // A fast answer arriving late changes nothing.
    list_answer(
        &mut state,
        ListPurpose::Page {
            generation: 1,
            fast: true,
        },
        page(threads(0..1), None),
        now,
    );
    assert_eq!(picker(&state).rows.len(), 4);
}

#[test]
fn the_next_page_is_fetched_once_as_the_selection_nears_the_end() {
    let now = Instant::now();
    let mut state = loaded_picker(now);
    let mut sent = Vec::new();
    for _ in 0..20 {
        sent.extend(requests(&wire(update(&mut state, key(KeyCode::Down), now))));
    }
    assert_eq!(
        sent,
        vec![(
            "thread/list",
            json!({"limit": 25, "sortKey": "updated_at", "cwd": CWD, "cursor": "cursor-2"})
        )],
        "one request, with the cursor, while the keys kept moving"
    );
    assert_eq!(
        picker(&state).selected,
        20,
        "keys are handled while the page loads"
    );
    list_answer(
        &mut state,
        ListPurpose::Page {
            generation: 1,
            fast: false,
        },
        page(threads(25..50), None),
        now,
    );
    assert_eq!(picker(&state).rows.len(), 50);
    for _ in 0..40 {
        assert!(
            requests(&wire(update(&mut state, key(KeyCode::Down), now))).is_empty(),
            "no more pages"
        );
    }
    assert_eq!(picker(&state).selected, 49);
}

#[test]
fn toggles_list_again_and_drop_answers_to_the_old_listing() {
    let now = Instant::now();
    let mut state = loaded_picker(now);
    let all = requests(&wire(update(&mut state, key(KeyCode::Tab), now)));
    assert_eq!(
        all[1],
        ("thread/list", json!({"limit": 25, "sortKey": "updated_at"})),
        "all directories: no cwd"
    );
    // The old listing's next page comes late: dropped.
    list_answer(
        &mut state,
        ListPurpose::Page {
            generation: 1,
            fast: false,
        },
        page(threads(25..50), None),
        now,
    );
    assert!(picker(&state).rows.is_empty());
    let sorted = requests(&wire(update(&mut state, ctrl('s'), now)));
    assert_eq!(
        sorted[1],
        ("thread/list", json!({"limit": 25, "sortKey": "created_at"}))
    );
    let archived = requests(&wire(update(&mut state, ctrl('t'), now)));
    assert_eq!(
        archived[1],
        (
            "thread/list",
            json!({"limit": 25, "sortKey": "created_at", "archived": true})
        )
    );
    assert_eq!(picker(&state).generation, 4);
}

/// The thread/list requests among `effects`.
fn searches(effects: Vec<Effect>) -> Vec<(&'static str, Value)> {
    requests(&wire(effects))
        .into_iter()
        .filter(|(method, _)| *method == "thread/list")
        .collect()
}

/// Types `text` a key at a time, `gap_ms` apart from `at`; the thread/list requests sent and
/// the moment of the last key.
fn type_keys(
    state: &mut AppState,
    text: &str,
    at: Instant,
    gap_ms: u64,
) -> (Vec<(&'static str, Value)>, Instant) {
    let mut sent = vec![];
    let mut now = at;
    for (i, c) in text.chars().enumerate() {
        now = later(at, i as u64 * gap_ms);
        sent.extend(searches(update(state, key(KeyCode::Char(c)), now)));
    }
    (sent, now)
}

/// What the search for `term` sends: the listing's filters and the term.
fn search_json(term: &str) -> Value {
    json!({"limit": 25, "sortKey": "updated_at", "cwd": CWD, "searchTerm": term})
}

#[test]
fn typing_abc_quickly_sends_one_search_once_the_typing_pauses() {
    let now = Instant::now();
    let mut state = loaded_picker(now);
    let (sent, last) = type_keys(&mut state, "abc", now, 40);
    assert!(sent.is_empty(), "no search while typing: {sent:?}");
    // The app asks to be woken when the typing has paused long enough.
    let due = last + SEARCH_DEBOUNCE;
    assert_eq!(state.next_tick(last), Some(due));
    // Woken early (another moment): nothing yet, and the moment stays.
    assert!(searches(update(&mut state, AppEvent::Tick, later(last, 10))).is_empty());
    assert_eq!(state.next_tick(later(last, 10)), Some(due));
    let sent = searches(update(&mut state, AppEvent::Tick, due));
    assert_eq!(sent, vec![("thread/list", search_json("abc"))]);
    // Nothing more to wake for, and nothing sent again.
    assert_eq!(state.next_tick(due), None);
    assert!(searches(update(&mut state, AppEvent::Tick, later(due, 500))).is_empty());
}

#[test]
fn an_answer_for_ab_arriving_after_abc_was_sent_is_dropped() {
    let now = Instant::now();
    let mut state = loaded_picker(now);
    let (_, last) = type_keys(&mut state, "ab", now, 10);
    let due = last + SEARCH_DEBOUNCE;
    assert_eq!(
        searches(update(&mut state, AppEvent::Tick, due)),
        vec![("thread/list", search_json("ab"))]
    );
    let for_ab = picker(&state).search_generation;
    let (_, last) = type_keys(&mut state, "c", later(due, 5), 0);
    let due = last + SEARCH_DEBOUNCE;
    assert_eq!(
        searches(update(&mut state, AppEvent::Tick, due)),
        vec![("thread/list", search_json("abc"))]
    );
    let for_abc = picker(&state).search_generation;
    assert_ne!(for_ab, for_abc);
    // The answer to "ab" comes now: dropped, nothing of it shows.
    list_answer(
        &mut state,
        ListPurpose::Search { generation: for_ab },
        page(vec![thread("t-ab", "ab but not the rest", 900)], None),
        due,
    );
    assert!(picker(&state).search_hits.is_empty());
    assert!(
        picker(&state).searching,
        "still waiting for the answer to abc"
    );
    // The answer to "abc" shows.
    list_answer(
        &mut state,
        ListPurpose::Search {
            generation: for_abc,
        },
        page(vec![thread("t-abc", "abc all along", 900)], None),
        due,
    );
    let shown: Vec<String> = picker(&state)
        .visible()
        .iter()
        .map(|r| r.id.clone())
        .collect();
    assert_eq!(shown, vec!["t-abc"]);
}

#[test]
fn typing_filters_loaded_rows_at_once_and_asks_the_server_dropping_stale_answers() {
    let now = Instant::now();
    let mut state = loaded_picker(now);
    let (first, last) = type_keys(&mut state, "1", now, 0);
    assert!(first.is_empty(), "the search waits for the typing to pause");
    let first = searches(update(&mut state, AppEvent::Tick, last + SEARCH_DEBOUNCE));
    assert_eq!(first, vec![("thread/list", search_json("1"))]);
    let at = later(last, 500);
    let (_, last) = type_keys(&mut state, "7", at, 0);
    let second = searches(update(&mut state, AppEvent::Tick, last + SEARCH_DEBOUNCE));
    assert_eq!(second[0].1["searchTerm"], "17");
    // Locally: only "question 17 …" has a 1 then a 7 among the first 25.
    let shown: Vec<String> = picker(&state)
        .visible()
        .iter()
        .map(|r| r.id.clone())
        .collect();
    assert_eq!(shown, vec!["t-017"]);
    // The answer to "1" comes after "17" was typed: dropped.
    let stale = ListPurpose::Search {
        generation: picker(&state).search_generation - 1,
    };
    list_answer(
        &mut state,
        stale,
        page(vec![thread("t-100", "question 100", 900)], None),
        now,
    );
    assert_eq!(picker(&state).visible().len(), 1);
    // The answer to "17" adds the match that was not loaded.
    let current = ListPurpose::Search {
        generation: picker(&state).search_generation,
    };
    list_answer(
        &mut state,
        current,
        page(
            vec![
                thread("t-017", "question 17 about parsing", 119),
                thread("t-117", "question 117", 819),
            ],
            None,
        ),
        now,
    );
    let shown: Vec<String> = picker(&state)
        .visible()
        .iter()
        .map(|r| r.id.clone())
        .collect();
    assert_eq!(shown, vec!["t-017", "t-117"]);
    // Esc clears the filter (the picker stays), a second Esc leaves it.
    update(&mut state, key(KeyCode::Esc), now);
    assert_eq!(picker(&state).visible().len(), 25);
}

#[test]
fn an_answer_for_ab_arriving_after_abc_was_sent_shows_its_hits_that_match_abc() {
    let now = Instant::now();
    let mut state = loaded_picker(now);
    let (_, last) = type_keys(&mut state, "ab", now, 10);
    let due = last + SEARCH_DEBOUNCE;
    update(&mut state, AppEvent::Tick, due);
    let for_ab = picker(&state).search_generation;
    let (_, last) = type_keys(&mut state, "c", later(due, 5), 0);
    update(&mut state, AppEvent::Tick, last + SEARCH_DEBOUNCE);
    let for_abc = picker(&state).search_generation;
    // "ab" answers late: of its hits, the one that also matches "abc" shows at once.
    list_answer(
        &mut state,
        ListPurpose::Search { generation: for_ab },
        page(
            vec![
                thread("t-ab", "ab but not the rest", 900),
                thread("t-abc-late", "about a cat", 900),
            ],
            None,
        ),
        due,
    );
    let ids = |state: &AppState| -> Vec<String> {
        picker(state)
            .visible()
            .iter()
            .map(|r| r.id.clone())
            .collect()
    };
    assert_eq!(ids(&state), vec!["t-abc-late"]);
    assert!(
        picker(&state).searching,
        "abc's own answer is still awaited"
    );
    // Typing on ("abca") keeps the hits that still match rather than going blank.
    type_keys(&mut state, "a", later(due, 50), 0);
    assert_eq!(ids(&state), vec!["t-abc-late"]);
    // The answer to "abc" now is for an older query, but longer than the hits' term: it
    // replaces them, narrowed to "abca".
    list_answer(
        &mut state,
        ListPurpose::Search {
            generation: for_abc,
        },
        page(
            vec![
                thread("t-abca", "abc, again", 900),
                thread("t-abc-only", "abc", 900),
            ],
            None,
        ),
        due,
    );
    assert_eq!(ids(&state), vec!["t-abca"]);
    // An answer for "ab" again, after "abc"'s: shorter than the hits' term, dropped.
    list_answer(
        &mut state,
        ListPurpose::Search { generation: for_ab },
        page(vec![thread("t-abxa", "ab x a c a", 900)], None),
        due,
    );
    assert_eq!(ids(&state), vec!["t-abca"]);
}
