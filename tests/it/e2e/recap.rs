//! End to end with codex 0.171 and the mock model: `/recap` after an exchange asks the mock
//! (on an ephemeral side thread, with the output schema) for a recap, shows "Recap: …" and
//! "Next: …", and the thread itself never hears of it: its next turn carries no recap prompt.

use crate::support::codex_env::Sandbox;
use crate::support::e2e::{E2e, WAIT};
use crate::support::mock_model::MockTurn;

#[test]
fn recap_shows_the_mocks_summary_and_leaves_the_thread_alone() {
    if let Some(codex) = crate::support::codex_env::codex_or_skip() {
        recap_shows_the_mocks_summary_and_leaves_the_thread_alone_with(codex);
    }
}

/// The same with the previous codex (0.169): it serves what this needs too.
#[test]
fn recap_shows_the_mocks_summary_and_leaves_the_thread_alone_on_the_previous_codex() {
    if let Some(codex) = crate::support::codex_env::previous_codex_or_skip() {
        recap_shows_the_mocks_summary_and_leaves_the_thread_alone_with(codex);
    }
}

fn recap_shows_the_mocks_summary_and_leaves_the_thread_alone_with(codex: std::path::PathBuf) {
    let Some(f) = E2e::start_with(
        codex,
        vec![
            MockTurn::text("PARSER-FIXED in lexer.rs"),
            MockTurn::text(
                r#"{"summary": "The parser bug is fixed in lexer.rs; tests have not run.", "next_action": "Run cargo test"}"#,
            ),
            MockTurn::text("SECOND-ANSWER"),
        ],
        Sandbox::Default,
    ) else {
        return;
    };
    let tern = f.ready(&[], (120, 40));
    tern.send(b"fix the parser\r");
    tern.wait_for_text("PARSER-FIXED", WAIT);
    tern.wait_for("the turn to end", WAIT, |s| s.contains("turn completed"));
    tern.send(b"/recap");
    tern.wait_for_text("│/recap", WAIT);
    tern.send(b"\r");
    tern.wait_for_text(
        "Recap: The parser bug is fixed in lexer.rs; tests have not run.",
        WAIT,
    );
    tern.wait_for_text("Next: Run cargo test", WAIT);
    let requests = f.mock.requests();
    let recap = requests
        .iter()
        .find(|r| r.to_string().contains("Write a short catch-up"))
        .unwrap_or_else(|| panic!("no recap request: {}", f.context()));
    let body = recap.to_string();
    assert!(body.contains("fix the parser"), "{body}");
    assert!(body.contains("PARSER-FIXED in lexer.rs"), "{body}");
    // The schema went to the model as the response format.
    assert_eq!(
        recap["text"]["format"]["schema"]["required"],
        serde_json::json!(["summary", "next_action"]),
        "{body}"
    );
    // The thread goes on as if nothing happened.
    tern.send(b"and now?\r");
    tern.wait_for_text("SECOND-ANSWER", WAIT);
    let last = f.mock.requests().last().unwrap().to_string();
    assert!(last.contains("and now?"), "{last}");
    assert!(
        !last.contains("Write a short catch-up") && !last.contains("Recap:"),
        "the recap stays out of the thread: {last}"
    );
}
