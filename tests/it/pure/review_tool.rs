//! The agent asks for a review (issue 36): tern's client tool `request_review`. Pure `update`
//! transitions down to the exact JSON: the tool's spec at `thread/start` (and none with
//! `client_tools = false`); an `item/tool/call` answered with the person's review (reverts put
//! back first); a dismissed one; a tool tern does not have; what `/status` says where a
//! resumed thread lacks the tool.

use crate::support::common::*;
use crate::support::git_blob::blob_id;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::layers::status_view::status_rows;
use tern::app::layers::Layer;
use tern::app::{update, AppEvent, AppState, Effect, RequestTag, SessionConfig};
use tern::model::rewind::{RestoreAction, RestoreOutcome};

const F: &str = "/home/user/project/f.txt";
const G: &str = "/home/user/project/g.txt";
const BEFORE: &str = "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\n";
const AFTER: &str = "one\nTWO\nthree\nfour\nfive\nsix\nseven\neight\nnine\nTEN\n";
/// The turn's aggregate diff: `f.txt` in two hunks, `g.txt` in one.
fn turn_diff() -> String {
    format!(
        "diff --git a/f.txt b/f.txt\nindex {}..{} 100644\n--- a/f.txt\n+++ b/f.txt\n\
         @@ -1,5 +1,5 @@\n one\n-two\n+TWO\n three\n four\n five\n\
         @@ -7,4 +7,4 @@\n seven\n eight\n nine\n-ten\n+TEN\n\
         diff --git a/g.txt b/g.txt\nindex {}..{} 100644\n--- a/g.txt\n+++ b/g.txt\n\
         @@ -1 +1 @@\n-g\n+G\n",
        &blob_id(BEFORE)[..7],
        &blob_id(AFTER)[..7],
        &blob_id("g\n")[..7],
        &blob_id("G\n")[..7],
    )
}

fn with_tools() -> SessionConfig {
    SessionConfig {
        client_tools: true,
        ..config()
    }
}

/// The tool's `DynamicToolSpec`, exactly as `thread/start` sends it.
fn spec() -> Value {
    json!({
        "type": "function",
        "name": "request_review",
        "description": "Ask the person at the terminal to review your file changes of this turn \
            so far, hunk by hunk: they keep or revert each hunk and comment on lines. The \
            answer lists what they reverted (already put back on disk) and their comments. \
            Use it before building further on changes you are unsure of.",
        "inputSchema": {
            "type": "object",
            "properties": {
                "question": {"type": "string",
                    "description": "What you want the person to look at or decide."},
                "files": {"type": "array", "items": {"type": "string"},
                    "description": "Paths to review; leave out to review every file this turn changed."},
            },
            "required": ["question"],
            "additionalProperties": false,
        },
    })
}

/// What the session sends once `initialize` is answered: `thread/start`'s params.
fn thread_start(config: SessionConfig, now: Instant) -> Value {
    let mut state = AppState::new(config);
    let effects = update(
        &mut state,
        reply(RequestTag::Initialize, Ok(json!({"userAgent": "x"}))),
        now,
    );
    effects
        .iter()
        .filter_map(request_json)
        .find(|(method, _)| *method == "thread/start")
        .expect("thread/start sent")
        .1
}

#[test]
fn thread_start_registers_request_review_unless_client_tools_are_off() {
    let now = Instant::now();
    assert_eq!(
        thread_start(with_tools(), now),
        json!({"cwd": "/home/user/project", "dynamicTools": [spec()]})
    );
    assert_eq!(
        thread_start(config(), now),
        json!({"cwd": "/home/user/project"}),
        "client_tools = false: no tools"
    );
}

/// A running turn that changed `f.txt` (two hunks) and `g.txt`, then called `request_review`
/// with `arguments` as request 5; the question is live.
fn called(arguments: Value, now: Instant) -> (AppState, Instant) {
    let mut state = ready_with(with_tools(), now);
    type_text(&mut state, "hi", now);
    update(&mut state, key(KeyCode::Enter), now);
    update(
        &mut state,
        notify(
            "turn/started",
            json!({"threadId": THREAD, "turn": {"id": "turn-1", "items": [], "status": "inProgress"}}),
        ),
        now,
    );
    update(
        &mut state,
        notify(
            "turn/diff/updated",
            json!({"threadId": THREAD, "turnId": "turn-1", "diff": turn_diff()}),
        ),
        now,
    );
    let effects = update(
        &mut state,
        server_request(
            5,
            "item/tool/call",
            json!({"threadId": THREAD, "turnId": "turn-1", "callId": "call_9",
                "tool": "request_review", "namespace": null, "arguments": arguments}),
        ),
        now,
    );
    assert!(wire(effects).is_empty(), "asked, not answered");
    (state, read(now))
}

/// `r`: the review opens over `paths` and reads them as they are.
fn open_review(state: &mut AppState, paths: &[&str], at: Instant) {
    let effects = press(state, KeyCode::Char('r'), at);
    assert_eq!(
        effects,
        vec![Effect::ReadForReview {
            cwd: "/home/user/project".into(),
            item_id: "turn\u{0}turn-1".into(),
            paths: paths.iter().map(|p| p.to_string()).collect(),
        }]
    );
    assert!(matches!(
        state.layers.question.last(),
        Some(Layer::HunkReview(_))
    ));
    let today = |p: &&str| {
        (
            p.to_string(),
            Ok(Some(if *p == F { AFTER } else { "G\n" }.into())),
        )
    };
    update(
        state,
        AppEvent::ReviewFilesRead {
            item_id: "turn\u{0}turn-1".into(),
            files: paths.iter().map(today).collect(),
        },
        at,
    );
}

fn presses(state: &mut AppState, keys: &str, at: Instant) -> Vec<Effect> {
    keys.chars()
        .flat_map(|c| press(state, KeyCode::Char(c), at))
        .collect()
}

/// The call's answer: one `inputText`, and whether the tool succeeded.
fn tool_answer(success: bool, text: &str) -> Vec<Effect> {
    answer_result(
        5,
        json!({"contentItems": [{"type": "inputText", "text": text}], "success": success}),
    )
}

#[test]
fn a_requested_review_reverts_then_answers_the_call_with_the_decisions() {
    let now = Instant::now();
    let (mut state, at) = called(
        json!({"question": "Is TEN \u{1b}[2J ok?", "files": ["f.txt"]}),
        now,
    );
    let shown = screen(&mut state, 120, 40, at);
    assert!(shown.contains("Review asked"), "{shown}");
    assert!(shown.contains("Is TEN"), "{shown}");
    assert!(
        !shown.contains('\u{1b}'),
        "the model's question is sanitised"
    );
    // Only the file the agent named.
    open_review(&mut state, &[F], at);
    let shown = screen(&mut state, 120, 40, at);
    assert!(shown.contains("Review the agent asked for"), "{shown}");
    assert!(shown.contains("The agent asks:"), "{shown}");
    // n n: hunk 2; x reverts it; five rows down is its `+TEN`, commented.
    assert!(presses(&mut state, "nnx", at).is_empty());
    assert!(presses(&mut state, "jjjjjc", at).is_empty());
    type_text(&mut state, "keep ten lower case", at);
    assert!(press(&mut state, KeyCode::Enter, at).is_empty());

    let effects = press(&mut state, KeyCode::Enter, at);
    let [Effect::RevertHunks { files, .. }] = &effects[..] else {
        panic!("the revert goes first: {effects:?}");
    };
    assert_eq!(files[0].path, F);
    assert_eq!(
        files[0].action,
        RestoreAction::Write(BEFORE.replace("two", "TWO"))
    );
    assert_eq!(state.questions().len(), 1, "not answered before the revert");

    let effects = update(
        &mut state,
        AppEvent::HunksReverted(vec![RestoreOutcome {
            path: F.into(),
            result: Ok(()),
        }]),
        at,
    );
    let text = "Review of your changes, from the person at the keyboard (tern).\n\
\n\
Reverted: these hunks were applied, and you may have seen them, but tern has put them back as they were; they are no longer on disk:\n\
- f.txt:10 (hunk 2 of 2)\n  ```diff\n   seven\n   eight\n   nine\n  -ten\n  +TEN\n  ```\n\
\n\
Comments:\n\
\n\
f.txt:10\n  ```diff\n  +TEN\n  ```\nkeep ten lower case\n";
    assert_eq!(wire(effects), tool_answer(true, text));
    assert!(state.questions().is_empty());
}

#[test]
fn everything_kept_answers_at_once_and_every_file_is_reviewed_when_none_is_named() {
    let now = Instant::now();
    let (mut state, at) = called(json!({"question": "Good?"}), now);
    open_review(&mut state, &[F, G], at);
    let effects = press(&mut state, KeyCode::Enter, at);
    assert_eq!(
        wire(effects),
        tool_answer(
            true,
            "The person reviewed your changes and kept every hunk, without comments."
        )
    );
}

#[test]
fn a_dismissed_review_fails_the_call_with_the_reason() {
    const WHY: &str = "The person dismissed the review without answering it; no hunk was kept or reverted by them.";
    let now = Instant::now();
    // n dismisses.
    let (mut state, at) = called(json!({"question": "Good?"}), now);
    assert_eq!(
        wire(press(&mut state, KeyCode::Char('n'), at)),
        tool_answer(false, WHY)
    );
    // Esc in the review goes back to the request; Esc there dismisses it.
    let (mut state, at) = called(json!({"question": "Good?"}), now);
    open_review(&mut state, &[F, G], at);
    assert!(wire(press(&mut state, KeyCode::Esc, at)).is_empty());
    assert_eq!(
        state.questions().len(),
        1,
        "back to the request, unanswered"
    );
    assert_eq!(
        wire(press(&mut state, KeyCode::Esc, read(at))),
        tool_answer(false, WHY)
    );
}

#[test]
fn a_tool_tern_does_not_have_is_told_so_at_once() {
    let now = Instant::now();
    let mut state = running_state(now);
    let effects = wire(update(
        &mut state,
        server_request(
            6,
            "item/tool/call",
            json!({"threadId": THREAD, "turnId": "turn-1", "callId": "c",
                "tool": "delete_everything", "arguments": {}}),
        ),
        now,
    ));
    assert_eq!(
        effects,
        answer_result(
            6,
            json!({"contentItems": [{"type": "inputText",
                "text": "tern has no client tool named `delete_everything`; its only client tool is `request_review`."}],
                "success": false})
        )
    );
    assert!(state.questions().is_empty());
}

#[test]
fn with_client_tools_off_a_call_of_the_tool_is_refused() {
    let now = Instant::now();
    // A thread started with the tool keeps it when resumed: the setting still holds.
    let mut state = running_state(now);
    let effects = wire(update(
        &mut state,
        server_request(
            7,
            "item/tool/call",
            json!({"threadId": THREAD, "turnId": "turn-1", "callId": "c",
                "tool": "request_review", "arguments": {"question": "ok?"}}),
        ),
        now,
    ));
    assert_eq!(
        effects,
        answer_result(
            7,
            json!({"contentItems": [{"type": "inputText",
                "text": "The person turned tern's client tools off (client_tools = false): no review can be asked for in this session."}],
                "success": false})
        )
    );
    assert!(state.questions().is_empty());
}

#[test]
fn status_says_whether_the_agent_can_ask_for_a_review() {
    let now = Instant::now();
    let row = |state: &AppState| {
        status_rows(&state.session, None)
            .into_iter()
            .find(|(label, _)| label == "Review tool")
            .map(|(_, value)| value)
            .unwrap_or_default()
    };
    let started = ready_with(with_tools(), now);
    assert!(
        row(&started).contains("can ask for a review"),
        "{}",
        row(&started)
    );
    let mut resumed = AppState::new(with_tools());
    update(
        &mut resumed,
        reply(RequestTag::Initialize, Ok(json!({"userAgent": "x"}))),
        now,
    );
    update(
        &mut resumed,
        reply(
            RequestTag::ResumeThread,
            Ok(
                json!({"thread": {"id": "t-old", "turns": []}, "model": "m", "cwd": "/home/user/project"}),
            ),
        ),
        now,
    );
    assert_eq!(resumed.thread_id(), Some("t-old"));
    assert!(
        row(&resumed).contains("not known in this thread"),
        "{}",
        row(&resumed)
    );
    // A fork of a thread with the tool has it (verified on 0.171: the fork keeps its tools).
    let mut forked = ready_with(with_tools(), now);
    update(
        &mut forked,
        reply(
            RequestTag::ForkThread,
            Ok(
                json!({"thread": {"id": "t-fork", "turns": []}, "model": "m", "cwd": "/home/user/project"}),
            ),
        ),
        now,
    );
    assert_eq!(forked.thread_id(), Some("t-fork"));
    assert!(
        row(&forked).contains("can ask for a review"),
        "{}",
        row(&forked)
    );
    let off = ready_state(now);
    assert!(row(&off).contains("client_tools = false"), "{}", row(&off));
}

/// The agent asks before its turn changed any file through a patch: `r` answers the call at
/// once saying there was nothing to review (not "dismissed"), and says so on screen.
#[test]
fn a_review_asked_before_any_patch_tells_the_agent_there_is_nothing_to_review() {
    let now = Instant::now();
    let mut state = ready_with(with_tools(), now);
    type_text(&mut state, "hi", now);
    update(&mut state, key(KeyCode::Enter), now);
    update(
        &mut state,
        notify(
            "turn/started",
            json!({"threadId": THREAD, "turn": {"id": "turn-1", "items": [], "status": "inProgress"}}),
        ),
        now,
    );
    update(
        &mut state,
        server_request(
            5,
            "item/tool/call",
            json!({"threadId": THREAD, "turnId": "turn-1", "callId": "call_9",
                "tool": "request_review", "namespace": null, "arguments": {"question": "ok?"}}),
        ),
        now,
    );
    let effects = press(&mut state, KeyCode::Char('r'), read(now));
    assert_eq!(
        wire(effects),
        tool_answer(
            false,
            "The person could not review your changes: This turn changed no file through a \
             patch: nothing to review."
        )
    );
    assert!(state.questions().is_empty(), "the call is answered");
    let text = screen(&mut state, 120, 30, now);
    assert!(text.contains("The agent is told so."), "{text}");
}
