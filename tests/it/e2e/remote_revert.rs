//! End to end with codex 0.171 served over `ws://` (issue 36): the hunk review's reverts on a
//! remote session go through the server's `fs/*`. A two-hunk patch in one file asked about
//! under `read-only`, `r` opens the review, hunk 2 reverted: the file on the server's disk
//! holds hunk 1 only, and the model hears which hunk was put back.

use crate::support::codex_env::Sandbox;
use crate::support::e2e::{E2e, WAIT};
use crate::support::mock_model::MockTurn;
use crate::support::remote_servers::listen_ws;
use std::ffi::OsString;
use std::time::{Duration, Instant};

const TOKEN: &str = "tern-e2e-token-revert-7c2d";

/// Longer than tern's burst window between two keys: the pace of a person's separate
/// decisions. This is the input's timing, not a wait for tern.
fn person_pause() {
    std::thread::sleep(Duration::from_millis(150));
}

#[test]
fn a_hunk_reverted_over_ws_goes_through_fs_and_leaves_hunk_one() {
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
    let numbered: String = (["one", "two", "three", "four", "five"].iter())
        .chain(["six", "seven", "eight", "nine", "ten"].iter())
        .map(|l| format!("{l}\n"))
        .collect();
    let workspace = f.env.workspace().canonicalize().unwrap();
    let notes = workspace.join("notes.txt");
    std::fs::write(&notes, &numbered).unwrap();
    let tokens = f.env.home().join("ws-token");
    std::fs::write(&tokens, format!("{TOKEN}\n")).unwrap();
    let server = listen_ws(&f, &tokens);
    let token_path = tokens.to_string_lossy().into_owned();
    let cwd = workspace.to_string_lossy().into_owned();
    let args = [
        "--remote",
        server.address.as_str(),
        "--remote-token-file",
        token_path.as_str(),
        "--cwd",
        cwd.as_str(),
    ];
    let env: Vec<(&str, OsString)> = vec![("TERN_APPROVAL_READ_GUARD_MS", "0".into())];
    let mut tern = f.spawn(&args, &env, (110, 40));
    tern.wait_for("the thread to be ready", WAIT, |s| {
        s.contains("ready · mock-model")
    });
    tern.send(b"Shout two lines\r");
    tern.wait_for_text("Apply this change?", WAIT);
    tern.wait_for_text("r review", WAIT);
    person_pause();
    tern.send(b"r");
    tern.wait_for_text("Review the change", WAIT);
    // n n: hunk 2's row; x reverts it.
    for key in [&b"n"[..], b"n", b"x"] {
        tern.send(key);
        person_pause();
    }
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

    let heard = |r: &serde_json::Value| {
        let text = r.to_string();
        text.contains("tern has put them back") && text.contains("-ten") && text.contains("+TEN")
    };
    let deadline = Instant::now() + WAIT;
    while Instant::now() < deadline && !f.mock.requests().iter().any(heard) {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(f.mock.requests().iter().any(heard), "{}", f.context());
    tern.quit_with(b"\x03\x03\x03", WAIT);
}
