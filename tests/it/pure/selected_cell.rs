//! The selected transcript cell (`controls::selection`, `layers::selected`): Alt+↑ selects the
//! newest cell, the arrows move it (stopping at the ends), `c` copies its printable text, `d`
//! opens its turn's diff, `f` the diff at a file it mentions, Esc lets go.

use crate::support::common::*;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde_json::json;
use std::time::Instant;
use tern::app::layers::diff::DiffSource;
use tern::app::layers::Layer;
use tern::app::{update, AppEvent, AppState};
use tern::model::NoticeLevel;
use tern::session::effect::Effect;

fn alt(code: KeyCode) -> AppEvent {
    AppEvent::Key(KeyEvent::new(code, KeyModifiers::ALT))
}

fn answer(state: &mut AppState, turn: &str, id: &str, text: &str, now: Instant) {
    update(
        state,
        notify(
            "item/completed",
            json!({"threadId": THREAD, "turnId": turn,
                   "item": {"type": "agentMessage", "id": id, "text": text}}),
        ),
        now,
    );
}

/// Two turns' answers; turn t1 changed three files.
fn two_turns(now: Instant) -> AppState {
    let mut state = ready_state(now);
    answer(
        &mut state,
        "t1",
        "msg_0",
        "I changed `f1.rs` and f2.rs.",
        now,
    );
    // Each file longer than the screen, so a jump to one brings its header to the top.
    let body: String = (0..40).map(|i| format!("-old {i}\n+new {i}\n")).collect();
    let patch = (0..3)
        .map(|f| format!("diff --git a/f{f}.rs b/f{f}.rs\n--- a/f{f}.rs\n+++ b/f{f}.rs\n@@ -1,40 +1,40 @@\n{body}"))
        .collect::<String>();
    update(
        &mut state,
        notify(
            "turn/diff/updated",
            json!({"threadId": THREAD, "turnId": "t1", "diff": patch}),
        ),
        now,
    );
    answer(&mut state, "t2", "msg_0", "Nothing changed this time.", now);
    update(&mut state, AppEvent::Resize(100, 30), now);
    state
}

fn selected_text(state: &AppState) -> Option<String> {
    let at = state.selected_cell()?;
    let cell = &state.transcript().cells()[at];
    Some(tern::controls::selection::cell_text(cell.kind()))
}

#[test]
fn alt_up_selects_the_newest_cell_and_the_arrows_move_it_to_the_ends() {
    let now = Instant::now();
    let mut state = two_turns(now);
    assert_eq!(state.selected_cell(), None);
    update(&mut state, alt(KeyCode::Up), now);
    assert_eq!(
        selected_text(&state).as_deref(),
        Some("Nothing changed this time.")
    );
    let shown = screen(&mut state, 100, 30, now);
    assert!(
        shown.contains("answer: Nothing changed this time."),
        "{shown}"
    );
    update(&mut state, key(KeyCode::Up), now);
    assert_eq!(
        selected_text(&state).as_deref(),
        Some("I changed `f1.rs` and f2.rs.")
    );
    update(&mut state, key(KeyCode::Home), now);
    let first = state.selected_cell();
    update(&mut state, key(KeyCode::Up), now);
    assert_eq!(state.selected_cell(), first, "stops at the oldest");
    update(&mut state, key(KeyCode::End), now);
    update(&mut state, alt(KeyCode::Down), now);
    assert_eq!(
        selected_text(&state).as_deref(),
        Some("Nothing changed this time."),
        "stops at the newest"
    );
    // Typing does nothing while a cell is selected; Esc lets go and the composer has the keys.
    update(&mut state, key(KeyCode::Char('x')), now);
    assert!(state.draft_is_empty());
    update(&mut state, key(KeyCode::Esc), now);
    assert_eq!(state.selected_cell(), None);
    update(&mut state, key(KeyCode::Char('x')), now);
    assert_eq!(state.draft(), "x");
}

#[test]
fn c_copies_the_selected_cell_as_printable_text() {
    let now = Instant::now();
    let mut state = two_turns(now);
    answer(
        &mut state,
        "t3",
        "msg_0",
        "run:\n\tls\u{1b}[201~\nrm -rf ~\u{1b}]0;x\u{7}",
        now,
    );
    update(&mut state, alt(KeyCode::Up), now);
    let effects = wire(update(&mut state, key(KeyCode::Char('c')), now));
    assert_eq!(
        effects,
        [Effect::CopyToClipboard("run:\n\tls\nrm -rf ~".into())]
    );
    assert_eq!(state.copied(), Some("run:\n\tls\nrm -rf ~"));
    let (level, text) = last_notice(&state);
    assert_eq!(level, NoticeLevel::Info);
    assert!(
        text.starts_with("Copied the selected cell (3 lines)"),
        "{text}"
    );
    // The selection stays on its cell (the notice came after it).
    update(&mut state, key(KeyCode::Up), now);
    assert_eq!(
        selected_text(&state).as_deref(),
        Some("Nothing changed this time.")
    );
}

fn top_diff(state: &AppState) -> &tern::app::layers::DiffPager {
    match state.person_layers().last() {
        Some(Layer::Diff(pager)) => pager,
        other => panic!("no diff on top: {other:?}"),
    }
}

#[test]
fn d_opens_the_cells_turn_diff_and_f_each_file_it_mentions_in_turn() {
    let now = Instant::now();
    let mut state = two_turns(now);
    update(&mut state, alt(KeyCode::Up), now);
    update(&mut state, key(KeyCode::Up), now);
    update(&mut state, key(KeyCode::Char('d')), now);
    assert_eq!(top_diff(&state).source, DiffSource::Turn("t1".into()));
    assert_eq!(
        top_diff(&state).title(),
        "Changes of the selected cell's turn"
    );
    let body_top = |state: &mut AppState| {
        let shown = screen(state, 100, 30, now);
        shown.lines().nth(1).unwrap_or_default().to_string()
    };
    assert!(
        body_top(&mut state).contains("f0.rs"),
        "the diff from its top"
    );
    update(&mut state, key(KeyCode::Esc), now);
    assert!(
        state.selected_cell().is_some(),
        "Esc from the diff: back to the cell"
    );

    // `f`: the first file the answer names, then the next, then the first again.
    for expected in ["f1.rs", "f2.rs", "f1.rs"] {
        update(&mut state, key(KeyCode::Char('f')), now);
        assert_eq!(top_diff(&state).source, DiffSource::Turn("t1".into()));
        let top = body_top(&mut state);
        assert!(top.contains(expected), "{expected}: {top}");
        update(&mut state, key(KeyCode::Esc), now);
    }

    // The newer answer's turn changed nothing: said, nothing opens.
    update(&mut state, key(KeyCode::Down), now);
    update(&mut state, key(KeyCode::Char('d')), now);
    assert!(matches!(
        state.person_layers().last(),
        Some(Layer::Selected(_))
    ));
    let (_, text) = last_notice(&state);
    assert!(text.starts_with("That turn changed no file"), "{text}");
    update(&mut state, key(KeyCode::Char('f')), now);
    let (_, text) = last_notice(&state);
    assert!(
        text.starts_with("The selected cell mentions no file"),
        "{text}"
    );
}

#[test]
fn alt_up_in_an_empty_transcript_selects_nothing() {
    let now = Instant::now();
    let mut state = AppState::new(config());
    update(&mut state, alt(KeyCode::Up), now);
    assert!(state.person_layers().is_empty());
}
