//! End to end with the real `codex app-server` (temp CODEX_HOME, the mock Responses API):
//! `/model` picks a model from the server's `model/list` and the next request the model gets
//! names it; `/compact` runs the compaction as a turn and the mock receives its request.

use crate::support::codex_env::Sandbox;
use crate::support::e2e::{E2e, WAIT};
use crate::support::mock_model::MockTurn;
use crate::support::pty::PtySession;

/// Types a command as a person does: the popup follows each key; Enter runs it.
fn run_command(tern: &PtySession, command: &str) {
    tern.send(command.as_bytes());
    tern.wait_for_text(&format!("│{command}"), WAIT);
    tern.send(b"\r");
}

#[test]
fn slash_model_changes_the_model_of_the_next_request() {
    let Some(f) = E2e::start(
        vec![MockTurn::text("ANSWER-ONE"), MockTurn::text("ANSWER-TWO")],
        Sandbox::Default,
    ) else {
        return;
    };
    let mut tern = f.ready(&[], (120, 40));
    tern.send(b"first\r");
    tern.wait_for_text("ANSWER-ONE", WAIT);
    tern.wait_for_text("turn completed", WAIT);
    run_command(&tern, "/model");
    // The server's own catalog: pick the entry after the selected one, then its first effort.
    tern.wait_for("the model list", WAIT, |s| {
        s.contains("╭ Model") && !s.contains("Loading the models")
    });
    tern.send(b"\x1b[B");
    tern.send(b"\r");
    tern.wait_for("the effort list", WAIT, |s| {
        s.contains("╭ Reasoning effort")
    });
    tern.send(b"\r");
    tern.wait_for_text("The next turn uses", WAIT);
    let screen = tern.screen_text();
    let chosen = screen
        .split("The next turn uses ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap()
        .trim_end_matches('.')
        .to_string();
    assert_ne!(chosen, "mock-model", "{screen}");
    let effort = screen
        .split(" reasoning effort")
        .next()
        .and_then(|before| before.rsplit(' ').next())
        .unwrap()
        .to_string();
    tern.send(b"second\r");
    tern.wait_for_text("ANSWER-TWO", WAIT);
    let requests = f.mock.requests();
    assert_eq!(requests.len(), 2, "{}", f.context());
    assert_eq!(requests[0]["model"], "mock-model");
    assert_eq!(requests[1]["model"], chosen.as_str(), "{}", f.context());
    assert_eq!(
        requests[1]["reasoning"]["effort"],
        effort.as_str(),
        "{}",
        requests[1]["reasoning"]
    );
    tern.quit_with(b"\x03\x03\x03", WAIT);
    drop(f.runtime);
}

#[test]
fn slash_compact_runs_the_compaction_as_a_turn() {
    let Some(f) = E2e::start(
        vec![
            MockTurn::text("ANSWER-ONE"),
            MockTurn::text("SUMMARY-OF-IT-ALL"),
        ],
        Sandbox::Default,
    ) else {
        return;
    };
    let mut tern = f.ready(&[], (120, 40));
    tern.send(b"first\r");
    tern.wait_for_text("ANSWER-ONE", WAIT);
    tern.wait_for_text("turn completed", WAIT);
    run_command(&tern, "/compact");
    tern.wait_for("the compaction", WAIT, |s| s.contains("Context compacted"));
    tern.wait_for("the compaction turn to end", WAIT, |s| {
        s.matches("turn completed").count() >= 2
    });
    let requests = f.mock.requests();
    assert_eq!(requests.len(), 2, "{}", f.context());
    let asked = requests[1].to_string();
    assert!(
        asked.contains("ANSWER-ONE"),
        "the compaction sees the conversation: {asked}"
    );
    tern.quit_with(b"\x03\x03\x03", WAIT);
    drop(f.runtime);
}
