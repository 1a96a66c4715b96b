//! The cells of the newer items and notifications, fed as the 0.171 server sends them (shapes
//! from the research recordings): a review started and finished (its `path:line` places as
//! links), an image viewed, a client tool, a function output, hook runs and a hook's feedback, a
//! sleep, the goal, a reroute, moderation metadata, and an item kind tern does not know. Drawn at
//! 80×24-wide and 120 columns; then the same with escape payloads in every field.

use crate::support::common::*;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppEvent, AppState};
use tern::model::ImageInfo;

const TURN: &str = "turn-9";

fn item(state: &mut AppState, method: &str, item: Value, now: Instant) {
    update(
        state,
        notify(
            method,
            json!({"threadId": THREAD, "turnId": TURN, "item": item}),
        ),
        now,
    );
}

fn both(state: &mut AppState, item_json: Value, now: Instant) {
    item(state, "item/started", item_json.clone(), now);
    item(state, "item/completed", item_json, now);
}

/// Every new kind, each field holding `s` (a plain word or a hostile payload).
fn feed(state: &mut AppState, s: &str, now: Instant) {
    both(
        state,
        json!({"type": "enteredReviewMode", "id": "r1", "review": format!("current changes {s}")}),
        now,
    );
    // The reviewer's prompt and its repeat of the review are not shown.
    both(
        state,
        json!({"type": "userMessage", "id": "u1", "content": [{"type": "text", "text": "Review the current code changes", "text_elements": []}]}),
        now,
    );
    let review = format!(
        "The change breaks add() {s}.\n\nFull review comments:\n\n- [P1] add() subtracts instead of adding — /home/user/project/lib.py:2-2\n  `add` returns `a - b`; callers expect a sum {s}.\n\n- [P3] Missing docstring — /elsewhere/util.py:4-5\n  Add a docstring."
    );
    both(
        state,
        json!({"type": "exitedReviewMode", "id": "r2", "review": review}),
        now,
    );
    both(
        state,
        json!({"type": "agentMessage", "id": "msg_dup", "text": review}),
        now,
    );
    both(
        state,
        json!({"type": "imageView", "id": "call_view", "path": format!("/home/user/project/shot{s}.png")}),
        now,
    );
    update(
        state,
        AppEvent::ImageProbed {
            path: format!("/home/user/project/shot{s}.png"),
            result: Ok(ImageInfo {
                width: 1280,
                height: 720,
                bytes: 2_200_000,
                png: true,
            }),
        },
        now,
    );
    item(
        state,
        "item/completed",
        json!({"type": "dynamicToolCall", "id": "call_dyn", "namespace": format!("tern_tools{s}"), "tool": "lookup_ticket",
               "arguments": {"id": format!("T-42{s}")}, "status": "completed",
               "contentItems": [{"type": "inputText", "text": format!("Ticket T-42: open{s}")}, {"type": "inputImage", "imageUrl": "data:image/png;base64,AAAA"}],
               "success": true, "durationMs": 12}),
        now,
    );
    item(
        state,
        "item/completed",
        json!({"type": "functionCallOutput", "id": "fco", "name": format!("goal_objective{s}"), "namespace": "agent", "output": format!("done{s}")}),
        now,
    );
    let run = |status: &str, entries: Value| {
        json!({"threadId": THREAD, "turnId": TURN, "run": {
            "id": "stop:4:/c/config.toml", "eventName": "stop", "handlerType": "command",
            "executionMode": "sync", "scope": "turn", "sourcePath": "/c/config.toml", "source": "user",
            "displayOrder": 0, "status": status, "statusMessage": format!("running Stop hook{s}"),
            "startedAt": 1, "completedAt": null, "durationMs": 40, "entries": entries}})
    };
    update(
        state,
        notify("hook/started", run("running", json!([]))),
        now,
    );
    update(
        state,
        notify(
            "hook/completed",
            run(
                "blocked",
                json!([{"kind": "feedback", "text": format!("Also run the tests please.{s}")}]),
            ),
        ),
        now,
    );
    both(
        state,
        json!({"type": "hookPrompt", "id": "hp", "fragments": [{"text": format!("Also run the tests please.{s}"), "hookRunId": "stop:4"}]}),
        now,
    );
    item(
        state,
        "item/completed",
        json!({"type": "sleep", "id": "call_sleep", "durationMs": 20000, "startedAtMs": 1000, "completedAtMs": 2004}),
        now,
    );
    let goal = |used: i64| {
        json!({"threadId": THREAD, "turnId": TURN, "goal": {"threadId": THREAD, "objective": format!("Ship the parser{s}"),
               "status": "active", "tokenBudget": 50000, "tokensUsed": used, "timeUsedSeconds": 3, "createdAt": 1, "updatedAt": 2}})
    };
    update(state, notify("thread/goal/updated", goal(1200)), now);
    // More tokens used: the same line, not a new one.
    update(state, notify("thread/goal/updated", goal(2400)), now);
    update(
        state,
        notify(
            "model/rerouted",
            json!({"threadId": THREAD, "turnId": TURN, "fromModel": "mock-model", "toModel": format!("gpt-other{s}"), "reason": "highRiskCyberActivity"}),
        ),
        now,
    );
    update(
        state,
        notify(
            "turn/moderationMetadata",
            json!({"threadId": THREAD, "turnId": TURN, "metadata": {"flagged": true, "categories": ["cyber"], "note": format!("from mock{s}")}}),
        ),
        now,
    );
    both(
        state,
        json!({"type": format!("hologram{s}"), "id": "h1", "payload": 1}),
        now,
    );
}

#[test]
fn every_new_item_kind_at_80_and_120_columns() {
    let now = Instant::now();
    let mut state = ready_state(now);
    feed(&mut state, "", now);
    let narrow = screen(&mut state, 80, 70, now);
    snapshot!("item_cells_80", &narrow);
    snapshot!("item_cells_120", &screen(&mut state, 120, 60, now));
    // One review result (not the agent's repeat of it), no reviewer prompt, one goal line.
    assert_eq!(
        narrow.matches("[P1] add() subtracts").count(),
        1,
        "{narrow}"
    );
    assert!(
        !narrow.contains("Review the current code changes"),
        "{narrow}"
    );
    assert_eq!(narrow.matches("Goal set").count(), 1, "{narrow}");
    assert!(narrow.contains("2.4k/50.0k tokens"), "{narrow}");
    // Paths inside the session's directory are shown relative to it.
    assert!(narrow.contains("— lib.py:2-2"), "{narrow}");
    assert!(narrow.contains("/elsewhere/util.py:4-5"), "{narrow}");
}

#[test]
fn hostile_strings_in_every_field_are_shown_as_marks() {
    let now = Instant::now();
    let mut state = ready_state(now);
    let payload = "\u{1b}]52;c;cGF3bmVk\u{7}\u{1b}[2J\u{9b}31m\u{202e}";
    feed(&mut state, payload, now);
    let text = screen(&mut state, 120, 80, now);
    assert!(
        !text.chars().any(|c| c.is_control() && c != '\n'),
        "a control character reached the screen:\n{text}"
    );
    assert!(!text.contains('\u{202e}'), "{text}");
    // The fields are still shown, their escapes dropped.
    for shown in [
        "current changes",
        "shot",
        "Ship the parser",
        "gpt-other",
        "hologram",
    ] {
        assert!(text.contains(shown), "{shown} in\n{text}");
    }
    snapshot!("item_cells_hostile_120", &text);
}

#[test]
fn review_locations_are_underlined_links() {
    let now = Instant::now();
    let mut state = ready_state(now);
    feed(&mut state, "", now);
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(100, 60)).unwrap();
    update(&mut state, AppEvent::Resize(100, 60), now);
    terminal
        .draw(|frame| tern::ui::draw(frame, &state, now))
        .unwrap();
    let buffer = terminal.backend().buffer();
    let (x, y) = (0..60)
        .find_map(|y| {
            let row: String = (0..100).map(|x| buffer[(x, y)].symbol()).collect();
            row.find("lib.py:2-2")
                .map(|at| (row[..at].chars().count() as u16, y))
        })
        .expect("the location on screen");
    let cell = &buffer[(x, y)];
    assert!(
        cell.style()
            .add_modifier
            .contains(ratatui::style::Modifier::UNDERLINED),
        "{cell:?}"
    );
}

#[test]
fn clicking_a_review_location_opens_that_files_diff() {
    use crossterm::event::{KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
    use tern::app::{Effect, GitDiffOutput};
    let now = Instant::now();
    let mut state = ready_state(now);
    feed(&mut state, "", now);
    let shown = screen(&mut state, 100, 60, now);
    let (y, row) = shown
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("lib.py:2-2"))
        .expect("the location on screen");
    let x = row[..row.find("lib.py:2-2").unwrap()].chars().count() as u16 + 3;
    let click = AppEvent::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: x,
        row: y as u16,
        modifiers: KeyModifiers::NONE,
    });
    let effects = wire(update(&mut state, click, now));
    assert_eq!(
        effects,
        [Effect::ReadGitDiff {
            cwd: "/home/user/project".into()
        }]
    );
    let filler: String = (1..=80).map(|i| format!("+line {i}\n")).collect();
    let diff = format!(
        "diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -1 +1,80 @@\n-x\n{filler}diff --git a/lib.py b/lib.py\n--- a/lib.py\n+++ b/lib.py\n@@ -1,2 +1,2 @@\n def add(a, b):\n-    return a + b\n+    return a - b\n"
    );
    update(
        &mut state,
        AppEvent::GitDiff {
            cwd: "/home/user/project".into(),
            result: Ok(GitDiffOutput {
                text: diff,
                truncated: false,
                root: None,
            }),
        },
        now,
    );
    let pager = screen(&mut state, 100, 60, now);
    assert!(
        pager.contains("return a - b"),
        "lib.py's hunk is in view:\n{pager}"
    );
    assert!(
        !pager.contains("+line 5 "),
        "a.py is scrolled past:\n{pager}"
    );
}
