//! End to end with codex 0.171 and the mock model: in a git repository, `/worktree` → "Continue
//! current conversation" makes a detached checkout in `CODEX_HOME/worktrees/<id>/<repo>`, says
//! "Working directory changed to: …", and the next turn's command runs there (the mock has
//! codex run `pwd`; its output, sent back to the model, names the checkout) with the
//! conversation carried over (the first prompt is in that turn's request).

use crate::support::codex_env::Sandbox;
use crate::support::e2e::{E2e, WAIT};
use crate::support::mock_model::MockTurn;
use std::process::Command;

fn git(dir: &std::path::Path, args: &[&str]) {
    let ok = Command::new("git")
        .args(["-c", "user.name=t", "-c", "user.email=t@t"])
        .args(args)
        .current_dir(dir)
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .status()
        .is_ok_and(|s| s.success());
    assert!(ok, "git {args:?}");
}

#[test]
fn continuing_in_a_worktree_runs_the_next_turn_there() {
    if let Some(codex) = crate::support::codex_env::codex_or_skip() {
        continuing_in_a_worktree_runs_the_next_turn_there_with(codex);
    }
}

/// The same with the previous codex (0.169): it serves what this needs too.
#[test]
fn continuing_in_a_worktree_runs_the_next_turn_there_on_the_previous_codex() {
    if let Some(codex) = crate::support::codex_env::previous_codex_or_skip() {
        continuing_in_a_worktree_runs_the_next_turn_there_with(codex);
    }
}

fn continuing_in_a_worktree_runs_the_next_turn_there_with(codex: std::path::PathBuf) {
    let Some(f) = E2e::start_with(
        codex,
        vec![
            MockTurn::text("FIRST-ANSWER"),
            MockTurn::ExecCommand {
                arguments: serde_json::json!({"cmd": "pwd"}),
                then: "PWD-REPORTED".into(),
            },
        ],
        Sandbox::Default,
    ) else {
        return;
    };
    let ws = f.env.workspace().to_path_buf();
    git(&ws, &["init", "-q"]);
    std::fs::write(ws.join("lib.py"), "x = 1\n").unwrap();
    git(&ws, &["add", "lib.py"]);
    git(&ws, &["commit", "-qm", "one"]);
    let pool = f.env.codex_home().join("worktrees");

    let tern = f.ready(&[], (160, 40));
    tern.send(b"remember the word PELICAN\r");
    tern.wait_for_text("FIRST-ANSWER", WAIT);
    tern.wait_for("the turn to end", WAIT, |s| s.contains("turn completed"));
    tern.send(b"/worktree");
    tern.wait_for_text("│/worktree", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("Continue current conversation", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("Working directory changed to:", WAIT);
    // The checkout: CODEX_HOME/worktrees/<id>/<repo>, detached at the repository's HEAD.
    let ids: Vec<_> = std::fs::read_dir(&pool)
        .unwrap_or_else(|e| panic!("no pool {}: {e}\n{}", pool.display(), f.context()))
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(ids.len(), 1, "{ids:?}");
    let checkout = ids[0].join(ws.file_name().unwrap());
    assert!(checkout.join("lib.py").is_file(), "{}", checkout.display());
    tern.wait_for("the fork in the worktree", WAIT, |s| {
        s.contains("ready · mock-model")
    });
    tern.send(b"where are you?\r");
    tern.wait_for_text("PWD-REPORTED", WAIT);
    let requests = f.mock.requests();
    let last = requests.last().unwrap().to_string();
    let checkout = checkout.canonicalize().unwrap();
    assert!(
        last.contains(&checkout.to_string_lossy().to_string()),
        "pwd ran in the worktree: {last}\n{}",
        f.context()
    );
    assert!(
        last.contains("PELICAN"),
        "the conversation was carried over: {last}"
    );
}
