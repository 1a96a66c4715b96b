//! The composer as people use it: wrapping and scrolling, editing keys, folded pastes, control
//! characters shown not applied, the prompt history (Up/Down, Ctrl+R), the Ctrl+C ladder and
//! Ctrl+D, the external editor's answer.

use crate::support::common::*;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde_json::json;
use std::path::PathBuf;
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, Effect, SessionConfig};

fn alt(code: KeyCode) -> AppEvent {
    AppEvent::Key(KeyEvent::new(code, KeyModifiers::ALT))
}

/// The rows inside the composer box (the bottom box before the status line and hints).
fn composer_rows(shown: &str) -> Vec<String> {
    let rows: Vec<&str> = shown.lines().collect();
    let bottom = rows.iter().rposition(|r| r.starts_with('╰')).unwrap();
    let top = rows[..bottom]
        .iter()
        .rposition(|r| r.starts_with('╭'))
        .unwrap();
    rows[top + 1..bottom]
        .iter()
        .map(|r| {
            r.trim_start_matches('│')
                .trim_end_matches('│')
                .trim_end()
                .to_string()
        })
        .collect()
}

/// The text of the `turn/start` among `effects`.
fn sent_text(effects: &[Effect]) -> Option<String> {
    effects.iter().find_map(|e| {
        let (method, params) = request_json(e)?;
        (method == "turn/start").then(|| params["input"][0]["text"].as_str().unwrap().to_string())
    })
}

#[test]
fn long_prompts_wrap_inside_the_box() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_text(
        &mut state,
        "Please refactor the session module so that every request carries its own deadline, \
         and explain what changes for callers",
        now,
    );
    let shown = screen(&mut state, 50, 16, now);
    let rows = composer_rows(&shown);
    assert_eq!(rows.len(), 3, "{shown}");
    assert!(rows.iter().all(|r| r.chars().count() <= 48), "{shown}");
    assert!(rows[2].ends_with("callers"), "{shown}");
    snapshot!("composer_wrapped_50x16", &shown);
}

#[test]
fn the_box_grows_then_scrolls_and_shrinks_back_without_blank_rows() {
    let now = Instant::now();
    let mut state = ready_state(now);
    for i in 1..=13 {
        type_text(&mut state, &format!("line {i}"), now);
        if i < 13 {
            update(&mut state, ctrl('j'), now);
        }
    }
    let rows = composer_rows(&screen(&mut state, 60, 30, now));
    assert_eq!(rows.len(), 8, "the box stops growing at its limit");
    assert_eq!(rows.first().map(String::as_str), Some("line 6"));
    assert_eq!(rows.last().map(String::as_str), Some("line 13"));
    // Delete back to three lines: all three show, and no blank row.
    while state.session.composer.line_count() > 3 {
        update(&mut state, key(KeyCode::Backspace), now);
    }
    for _ in 0.."line 3".len() {
        update(&mut state, key(KeyCode::Backspace), now);
    }
    type_text(&mut state, "line 3", now);
    let shown = screen(&mut state, 60, 30, now);
    assert_eq!(
        composer_rows(&shown),
        ["line 1", "line 2", "line 3"],
        "{shown}"
    );
    snapshot!("composer_shrunk_after_13_lines_60x30", &shown);
    // Up through a tall text keeps the cursor's row in view.
    let mut state = ready_state(now);
    for i in 1..=13 {
        type_text(&mut state, &format!("row {i}"), now);
        update(&mut state, ctrl('j'), now);
    }
    for _ in 0..12 {
        update(&mut state, key(KeyCode::Up), now);
    }
    let rows = composer_rows(&screen(&mut state, 60, 30, now));
    assert_eq!(rows.first().map(String::as_str), Some("row 2"));
}

#[test]
fn up_and_down_move_by_screen_row_in_a_wrapped_line() {
    let now = Instant::now();
    let mut state = ready_state(now);
    screen(&mut state, 24, 20, now);
    // 22 columns inside, 21 for text: two rows.
    type_text(&mut state, "aaaa bbbb cccc dddd eeee ffff", now);
    update(&mut state, key(KeyCode::Up), now);
    type_text(&mut state, "X", now);
    // Row 2 is "eeee ffff" (cursor at column 9): Up lands at column 9 of row 1.
    assert_eq!(state.draft(), "aaaa bbbbX cccc dddd eeee ffff");
}

#[test]
fn ctrl_u_w_z_y_and_word_moves_edit_as_in_a_shell() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_text(&mut state, "git commit now wip", now);
    update(&mut state, ctrl('w'), now);
    assert_eq!(state.draft(), "git commit now ");
    update(&mut state, ctrl('z'), now);
    assert_eq!(state.draft(), "git commit now wip");
    update(&mut state, ctrl('y'), now);
    assert_eq!(state.draft(), "git commit now ");
    update(&mut state, alt(KeyCode::Left), now);
    update(&mut state, alt(KeyCode::Left), now);
    type_text(&mut state, "x", now);
    assert_eq!(state.draft(), "git xcommit now ");
    update(&mut state, key(KeyCode::End), now);
    type_text(&mut state, "done", now);
    update(&mut state, key(KeyCode::Home), now);
    type_text(&mut state, ">", now);
    assert_eq!(state.draft(), ">git xcommit now done");
    update(&mut state, key(KeyCode::End), now);
    update(&mut state, alt(KeyCode::Left), now);
    update(&mut state, ctrl('u'), now);
    assert_eq!(state.draft(), "done");
}

#[test]
fn a_large_paste_is_folded_and_sent_whole() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let pasted: String = (1..=1234).map(|i| format!("log line {i}\n")).collect();
    type_text(&mut state, "why does this fail? ", now);
    update(&mut state, AppEvent::Paste(pasted.clone()), now);
    let shown = screen(&mut state, 80, 24, now);
    assert_eq!(
        composer_rows(&shown),
        ["why does this fail? [pasted 1,234 lines]"]
    );
    let effects = update(&mut state, key(KeyCode::Enter), now);
    assert_eq!(
        sent_text(&effects).as_deref(),
        Some(format!("why does this fail? {pasted}").as_str())
    );
    // History keeps the whole text; recalled, it is folded again.
    assert_eq!(
        state
            .session
            .composer
            .prompt_history
            .entries()
            .last()
            .map(String::as_str),
        Some(format!("why does this fail? {pasted}").as_str())
    );
    update(&mut state, key(KeyCode::Up), now);
    assert!(
        state.draft().starts_with("[pasted 1,2"),
        "a very long prompt is folded again"
    );
    assert_eq!(
        state.expanded_draft(),
        format!("why does this fail? {pasted}")
    );
}

#[test]
fn pasted_escape_sequences_are_shown_not_applied_and_sent_as_pasted() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let hostile = "title\u{1b}]0;owned\u{7} clear\u{1b}[2J \u{9b}31m bidi\u{202e}x";
    update(&mut state, AppEvent::Paste(hostile.into()), now);
    let shown = screen(&mut state, 80, 24, now);
    assert!(
        shown.contains("title␛]0;owned␇ clear␛[2J <U+009B>31m bidi<U+202E>x"),
        "{shown}"
    );
    assert!(
        !shown.chars().any(|c| c.is_control() && c != '\n'),
        "{shown:?}"
    );
    let effects = update(&mut state, key(KeyCode::Enter), now);
    assert_eq!(sent_text(&effects).as_deref(), Some(hostile));
}

#[test]
fn up_and_down_walk_the_history_and_bring_the_draft_back() {
    let now = Instant::now();
    let mut config = config();
    config.prompt_history = vec!["from last session".into()];
    let mut state = ready_session(config, now);
    type_text(&mut state, "first", now);
    update(&mut state, key(KeyCode::Enter), now);
    update(
        &mut state,
        notify(
            "turn/completed",
            json!({"threadId": THREAD, "turn": {"id": "turn-1", "items": [], "status": "completed"}}),
        ),
        now,
    );
    type_text(&mut state, "half typed", now);
    update(&mut state, key(KeyCode::Up), now);
    assert_eq!(state.draft(), "first");
    update(&mut state, key(KeyCode::Up), now);
    assert_eq!(state.draft(), "from last session");
    update(&mut state, key(KeyCode::Up), now);
    assert_eq!(state.draft(), "from last session", "nothing older");
    update(&mut state, key(KeyCode::Down), now);
    update(&mut state, key(KeyCode::Down), now);
    assert_eq!(state.draft(), "half typed");
}

#[test]
fn sending_appends_to_the_history_file_through_an_effect() {
    let now = Instant::now();
    let mut config = config();
    config.history_file = Some(PathBuf::from("/tmp/tern-test-history.jsonl"));
    let mut state = ready_session(config, now);
    type_text(&mut state, "remember me", now);
    let effects = update(&mut state, key(KeyCode::Enter), now);
    assert!(effects.contains(&Effect::AppendHistory {
        file: PathBuf::from("/tmp/tern-test-history.jsonl"),
        entry: "remember me".into(),
    }));
}

#[test]
fn ctrl_r_searches_the_history_enter_uses_it_esc_restores() {
    let now = Instant::now();
    let mut config = config();
    config.prompt_history = vec![
        "run the tests".into(),
        "fix the parser".into(),
        "run clippy".into(),
    ];
    let mut state = ready_session(config, now);
    type_text(&mut state, "draft", now);
    update(&mut state, ctrl('r'), now);
    type_text(&mut state, "RUN", now);
    let shown = screen(&mut state, 60, 20, now);
    assert!(shown.contains("history: RUN"), "{shown}");
    assert!(shown.contains("run clippy") && shown.contains("run the tests"));
    assert!(!shown.contains("fix the parser"), "{shown}");
    snapshot!("history_search_60x20", &shown);
    update(&mut state, key(KeyCode::Esc), now);
    assert_eq!(state.draft(), "draft", "Esc leaves the draft");
    update(&mut state, ctrl('r'), now);
    type_text(&mut state, "run", now);
    update(&mut state, key(KeyCode::Up), now);
    update(&mut state, key(KeyCode::Enter), now);
    assert_eq!(state.draft(), "run the tests");
    assert!(state.layers.person.is_empty());
}

#[test]
fn ctrl_c_interrupts_then_clears_the_draft_then_asks_before_quitting() {
    let now = Instant::now();
    let mut state = running_state(now);
    type_text(&mut state, "next question", now);
    let effects = wire(update(&mut state, ctrl('c'), now));
    assert_eq!(
        effects
            .iter()
            .filter_map(request_json)
            .map(|(m, _)| m)
            .collect::<Vec<_>>(),
        ["turn/interrupt"]
    );
    assert_eq!(state.draft(), "next question", "the draft stays");
    update(
        &mut state,
        notify(
            "turn/completed",
            json!({"threadId": THREAD, "turn": {"id": "turn-1", "items": [], "status": "interrupted"}}),
        ),
        now,
    );
    assert!(wire(update(&mut state, ctrl('c'), now)).is_empty());
    assert!(state.draft_is_empty(), "the draft is cleared");
    update(&mut state, key(KeyCode::Up), now);
    assert_eq!(state.draft(), "next question", "Up brings it back");
    update(&mut state, ctrl('c'), now);
    // Idle and empty: the first press asks, a second within 2 s quits.
    let t1 = later(now, 100);
    assert!(wire(update(&mut state, ctrl('c'), t1)).is_empty());
    assert!(screen(&mut state, 80, 24, t1).contains("Ctrl+C again to quit"));
    assert_eq!(state.next_tick(t1), Some(later(t1, 2000)));
    let t2 = later(t1, 2500);
    assert!(!screen(&mut state, 80, 24, t2).contains("Ctrl+C again to quit"));
    assert!(
        wire(update(&mut state, ctrl('c'), t2)).is_empty(),
        "too late: asks again"
    );
    assert_eq!(
        wire(update(&mut state, ctrl('c'), later(t2, 1500))),
        [Effect::Quit]
    );
}

#[test]
fn ctrl_d_quits_only_from_an_empty_composer() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_text(&mut state, "ab", now);
    update(&mut state, key(KeyCode::Home), now);
    assert!(wire(update(&mut state, ctrl('d'), now)).is_empty());
    assert_eq!(state.draft(), "b", "Ctrl+D deletes forward in a draft");
    update(&mut state, ctrl('u'), now);
    update(&mut state, key(KeyCode::End), now);
    update(&mut state, key(KeyCode::Backspace), now);
    assert!(state.draft_is_empty());
    assert_eq!(wire(update(&mut state, ctrl('d'), now)), [Effect::Quit]);
}

#[test]
fn ctrl_g_asks_for_the_editor_and_its_text_replaces_the_draft() {
    let now = Instant::now();
    let mut state = ready_state(now);
    type_text(&mut state, "rough draft", now);
    let effects = update(&mut state, ctrl('g'), now);
    assert!(effects.contains(&Effect::EditInEditor {
        draft: "rough draft".into()
    }));
    update(
        &mut state,
        AppEvent::EditorDone(Ok("polished\ntext\n".into())),
        now,
    );
    assert_eq!(state.draft(), "polished\ntext");
    update(
        &mut state,
        AppEvent::EditorDone(Err("`nvim` exited with exit status: 1".into())),
        now,
    );
    assert_eq!(state.draft(), "polished\ntext", "the draft is kept");
    assert!(screen(&mut state, 100, 24, now).contains("The external editor failed"));
}

fn ready_session(config: SessionConfig, now: Instant) -> AppState {
    started(
        AppState::new(config),
        json!({"userAgent": "x"}),
        json!({
            "thread": {"id": THREAD, "preview": "", "turns": []},
            "model": "mock-model",
            "cwd": "/home/user/project",
        }),
        now,
    )
}

#[test]
fn the_empty_composer_says_what_enter_does_now_and_never_cuts_a_key_in_half() {
    let now = Instant::now();
    let mut idle = ready_state(now);
    let shown = composer_rows(&screen(&mut idle, 120, 20, now)).join("\n");
    assert!(shown.contains("Enter sends"), "{shown}");

    // While a turn runs Enter steers it; the hint must not promise a new prompt.
    let mut running = running_state(now);
    let shown = composer_rows(&screen(&mut running, 120, 20, now)).join("\n");
    assert!(shown.contains("Enter steers"), "{shown}");
    assert!(shown.contains("Tab queues"), "{shown}");
    assert!(!shown.contains("Enter sends"), "{shown}");

    // Narrow: whole parts only, never "Shift+Enter newlin".
    let shown = composer_rows(&screen(&mut idle, 60, 20, now)).join("\n");
    assert_eq!(
        shown.trim(),
        "Ask the agent anything · Enter sends",
        "{shown}"
    );
}

#[test]
fn ctrl_c_clearing_the_draft_closes_the_command_list_and_the_file_finder_with_it() {
    let now = Instant::now();
    let mut state = ready_session(config(), now);
    type_text(&mut state, "/mo", now);
    assert!(state.composer_list().is_some(), "the command list is open");
    update(&mut state, ctrl('c'), now);
    assert!(state.draft_is_empty());
    assert!(state.layers.person.is_empty(), "{:?}", state.layers);
    assert!(state.composer_list().is_none(), "{:?}", state.layers);
    let shown = screen(&mut state, 80, 24, now);
    assert!(!shown.contains("no command matches"), "{shown}");
    assert!(
        shown.contains("Ctrl+C quit"),
        "the hint bar is the composer's: {shown}"
    );

    type_text(&mut state, "look at @src", now);
    assert!(state.composer_list().is_some(), "the file finder is open");
    update(&mut state, ctrl('c'), now);
    assert!(state.layers.person.is_empty(), "{:?}", state.layers);
    assert!(state.composer_list().is_none(), "{:?}", state.layers);
    // Typing goes on into the composer, not into a finder's stale query.
    type_text(&mut state, "x", now);
    assert_eq!(state.draft(), "x");
}

#[test]
fn ctrl_c_in_the_history_search_abandons_it_and_leaves_the_draft_as_it_was() {
    let now = Instant::now();
    let mut config = config();
    config.prompt_history = vec!["run the tests".into()];
    let mut state = ready_session(config, now);
    type_text(&mut state, "draft", now);
    update(&mut state, ctrl('r'), now);
    type_text(&mut state, "run", now);
    assert!(wire(update(&mut state, ctrl('c'), now)).is_empty());
    assert!(state.layers.person.is_empty(), "{:?}", state.layers);
    assert_eq!(state.draft(), "draft", "as Esc would leave it");
    assert!(!screen(&mut state, 80, 24, now).contains("Ctrl+C again to quit"));

    // Over an empty composer it does not arm quitting either; the next press is the composer's.
    state.clear_draft();
    update(&mut state, ctrl('r'), now);
    update(&mut state, ctrl('c'), now);
    assert!(state.layers.person.is_empty());
    assert!(!screen(&mut state, 80, 24, now).contains("Ctrl+C again to quit"));
    update(&mut state, ctrl('c'), now);
    assert!(screen(&mut state, 80, 24, now).contains("Ctrl+C again to quit"));

    // While a turn runs, the first press closes the search, the next interrupts.
    let mut state = running_state(now);
    update(&mut state, ctrl('r'), now);
    assert!(wire(update(&mut state, ctrl('c'), now)).is_empty());
    assert!(state.layers.person.is_empty());
    let effects = wire(update(&mut state, ctrl('c'), now));
    assert_eq!(request_json(&effects[0]).unwrap().0, "turn/interrupt");
}
