//! `/recap` (codex 0.171's catch-up) down to the exact JSON sent: the visible conversation goes
//! to an ephemeral, read-only side thread with no tools, whose one turn wants `{"summary",
//! "next_action"}`; the answer is "Recap: …" and "Next: …" (sanitised), the side thread is
//! unsubscribed, and the thread itself is never touched. Refusals say why.

use crate::support::common::*;
use crate::support::plan_fixtures::answered;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::{update, AppState, Effect, RequestTag};
use tern::model::NoticeLevel;
use tern::session::recap::RECAP_PROMPT;
use tern::session::request::NewThreadPurpose;

fn run(state: &mut AppState, command: &str, now: Instant) -> Vec<(&'static str, Value)> {
    type_text(state, command, now);
    let effects: Vec<Effect> = wire(update(state, key(KeyCode::Enter), now));
    effects.iter().filter_map(request_json).collect()
}

fn item(thread: &str, turn: &str, item: Value) -> tern::app::AppEvent {
    notify(
        "item/completed",
        json!({"threadId": thread, "turnId": turn, "item": item}),
    )
}

fn turn_completed(thread: &str, turn: &str, status: &str) -> tern::app::AppEvent {
    notify(
        "turn/completed",
        json!({"threadId": thread, "turn": {"id": turn, "items": [], "status": status}}),
    )
}

/// A thread with one finished exchange on screen.
fn talked(now: Instant) -> AppState {
    let mut state = ready_state(now);
    update(
        &mut state,
        item(
            THREAD,
            "turn-1",
            json!({"type": "userMessage", "id": "u1",
            "content": [{"type": "text", "text": "fix the parser", "text_elements": []}]}),
        ),
        now,
    );
    update(
        &mut state,
        item(
            THREAD,
            "turn-1",
            json!({"type": "agentMessage", "id": "a1",
            "text": "Fixed the parser; tests not run yet."}),
        ),
        now,
    );
    update(
        &mut state,
        turn_completed(THREAD, "turn-1", "completed"),
        now,
    );
    state
}

const HISTORY: &str = "User: fix the parser\n\nAssistant: Fixed the parser; tests not run yet.";

/// `/recap` sent, the side thread started as `side-1` and its turn asked.
fn asked(state: &mut AppState, now: Instant) -> Vec<(&'static str, Value)> {
    let sent = run(state, "/recap", now);
    assert_eq!(sent.len(), 1, "{sent:?}");
    answered(
        state,
        RequestTag::StartThreadFor(NewThreadPurpose::Recap {
            main_thread: THREAD.into(),
            history: HISTORY.into(),
        }),
        json!({"thread": {"id": "side-1", "ephemeral": true, "turns": []}, "model": "mock-model"}),
        now,
    )
    .iter()
    .filter_map(request_json)
    .collect()
}

#[test]
fn recap_asks_an_ephemeral_read_only_side_thread_with_the_conversation() {
    let now = Instant::now();
    let mut state = talked(now);
    let sent = run(&mut state, "/recap", now);
    let (method, params) = &sent[0];
    assert_eq!(*method, "thread/start");
    assert_eq!(params["ephemeral"], true);
    assert_eq!(params["threadSource"], "system");
    assert_eq!(params["approvalPolicy"], "never");
    assert_eq!(params["sandbox"], "read-only");
    assert_eq!(params["cwd"], "/home/user/project");
    assert_eq!(params["config"]["features.shell_tool"], false);
    assert_eq!(params["config"]["web_search"], "disabled");
    assert_eq!(params["config"]["mcp_servers"], json!({}));
    assert_eq!(
        last_notice(&state),
        (NoticeLevel::Info, "Generating a recap…".into())
    );
    let mut fresh = talked(now);
    assert_eq!(
        asked(&mut fresh, now),
        [(
            "turn/start",
            json!({"threadId": "side-1",
                "input": [{"type": "text", "text": format!("{RECAP_PROMPT}{HISTORY}"), "text_elements": []}],
                "outputSchema": {"type": "object", "properties": {
                    "summary": {"type": "string", "minLength": 1, "maxLength": 700},
                    "next_action": {"type": ["string", "null"], "maxLength": 200}},
                    "required": ["summary", "next_action"], "additionalProperties": false}})
        )]
    );
}

#[test]
fn the_answer_is_one_sanitised_cell_and_the_side_thread_is_let_go() {
    let now = Instant::now();
    let mut state = talked(now);
    asked(&mut state, now);
    let cells = state.transcript().len();
    // The side thread's events never reach the transcript.
    update(
        &mut state,
        item(
            "side-1",
            "s1",
            json!({"type": "agentMessage", "id": "m1",
            "text": "{\"summary\": \"Parser fixed \\u001b]0;pwned\\u0007in lexer.rs\\nnot tested\", \"next_action\": \"Run \\u001b[2Jcargo test\"}"}),
        ),
        now,
    );
    assert_eq!(state.transcript().len(), cells);
    let effects = wire(update(
        &mut state,
        turn_completed("side-1", "s1", "completed"),
        now,
    ));
    assert_eq!(
        effects.iter().filter_map(request_json).collect::<Vec<_>>(),
        [("thread/unsubscribe", json!({"threadId": "side-1"}))]
    );
    // The waiting line (the last cell before the answer) became the recap.
    let notices: Vec<String> = state.transcript().cells()[cells - 1..]
        .iter()
        .filter_map(|c| match c.kind() {
            tern::model::CellKind::Notice { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(
        notices,
        [
            "Recap: Parser fixed in lexer.rs not tested",
            "Next: Run cargo test"
        ]
    );
    snapshot!("recap_cell", &screen(&mut state, 60, 14, now));
    // Done: a second one may be asked.
    assert_eq!(run(&mut state, "/recap", now)[0].0, "thread/start");
}

#[test]
fn a_null_next_action_shows_the_summary_alone_and_a_bad_answer_says_so() {
    let now = Instant::now();
    let mut state = talked(now);
    asked(&mut state, now);
    update(
        &mut state,
        item(
            "side-1",
            "s1",
            json!({"type": "agentMessage", "id": "m1",
            "text": "{\"summary\": \"All done.\", \"next_action\": null}"}),
        ),
        now,
    );
    update(&mut state, turn_completed("side-1", "s1", "completed"), now);
    assert_eq!(
        last_notice(&state),
        (NoticeLevel::Info, "Recap: All done.".into())
    );
    asked(&mut state, now);
    update(
        &mut state,
        item(
            "side-1",
            "s1",
            json!({"type": "agentMessage", "id": "m1", "text": "no json"}),
        ),
        now,
    );
    let effects = wire(update(
        &mut state,
        turn_completed("side-1", "s1", "completed"),
        now,
    ));
    assert!(effects
        .iter()
        .filter_map(request_json)
        .any(|(m, _)| m == "thread/unsubscribe"));
    let (level, text) = last_notice(&state);
    assert_eq!(level, NoticeLevel::Error);
    assert!(text.starts_with("Could not generate a recap"), "{text}");
}

#[test]
fn refusals_say_why_and_send_nothing() {
    let now = Instant::now();
    let mut state = ready_state(now);
    assert!(run(&mut state, "/recap", now).is_empty());
    assert_eq!(
        last_notice(&state),
        (
            NoticeLevel::Warning,
            "There is no conversation history to recap.".into()
        )
    );
    let mut state = running_state(now);
    assert!(run(&mut state, "/recap", now).is_empty());
    assert!(last_notice(&state).1.starts_with("A turn is running"));
    let mut state = talked(now);
    asked(&mut state, now);
    assert!(run(&mut state, "/recap", now).is_empty());
    assert_eq!(last_notice(&state).1, "A recap is already being generated.");
}

#[test]
fn a_refused_side_thread_or_turn_is_said_and_nothing_waits() {
    let now = Instant::now();
    let mut state = talked(now);
    run(&mut state, "/recap", now);
    update(
        &mut state,
        reply(
            RequestTag::StartThreadFor(NewThreadPurpose::Recap {
                main_thread: THREAD.into(),
                history: HISTORY.into(),
            }),
            Err("Method not found".into()),
        ),
        now,
    );
    let (level, text) = last_notice(&state);
    assert_eq!(level, NoticeLevel::Error);
    assert!(text.contains("Method not found"), "{text}");
    asked(&mut state, now);
    let effects = wire(update(
        &mut state,
        reply(
            RequestTag::RecapTurn {
                main_thread: THREAD.into(),
                side_thread: "side-1".into(),
            },
            Err("outputSchema unsupported".into()),
        ),
        now,
    ));
    assert_eq!(
        effects.iter().filter_map(request_json).collect::<Vec<_>>(),
        [("thread/unsubscribe", json!({"threadId": "side-1"}))]
    );
    assert!(last_notice(&state).1.contains("outputSchema unsupported"));
    // Nothing is left waiting: a new one can be asked.
    assert_eq!(run(&mut state, "/recap", now)[0].0, "thread/start");
}
