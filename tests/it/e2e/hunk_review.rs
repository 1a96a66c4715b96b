//! End to end with codex 0.171 and the mock (issue 36): a two-hunk patch in one file asked
//! about under `read-only`, `r` opens the review, hunk 2 reverted with a comment. The file ends
//! with hunk 1 only, and a request the model gets carries the comment and the reverted hunk.

use crate::support::codex_env::Sandbox;
use crate::support::e2e::{E2e, WAIT};
use crate::support::mock_model::MockTurn;
use std::ffi::OsString;
use std::time::{Duration, Instant};

/// Longer than tern's burst window between two keys: the pace of a person's separate
/// decisions. This is the input's timing, not a wait for tern.
fn person_pause() {
    std::thread::sleep(Duration::from_millis(150));
}

#[test]
fn a_reverted_hunk_leaves_the_file_with_hunk_one_and_the_model_hears_why() {
    let patch = "*** Begin Patch\n*** Update File: notes.txt\n@@\n one\n-two\n+TWO\n three\n\
                 @@\n eight\n nine\n-ten\n+TEN\n*** End Patch\n";
    let Some(f) = E2e::start(
        vec![
            MockTurn::ApplyPatch {
                patch: patch.into(),
                then: "Edited. PATCH-DONE".into(),
            },
            MockTurn::text("Noted. REVIEW-SEEN"),
        ],
        Sandbox::ReadOnly,
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
    tern.send(b"Shout two lines\r");
    tern.wait_for_text("Apply this change?", WAIT);
    tern.wait_for_text("r review", WAIT);
    person_pause();
    tern.send(b"r");
    tern.wait_for_text("Review the change", WAIT);
    // n n: hunk 2's row; x reverts it; five rows down is its `+TEN`.
    for key in [&b"n"[..], b"n", b"x", b"j", b"j", b"j", b"j", b"j", b"c"] {
        tern.send(key);
        person_pause();
    }
    tern.send(b"keep ten lower case REVIEW-NOTE");
    person_pause();
    tern.send(b"\r");
    tern.wait_for_text("REVIEW-NOTE", WAIT);
    person_pause();
    tern.send(b"\r");
    tern.wait_for_text("Reverted hunk 2 of", WAIT);

    let hunk_one_only = numbered.replace("two\n", "TWO\n");
    let deadline = Instant::now() + WAIT;
    let mut written = String::new();
    while Instant::now() < deadline {
        written = std::fs::read_to_string(&notes).unwrap_or_default();
        if written == hunk_one_only {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(written, hunk_one_only, "{}", f.context());

    // The review reaches the model: steered into the turn, or as the next message.
    let heard = |r: &serde_json::Value| {
        let text = r.to_string();
        text.contains("REVIEW-NOTE") && text.contains("-ten") && text.contains("+TEN")
    };
    let deadline = Instant::now() + WAIT;
    while Instant::now() < deadline && !f.mock.requests().iter().any(heard) {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(f.mock.requests().iter().any(heard), "{}", f.context());
    tern.quit_with(b"\x03\x03\x03", WAIT);
}
