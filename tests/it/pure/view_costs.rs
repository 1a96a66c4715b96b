//! Every view's cost is linear in what it shows, counted in steps (`tern::model::work`), never
//! timed (times are in the bench binary's `growth`): the @ finder's highlighting of
//! a huge path, the resume picker with 30,000 search hits (one Down key took 175 s), a form of
//! 20,000 questions (each key copied the whole form).

use crate::support::common::*;
use crate::support::thread_fixtures::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, Effect, ListPurpose, RequestTag};
use tern::model::work;

#[test]
fn the_finder_highlights_a_huge_path_in_steps_linear_in_what_it_shows() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let mut generation = 0;
    for c in "@x".chars() {
        for effect in update(&mut state, key(KeyCode::Char(c)), now) {
            if let Effect::Request(r) = effect {
                if let RequestTag::SearchFiles { generation: g } = r.tag() {
                    generation = g;
                }
            }
        }
    }
    let n = 200_000;
    let path = "a/".repeat(n / 2);
    let indices: Vec<usize> = (0..n).rev().collect();
    update(
        &mut state,
        reply(
            RequestTag::SearchFiles { generation },
            Ok(
                json!({"files": [{"root": "/home/user/project", "path": path,
                "match_type": "file", "file_name": "a", "score": 1, "indices": indices}]}),
            ),
        ),
        now,
    );
    work::take();
    let shown = screen(&mut state, 120, 40, now);
    assert!(shown.contains("a/a/a/"), "{shown}");
    let steps = work::take();
    // The visible part of the path (120 columns) and one pass over the positions.
    assert!(steps <= (n + 120) as u64, "{steps} steps");
}

#[test]
fn a_key_in_the_picker_with_30000_search_hits_costs_steps_linear_in_them() {
    let now = Instant::now();
    let mut state = loaded_picker(now);
    update(&mut state, key(KeyCode::Char('q')), now);
    let generation = picker(&state).search_generation;
    let hits: Vec<Value> = (0..30_000)
        .map(|n| thread(&format!("hit-{n:05}"), &format!("question {n}"), n))
        .collect();
    list_answer(
        &mut state,
        ListPurpose::Search { generation },
        page(hits, None),
        now,
    );
    assert!(picker(&state).visible().len() > 30_000);
    work::take();
    update(&mut state, key(KeyCode::Down), now);
    let steps = work::take();
    // Each look at what is visible merges the rows and the hits once.
    assert!(steps <= 8 * 30_025, "{steps} steps for one key");
}

#[test]
fn a_key_on_a_form_of_20000_questions_does_not_copy_the_form() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let properties: serde_json::Map<String, Value> = (0..20_000)
        .map(|i| {
            (
                format!("field{i:05}"),
                json!({"type": "string", "title": format!("Field {i}"), "enum": ["a", "b", "c"]}),
            )
        })
        .collect();
    let params = json!({"threadId": THREAD, "turnId": "t", "serverName": "big", "mode": "form",
        "_meta": null, "message": "Many questions",
        "requestedSchema": {"type": "object", "properties": properties}});
    update(
        &mut state,
        server_request(1, "mcpServer/elicitation/request", params),
        now,
    );
    work::take();
    press(&mut state, KeyCode::Down, read(now));
    press(&mut state, KeyCode::Enter, read(now));
    let steps = work::take();
    // Each copy of the form costs a step per question: none is made.
    assert!(steps < 100, "{steps} steps for two keys");
}

/// A day-long session (issue 24): 30,000 cells in the shown thread. A frame lays out only the
/// cells in its window, PgUp the cells it scrolls to; every other cell keeps only its source.
#[test]
fn a_day_long_sessions_frames_lay_out_only_the_cells_near_the_screen() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let cells = 30_000;
    for n in 0..cells {
        let item = json!({"threadId": THREAD, "turnId": format!("t{}", n / 10), "item": {
            "type": "agentMessage", "id": format!("a{n}"),
            "text": format!("Answer {n} with `code`:\n\n```rust\nfn f() -> u32 {{ {n} }}\n```\n")}});
        update(&mut state, notify("item/completed", item), now);
    }
    let transcript = |state: &tern::app::AppState| -> (u64, usize) {
        let t = state.transcript();
        let laid = t.cells().iter().filter(|c| c.was_laid_out()).count();
        (t.layouts(), laid)
    };
    let shown = screen(&mut state, 100, 30, now);
    assert!(shown.contains(&format!("Answer {}", cells - 1)), "{shown}");
    let (layouts, laid) = transcript(&state);
    // Each cell is at least 5 rows with its gap: a 30-row window shows at most 7 of them.
    assert!(
        layouts <= 8 && laid <= 8,
        "{layouts} layouts, {laid} cells laid out"
    );
    screen(&mut state, 100, 30, now);
    assert_eq!(
        transcript(&state).0,
        layouts,
        "an unchanged frame laid out again"
    );
    for _ in 0..10 {
        update(&mut state, key(KeyCode::PageUp), now);
        screen(&mut state, 100, 30, now);
    }
    let (layouts, laid) = transcript(&state);
    assert!(
        layouts <= 8 + 10 * 8 && laid <= 8 + 10 * 8,
        "ten pages up: {layouts} layouts, {laid} cells laid out"
    );
    assert!(!state.transcript().cells()[0].was_laid_out());
}

/// `/config`, `/memories` and `/keymap` make their rows when what they show changes, not per
/// frame: drawing them again and again costs no step of the builders.
#[test]
fn config_memories_and_keymap_draw_without_rebuilding_their_rows() {
    let now = Instant::now();
    let mut state = ready_state(now);
    state.set_draft("/config");
    update(&mut state, key(KeyCode::Enter), now);
    update(
        &mut state,
        reply(
            RequestTag::ReadConfig,
            Ok(json!({"config": {"model": "gpt-test"},
                "origins": {"model": {"name": {"type": "user", "file": "/h/c.toml"}, "version": "1"}}})),
        ),
        now,
    );
    work::take();
    for _ in 0..3 {
        let shown = screen(&mut state, 120, 40, now);
        assert!(
            shown.contains("\"gpt-test\""),
            "read when codex answered: {shown}"
        );
    }
    assert_eq!(work::take(), 0, "/config's rows made again in a frame");
    update(&mut state, key(KeyCode::Esc), now);

    state.set_draft("/memories");
    update(&mut state, key(KeyCode::Enter), now);
    let summary: String = (1..=200).map(|i| format!("memory {i}\n")).collect();
    update(
        &mut state,
        reply(RequestTag::ReadMemory, Ok(json!({"summary": summary}))),
        now,
    );
    work::take();
    for _ in 0..3 {
        let shown = screen(&mut state, 120, 40, now);
        assert!(shown.contains("memory 1"), "{shown}");
    }
    assert_eq!(
        work::take(),
        0,
        "/memories' summary wrapped again in a frame"
    );
    update(&mut state, key(KeyCode::Esc), now);

    state.set_draft("/keymap");
    update(&mut state, key(KeyCode::Enter), now);
    work::take();
    for _ in 0..3 {
        let shown = screen(&mut state, 120, 40, now);
        assert!(shown.contains("history_search"), "{shown}");
    }
    assert_eq!(
        work::take(),
        0,
        "/keymap's filter or labels made again in a frame"
    );
    // A filter typed finds the rows once per key, not once per frame.
    update(&mut state, key(KeyCode::Char('/')), now);
    update(&mut state, key(KeyCode::Char('h')), now);
    let per_key = work::take();
    assert!(per_key > 0, "the filter is applied as it changes");
    screen(&mut state, 120, 40, now);
    assert_eq!(work::take(), 0);
}
