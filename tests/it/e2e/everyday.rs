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

/// `/diff` shows what the agent created: files git does not track yet (and does not ignore)
/// come as added files with their content, a binary one is named, a large one is cut with a
/// mark; an ignored file stays out. The mock's command writes the files through the real codex.
#[test]
fn slash_diff_shows_the_untracked_files_an_agent_created() {
    let big: String = (0..5000).map(|i| format!("big line {i}\n")).collect();
    let script = "printf 'fn created() {}\\nUNTRACKED-LINE\\n' > made.rs \
                  && printf '\\000\\001PNG' > pic.bin && printf 'secret\\n' > ignored.log \
                  && seq -f 'big line %g' 0 4999 > big.txt";
    let Some(f) = E2e::start(
        vec![MockTurn::ExecCommand {
            arguments: serde_json::json!({"cmd": script}),
            then: "Created them. FILES-MADE".into(),
        }],
        Sandbox::WorkspaceWrite,
    ) else {
        return;
    };
    let ws = f.env.workspace().to_path_buf();
    git(&ws, &["init", "-q"]);
    std::fs::write(ws.join(".gitignore"), "*.log\n").unwrap();
    std::fs::write(ws.join("tracked.txt"), "one\n").unwrap();
    git(&ws, &["add", ".gitignore", "tracked.txt"]);
    git(&ws, &["commit", "-qm", "start"]);

    let mut tern = f.ready(&[("TERN_APPROVAL_READ_GUARD_MS", "0".into())], (120, 40));
    tern.send(b"Create the files\r");
    tern.wait_for_text("FILES-MADE", WAIT);
    tern.wait_for_text("turn completed", WAIT);
    assert!(ws.join("made.rs").exists(), "{}", f.context());
    assert_eq!(std::fs::read_to_string(ws.join("big.txt")).unwrap(), big);

    tern.send(b"/diff\r");
    tern.wait_for("the untracked files in /diff", WAIT, |s| {
        s.contains("A made.rs") && s.contains("A pic.bin") && s.contains("big.txt (added)")
    });
    let screen = tern.screen_text();
    assert!(!screen.contains("ignored.log"), "{screen}");
    // Files in git's order: big.txt, made.rs, pic.bin. The large one shows its start.
    assert!(screen.contains("+ big line 0"), "{screen}");
    // The next file's content, as added lines; just above it, the mark where big.txt was cut.
    tern.send(b"]");
    tern.wait_for("the new file's content", WAIT, |s| {
        s.contains("made.rs (added)")
            && s.contains("+ fn created() {}")
            && s.contains("+ UNTRACKED-LINE")
    });
    tern.send(b"kkkk");
    tern.wait_for("the mark where the large file was cut", WAIT, |s| {
        s.contains("cut here: the first") && !s.contains("big line 4000")
    });
    tern.send(b"]]]");
    tern.wait_for("the binary file named", WAIT, |s| {
        s.contains("binary file (not shown)")
    });
    tern.quit_with(b"\x1b\x03\x03\x03", WAIT);
}
