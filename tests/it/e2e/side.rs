//! End to end with the real `codex app-server` 0.171 and the mock model: `/side` forks the
//! thread, and the side answer comes from a model request that holds the main thread's
//! context, the side-conversation developer message, the boundary and the question; the pane
//! shows it beside the main thread. Closed and archived, the main thread's next model request
//! holds no trace of the side conversation.

use crate::support::codex_env::Sandbox;
use crate::support::e2e::{E2e, WAIT};
use crate::support::mock_model::MockTurn;
use serde_json::Value;

/// The model request whose body mentions `marker`, as text.
fn request_with(requests: &[Value], marker: &str) -> Option<String> {
    requests
        .iter()
        .map(Value::to_string)
        .find(|body| body.contains(marker))
}

#[test]
fn a_side_question_is_answered_from_a_fork_and_the_main_thread_never_sees_it() {
    let script = vec![
        MockTurn::text("MAIN-ONE-ANSWER"),
        MockTurn::text("SIDE-ANSWER-BLUE"),
        MockTurn::text("MAIN-TWO-ANSWER"),
    ];
    let Some(f) = E2e::start(script, Sandbox::Default) else {
        return;
    };
    let mut tern = f.ready(&[], (120, 40));
    tern.send(b"remember the word PELICAN\r");
    tern.wait_for_text("MAIN-ONE-ANSWER", WAIT);

    tern.send(b"/side which word was it SIDEQ\r");
    tern.wait_for_text("Side conversation", WAIT);
    tern.wait_for_text("SIDE-ANSWER-BLUE", WAIT);
    let requests = f.mock.requests();
    let side = request_with(&requests, "SIDEQ").unwrap_or_else(|| panic!("{}", f.context()));
    // The fork carries the main context, then the two injected items, then the question.
    let at = |what: &str| {
        side.find(what)
            .unwrap_or_else(|| panic!("{what} not in the side request: {side}"))
    };
    assert!(at("PELICAN") < at("<side_conversation>You are in a side conversation"));
    assert!(at("MAIN-ONE-ANSWER") < at("Side conversation boundary."));
    assert!(at("Side conversation boundary.") < at("SIDEQ"));

    // Esc closes the idle pane (while the answer comes it stops it), asking first; `a`
    // archives the side thread.
    tern.wait_for_text("Enter sends here · Esc closes", WAIT);
    tern.send(b"\x1b");
    tern.wait_for_text("Keep this side conversation?", WAIT);
    tern.send(b"a");
    tern.wait_for_text("Side conversation archived.", WAIT);
    tern.wait_for("the pane to close", WAIT, |s| {
        !s.contains("Side conversation ·")
    });

    tern.send(b"and now MAINQ\r");
    tern.wait_for_text("MAIN-TWO-ANSWER", WAIT);
    let requests = f.mock.requests();
    let main = request_with(&requests, "MAINQ").unwrap_or_else(|| panic!("{}", f.context()));
    assert!(main.contains("PELICAN"), "the main context goes on: {main}");
    // The side answer came from another thread (the fork), not the main one.
    let thread_of = |body: &str| {
        let v: Value = serde_json::from_str(body).unwrap();
        v["client_metadata"]["thread_id"]
            .as_str()
            .map(str::to_string)
    };
    assert!(thread_of(&main).is_some(), "{main}");
    assert_ne!(
        thread_of(&side),
        thread_of(&main),
        "the side request's thread"
    );
    for trace in [
        "SIDEQ",
        "SIDE-ANSWER-BLUE",
        "side_conversation",
        "Side conversation boundary",
    ] {
        assert!(
            !main.contains(trace),
            "{trace} reached the main thread: {main}"
        );
    }
    tern.quit_with(b"\x03\x03\x03", WAIT);
    drop(f.runtime);
}
