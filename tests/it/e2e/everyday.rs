//! End to end with the real `codex app-server` and the mock model: `/review` of uncommitted
//! changes sends a review request the mock sees and tern renders the findings the server formats
//! from the mock's JSON; an image given with `--image` reaches the mock as an `input_image`;
//! `--profile` layers the test's `fast.config.toml` (the app-server takes no `--profile`).

use crate::support::codex_env::Sandbox;
use crate::support::e2e::{E2e, WAIT};
use crate::support::mock_model::MockTurn;
use base64::Engine;
use std::process::Command;

/// A 1×1 PNG.
const PNG: &str = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

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
fn review_of_uncommitted_changes_reaches_the_mock_and_its_findings_are_shown() {
    let findings = serde_json::json!({
        "findings": [{
            "title": "[P1] add() subtracts instead of adding",
            "body": "`add` returns `a - b`; callers expect a sum.",
            "confidence_score": 0.9,
            "priority": 1,
            "code_location": {"absolute_file_path": "WS/lib.py", "line_range": {"start": 2, "end": 2}}
        }],
        "overall_correctness": "patch is incorrect",
        "overall_explanation": "REVIEW-SAYS: the change breaks add().",
        "overall_confidence_score": 0.8
    });
    let Some(f) = E2e::start(vec![], Sandbox::Default) else {
        return;
    };
    let ws = f.env.workspace().to_path_buf();
    let text = findings.to_string().replace("WS", &ws.to_string_lossy());
    f.runtime
        .block_on(async { f.mock.push_script(vec![MockTurn::text(&text)]) });
    git(&ws, &["init", "-q"]);
    std::fs::write(ws.join("lib.py"), "def add(a, b):\n    return a + b\n").unwrap();
    git(&ws, &["add", "lib.py"]);
    git(&ws, &["commit", "-qm", "add"]);
    std::fs::write(ws.join("lib.py"), "def add(a, b):\n    return a - b\n").unwrap();

    let mut tern = f.ready(&[], (120, 40));
    tern.send(b"/review");
    tern.wait_for_text("│/review", WAIT);
    tern.send(b"\r");
    tern.wait_for_text("1. Review uncommitted changes", WAIT);
    tern.send(b"1");
    tern.wait_for_text("Code review started: current changes", WAIT);
    tern.wait_for_text("REVIEW-SAYS: the change breaks add().", WAIT);
    tern.wait_for_text("lib.py:2-2", WAIT);
    tern.wait_for_text("turn completed", WAIT);
    let screen = tern.screen_text();
    assert_eq!(
        screen.matches("REVIEW-SAYS").count(),
        1,
        "one result, not its repeat:\n{screen}"
    );
    assert!(
        !screen.contains("Review the current code changes"),
        "{screen}"
    );
    let requests = f.mock.requests();
    let asked = requests.iter().any(|r| {
        r["input"]
            .to_string()
            .contains("Review the current code changes (staged, unstaged, and untracked files)")
    });
    assert!(asked, "the mock saw no review request: {}", f.context());
    tern.quit_with(b"\x03\x03\x03", WAIT);
    drop(f.runtime);
}

#[test]
fn an_image_given_on_the_command_line_reaches_the_model_as_input_image() {
    let Some(f) = E2e::start(vec![MockTurn::text("SAW-THE-IMAGE")], Sandbox::Default) else {
        return;
    };
    let png = f.env.workspace().join("shot.png");
    std::fs::write(
        &png,
        base64::engine::general_purpose::STANDARD
            .decode(PNG)
            .unwrap(),
    )
    .unwrap();
    let mut tern = f.spawn(
        &["--image", "shot.png", "describe the screenshot"],
        &[],
        (120, 40),
    );
    tern.wait_for_text("SAW-THE-IMAGE", WAIT);
    tern.wait_for_text("[image 1: shot.png]", WAIT);
    let requests = f.mock.requests();
    let input = requests[0]["input"].to_string();
    assert!(input.contains("\"input_image\""), "{input}");
    assert!(input.contains("data:image/png;base64,"), "{input}");
    assert!(input.contains("describe the screenshot"), "{input}");
    tern.quit_with(b"\x03\x03\x03", WAIT);
    drop(f.runtime);
}

#[test]
fn a_profile_selects_the_model_of_that_profile() {
    let Some(f) = E2e::start(vec![MockTurn::text("PROFILE-ANSWER")], Sandbox::Default) else {
        return;
    };
    // codex 0.171's profiles: NAME.config.toml beside config.toml.
    std::fs::write(
        f.env.codex_home().join("fast.config.toml"),
        "model = \"profile-model\"\n",
    )
    .unwrap();
    let mut tern = f.spawn(&["--profile", "fast", "hello"], &[], (120, 40));
    tern.wait_for_text("PROFILE-ANSWER", WAIT);
    let requests = f.mock.requests();
    assert_eq!(requests[0]["model"], "profile-model", "{}", f.context());
    tern.quit_with(b"\x03\x03\x03", WAIT);
    drop(f.runtime);
}
