//! Issue 20 on screen, at 80×24 and 120×40: the Proposed plan cell and the "Implement this
//! plan?" chooser, the Thinking cell collapsed and expanded, the checklist line above the
//! composer, the rewind list and its file preview; and hostile text in a plan, reasoning and
//! a thread title, shown as text, never as escapes.

use crate::support::common::*;
use crate::support::plan_fixtures::*;
use crossterm::event::KeyCode;
use serde_json::json;
use std::time::Instant;
use tern::app::{update, AppEvent, AppState};
use tern::model::rewind::{FileRestore, Refusal, RestoreAction, RestorePlan};

const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

fn both_sizes(name: &str, state: &mut AppState, now: Instant) {
    for (width, height) in SIZES {
        let text = screen(state, width, height, now);
        snapshot!(&format!("{name}_{width}x{height}"), &text);
    }
}

#[test]
fn the_proposed_plan_and_the_chooser() {
    let now = Instant::now();
    let mut state = in_plan_mode(json!({"userAgent": "x"}), now);
    plan_turn(&mut state, now);
    both_sizes("plan_and_chooser", &mut state, read(now));
    // Option 3's label is said by the option; the border does not repeat it.
    let shown = screen(&mut state, 120, 40, read(now));
    assert_eq!(
        shown.to_lowercase().matches("keep planning").count(),
        1,
        "{shown}"
    );
}

#[test]
fn the_thinking_cell_collapsed_and_expanded() {
    let now = Instant::now();
    let mut state = running_state(now);
    reasoning_events(&mut state, now);
    both_sizes("thinking_collapsed", &mut state, now);
    update(&mut state, ctrl('o'), now);
    both_sizes("thinking_expanded", &mut state, now);
}

#[test]
fn the_checklist_line_above_the_composer() {
    let now = Instant::now();
    let mut state = running_state(now);
    let steps = |statuses: [&str; 4]| {
        let plan: Vec<serde_json::Value> = [
            "Read the parser",
            "Patch the off-by-one",
            "Run cargo test",
            "Write the notes",
        ]
        .iter()
        .zip(statuses)
        .map(|(step, status)| json!({"step": step, "status": status}))
        .collect();
        json!({"threadId": THREAD, "turnId": "turn-1", "explanation": null, "plan": plan})
    };
    update(
        &mut state,
        notify(
            "turn/plan/updated",
            steps(["completed", "inProgress", "pending", "pending"]),
        ),
        now,
    );
    update(
        &mut state,
        notify(
            "turn/plan/updated",
            steps(["completed", "completed", "inProgress", "pending"]),
        ),
        now,
    );
    let plans = state
        .transcript()
        .cells()
        .iter()
        .filter(|c| matches!(c.kind(), tern::model::CellKind::Plan { .. }))
        .count();
    assert_eq!(plans, 1, "the checklist cell is updated in place");
    both_sizes("checklist", &mut state, now);
}

fn rewindable(now: Instant) -> AppState {
    let mut state = ready_state(now);
    for (n, prompt) in ["create notes.txt", "change notes.txt and add extra.txt"]
        .iter()
        .enumerate()
    {
        let turn = format!("turn-{}", n + 1);
        type_text(&mut state, prompt, now);
        update(&mut state, key(KeyCode::Enter), now);
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
                json!({"turnId": turn, "item": {"type": "commandExecution", "id": format!("c{n}"),
                "command": "sed -i s/a/b/ notes.txt", "status": "completed", "exitCode": 0,
                "commandActions": [{"type": "unknown", "command": "sed -i s/a/b/ notes.txt"}]}}),
            ),
            (
                "item/completed",
                json!({"turnId": turn, "item": {"type": "agentMessage", "id": "m", "text": "Done."}}),
            ),
            (
                "turn/completed",
                json!({"turn": {"id": turn, "items": [], "status": "completed"}}),
            ),
        ] {
            let mut params = params;
            params["threadId"] = json!(THREAD);
            update(&mut state, notify(method, params), now);
        }
    }
    state
}

#[test]
fn the_rewind_list_and_its_file_preview() {
    let now = Instant::now();
    let mut config = config();
    config.turn_store = Some("/store".into());
    let mut state = rewindable(now);
    state.config_mut().turn_store = config.turn_store;
    update(&mut state, key(KeyCode::Esc), now);
    update(&mut state, key(KeyCode::Esc), now);
    both_sizes("rewind_list", &mut state, now);
    update(&mut state, key(KeyCode::Down), now);
    update(&mut state, key(KeyCode::Enter), now);
    both_sizes("rewind_preview_loading", &mut state, now);
    let plan = RestorePlan {
        files: vec![
            FileRestore {
                path: "/home/user/project/notes.txt".into(),
                action: RestoreAction::Delete,
                expected: Some("e5c5c5583f49a34e86ce622b59363df99e09d4c6".into()),
                preview: "--- /home/user/project/notes.txt\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-line one\n-line two\n".into(),
            },
            FileRestore {
                path: "/home/user/project/src/lib.rs".into(),
                action: RestoreAction::Write("fn a() {}\n".into()),
                expected: Some("abc".into()),
                preview: "--- a\n+++ b\n@@ -1 +1 @@\n-fn b() {}\n+fn a() {}\n".into(),
            },
        ],
        refused: vec![Refusal {
            path: "/home/user/project/extra.txt".into(),
            reason: "changed since the turn left it (by hand or by a command)".into(),
        }],
        unrecorded: 0,
        kept_per_thread: 50,
    };
    update(
        &mut state,
        AppEvent::RestorePreview {
            thread_id: THREAD.into(),
            result: Ok(plan),
        },
        now,
    );
    both_sizes("rewind_preview", &mut state, now);
}

/// Rewinding one turn says "that turn", not "those turns".
#[test]
fn a_one_turn_rewind_preview_speaks_of_that_turn() {
    let now = Instant::now();
    let mut state = rewindable(now);
    state.config_mut().turn_store = Some("/store".into());
    update(&mut state, key(KeyCode::Esc), now);
    update(&mut state, key(KeyCode::Esc), now);
    update(&mut state, key(KeyCode::Enter), now);
    let loading = screen(&mut state, 80, 24, now);
    assert!(loading.contains("Drops 1 turn "), "{loading}");
    assert!(loading.contains("the files that turn changed"), "{loading}");
    let plan = RestorePlan {
        files: vec![],
        refused: vec![],
        unrecorded: 0,
        kept_per_thread: 50,
    };
    update(
        &mut state,
        AppEvent::RestorePreview {
            thread_id: THREAD.into(),
            result: Ok(plan),
        },
        now,
    );
    let shown = screen(&mut state, 80, 24, now);
    assert!(
        !shown.contains("those turns") && !shown.contains("Those turns"),
        "{shown}"
    );
    snapshot!("rewind_preview_one_turn_80x24", &shown);
}

const HOSTILE: &str = "evil\u{1b}]0;pwned\u{7}\u{1b}[2J\u{9b}31mred\u{202e}txt";

#[test]
fn hostile_plans_reasoning_and_titles_are_shown_as_text() {
    let now = Instant::now();
    let mut planned = in_plan_mode(json!({"userAgent": "x"}), now);
    plan_turn_with(
        &mut planned,
        &format!("# Plan {HOSTILE}\n\n1. Step {HOSTILE}\n"),
        now,
    );
    let mut thinking = running_state(now);
    update(
        &mut thinking,
        notify(
            "item/completed",
            json!({"threadId": THREAD, "turnId": "turn-1", "item": {
            "type": "reasoning", "id": "rs_9",
            "summary": [format!("**Think {HOSTILE}**\n\nbody {HOSTILE}")], "content": []}}),
        ),
        now,
    );
    update(
        &mut thinking,
        notify(
            "thread/name/updated",
            json!({"threadId": THREAD, "threadName": format!("Title {HOSTILE}")}),
        ),
        now,
    );
    update(&mut thinking, ctrl('o'), now);
    for (width, height) in SIZES {
        let plan = screen(&mut planned, width, height, read(now));
        let think = screen(&mut thinking, width, height, now);
        for text in [&plan, &think] {
            for bad in ['\u{1b}', '\u{7}', '\u{9b}', '\u{202e}'] {
                assert!(!text.contains(bad), "{bad:?} reached the screen:\n{text}");
            }
        }
        assert!(plan.contains("Plan evil"), "{plan}");
        assert!(think.contains("Think evil"), "{think}");
        if width >= 120 {
            assert!(think.contains("Title evil"), "{think}");
        }
        snapshot!(&format!("hostile_plan_{width}x{height}"), &plan);
        snapshot!(&format!("hostile_thinking_{width}x{height}"), &think);
    }
    // A hostile title generated by the model is cleaned before it is ever sent.
    let title = tern::session::titles::parse_title(&json!({"title": HOSTILE}).to_string())
        .expect("a title");
    assert!(
        title.starts_with("evil") && !title.chars().any(|c| c.is_control() || c == '\u{202e}'),
        "{title:?}"
    );
}
