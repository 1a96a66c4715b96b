//! End to end with codex 0.171 and the mock (issue 36): tern registers `request_review` at
//! `thread/start`, codex offers it to the model among its tools, the model calls it after a
//! two-hunk patch, the person reverts hunk 2 with a comment and submits; the file keeps hunk 1
//! only, and the model's next request carries the review as the call's output.

use crate::support::codex_env::Sandbox;
use crate::support::e2e::{E2e, WAIT};
use crate::support::mock_model::MockTurn;
use serde_json::{json, Value};
use std::ffi::OsString;
use std::time::Duration;

/// Longer than tern's burst window between two keys: the pace of a person's separate
/// decisions. This is the input's timing, not a wait for tern.
fn person_pause() {
    std::thread::sleep(Duration::from_millis(150));
}

/// The request's input items of `kind`.
fn items<'a>(request: &'a Value, kind: &str) -> Vec<&'a Value> {
    request["input"]
        .as_array()
        .map(|all| all.iter().filter(|i| i["type"] == kind).collect())
        .unwrap_or_default()
}

#[test]
fn the_model_asks_for_a_review_and_hears_the_persons_decisions() {
    let patch = "*** Begin Patch\n*** Update File: notes.txt\n@@\n one\n-two\n+TWO\n three\n\
                 @@\n eight\n nine\n-ten\n+TEN\n*** End Patch\n";
    let Some(f) = E2e::start(
        vec![
            // An empty `then`: the patch's output goes on to the call below, in the same turn.
            MockTurn::ApplyPatch {
                patch: patch.into(),
                then: String::new(),
            },
            MockTurn::Call {
                name: "request_review".into(),
                arguments: json!({"question": "Is shouting TEN ok? ASKED-Q", "files": ["notes.txt"]}),
                then: "Thanks. REVIEW-ANSWERED".into(),
            },
        ],
        Sandbox::WorkspaceWrite,
    ) else {
        return;
    };
    let lines = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    let numbered: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let notes = f.env.workspace().join("notes.txt");
    std::fs::write(&notes, &numbered).unwrap();
    let quiet: Vec<(&str, OsString)> = vec![("TERN_APPROVAL_READ_GUARD_MS", "0".into())];
    let mut tern = f.ready(&quiet, (110, 40));
    tern.send(b"Shout two lines, then ask me\r");
    tern.wait_for_text("ASKED-Q", WAIT);
    tern.wait_for_text("r review", WAIT);
    person_pause();
    tern.send(b"r");
    tern.wait_for_text("Review the agent asked for", WAIT);
    // n n: hunk 2's row; x reverts it; five rows down is its `+TEN`.
    for key in [&b"n"[..], b"n", b"x", b"j", b"j", b"j", b"j", b"j", b"c"] {
        tern.send(key);
        person_pause();
    }
    tern.send(b"keep ten lower case TOOL-NOTE");
    person_pause();
    tern.send(b"\r");
    tern.wait_for_text("TOOL-NOTE", WAIT);
    person_pause();
    tern.send(b"\r");
    tern.wait_for_text("REVIEW-ANSWERED", WAIT);

    let hunk_one_only = numbered.replace("two\n", "TWO\n");
    assert_eq!(
        std::fs::read_to_string(&notes).unwrap(),
        hunk_one_only,
        "{}",
        f.context()
    );
    let requests = f.mock.requests();
    // codex offers the client tool to the model as a plain function tool.
    let tool = requests[0]["tools"]
        .as_array()
        .and_then(|tools| tools.iter().find(|t| t["name"] == "request_review"))
        .unwrap_or_else(|| panic!("request_review not offered: {}", requests[0]["tools"]));
    assert_eq!(tool["type"], "function", "{tool}");
    assert_eq!(
        tool["parameters"]["required"],
        json!(["question"]),
        "{tool}"
    );
    let last = requests.last().expect("the model was asked again");
    let call = items(last, "function_call")
        .into_iter()
        .find(|c| c["name"] == "request_review")
        .unwrap_or_else(|| panic!("no request_review call: {last}"));
    let output = items(last, "function_call_output")
        .into_iter()
        .find(|o| o["call_id"] == call["call_id"])
        .unwrap_or_else(|| panic!("no output of the call: {last}"));
    let text = output.to_string();
    assert!(
        text.contains("TOOL-NOTE") && text.contains("-ten") && text.contains("+TEN"),
        "the output carries the comment and the reverted hunk: {output}"
    );
    eprintln!("RECORDED tool: {tool}\nRECORDED output: {output}");
    tern.quit_with(b"\x03\x03\x03", WAIT);
}

/// Whether the model request `request` offers tern's `request_review`.
fn offers_review(request: &Value) -> bool {
    request["tools"]
        .as_array()
        .is_some_and(|tools| tools.iter().any(|t| t["name"] == "request_review"))
}

/// The thread id tern names on the way out.
fn quit(mut tern: crate::support::pty::PtySession) -> String {
    tern.quit_with(b"\x03\x03\x03", WAIT);
    tern.wait_for_text("To continue it: tern resume", WAIT);
    let screen = tern.screen_text();
    let line = screen
        .lines()
        .find(|l| l.contains("To continue it: tern resume"))
        .unwrap();
    line.rsplit(' ').next().unwrap().trim().to_string()
}

/// 0.171 takes `dynamicTools` only at `thread/start`, yet a thread keeps its tools: resumed
/// by a new tern (and a new codex) and forked, it still offers `request_review` to the model.
/// `/status` says so where tern knows it (a thread it started, a fork of one) and says it is
/// not known for a thread resumed from an earlier session.
#[test]
fn resumed_and_forked_threads_keep_the_tool() {
    let Some(f) = E2e::start(
        vec![
            MockTurn::text("ANSWER-ONE"),
            MockTurn::text("ANSWER-TWO"),
            MockTurn::text("ANSWER-THREE"),
        ],
        Sandbox::Default,
    ) else {
        return;
    };
    let tern = f.ready(&[], (120, 40));
    tern.send(b"first\r");
    tern.wait_for_text("ANSWER-ONE", WAIT);
    tern.send(b"/status\r");
    tern.wait_for_text("the agent can ask for a review", WAIT);
    let id = quit(tern);
    assert!(offers_review(&f.mock.requests()[0]), "a new thread has it");

    let mut tern = f.spawn(&["resume", &id], &[], (120, 40));
    tern.wait_for_text("ready · mock-model", WAIT);
    tern.send(b"second\r");
    tern.wait_for_text("ANSWER-TWO", WAIT);
    let resumed = f.mock.requests()[1].clone();
    assert!(offers_review(&resumed), "resumed: {}", resumed["tools"]);
    tern.send(b"/status\r");
    tern.wait_for_text("not known in this thread", WAIT);
    tern.send(b"\x1b");
    tern.wait_for("/status to close", WAIT, |s| {
        !s.contains("not known in this")
    });
    tern.send(b"/fork");
    tern.wait_for_text("continue in a copy", WAIT);
    person_pause();
    tern.send(b"\r");
    tern.wait_for_text("Forked into thread", WAIT);
    tern.send(b"third\r");
    tern.wait_for_text("ANSWER-THREE", WAIT);
    let forked = f.mock.requests()[2].clone();
    assert!(offers_review(&forked), "forked: {}", forked["tools"]);
    tern.quit_with(b"\x03\x03\x03", WAIT);
}

/// A rewound thread (`thread/revert` to before its second message) keeps the tool on 0.171:
/// the next request still offers `request_review`, and when the model calls it the call
/// reaches tern (`item/tool/call`), whose answer comes back as the call's output. `/status`
/// says the agent can ask for a review, before and after.
#[test]
fn a_rewound_thread_keeps_the_tool() {
    let Some(f) = E2e::start(
        vec![
            MockTurn::text("ANSWER-ONE"),
            MockTurn::text("ANSWER-TWO"),
            MockTurn::Call {
                name: "request_review".into(),
                arguments: json!({"question": "Anything to fix? REWOUND-Q"}),
                then: "Fine. AFTER-REWIND".into(),
            },
        ],
        Sandbox::Default,
    ) else {
        return;
    };
    let quiet: Vec<(&str, OsString)> = vec![("TERN_APPROVAL_READ_GUARD_MS", "0".into())];
    let tern = f.ready(&quiet, (120, 40));
    tern.send(b"first\r");
    tern.wait_for("the first turn to end", WAIT, |s| {
        let answer = s.find("ANSWER-ONE");
        answer.is_some() && s.rfind("turn completed") > answer
    });
    tern.send(b"second\r");
    tern.wait_for_text("ANSWER-TWO", WAIT);
    tern.wait_for("the second turn to end", WAIT, |s| {
        let answer = s.find("ANSWER-TWO");
        answer.is_some() && s.rfind("turn completed") > answer
    });
    // Esc Esc, the newest message ("second"), Enter: its preview; Enter rewinds.
    tern.send(b"\x1b");
    tern.wait_for_text("Esc again to rewind", WAIT);
    tern.send(b"\x1b");
    tern.wait_for_text("Rewind to before a message", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("Rewind: what it does", WAIT);
    person_pause();
    tern.send(b"\r");
    tern.wait_for("the rewind", WAIT, |s| !s.contains("ANSWER-TWO"));
    tern.send(b"\x15");
    tern.send(b"/status\r");
    tern.wait_for_text("the agent can ask for a review", WAIT);
    tern.send(b"\x1b");
    tern.wait_for("/status to close", WAIT, |s| {
        !s.contains("the agent can ask for a review")
    });
    tern.send(b"third\r");
    // The call reached tern: its question is up (this turn changed nothing, so only `n`).
    tern.wait_for_text("Review asked", WAIT);
    person_pause();
    tern.send(b"n");
    tern.wait_for_text("AFTER-REWIND", WAIT);
    let requests = f.mock.requests();
    assert_eq!(requests.len(), 4, "{}", f.context());
    assert!(
        requests.iter().all(offers_review),
        "every request, before and after the rewind, offers the tool"
    );
    let last = requests.last().unwrap();
    let outputs = items(last, "function_call_output");
    assert!(
        outputs.iter().any(|o| o
            .to_string()
            .contains("dismissed the review without answering")),
        "tern answered the call: {last}\n{}",
        f.context()
    );
    let mut tern = tern;
    tern.quit_with(b"\x15/quit\r", WAIT);
}
