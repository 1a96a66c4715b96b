//! Reading the transcript: scrolling, the "new output" hint, search, expanding collapsed
//! output, and copying the last answer. Pure `update` transitions, checked on the drawn screen.

use crate::support::common::*;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde_json::json;
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, Effect};
use tern::model::{CellKind, CommandCell, MarkdownText};

const W: u16 = 80;
const H: u16 = 20;

fn answer(text: &str) -> CellKind {
    CellKind::Agent {
        markdown: Box::new(MarkdownText::new(text)),
        streaming: false,
    }
}

/// Forty numbered answers, each one line: "answer 0" … "answer 39".
fn long_transcript(now: Instant) -> AppState {
    let mut state = ready_state(now);
    for i in 0..40 {
        state.transcript_mut().push(answer(&format!("answer {i}")));
    }
    screen(&mut state, W, H, now);
    state
}

fn running_turn(state: &mut AppState, now: Instant) {
    update(
        state,
        notify(
            "turn/started",
            json!({"threadId": THREAD, "turn": {"id": "t1", "items": [], "status": "inProgress"}}),
        ),
        now,
    );
}

#[test]
fn scrolled_up_view_stays_put_and_says_when_new_output_arrives() {
    let now = Instant::now();
    let mut state = long_transcript(now);
    assert!(screen(&mut state, W, H, now).contains("answer 39"));
    update(&mut state, key(KeyCode::PageUp), now);
    let before = screen(&mut state, W, H, now);
    assert!(!before.contains("answer 39"));
    assert!(before.contains("↓ more below"));

    running_turn(&mut state, now);
    update(
        &mut state,
        notify(
            "item/agentMessage/delta",
            json!({"threadId": THREAD, "turnId": "t1", "itemId": "m", "delta": "fresh text"}),
        ),
        now,
    );
    let after = screen(&mut state, W, H, now);
    assert!(after.contains("↓ new output"), "{after}");
    assert_eq!(
        before.lines().next(),
        after.lines().next(),
        "new output must not move a pinned view"
    );

    update(&mut state, key(KeyCode::End), now);
    assert!(screen(&mut state, W, H, now).contains("fresh text"));
}

#[test]
fn shift_arrows_scroll_by_line_and_plain_arrows_once_reading_back() {
    let now = Instant::now();
    let mut state = long_transcript(now);
    let shift = |code| AppEvent::Key(KeyEvent::new(code, KeyModifiers::SHIFT));
    // Each answer is two rows: its line and the blank line after it.
    update(&mut state, shift(KeyCode::Up), now);
    update(&mut state, shift(KeyCode::Up), now);
    let shown = screen(&mut state, W, H, now);
    assert!(!shown.contains("answer 39") && shown.contains("answer 38"));
    // Reading back with an empty composer, plain arrows go on scrolling.
    update(&mut state, key(KeyCode::Down), now);
    update(&mut state, key(KeyCode::Down), now);
    assert!(state.scroll().is_following());
    // At the bottom, Up recalls a prompt instead of scrolling.
    update(&mut state, key(KeyCode::Up), now);
    assert!(state.scroll().is_following(), "Up walks the prompt history");
    type_text(&mut state, "draft", now);
    update(&mut state, key(KeyCode::Up), now);
    assert!(
        state.scroll().is_following(),
        "Up moves in the draft instead"
    );
}

#[test]
fn search_finds_jumps_between_and_highlights_matches() {
    let now = Instant::now();
    let mut state = long_transcript(now);
    update(&mut state, ctrl('f'), now);
    type_text(&mut state, "answer 1", now);
    let search = state.search().unwrap();
    // "answer 1" and "answer 10" … "answer 19".
    assert_eq!(search.matches.len(), 11);
    assert_eq!(
        search.current_match().unwrap().cell,
        19,
        "the newest match on screen first"
    );
    let shown = screen(&mut state, W, H, now);
    assert!(shown.contains("/ answer 1"), "the query is shown:\n{shown}");
    assert!(shown.contains("11/11"), "{shown}");

    for _ in 0..10 {
        update(&mut state, key(KeyCode::Enter), now);
    }
    assert_eq!(state.search().unwrap().current_match().unwrap().cell, 1);
    let shown = screen(&mut state, W, H, now);
    assert!(shown.contains("answer 1\n") || shown.contains("answer 1 "));
    assert!(
        !state.scroll().is_following(),
        "the view moved up to the match"
    );

    update(&mut state, key(KeyCode::Down), now);
    assert_eq!(state.search().unwrap().current_match().unwrap().cell, 10);
    update(&mut state, key(KeyCode::Backspace), now);
    assert_eq!(state.search().unwrap().query, "answer ");
    update(&mut state, key(KeyCode::Esc), now);
    assert!(state.search().is_none());
    assert!(
        screen(&mut state, W, H, now).contains("Ask the agent anything"),
        "the composer is back"
    );
}

/// Scrolled back or not, `/` starts a command (it once searched while reading back, so
/// `/copy` became a search for "copy"); Ctrl+F searches.
#[test]
fn slash_types_a_command_even_while_reading_back_and_ctrl_f_searches() {
    let now = Instant::now();
    let mut state = long_transcript(now);
    update(&mut state, key(KeyCode::Char('/')), now);
    assert!(state.search().is_none());
    assert_eq!(state.draft(), "/");
    update(&mut state, key(KeyCode::Backspace), now);
    update(&mut state, key(KeyCode::PageUp), now);
    assert!(!state.scroll().is_following());
    type_text(&mut state, "/copy", now);
    assert!(state.search().is_none());
    assert_eq!(state.draft(), "/copy");
    for _ in 0..5 {
        update(&mut state, key(KeyCode::Backspace), now);
    }
    update(&mut state, ctrl('f'), now);
    assert!(state.search().is_some());
}

#[test]
fn a_search_bar_yields_to_an_approval() {
    let now = Instant::now();
    let mut state = long_transcript(now);
    update(&mut state, ctrl('f'), now);
    update(
        &mut state,
        server_request(
            7,
            "item/commandExecution/requestApproval",
            json!({"threadId": THREAD, "turnId": "t1", "itemId": "c", "command": "ls"}),
        ),
        now,
    );
    let shown = screen(&mut state, W, H, now);
    assert!(shown.contains("Approval needed"), "{shown}");
}

#[test]
fn ctrl_o_expands_and_collapses_command_output() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let output: String = (1..=30).map(|i| format!("out {i}\n")).collect();
    state
        .transcript_mut()
        .push(CellKind::Command(Box::new(CommandCell {
            command: "make".into(),
            cwd: None,
            actions: vec![],
            output,
            exit_code: Some(0),
            duration_ms: Some(10),
            running: false,
            status: None,
            decision: None,
            shell: false,
            evidence: None,
        })));
    let collapsed = screen(&mut state, W, 50, now);
    assert!(collapsed.contains("25 lines hidden"), "{collapsed}");
    assert!(!collapsed.contains("out 15"));
    update(&mut state, ctrl('o'), now);
    let expanded = screen(&mut state, W, 50, now);
    assert!(expanded.contains("out 15") && !expanded.contains("hidden"));
    update(&mut state, ctrl('o'), now);
    assert_eq!(screen(&mut state, W, 50, now), collapsed);
}

#[test]
fn copy_puts_the_last_answer_on_the_clipboard_and_keeps_it_for_exit() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_text(&mut state, "/copy", now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert!(effects.is_empty(), "nothing to copy yet: {effects:?}");
    assert!(screen(&mut state, W, H, now).contains("Nothing to copy yet"));

    state.transcript_mut().push(answer("first"));
    state
        .transcript_mut()
        .push(answer("**second** answer\n\nwith `code`"));
    type_text(&mut state, "/copy", now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    let source = "**second** answer\n\nwith `code`".to_string();
    assert_eq!(effects, [Effect::CopyToClipboard(source.clone())]);
    assert_eq!(state.copied(), Some(source.as_str()));

    // Only printable text reaches the clipboard (it may be pasted into a shell): a
    // bracketed-paste terminator would run what follows it without Enter.
    state
        .transcript_mut()
        .push(answer("run:\n\tls\u{1b}[201~\nrm -rf ~\u{1b}]0;x\u{7}\r\n"));
    type_text(&mut state, "/copy", now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(
        effects,
        [Effect::CopyToClipboard(
            "run:\n\tls\nrm -rf ~\n".to_string()
        )]
    );
}
