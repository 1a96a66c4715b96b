//! End to end with the real `codex app-server` and the mock model: Enter while an answer
//! streams steers the running turn. The mock gets a second request carrying the steered text,
//! the answer that was cut off says so, and the turn goes on with the new answer.

use crate::support::codex_env::Sandbox;
use crate::support::e2e::{E2e, WAIT};
use crate::support::mock_model::MockTurn;
use std::time::Duration;

#[test]
fn a_steer_lands_in_the_running_turn() {
    // A slow answer (200 words, one every 100 ms) leaves time to steer while it streams.
    let slow: String = (0..200).map(|i| format!("word{i} ")).collect();
    let Some(f) = E2e::start(
        vec![
            MockTurn::Stream {
                text: slow,
                deltas: 200,
                pace: Some(Duration::from_millis(100)),
            },
            MockTurn::text("Tabs it is. STEER-OK"),
        ],
        Sandbox::Default,
    ) else {
        return;
    };
    let mut tern = f.ready(&[], (110, 40));
    tern.send(b"Write a long answer\r");
    tern.wait_for_text("word3 ", WAIT);
    tern.send(b"use tabs please\r");
    tern.wait_for_text("STEER-OK", WAIT);
    tern.wait_for_text("cut off by your steer", WAIT);
    tern.wait_for_text("› use tabs please", WAIT);
    tern.wait_for_text("turn completed", WAIT);
    let requests = f.mock.requests();
    assert_eq!(requests.len(), 2, "{}", f.context());
    assert!(requests[1].to_string().contains("use tabs please"));
    assert!(
        !requests[0].to_string().contains("use tabs please"),
        "the steer went into the second request, not the first"
    );
    // The slow answer never finished streaming.
    assert!(!tern.screen_text().contains("word199"));
    tern.quit_with(b"\x03\x03\x03", WAIT);
}
