//! Copy mode (`layers::selected` with `controls::copy_cursor`): Alt+↑ puts a cursor on the
//! newest cell; the arrows and vim keys move it, on across cells; `v` / `V` select characters /
//! lines from it; `y` copies the selection (the cell when there is none), `c` the cell; `/`
//! searches; Esc leaves. Checked down to the text put on the clipboard.

use crate::support::common::*;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde_json::json;
use std::time::Instant;
use tern::app::layers::Layer;
use tern::app::{update, AppEvent, AppState};
use tern::session::effect::Effect;

fn alt(code: KeyCode) -> AppEvent {
    AppEvent::Key(KeyEvent::new(code, KeyModifiers::ALT))
}

fn shift(c: char) -> AppEvent {
    AppEvent::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::SHIFT))
}

fn answer(state: &mut AppState, turn: &str, text: &str, now: Instant) {
    update(
        state,
        notify(
            "item/completed",
            json!({"threadId": THREAD, "turnId": turn,
                   "item": {"type": "agentMessage", "id": format!("m-{turn}"), "text": text}}),
        ),
        now,
    );
}

fn two_answers(now: Instant) -> AppState {
    let mut state = ready_state(now);
    answer(&mut state, "t1", "First answer, one line.", now);
    answer(
        &mut state,
        "t2",
        "Second answer:\n\n```\nlet x = 1;\nlet y = 2;\n```",
        now,
    );
    update(&mut state, AppEvent::Resize(80, 30), now);
    state
}

fn press(state: &mut AppState, event: AppEvent, times: usize, now: Instant) {
    for _ in 0..times {
        update(state, event.clone(), now);
    }
}

fn copied(state: &mut AppState, event: AppEvent, now: Instant) -> Vec<Effect> {
    wire(update(state, event, now))
}

#[test]
fn v_selects_characters_from_the_cursor_and_y_copies_them() {
    let now = Instant::now();
    let mut state = two_answers(now);
    update(&mut state, alt(KeyCode::Up), now);
    // The cursor starts on the newest cell's first row: "• Second answer:".
    press(&mut state, key(KeyCode::Right), 2, now);
    update(&mut state, key(KeyCode::Char('v')), now);
    press(&mut state, key(KeyCode::Char('l')), 5, now);
    assert_eq!(
        copied(&mut state, key(KeyCode::Char('y')), now),
        [Effect::CopyToClipboard("Second".into())]
    );
}

#[test]
fn line_selection_crosses_cells_and_code_comes_back_exact() {
    let now = Instant::now();
    let mut state = two_answers(now);
    update(&mut state, alt(KeyCode::Up), now);
    // Down to the code's first line: the answer's first row, a blank, then the code.
    press(&mut state, key(KeyCode::Char('j')), 2, now);
    update(&mut state, shift('V'), now);
    update(&mut state, key(KeyCode::Down), now);
    assert_eq!(
        copied(&mut state, key(KeyCode::Char('y')), now),
        [Effect::CopyToClipboard("let x = 1;\nlet y = 2;".into())]
    );
    // From the newest cell's first row up into the cell above, by lines.
    press(&mut state, key(KeyCode::Char('k')), 3, now);
    update(&mut state, shift('V'), now);
    update(&mut state, shift('V'), now);
    update(&mut state, key(KeyCode::Up), now);
    assert_eq!(
        copied(&mut state, key(KeyCode::Char('y')), now),
        [Effect::CopyToClipboard(
            "First answer, one line.\n\nSecond answer:".into()
        )]
    );
}

#[test]
fn y_without_a_selection_and_c_copy_the_whole_cell() {
    let now = Instant::now();
    let mut state = two_answers(now);
    update(&mut state, alt(KeyCode::Up), now);
    let whole = [Effect::CopyToClipboard(
        "Second answer:\n\n```\nlet x = 1;\nlet y = 2;\n```".into(),
    )];
    assert_eq!(copied(&mut state, key(KeyCode::Char('y')), now), whole);
    update(&mut state, key(KeyCode::Char('v')), now);
    update(&mut state, key(KeyCode::Right), now);
    assert_eq!(copied(&mut state, key(KeyCode::Char('c')), now), whole);
}

#[test]
fn slash_searches_and_esc_leaves() {
    let now = Instant::now();
    let mut state = two_answers(now);
    update(&mut state, alt(KeyCode::Up), now);
    update(&mut state, key(KeyCode::Char('/')), now);
    assert!(
        matches!(
            state.person_layers(),
            [Layer::Selected(_), Layer::Search(_)]
        ),
        "the transcript search opens over copy mode"
    );
    update(&mut state, key(KeyCode::Esc), now);
    assert!(state.selected_cell().is_some(), "back in copy mode");
    update(&mut state, key(KeyCode::Esc), now);
    assert_eq!(state.selected_cell(), None);
}

/// The pager over one turn's diff of one file: a context line, a changed pair, a context line.
fn diff_pager(now: Instant) -> AppState {
    let mut state = ready_state(now);
    let patch = "diff --git a/src/a.rs b/src/a.rs\n--- a/src/a.rs\n+++ b/src/a.rs\n@@ -1,3 +1,3 @@\n keep\n-old line\n+new line\n tail\n";
    update(
        &mut state,
        notify(
            "turn/diff/updated",
            json!({"threadId": THREAD, "turnId": "t1", "diff": patch}),
        ),
        now,
    );
    update(&mut state, AppEvent::Resize(80, 20), now);
    type_text(&mut state, "/diff", now);
    update(&mut state, key(KeyCode::Esc), now);
    update(&mut state, key(KeyCode::Enter), now);
    assert!(matches!(state.person_layers(), [Layer::Diff(_)]));
    state
}

#[test]
fn in_the_diff_v_enters_copy_mode_and_y_copies_lines_as_diff_text() {
    let now = Instant::now();
    let mut state = diff_pager(now);
    let copy = |state: &mut AppState| copied(state, key(KeyCode::Char('y')), now);
    // Outside copy mode y is not a key of the pager: nothing is copied.
    assert_eq!(copy(&mut state), []);
    update(&mut state, key(KeyCode::Char('v')), now);
    // The cursor starts on the top row (the file's header), then down past the hunk header
    // and the context line to the removed one; y alone copies the cursor's line.
    press(&mut state, key(KeyCode::Char('j')), 3, now);
    assert_eq!(
        copy(&mut state),
        [Effect::CopyToClipboard("-old line".into())]
    );
    // From the hunk header down to the end, by lines: header and signs kept, numbers not.
    press(&mut state, key(KeyCode::Up), 2, now);
    update(&mut state, key(KeyCode::Char('v')), now);
    press(&mut state, key(KeyCode::Down), 9, now);
    assert_eq!(
        copy(&mut state),
        [Effect::CopyToClipboard(
            "@@ -1,3 +1,3 @@\n keep\n-old line\n+new line\n tail".into()
        )]
    );
    // Side by side, the changed pair is one row: it gives the old line, then the new.
    update(&mut state, key(KeyCode::Char('s')), now);
    press(&mut state, key(KeyCode::Char('k')), 9, now);
    press(&mut state, key(KeyCode::Char('j')), 3, now);
    assert_eq!(
        copy(&mut state),
        [Effect::CopyToClipboard("-old line\n+new line".into())]
    );
    // Esc leaves copy mode, the diff stays; Esc again closes it.
    update(&mut state, key(KeyCode::Esc), now);
    assert!(matches!(state.person_layers(), [Layer::Diff(_)]));
    assert_eq!(copy(&mut state), []);
    update(&mut state, key(KeyCode::Esc), now);
    assert!(state.person_layers().is_empty());
}
