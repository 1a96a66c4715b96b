//! End to end with the real `codex app-server` and the mock model: `tern --screen-reader`
//! stays on the main screen, reads the answer as labelled plain text with its table as
//! sentences, and leaves it in the terminal's scrollback on exit.

use crate::support::codex_env::Sandbox;
use crate::support::e2e::{E2e, WAIT};
use crate::support::mock_model::MockTurn;

const ANSWER: &str = "Sizes of the files:\n\n| Name | Size |\n|---|---|\n| a.rs | 10 |\n\nSR-DONE.";

#[test]
fn screen_reader_mode_against_the_real_codex_reads_labelled_plain_text() {
    let turn = MockTurn::Text {
        text: ANSWER.into(),
        deltas: 8,
    };
    let Some(e2e) = E2e::start(vec![turn], Sandbox::Default) else {
        return;
    };
    let mut tern = e2e.spawn(&["--screen-reader"], &[], (100, 30));
    tern.wait_for("the thread to be ready", WAIT, |s| {
        s.contains("ready , mock-model")
    });
    assert!(!tern.alternate_screen(), "{}", e2e.context());
    tern.send(b"what sizes?");
    tern.wait_for_text("what sizes?", WAIT);
    tern.send(b"\r");
    tern.wait_for("the answer", WAIT, |s| s.contains("SR-DONE."));
    // The answer shows before the turn ends; Ctrl+C during the turn would interrupt it
    // rather than count toward quitting.
    tern.wait_for_text("turn completed", WAIT);
    tern.quit_with(b"\x03\x03", WAIT);
    let lines = tern.scrollback_and_screen();
    let text = lines.join("\n");
    for said in ["you:", "codex:", "Row 1: Name: a.rs; Size: 10.", "SR-DONE."] {
        assert!(
            lines.iter().any(|line| line.ends_with(said)),
            "{said:?} missing\n{text}\n{}",
            e2e.context()
        );
    }
    assert!(
        !text
            .chars()
            .any(|c| ('\u{2500}'..='\u{259F}').contains(&c) || "•›…".contains(c)),
        "{text}"
    );
}
