//! End to end with codex 0.171 and the mock (issue 36): a two-hunk patch in one file asked
//! about under `read-only`, `r` opens the review, hunk 2 reverted with a comment. The file ends
//! with hunk 1 only, and a request the model gets carries the comment and the reverted hunk.
//! A finished turn reviewed from `/diff` reverts one file and sends a comment the same way.

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

/// A finished turn reviewed afterwards from `/diff` (issue 36): `r`, a comment on `a.txt`'s
/// hunk, `b.txt` reverted whole, Enter. `b.txt` is back as it was, `a.txt` keeps the agent's
/// change, and a request the model gets carries the comment and the reverted hunk.
#[test]
fn a_turn_review_reverts_one_file_and_sends_a_comment() {
    let patch = "*** Begin Patch\n*** Update File: a.txt\n@@\n-alpha\n+ALPHA\n\
                 *** Update File: b.txt\n@@\n-beta\n+BETA\n*** End Patch\n";
    let Some(f) = E2e::start(
        vec![
            MockTurn::ApplyPatch {
                patch: patch.into(),
                then: "Edited. PATCH-DONE".into(),
            },
            MockTurn::text("Noted. REVIEW-SEEN"),
        ],
        Sandbox::WorkspaceWrite,
    ) else {
        return;
    };
    let (a, b) = (
        f.env.workspace().join("a.txt"),
        f.env.workspace().join("b.txt"),
    );
    std::fs::write(&a, "alpha\n").unwrap();
    std::fs::write(&b, "beta\n").unwrap();
    let mut tern = f.ready(&[], (120, 40));
    tern.send(b"Shout both\r");
    tern.wait_for_text("PATCH-DONE", WAIT);
    tern.wait_for_text("turn completed", WAIT);
    assert_eq!(std::fs::read_to_string(&b).unwrap(), "BETA\n");
    tern.send(b"/diff\r");
    tern.wait_for_text("r review", WAIT);
    person_pause();
    tern.send(b"r");
    tern.wait_for_text("Review the turn", WAIT);
    // j: a.txt's hunk; c comments on it.
    for key in [&b"j"[..], b"c"] {
        tern.send(key);
        person_pause();
    }
    tern.send(b"why shout TURN-NOTE");
    person_pause();
    tern.send(b"\r");
    tern.wait_for_text("TURN-NOTE", WAIT);
    // Tab: b.txt's row; x reverts the whole file; Enter sends.
    for key in [&b"\t"[..], b"x", b"\r"] {
        person_pause();
        tern.send(key);
    }
    let deadline = Instant::now() + WAIT;
    let mut written = String::new();
    while Instant::now() < deadline {
        written = std::fs::read_to_string(&b).unwrap_or_default();
        if written == "beta\n" {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(written, "beta\n", "{}", f.context());
    assert_eq!(std::fs::read_to_string(&a).unwrap(), "ALPHA\n");

    let heard = |r: &serde_json::Value| {
        let text = r.to_string();
        text.contains("TURN-NOTE") && text.contains("-beta") && text.contains("+BETA")
    };
    let deadline = Instant::now() + WAIT;
    while Instant::now() < deadline && !f.mock.requests().iter().any(heard) {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(f.mock.requests().iter().any(heard), "{}", f.context());
    tern.quit_with(b"\x03\x03\x03", WAIT);
}
