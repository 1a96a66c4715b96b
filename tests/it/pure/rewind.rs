//! Rewind (issue 20) down to the exact JSON sent: Esc Esc and `/rewind` open the person's
//! messages newest first; rewinding to each position sends `thread/revert {beforeTurnId}`,
//! reloads what is left through `thread/turns/list` and puts the message back in the composer;
//! files are put back only on the confirming key; what each turn did to files is kept when
//! it ends.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::path::PathBuf;
use std::time::Instant;
use tern::app::layers::Layer;
use tern::app::{update, AppEvent, AppState, Effect, RequestTag, SessionConfig};
use tern::model::rewind::{FileRestore, Refusal, RestoreAction, RestorePlan};

const PROMPTS: [&str; 3] = ["create notes.txt", "change notes.txt", "add extra.txt"];

fn requests(effects: &[Effect]) -> Vec<(&'static str, Value)> {
    effects.iter().filter_map(request_json).collect()
}

fn answered(state: &mut AppState, tag: RequestTag, result: Value, now: Instant) -> Vec<Effect> {
    wire(update(state, reply(tag, Ok(result)), now))
}

fn with_store() -> SessionConfig {
    SessionConfig {
        turn_store: Some(PathBuf::from("/store")),
        ..config()
    }
}

fn ready(config: SessionConfig, now: Instant) -> AppState {
    started(
        AppState::new(config),
        json!({"userAgent": "x"}),
        json!({"thread": {"id": THREAD, "preview": "", "turns": []},
               "model": "mock-model", "cwd": "/home/user/project"}),
        now,
    )
}

/// One whole turn: the prompt sent and echoed, a file change and its turn diff, an answer.
fn turn(state: &mut AppState, n: usize, now: Instant) -> Vec<Effect> {
    let prompt = PROMPTS[n];
    let turn = format!("turn-{}", n + 1);
    type_text(state, prompt, now);
    update(state, key(KeyCode::Enter), now);
    let mut effects = Vec::new();
    for (method, params) in [
        (
            "turn/started",
            json!({"turn": {"id": turn, "items": [], "status": "inProgress"}}),
        ),
        (
            "item/started",
            json!({"turnId": turn, "item": {"type": "userMessage", "id": format!("u{n}"),
            "content": [{"type": "text", "text": prompt, "text_elements": []}]}}),
        ),
        (
            "item/completed",
            json!({"turnId": turn, "item": {"type": "fileChange", "id": format!("call_{n}"),
            "status": "completed", "changes": [{"path": "/home/user/project/notes.txt",
            "kind": {"type": "add"}, "diff": "x\n"}]}}),
        ),
        (
            "turn/diff/updated",
            json!({"turnId": turn, "diff": format!("diff --git a/notes.txt b/notes.txt\n@@ turn {n}\n")}),
        ),
        (
            "item/completed",
            json!({"turnId": turn, "item": {"type": "agentMessage", "id": "msg_1", "text": format!("done {n}")}}),
        ),
        (
            "turn/completed",
            json!({"turn": {"id": turn, "items": [], "status": "completed"}}),
        ),
    ] {
        let mut params = params;
        params["threadId"] = json!(THREAD);
        effects.extend(wire(update(state, notify(method, params), now)));
    }
    effects
}

fn three_turns(config: SessionConfig, now: Instant) -> AppState {
    let mut state = ready(config, now);
    for n in 0..3 {
        turn(&mut state, n, now);
    }
    state
}

fn rewind_open(state: &AppState) -> bool {
    matches!(state.person_layers().last(), Some(Layer::Rewind(_)))
}

#[test]
fn a_turn_that_changed_files_is_kept_for_a_rewind() {
    let now = Instant::now();
    let mut state = ready(with_store(), now);
    let effects = turn(&mut state, 0, now);
    let saved: Vec<&Effect> = effects
        .iter()
        .filter(|e| matches!(e, Effect::SaveTurnRecord { .. }))
        .collect();
    let [Effect::SaveTurnRecord { store, record }] = saved.as_slice() else {
        panic!("one record kept: {effects:?}");
    };
    assert_eq!(store, &PathBuf::from("/store"));
    assert_eq!(
        (record.thread_id.as_str(), record.turn_id.as_str()),
        (THREAD, "turn-1")
    );
    assert_eq!(record.paths, ["/home/user/project/notes.txt"]);
    assert!(record.diff.contains("@@ turn 0"));
    // Without a data folder nothing is kept.
    let mut state = ready(config(), now);
    let effects = turn(&mut state, 0, now);
    assert!(!effects
        .iter()
        .any(|e| matches!(e, Effect::SaveTurnRecord { .. })));
}

#[test]
fn esc_esc_opens_the_messages_newest_first_and_a_lone_esc_does_not() {
    let now = Instant::now();
    let mut state = three_turns(with_store(), now);
    update(&mut state, key(KeyCode::Esc), now);
    assert!(!rewind_open(&state));
    assert!(screen(&mut state, 80, 24, now).contains("Esc again to rewind"));
    // Too late: the first Esc lapsed.
    update(&mut state, key(KeyCode::Esc), later(now, 5_000));
    assert!(!rewind_open(&state));
    update(&mut state, key(KeyCode::Esc), later(now, 5_100));
    assert!(rewind_open(&state));
    let Some(Layer::Rewind(view)) = state.person_layers().last() else {
        unreachable!()
    };
    let texts: Vec<&str> = view.messages.iter().map(|(_, t)| t.as_str()).collect();
    assert_eq!(
        texts,
        ["add extra.txt", "change notes.txt", "create notes.txt"]
    );
    let text = screen(&mut state, 80, 24, now);
    assert!(text.contains("Rewind to before a message"), "{text}");
}

#[test]
fn rewinding_to_each_position_reverts_before_its_turn_and_gives_the_message_back() {
    for position in 0..3 {
        let now = Instant::now();
        let mut state = three_turns(with_store(), now);
        type_text(&mut state, "/rewind", now);
        update(&mut state, key(KeyCode::Enter), now);
        assert!(rewind_open(&state), "/rewind opens it too");
        for _ in 0..position {
            update(&mut state, key(KeyCode::Down), now);
        }
        let turn_number = 3 - position;
        let effects = wire(update(&mut state, key(KeyCode::Enter), now));
        let dropped: Vec<String> = (turn_number..=3).map(|n| format!("turn-{n}")).collect();
        assert_eq!(
            effects,
            [Effect::PreviewRestore {
                store: PathBuf::from("/store"),
                thread_id: THREAD.into(),
                turns: dropped.clone(),
                cwd: "/home/user/project".into(),
            }]
        );
        let effects = wire(update(&mut state, key(KeyCode::Enter), now));
        let before = format!("turn-{turn_number}");
        assert_eq!(
            requests(&effects),
            [(
                "thread/revert",
                json!({"threadId": THREAD, "beforeTurnId": before})
            )]
        );
        assert!(!rewind_open(&state));
        let effects = answered(
            &mut state,
            RequestTag::RevertThread {
                thread_id: THREAD.into(),
                before_turn_id: before,
            },
            json!({"thread": {"id": THREAD, "preview": "create notes.txt", "turns": []},
                   "turnsBackwardsCursor": "cursor-1", "itemsBackwardsCursor": "items-1"}),
            now,
        );
        assert_eq!(
            requests(&effects),
            [(
                "thread/turns/list",
                json!({"threadId": THREAD, "cursor": "cursor-1", "limit": 10,
                       "sortDirection": "desc", "itemsView": "full"})
            )],
            "the transcript reloads from what is left"
        );
        assert!(
            !effects
                .iter()
                .any(|e| matches!(e, Effect::RestoreFiles { .. })),
            "Enter leaves the files alone"
        );
        assert_eq!(state.draft(), PROMPTS[turn_number - 1]);
        let users = state.transcript().user_messages();
        assert!(users.is_empty(), "the old cells are gone: {users:?}");
    }
}

#[test]
fn f_puts_the_previewed_files_back_once_the_server_has_rewound() {
    let now = Instant::now();
    let mut state = three_turns(with_store(), now);
    update(&mut state, key(KeyCode::Esc), now);
    update(&mut state, key(KeyCode::Esc), now);
    update(&mut state, key(KeyCode::Down), now);
    update(&mut state, key(KeyCode::Enter), now);
    // `f` means nothing until the preview has files to put back.
    assert!(requests(&wire(update(&mut state, key(KeyCode::Char('f')), now))).is_empty());
    let restore = FileRestore {
        path: "/home/user/project/notes.txt".into(),
        action: RestoreAction::Write("before\n".into()),
        expected: Some("abc".into()),
        preview: "--- a\n+++ b\n@@ -1 +1 @@\n-after\n+before\n".into(),
    };
    update(
        &mut state,
        AppEvent::RestorePreview {
            thread_id: THREAD.into(),
            result: Ok(RestorePlan {
                files: vec![restore.clone()],
                refused: vec![Refusal {
                    path: "/home/user/project/extra.txt".into(),
                    reason: "changed since the turn left it".into(),
                }],
                kept_per_thread: 50,
                ..RestorePlan::default()
            }),
        },
        now,
    );
    let text = screen(&mut state, 100, 30, now);
    assert!(text.contains("notes.txt  put back as it was"), "{text}");
    assert!(text.contains("extra.txt: cannot restore"), "{text}");
    let effects = wire(update(&mut state, key(KeyCode::Char('f')), now));
    assert_eq!(
        requests(&effects),
        [(
            "thread/revert",
            json!({"threadId": THREAD, "beforeTurnId": "turn-2"})
        )]
    );
    let effects = answered(
        &mut state,
        RequestTag::RevertThread {
            thread_id: THREAD.into(),
            before_turn_id: "turn-2".into(),
        },
        json!({"thread": {"id": THREAD, "turns": []}, "turnsBackwardsCursor": null}),
        now,
    );
    assert!(
        effects.contains(&Effect::RestoreFiles {
            cwd: "/home/user/project".into(),
            files: vec![restore],
        }),
        "{effects:?}"
    );
    // The file refused in the preview is said again where the rewind's outcome is read.
    let notices: Vec<String> = state
        .transcript()
        .cells()
        .iter()
        .filter_map(|cell| match cell.kind() {
            tern::model::CellKind::Notice { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert!(
        notices
            .iter()
            .any(|n| n == "Not put back: extra.txt, changed since the turn left it."),
        "{notices:?}"
    );
}

#[test]
fn a_refused_revert_changes_nothing_files_included() {
    let now = Instant::now();
    let mut state = three_turns(with_store(), now);
    let cells = state.transcript().len();
    update(&mut state, key(KeyCode::Esc), now);
    update(&mut state, key(KeyCode::Esc), now);
    update(&mut state, key(KeyCode::Enter), now);
    update(&mut state, key(KeyCode::Enter), now);
    let effects = wire(update(
        &mut state,
        reply(
            RequestTag::RevertThread {
                thread_id: THREAD.into(),
                before_turn_id: "turn-3".into(),
            },
            Err("thread/revert only supports paginated threads".into()),
        ),
        now,
    ));
    assert!(requests(&effects).is_empty());
    assert_eq!(state.transcript().len(), cells + 1, "one notice more");
    assert!(
        last_notice(&state).1.contains("legacy"),
        "{:?}",
        last_notice(&state)
    );
    assert!(state.draft_is_empty());
}

#[test]
fn no_rewind_while_a_turn_runs_and_over_a_remote_connection_no_files() {
    let now = Instant::now();
    let mut state = running_state(now);
    type_text(&mut state, "/rewind", now);
    update(&mut state, key(KeyCode::Enter), now);
    assert!(!rewind_open(&state));
    assert!(last_notice(&state).1.starts_with("A turn is running"));

    let mut remote = with_store();
    remote.connected_to = Some("ssh me@box".into());
    let mut state = three_turns(remote, now);
    update(&mut state, key(KeyCode::Esc), now);
    update(&mut state, key(KeyCode::Esc), now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert!(
        effects.is_empty(),
        "nothing asked of the files: {effects:?}"
    );
    let text = screen(&mut state, 100, 30, now);
    assert!(text.contains("remote connection"), "{text}");
    assert!(text.contains("no rename"), "{text}");
}

#[test]
fn the_preview_looks_up_only_the_turns_that_patched_files() {
    let now = Instant::now();
    let mut state = three_turns(with_store(), now);
    // A fourth turn that only talks: nothing of it is on disk, and it is no "turn without a
    // record" either.
    type_text(&mut state, "just talk", now);
    update(&mut state, key(KeyCode::Enter), now);
    for (method, params) in [
        (
            "turn/started",
            json!({"turn": {"id": "turn-4", "items": [], "status": "inProgress"}}),
        ),
        (
            "item/started",
            json!({"turnId": "turn-4", "item": {"type": "userMessage", "id": "u4",
            "content": [{"type": "text", "text": "just talk", "text_elements": []}]}}),
        ),
        (
            "turn/completed",
            json!({"turn": {"id": "turn-4", "items": [], "status": "completed"}}),
        ),
    ] {
        let mut params = params;
        params["threadId"] = json!(THREAD);
        update(&mut state, notify(method, params), now);
    }
    type_text(&mut state, "/rewind", now);
    update(&mut state, key(KeyCode::Enter), now);
    // Newest first: "just talk", then "add extra.txt" (turn 3).
    update(&mut state, key(KeyCode::Down), now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(
        effects,
        [Effect::PreviewRestore {
            store: PathBuf::from("/store"),
            thread_id: THREAD.into(),
            turns: vec!["turn-3".into()],
            cwd: "/home/user/project".into(),
        }]
    );
}

/// Issue 31 item 14: after a rewind the status line keeps the last context figure (the revert's
/// answer says none), and the turn kept ends with its "turn completed" rule as it did live
/// (and as a resumed thread's turns do).
#[test]
fn a_rewind_keeps_the_context_figure_and_the_kept_turn_s_rule() {
    let now = Instant::now();
    let mut state = three_turns(with_store(), now);
    update(
        &mut state,
        notify(
            "thread/tokenUsage/updated",
            json!({"threadId": THREAD, "turnId": "turn-3", "tokenUsage": {
                "total": {"totalTokens": 12000, "inputTokens": 11000, "cachedInputTokens": 4000,
                          "outputTokens": 1000, "reasoningOutputTokens": 0},
                "last": {"totalTokens": 6400, "inputTokens": 6000, "cachedInputTokens": 0,
                         "outputTokens": 400, "reasoningOutputTokens": 0},
                "modelContextWindow": 128000}}),
        ),
        now,
    );
    let before = screen(&mut state, 80, 24, now);
    assert!(before.contains("ctx 6.4k"), "{before}");
    type_text(&mut state, "/rewind", now);
    update(&mut state, key(KeyCode::Enter), now);
    update(&mut state, key(KeyCode::Down), now);
    update(&mut state, key(KeyCode::Enter), now);
    update(&mut state, key(KeyCode::Enter), now);
    answered(
        &mut state,
        RequestTag::RevertThread {
            thread_id: THREAD.into(),
            before_turn_id: "turn-2".into(),
        },
        json!({"thread": {"id": THREAD, "preview": "create notes.txt", "turns": []},
               "turnsBackwardsCursor": "cursor-1"}),
        now,
    );
    answered(
        &mut state,
        RequestTag::ListTurns {
            thread_id: THREAD.into(),
        },
        json!({"data": [{"id": "turn-1", "status": "completed", "durationMs": 1200, "items": [
                {"type": "userMessage", "id": "u0",
                 "content": [{"type": "text", "text": PROMPTS[0], "text_elements": []}]},
                {"type": "agentMessage", "id": "msg_1", "text": "done 0"}]}],
               "nextCursor": null, "backwardsCursor": null}),
        now,
    );
    let after = screen(&mut state, 80, 24, now);
    assert!(after.contains("done 0"), "{after}");
    assert!(after.contains("─ turn completed in 1.2s ─"), "{after}");
    assert!(after.contains("ctx 6.4k"), "{after}");
}
