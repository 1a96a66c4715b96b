//! Properties over the whole screen and everything printed after exit: arbitrary text (random
//! bytes and escape-sequence fragments) in every text field the protocol carries — session
//! fields, every kind of cell, notices, the plan, an approval prompt from another thread with
//! its amendments — leaves no control or invisible formatting character in any screen cell, and
//! none in what tern prints once its screen is gone (`runtime::farewell`), whose resume hint
//! still names exactly the thread when it is shown. The views opened over a session are covered
//! too: the welcome box, `/status`, the `/model` picker, the @ file finder, the queued list, the
//! history search, a hostile paste in the composer and the server-down box.

use crate::support::common::*;
use crate::support::{common, thread_fixtures};
use crossterm::event::KeyCode;
use proptest::prelude::*;
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use serde_json::json;
use std::time::Instant;
use tern::app::layers::Layer;
use tern::app::{update, AppEvent, AppState, ListPurpose, RequestTag};
use tern::runtime::farewell::farewell;
use tern::runtime::LoopOutcome;

fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::collection::vec(any::<u8>(), 0..24)
            .prop_map(|bytes| String::from_utf8_lossy(&bytes).into_owned()),
        any::<String>(),
        prop::sample::select(vec![
            "\u{1b}]0;TITLE\u{7}",
            "\u{1b}]2;T\u{1b}\\",
            "\u{1b}]52;c;ZXZpbA==\u{7}",
            "\u{1b}]8;;http://evil\u{1b}\\",
            "\u{1b}[2J",
            "\u{1b}[H",
            "\u{1b}[31m",
            "\u{1b}P1$qm\u{1b}\\",
            "\u{1b}",
            "\u{9b}2J",
            "\u{9d}0;t\u{9c}",
            "\u{90}q\u{9c}",
            "\u{85}",
            "\u{202e}",
            "\u{2067}",
            "\u{200b}",
            "\u{feff}",
            "\r",
            "\n",
            "\t",
            "\u{7f}",
            "\u{0}",
            "\u{7}",
            "界",
            "🦀",
            "e\u{301}",
            "word ",
            "`",
            "# ",
            "| a |",
        ])
        .prop_map(str::to_string),
    ]
}

fn hostile() -> impl Strategy<Value = String> {
    prop::collection::vec(fragment(), 0..6).prop_map(|parts| parts.concat())
}

/// A character no screen cell or printed byte may hold: controls, bidi controls, zero-width
/// spaces and line separators (joiners may stay: emoji sequences need them).
fn forbidden(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{200b}' | '\u{200e}' | '\u{200f}' | '\u{2028}'..='\u{202e}'
            | '\u{2060}'..='\u{2069}' | '\u{feff}' | '\u{061c}')
}

fn assert_screen_clean(
    state: &AppState,
    width: u16,
    height: u16,
    now: Instant,
) -> Result<(), TestCaseError> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| tern::ui::draw(f, state, now)).unwrap();
    for cell in terminal.backend().buffer().content() {
        prop_assert!(
            !cell.symbol().chars().any(forbidden),
            "forbidden character in a screen cell: {:?}",
            cell.symbol()
        );
    }
    Ok(())
}

/// A session whose every shown field came from `s` through the protocol.
fn hostile_session(s: &[String], now: Instant) -> AppState {
    let thread = s[1].clone();
    let mut state = started(
        AppState::new(config()),
        json!({"userAgent": s[0]}),
        json!({"thread": {"id": thread, "name": s[2], "preview": s[3], "turns": []},
               "model": s[4], "cwd": s[5]}),
        now,
    );
    let turn = "turn-1";
    let events = [
        (
            "turn/started",
            json!({"threadId": thread, "turn": {"id": turn, "items": [], "status": "inProgress"}}),
        ),
        (
            "item/completed",
            json!({"threadId": thread, "turnId": turn, "item":
            {"type": "userMessage", "id": "u", "content": [{"type": "text", "text": s[6]}]}}),
        ),
        (
            "item/completed",
            json!({"threadId": thread, "turnId": turn, "item":
            {"type": "reasoning", "id": "r", "summary": [s[8]]}}),
        ),
        (
            "item/completed",
            json!({"threadId": thread, "turnId": turn, "item":
            {"type": "plan", "id": "p", "text": s[9]}}),
        ),
        (
            "item/completed",
            json!({"threadId": thread, "turnId": turn, "item":
            {"type": "commandExecution", "id": "c1", "command": s[10], "cwd": s[11],
             "status": "completed", "exitCode": 1, "durationMs": 3, "aggregatedOutput": s[16],
             "commandActions": [{"type": "read", "command": "c", "name": s[12], "path": s[12]},
                                {"type": "listFiles", "command": "c", "path": s[13]},
                                {"type": "search", "command": "c", "query": s[14], "path": s[15]}]}}),
        ),
        (
            "item/completed",
            json!({"threadId": thread, "turnId": turn, "item":
            {"type": "commandExecution", "id": "c2", "command": s[10], "cwd": null,
             "status": "completed", "exitCode": 0, "aggregatedOutput": s[7],
             "commandActions": [{"type": "unknown", "command": s[10]}]}}),
        ),
        (
            "item/completed",
            json!({"threadId": thread, "turnId": turn, "item":
            {"type": "fileChange", "id": "f", "status": "completed", "changes": [
                {"path": s[17], "kind": {"type": "update", "move_path": s[18]},
                 "diff": format!("@@ -1 +1 @@\n-{}\n+{}\n", s[19], s[20])},
                {"path": s[18], "kind": {"type": "add"}, "diff": s[19]}]}}),
        ),
        (
            "item/completed",
            json!({"threadId": thread, "turnId": turn, "item":
            {"type": "mcpToolCall", "id": "m", "server": s[21], "tool": s[22], "status": s[23]}}),
        ),
        (
            "item/completed",
            json!({"threadId": thread, "turnId": turn, "item":
            {"type": "webSearch", "id": "w", "query": s[23]}}),
        ),
        (
            "item/completed",
            json!({"threadId": thread, "turnId": turn, "item":
            {"type": "agentMessage", "id": "a", "text": s[7]}}),
        ),
        (
            "turn/plan/updated",
            json!({"threadId": thread, "turnId": turn, "explanation": s[29],
            "plan": [{"step": s[30], "status": "inProgress"}, {"step": s[24], "status": "completed"}]}),
        ),
        (
            "error",
            json!({"threadId": thread, "turnId": turn, "willRetry": false,
            "error": {"message": s[24], "additionalDetails": s[25]}}),
        ),
        ("warning", json!({"threadId": thread, "message": s[26]})),
        ("configWarning", json!({"summary": s[27], "details": s[28]})),
        (
            "thread/name/updated",
            json!({"threadId": thread, "threadName": s[31]}),
        ),
        (
            "turn/completed",
            json!({"threadId": thread, "turn": {"id": turn, "items": [],
            "status": "failed", "error": {"message": s[32]}, "durationMs": 9}}),
        ),
    ];
    for (method, params) in events {
        if let Ok(n) = tern::protocol::ServerNotification::from_parts(method, params) {
            update(&mut state, AppEvent::Notification(n), now);
        }
    }
    state
}

fn approval_from_another_thread(s: &[String]) -> AppEvent {
    let proposal = json!([s[37], s[38]]);
    server_request(
        1,
        "item/commandExecution/requestApproval",
        json!({"threadId": format!("other-{}", s[33]), "turnId": "t", "itemId": "c",
               "command": s[34], "cwd": s[35], "reason": s[36],
               "commandActions": [{"type": "read", "command": "c", "name": s[12], "path": s[13]}],
               "proposedExecpolicyAmendment": proposal,
               "networkApprovalContext": {"host": s[39], "protocol": s[40]},
               "proposedNetworkPolicyAmendments": [{"host": s[39], "action": "allow"}],
               "availableDecisions": ["accept", "acceptForSession",
                   {"acceptWithExecpolicyAmendment": {"execpolicy_amendment": proposal}},
                   {"applyNetworkPolicyAmendment": {"network_policy_amendment":
                       {"host": s[39], "action": "deny"}}},
                   "cancel"]}),
    )
}

fn open(state: &AppState, layer: impl Fn(&Layer) -> bool) -> bool {
    state.person_layers().iter().any(layer)
}

fn enter(state: &mut AppState, now: Instant) {
    update(state, common::key(KeyCode::Enter), now);
}

fn esc(state: &mut AppState, now: Instant) {
    update(state, common::key(KeyCode::Esc), now);
}

/// Every view a person opens over a session whose fields (and history file, and answers to
/// `/model` and `@`) came from `s`, drawn on a wide and a narrow screen.
fn views_over_hostile_session(s: &[String], now: Instant) -> Result<(), TestCaseError> {
    let mut config = common::config();
    config.prompt_history = vec![s[10].clone(), format!("run {}", s[11])];
    let thread = s[1].clone();
    let mut state = started(
        AppState::new(config),
        json!({"userAgent": s[0]}),
        json!({"thread": {"id": thread, "name": s[2], "preview": s[3], "turns": []},
               "model": s[4], "cwd": s[5], "approvalPolicy": "never",
               "sandbox": {"type": "readOnly"}}),
        now,
    );
    let sizes = [(100u16, 40u16), (40, 20)];
    let check = |state: &mut AppState| -> Result<(), TestCaseError> {
        for (w, h) in sizes {
            update(state, AppEvent::Resize(w, h), now);
            assert_screen_clean(state, w, h, now)?;
        }
        Ok(())
    };
    // The welcome box.
    check(&mut state)?;
    // `/status`.
    type_text(&mut state, "/status", now);
    enter(&mut state, now);
    prop_assert!(open(&state, |l| matches!(l, Layer::Status(_))));
    check(&mut state)?;
    esc(&mut state, now);
    // The `/model` picker, then a model's efforts.
    type_text(&mut state, "/model", now);
    enter(&mut state, now);
    update(
        &mut state,
        reply(
            RequestTag::ListModels,
            Ok(json!({"data": [
                {"id": s[6], "model": s[7], "displayName": s[8], "description": s[9],
                 "hidden": false, "isDefault": true, "supportedReasoningEfforts": [
                     {"reasoningEffort": "low", "description": s[12]},
                     {"reasoningEffort": "high", "description": s[13]}],
                 "defaultReasoningEffort": "low"}], "nextCursor": null})),
        ),
        now,
    );
    prop_assert!(open(&state, |l| matches!(l, Layer::Choice(_))));
    check(&mut state)?;
    enter(&mut state, now);
    check(&mut state)?;
    esc(&mut state, now);
    esc(&mut state, now);
    // The @ finder with hostile paths and a hostile error: its one search answered.
    type_text(&mut state, "@x", now);
    let files: Vec<_> = [&s[14], &s[15], &s[16]]
        .iter()
        .map(|p| {
            json!({"root": s[5], "path": p, "match_type": "file", "file_name": p,
                         "score": 1, "indices": [0, 1, 2]})
        })
        .collect();
    for generation in 0..4 {
        update(
            &mut state,
            reply(
                RequestTag::SearchFiles { generation },
                Ok(json!({ "files": files })),
            ),
            now,
        );
    }
    prop_assert!(state.file_finder().is_some());
    check(&mut state)?;
    esc(&mut state, now);
    // The history search over hostile entries.
    update(&mut state, ctrl('r'), now);
    prop_assert!(open(&state, |l| matches!(l, Layer::HistorySearch(_))));
    check(&mut state)?;
    type_text(&mut state, "run", now);
    check(&mut state)?;
    esc(&mut state, now);
    // A hostile paste in the composer, queued while a turn runs, then the queued list.
    update(
        &mut state,
        notify(
            "turn/started",
            json!({"threadId": thread, "turn": {"id": "t", "items": [], "status": "inProgress"}}),
        ),
        now,
    );
    update(&mut state, AppEvent::Paste(s[17].clone()), now);
    check(&mut state)?;
    update(&mut state, common::key(KeyCode::Tab), now);
    update(&mut state, AppEvent::Paste(format!("x{}", s[18])), now);
    update(&mut state, common::key(KeyCode::Tab), now);
    check(&mut state)?;
    prop_assert_eq!(state.queued().len(), 2);
    update(&mut state, common::key(KeyCode::Up), now);
    prop_assert!(open(&state, |l| matches!(l, Layer::Queue(_))));
    check(&mut state)?;
    esc(&mut state, now);
    // The server dies with hostile words on its stderr: the server-down box.
    update(&mut state, AppEvent::Disconnected(s[19].clone()), now);
    prop_assert!(state.server_down().is_some());
    check(&mut state)?;
    update(&mut state, AppEvent::Paste(s[20].clone()), now);
    check(&mut state)?;
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn hostile_fields_leave_no_control_character_on_screen(s in prop::collection::vec(hostile(), 41)) {
        let now = Instant::now();
        let mut state = hostile_session(&s, now);
        // Every cell expanded (Ctrl+O), on a tall screen and a narrow one.
        update(&mut state, ctrl('o'), now);
        for (w, h) in [(100, 120), (40, 30)] {
            update(&mut state, AppEvent::Resize(w, h), now);
            assert_screen_clean(&state, w, h, now)?;
        }
        update(&mut state, approval_from_another_thread(&s), now);
        for (w, h) in [(100, 60), (50, 24)] {
            update(&mut state, AppEvent::Resize(w, h), now);
            assert_screen_clean(&state, w, h, read(now))?;
        }
        // The thread picker lists hostile threads too (with the details pane on a wide screen).
        let (mut picker, _) = thread_fixtures::picker_at_startup(now);
        thread_fixtures::list_answer(
            &mut picker,
            ListPurpose::Page { generation: 1, fast: false },
            Ok(json!({"data": [{"id": s[1], "name": s[2], "preview": s[3], "cwd": s[5],
                "gitInfo": {"branch": s[6], "sha": s[7]}, "modelProvider": s[8], "turns": []}],
                "nextCursor": null})),
            now,
        );
        for (w, h) in [(160, 30), (60, 20)] {
            update(&mut picker, AppEvent::Resize(w, h), now);
            assert_screen_clean(&picker, w, h, now)?;
        }
    }

    #[test]
    fn hostile_fields_leave_no_control_character_in_any_view(s in prop::collection::vec(hostile(), 21)) {
        views_over_hostile_session(&s, Instant::now())?;
    }

    #[test]
    fn what_is_printed_after_exit_holds_no_control_character(
        thread in hostile(), failure in hostile(), copied in hostile(), demo in any::<bool>(),
    ) {
        let outcome = LoopOutcome {
            thread_id: Some(thread.clone()),
            failure: Some(failure),
            frames_drawn: 0,
            copied: Some(copied.clone()),
            unsent: Some(copied.clone()),
            unconfirmed: Some(copied.clone()),
            conversation: Some(copied),
        };
        let printed = farewell(&outcome, demo);
        for text in [&printed.stdout, &printed.stderr] {
            prop_assert!(
                !text.chars().any(|c| c != '\n' && forbidden(c)),
                "forbidden character printed: {:?}", text
            );
        }
        if let Some(hint) = printed.stdout.split("To continue it: ").nth(1) {
            let words = shlex::split(hint.trim_end()).expect("the hint is one shell command");
            prop_assert_eq!(words, vec!["tern".to_string(), "resume".into(), thread]);
        }
    }
}
