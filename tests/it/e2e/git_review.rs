//! End to end with codex 0.171 and the mock (issue 36): `/diff` on a fresh thread shows
//! `git diff HEAD` of a real repository; `r` reviews the person's uncommitted work. Hunk 2 of
//! `src/a.txt` marked revert, Enter asks "Revert 1 hunk in src/a.txt? y/n" and writes nothing
//! until `y`; then the file keeps hunk 1 only and the model's next request carries the review.

use crate::support::codex_env::Sandbox;
use crate::support::e2e::{E2e, WAIT};
use crate::support::mock_model::MockTurn;
use std::process::Command;
use std::time::{Duration, Instant};

fn git(dir: &std::path::Path, args: &[&str]) -> bool {
    Command::new("git")
        .args(["-c", "user.name=t", "-c", "user.email=t@t"])
        .args(args)
        .current_dir(dir)
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .status()
        .is_ok_and(|s| s.success())
}

/// Longer than tern's burst window between two keys: the pace of a person's separate
/// decisions. This is the input's timing, not a wait for tern.
fn person_pause() {
    std::thread::sleep(Duration::from_millis(150));
}

#[test]
fn a_git_diff_review_reverts_one_hunk_after_the_named_confirmation() {
    let Some(f) = E2e::start(
        vec![MockTurn::text("Noted. GIT-REVIEW-SEEN")],
        Sandbox::WorkspaceWrite,
    ) else {
        return;
    };
    let ws = f.env.workspace().to_path_buf();
    if !git(&ws, &["init", "-q"]) {
        eprintln!("skipping: git is not available");
        return;
    }
    std::fs::create_dir(ws.join("src")).unwrap();
    let head = "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\n";
    let a = ws.join("src/a.txt");
    std::fs::write(&a, head).unwrap();
    assert!(git(&ws, &["add", "src/a.txt"]));
    assert!(git(&ws, &["commit", "-qm", "start"]));
    let mine = head.replace("two\n", "TWO\n").replace("ten\n", "TEN\n");
    std::fs::write(&a, &mine).unwrap();

    let mut tern = f.ready(&[], (120, 40));
    tern.send(b"/diff\r");
    tern.wait_for_text("git diff HEAD in", WAIT);
    tern.wait_for_text("r review", WAIT);
    person_pause();
    tern.send(b"r");
    tern.wait_for_text("Review your uncommitted changes", WAIT);
    // n n: hunk 2's row; x reverts it; j c: a comment on its first line.
    for key in [&b"n"[..], b"n", b"x", b"j", b"c"] {
        tern.send(key);
        person_pause();
    }
    tern.send(b"context GIT-NOTE");
    person_pause();
    tern.send(b"\r");
    tern.wait_for_text("GIT-NOTE", WAIT);
    person_pause();
    tern.send(b"\r");
    tern.wait_for_text("Revert 1 hunk in src/a.txt? y/n", WAIT);
    // Asked, not yet answered: the person's work is untouched.
    person_pause();
    assert_eq!(
        std::fs::read_to_string(&a).unwrap(),
        mine,
        "{}",
        f.context()
    );
    tern.send(b"y");

    let hunk_one_only = head.replace("two\n", "TWO\n");
    let deadline = Instant::now() + WAIT;
    let mut written = String::new();
    while Instant::now() < deadline {
        written = std::fs::read_to_string(&a).unwrap_or_default();
        if written == hunk_one_only {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(written, hunk_one_only, "{}", f.context());

    let heard = |r: &serde_json::Value| {
        let text = r.to_string();
        text.contains("GIT-NOTE") && text.contains("-ten") && text.contains("+TEN")
    };
    let deadline = Instant::now() + WAIT;
    while Instant::now() < deadline && !f.mock.requests().iter().any(heard) {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(f.mock.requests().iter().any(heard), "{}", f.context());
    tern.quit_with(b"\x03\x03\x03", WAIT);
}
