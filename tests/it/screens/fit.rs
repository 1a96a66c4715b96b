//! Fit on narrow screens: every view's hint bar and the status line at 60, 80 and 120 columns.
//! A hint or a part of the status line is shown whole or not at all (before: the status line
//! was cut mid-token, "/home/user/proj"); a bar that drops hints says where the rest is
//! ("… ? more"), and where `?` is typed it names the key that opens help ("F1 help"); `?`
//! help never covers the composer; "↓ more below" has a row of its own
//! instead of covering the transcript's text.

use crate::support::common::*;
use crate::support::thread_fixtures::loaded_picker;
use crossterm::event::KeyCode;
use serde_json::json;
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, RequestTag};

const WIDTHS: [u16; 3] = [60, 80, 120];
const HEIGHT: u16 = 24;
/// Wide enough for any status line or hint bar whole.
const WIDE: u16 = 400;

/// What ends a bar that dropped hints.
fn is_marker(token: &str) -> bool {
    token == "…"
        || (token.starts_with("… ") && token.ends_with(" more"))
        || token
            .strip_suffix(" help")
            .is_some_and(|key| !key.is_empty() && !key.contains(' '))
}

fn last_rows(state: &mut AppState, width: u16, now: Instant) -> (String, String) {
    let text = screen(state, width, HEIGHT, now);
    let rows: Vec<&str> = text.lines().collect();
    let n = rows.len();
    (rows[n - 2].to_string(), rows[n - 1].to_string())
}

fn tokens(row: &str) -> Vec<String> {
    row.split(" · ")
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect()
}

/// A part of the status line as shown at some width is one of the parts shown at full width,
/// or its short form: without its parenthesised hint, or a path's last folder.
fn is_whole_status_part(part: &str, full: &[String]) -> bool {
    full.iter().any(|whole| {
        whole == part
            || whole
                .strip_prefix(part)
                .is_some_and(|rest| rest.starts_with(" ("))
            || part
                .strip_prefix("…/")
                .is_some_and(|last| whole.ends_with(&format!("/{last}")))
    })
}

/// Checks one view at one width; returns its two rows for the snapshot.
fn check(name: &str, state: &mut AppState, width: u16, now: Instant) -> String {
    let hints: Vec<String> = state
        .top_hints(now)
        .iter()
        .map(|h| format!("{} {}", h.keys, h.action))
        .collect();
    let (full_status, _) = last_rows(state, WIDE, now);
    let full_status = tokens(&full_status);
    let (status, bar) = last_rows(state, width, now);
    for part in tokens(&status) {
        assert!(
            is_whole_status_part(&part, &full_status),
            "{name} at {width}: status part {part:?} is cut (whole: {full_status:?})\n{status}"
        );
    }
    let shown = tokens(&bar);
    let mut named = 0;
    for token in &shown {
        if is_marker(token) {
            continue;
        }
        assert!(
            hints.contains(token),
            "{name} at {width}: hint {token:?} is cut (hints: {hints:?})\n{bar}"
        );
        named += 1;
    }
    let help_in_marker = shown.iter().any(|t| t.starts_with("… ")) as usize;
    if named + help_in_marker < hints.len() {
        assert!(
            shown.last().is_some_and(|t| is_marker(t)),
            "{name} at {width}: hints were dropped without saying so\n{bar}"
        );
    }
    assert!(status.chars().count() <= usize::from(width));
    format!("{name}\n  {status}\n  {bar}\n")
}

/// Each view, as a state on screen.
fn views(now: Instant) -> Vec<(&'static str, AppState)> {
    let mut out = Vec::new();
    out.push(("idle", ready_state(now)));
    let mut typing = ready_state(now);
    type_text(&mut typing, "a draft", now);
    out.push(("typing", typing));
    out.push(("running", running_state(now)));
    let mut slash = ready_state(now);
    type_text(&mut slash, "/", now);
    out.push(("commands", slash));
    let mut history = ready_state(now);
    update(&mut history, ctrl('r'), now);
    out.push(("history search", history));
    let mut search = ready_state(now);
    update(&mut search, ctrl('f'), now);
    out.push(("transcript search", search));
    let mut help = ready_state(now);
    type_text(&mut help, "?", now);
    out.push(("help", help));
    out.push(("picker", loaded_picker(now)));
    let mut approval = running_state(now);
    update(
        &mut approval,
        server_request(
            1,
            "item/commandExecution/requestApproval",
            json!({"threadId": THREAD, "turnId": "turn-1", "itemId": "c1",
                   "command": "cargo test --workspace", "reason": "run the tests"}),
        ),
        now,
    );
    out.push(("approval", approval));
    let mut models = ready_state(now);
    type_text(&mut models, "/model", now);
    update(&mut models, key(KeyCode::Enter), now);
    update(
        &mut models,
        reply(
            RequestTag::ListModels,
            Ok(json!({"data": [
                {"id": "m", "model": "mock-model", "displayName": "mock-model",
                 "description": "", "hidden": false, "isDefault": true,
                 "supportedReasoningEfforts": [], "defaultReasoningEffort": "medium"}],
                "nextCursor": null})),
        ),
        now,
    );
    out.push(("model list", models));
    let mut down = running_state(now);
    update(&mut down, AppEvent::Disconnected("gone".into()), now);
    out.push(("server down", down));
    out.push(("scrolled back", scrolled_back(now)));
    let mut files = ready_state(now);
    type_text(&mut files, "@src", now);
    update(
        &mut files,
        reply(
            RequestTag::SearchFiles { generation: 1 },
            Ok(
                json!({"files": [{"root": "/home/user/project", "path": "src/lib.rs",
                "match_type": "file", "file_name": "lib.rs", "score": 1, "indices": null}]}),
            ),
        ),
        now,
    );
    out.push(("file finder", files));
    let mut status = ready_state(now);
    type_text(&mut status, "/status", now);
    update(&mut status, key(KeyCode::Enter), now);
    out.push(("status view", status));
    let mut selected = scrolled_back(now);
    update(&mut selected, key(KeyCode::End), now);
    update(
        &mut selected,
        AppEvent::Key(crossterm::event::KeyEvent::new(
            KeyCode::Up,
            crossterm::event::KeyModifiers::ALT,
        )),
        now,
    );
    out.push(("selected cell", selected));
    out
}

/// A long answer, scrolled back a page.
fn scrolled_back(now: Instant) -> AppState {
    let mut state = running_state(now);
    let text: String = (1..=60)
        .map(|n| format!("line {n} of a long answer\n\n"))
        .collect();
    update(
        &mut state,
        notify(
            "item/agentMessage/delta",
            json!({"threadId": THREAD, "turnId": "turn-1", "itemId": "m", "delta": text}),
        ),
        now,
    );
    screen(&mut state, 80, HEIGHT, now);
    update(&mut state, key(KeyCode::PageUp), now);
    state
}

#[test]
fn hint_bars_and_the_status_line_fit_whole_at_60_80_and_120_columns() {
    let now = Instant::now();
    for width in WIDTHS {
        let mut all = String::new();
        for (name, mut state) in views(now) {
            // Drawn once a question that just came takes keys.
            let at = read(now);
            update(&mut state, AppEvent::Tick, at);
            all.push_str(&check(name, &mut state, width, at));
        }
        snapshot!(&format!("bars_{width}"), &all);
    }
}

#[test]
fn help_never_covers_the_composer() {
    let now = Instant::now();
    for width in WIDTHS {
        let mut state = ready_state(now);
        let before = screen(&mut state, width, HEIGHT, now);
        let composer_top = before
            .lines()
            .collect::<Vec<_>>()
            .iter()
            .rposition(|row| row.starts_with('╭'))
            .expect("the composer's box");
        type_text(&mut state, "?", now);
        let after = screen(&mut state, width, HEIGHT, now);
        assert!(after.contains(" Keys "), "{after}");
        let rows = |s: &str| -> Vec<String> {
            s.lines()
                .skip(composer_top)
                .take(usize::from(HEIGHT) - composer_top - 2)
                .map(str::to_string)
                .collect()
        };
        assert_eq!(
            rows(&before),
            rows(&after),
            "at {width}: help covers the composer\n{after}"
        );
    }
}

#[test]
fn more_below_has_a_row_of_its_own() {
    let now = Instant::now();
    for width in WIDTHS {
        let mut state = scrolled_back(now);
        let text = screen(&mut state, width, HEIGHT, now);
        let row = text
            .lines()
            .find(|row| row.contains("↓ more below"))
            .unwrap_or_else(|| panic!("no marker at {width}\n{text}"));
        assert!(
            row.trim_start().starts_with('↓'),
            "at {width}: the marker covers text: {row:?}"
        );
        // The row the marker takes shows again a row further down: two Ups from the tail come
        // back with two Downs.
        update(&mut state, key(KeyCode::End), now);
        for code in [KeyCode::Up, KeyCode::Up, KeyCode::Down] {
            update(&mut state, AppEvent::Key(shift(code)), now);
            assert!(!state.scroll().is_following());
        }
        update(&mut state, AppEvent::Key(shift(KeyCode::Down)), now);
        assert!(state.scroll().is_following());
    }
}

fn shift(code: KeyCode) -> crossterm::event::KeyEvent {
    crossterm::event::KeyEvent::new(code, crossterm::event::KeyModifiers::SHIFT)
}
