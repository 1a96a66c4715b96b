//! End to end: the real `tern` binary, in a pseudo-terminal, driving the real `codex app-server`
//! (npm @openai/codex, pinned by .ci/run) against the project's mock Responses API on 127.0.0.1.
//! Each test has its own CODEX_HOME, HOME and workspace; the person's ~/.codex is never touched.

use crate::support::codex_env;
use crate::support::codex_env::Sandbox;
use crate::support::e2e::{E2e, WAIT};
use crate::support::mock_model::MockTurn;
use crate::support::pty::PtySession;
use std::ffi::OsString;
use std::time::Duration;

/// `quiet_ms`: how long typing must pause before a prompt takes keys; `None` keeps tern's own.
fn start_tern_with(f: &E2e, quiet_ms: Option<&str>) -> PtySession {
    let extra: Vec<(&str, OsString)> = quiet_ms
        .map(|ms| vec![("TERN_APPROVAL_READ_GUARD_MS", ms.into())])
        .unwrap_or_default();
    f.ready(&extra, (110, 40))
}

fn start_tern(f: &E2e) -> PtySession {
    start_tern_with(f, Some("0"))
}

#[test]
fn a_typed_prompt_streams_the_mock_answer_and_completes_the_turn() {
    let answer = "The mock says **hello** from the Responses API. STREAM-OK";
    let Some(f) = E2e::start(
        vec![MockTurn::Text {
            text: answer.into(),
            deltas: 6,
        }],
        Sandbox::Default,
    ) else {
        return;
    };
    let mut tern = start_tern(&f);
    tern.send(b"Say hello\r");
    tern.wait_for_text("› Say hello", WAIT);
    tern.wait_for("the streamed answer", WAIT, |s| {
        s.contains("The mock says hello from the Responses API. STREAM-OK")
    });
    tern.wait_for_text("turn completed", WAIT);
    let requests = f.mock.requests();
    assert_eq!(requests.len(), 1, "{}", f.context());
    assert!(requests[0].to_string().contains("Say hello"));
    tern.quit_with(b"\x03\x03\x03", WAIT);
    tern.wait_for_text("To continue it: tern resume", WAIT);
    drop(f.runtime);
}

#[test]
fn approving_a_prefix_writes_the_exec_policy_rule() {
    let Some(f) = E2e::start(
        vec![MockTurn::git_status_needing_approval(
            "Checked. PREFIX-DONE",
        )],
        Sandbox::Default,
    ) else {
        return;
    };
    let mut tern = start_tern(&f);
    tern.send(b"What is the state of the repository?\r");
    tern.wait_for_text("Approval needed", WAIT);
    tern.wait_for_text("always allow commands starting with `git status`", WAIT);
    tern.send(b"p");
    tern.wait_for_text(
        r#"prefix_rule(pattern=["git", "status"], decision="allow")"#,
        WAIT,
    );
    tern.send(b"\r");
    tern.wait_for_text("PREFIX-DONE", WAIT);
    tern.wait_for_text("turn completed", WAIT);
    let rules = std::fs::read_to_string(f.env.rules_path()).unwrap_or_default();
    assert!(
        rules.contains(r#"prefix_rule(pattern=["git", "status"], decision="allow")"#),
        "rules file: {rules:?}\n{}",
        f.context()
    );
    tern.quit_with(b"/quit\r", WAIT);
}

/// The previous pinned codex still works: a streamed answer, then a command approval whose
/// prefix is written into its exec policy, as with the current one.
#[test]
fn the_previous_codex_streams_and_writes_an_approved_prefix() {
    let Some(codex) = codex_env::previous_codex_or_skip() else {
        return;
    };
    let Some(f) = E2e::start_with(
        codex,
        vec![
            MockTurn::Text {
                text: "Hello from the older codex. OLD-STREAM-OK".into(),
                deltas: 4,
            },
            MockTurn::git_status_needing_approval("Checked. OLD-PREFIX-DONE"),
        ],
        Sandbox::Default,
    ) else {
        return;
    };
    let mut tern = start_tern(&f);
    tern.send(b"Say hello\r");
    tern.wait_for_text("OLD-STREAM-OK", WAIT);
    tern.wait_for_text("turn completed", WAIT);
    tern.send(b"What is the state of the repository?\r");
    tern.wait_for_text("always allow commands starting with `git status`", WAIT);
    tern.send(b"p");
    tern.wait_for_text(
        r#"prefix_rule(pattern=["git", "status"], decision="allow")"#,
        WAIT,
    );
    tern.send(b"\r");
    tern.wait_for_text("OLD-PREFIX-DONE", WAIT);
    let rules = std::fs::read_to_string(f.env.rules_path()).unwrap_or_default();
    assert!(
        rules.contains(r#"prefix_rule(pattern=["git", "status"], decision="allow")"#),
        "rules file: {rules:?}\n{}",
        f.context()
    );
    let version = std::process::Command::new(&f.codex)
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default();
    assert!(
        version.contains(codex_env::PREVIOUS_CODEX_VERSION),
        "expected codex {}, ran {version:?}",
        codex_env::PREVIOUS_CODEX_VERSION
    );
    tern.quit_with(b"/quit\r", WAIT);
}

#[test]
fn approving_a_file_change_applies_it() {
    let Some(f) = E2e::start(
        vec![MockTurn::add_hello_file("Patched. PATCH-DONE")],
        Sandbox::ReadOnly,
    ) else {
        return;
    };
    let mut tern = start_tern(&f);
    tern.send(b"Add a hello file\r");
    tern.wait_for_text("Apply this change?", WAIT);
    tern.wait_for_text("1 + hello", WAIT);
    tern.send(b"y");
    tern.wait_for_text("PATCH-DONE", WAIT);
    let written = std::fs::read_to_string(f.env.workspace().join("hello.txt")).unwrap_or_default();
    assert_eq!(written, "hello\n", "{}", f.context());
    tern.quit_with(b"\x03\x03\x03", WAIT);
}

/// Longer than tern's burst window (60 ms) between two keys: the pace of a person's separate
/// decisions. This is the input's timing, not a wait for tern.
fn person_pause() {
    std::thread::sleep(Duration::from_millis(150));
}

fn rules(f: &E2e) -> String {
    std::fs::read_to_string(f.env.rules_path()).unwrap_or_default()
}

/// An escalated command with the prefix rule the model suggests for it.
fn escalated(cmd: &str, prefix: &[&str], then: &str) -> MockTurn {
    MockTurn::ExecCommand {
        arguments: serde_json::json!({
            "cmd": cmd,
            "sandbox_permissions": "require_escalated",
            "justification": "Needs to run outside the sandbox",
            "prefix_rule": prefix,
        }),
        then: then.to_owned(),
    }
}

#[test]
fn typing_ahead_through_a_prompt_approves_nothing_and_keeps_every_letter() {
    let Some(f) = E2e::start(
        vec![MockTurn::git_status_needing_approval("TYPED-AHEAD-DONE")],
        Sandbox::Default,
    ) else {
        return;
    };
    // tern's own pause before a prompt takes keys, as a person gets it.
    let mut tern = start_tern_with(&f, None);
    tern.send(b"What is the state of the repository?\r");
    let sentence = "now we will also update the docs and push it up";
    // About 8 keys a second, the pace at which `p` of "update" used to write a rule.
    for c in sentence.bytes() {
        tern.send(&[c]);
        std::thread::sleep(Duration::from_millis(125));
    }
    tern.wait_for_text("Approval needed", WAIT);
    tern.wait_for_text(sentence, WAIT);
    assert!(
        !rules(&f).contains("prefix_rule"),
        "a rule was written: {}",
        rules(&f)
    );
    assert!(!tern.screen_text().contains("TYPED-AHEAD-DONE"));
    // After a pause the prompt takes keys; stopping the turn keeps the draft.
    tern.wait_for("the prompt to take keys", WAIT, |s| {
        s.contains("y/p/n/c answer")
    });
    tern.send(b"c");
    tern.wait_for_text("Turn interrupted", WAIT);
    tern.wait_for_text(sentence, WAIT);
    assert!(!rules(&f).contains("prefix_rule"), "{}", f.context());
    tern.quit_with(b"\x03\x03\x03", WAIT);
}

#[test]
fn a_shortened_prefix_is_the_rule_written_and_a_matching_command_then_runs_unasked() {
    let Some(f) = E2e::start(
        vec![
            MockTurn::git_status_needing_approval("FIRST-DONE"),
            escalated("git log --oneline -1", &["git", "log"], "SECOND-DONE"),
        ],
        Sandbox::Default,
    ) else {
        return;
    };
    let mut tern = start_tern(&f);
    tern.send(b"What is the state of the repository?\r");
    tern.wait_for_text("always allow commands starting with `git status`", WAIT);
    tern.send(b"p");
    tern.wait_for_text(
        r#"prefix_rule(pattern=["git", "status"], decision="allow")"#,
        WAIT,
    );
    tern.send(b"\x1b[D");
    tern.wait_for_text(r#"prefix_rule(pattern=["git"], decision="allow")"#, WAIT);
    tern.send(b"\r");
    tern.wait_for_text("FIRST-DONE", WAIT);
    tern.wait_for_text("turn completed", WAIT);
    let written = rules(&f);
    assert!(
        written.contains(r#"prefix_rule(pattern=["git"], decision="allow")"#)
            && !written.contains(r#""status""#),
        "rules file: {written:?}\n{}",
        f.context()
    );
    tern.send(b"And the last commit?\r");
    tern.wait_for_text("SECOND-DONE", WAIT);
    assert!(
        !tern.screen_text().contains("Approval needed"),
        "git log was asked about although `git` is allowed:\n{}",
        tern.screen_text()
    );
    tern.wait_for_text("Ran git log --oneline -1", WAIT);
    tern.quit_with(b"/quit\r", WAIT);
}

#[test]
fn a_refused_prefix_cannot_be_sent() {
    // codex 0.169.0 proposes `["npx"]` here (and `["xargs"]`, `["nohup"]`, `["busybox"]`,
    // `["awk"]`, `["timeout", "5"]` for their commands): each would allow any code at all.
    let Some(f) = E2e::start(
        vec![escalated("npx --version", &["npx"], "NPX-DONE")],
        Sandbox::Default,
    ) else {
        return;
    };
    let mut tern = start_tern(&f);
    tern.send(b"Which npx?\r");
    tern.wait_for_text("always allow commands starting with `npx`", WAIT);
    tern.send(b"p");
    tern.wait_for_text(
        "Refused: a package runner downloads and runs any package",
        WAIT,
    );
    // Separate deliberate keys, as a person presses them: keys sent together are one burst to
    // tern (a paste, a held key) and never decide anything.
    person_pause();
    tern.send(b"\r");
    person_pause();
    tern.send(b"p");
    person_pause();
    // Still the refused chooser, nothing answered, nothing written.
    tern.wait_for_text("Refused", WAIT);
    assert!(tern.screen_text().contains("Always allow"));
    assert!(!rules(&f).contains("prefix_rule"), "{}", rules(&f));
    tern.send(b"\x1b");
    tern.wait_for_text("Approval needed", WAIT);
    tern.send(b"c");
    tern.wait_for_text("Turn interrupted", WAIT);
    assert!(!rules(&f).contains("prefix_rule"), "{}", f.context());
    tern.quit_with(b"\x03\x03\x03", WAIT);
}

#[test]
fn decline_lets_the_turn_go_on_and_cancel_ends_it() {
    let Some(f) = E2e::start(
        vec![
            MockTurn::git_status_needing_approval("DECLINED-BUT-GOING-ON"),
            MockTurn::git_status_needing_approval("NEVER-SHOWN"),
        ],
        Sandbox::Default,
    ) else {
        return;
    };
    let mut tern = start_tern(&f);
    tern.send(b"What is the state of the repository?\r");
    tern.wait_for_text("Approval needed", WAIT);
    tern.send(b"n");
    tern.wait_for_text("DECLINED-BUT-GOING-ON", WAIT);
    tern.wait_for_text("turn completed", WAIT);
    tern.wait_for_text("✗ declined", WAIT);
    tern.send(b"Try again\r");
    tern.wait_for_text("Approval needed", WAIT);
    tern.send(b"c");
    tern.wait_for_text("Turn interrupted", WAIT);
    tern.wait_for_text("cancelled the turn", WAIT);
    assert!(!tern.screen_text().contains("NEVER-SHOWN"));
    tern.quit_with(b"\x03\x03\x03", WAIT);
}

/// A patch codex applies without asking (workspace-write): the transcript shows each file with
/// its path relative to the workspace, its counts and its numbered hunks, and `/diff` shows the
/// turn's aggregate diff from `turn/diff/updated`.
#[test]
fn an_applied_patch_shows_as_numbered_hunks_and_in_slash_diff() {
    let patch = "*** Begin Patch\n*** Update File: notes.txt\n@@\n five\n-six\n+SIX\n seven\n\
                 *** Add File: src/new.rs\n+pub fn new() {}\n*** End Patch\n";
    let Some(f) = E2e::start(
        vec![MockTurn::ApplyPatch {
            patch: patch.into(),
            then: "Edited. DIFF-DONE".into(),
        }],
        Sandbox::WorkspaceWrite,
    ) else {
        return;
    };
    let numbered: String = [
        "one", "two", "three", "four", "five", "six", "seven", "eight",
    ]
    .iter()
    .map(|l| format!("{l}\n"))
    .collect();
    std::fs::write(f.env.workspace().join("notes.txt"), numbered).unwrap();
    let mut tern = start_tern(&f);
    tern.send(b"Shout the sixth line\r");
    tern.wait_for_text("DIFF-DONE", WAIT);
    tern.wait_for_text("turn completed", WAIT);
    let written = std::fs::read_to_string(f.env.workspace().join("notes.txt")).unwrap();
    assert!(written.contains("SIX\n"), "{written}\n{}", f.context());

    let needles = [
        "• Edited 2 files (+2 −1)",
        "└ notes.txt (updated) +1 −1",
        "@@ -5,3 +5,3 @@",
        "6   - six",
        "  6 + SIX",
        "└ src/new.rs (added) +1 −0",
        "1 + pub fn new() {}",
    ];
    tern.wait_for("the patch's hunks in the transcript", WAIT, |s| {
        needles.iter().all(|n| s.contains(n))
    });
    let screen = tern.screen_text();
    let workspace = f.env.workspace().to_string_lossy().into_owned();
    assert!(
        !screen.contains(&format!("{workspace}/notes.txt")),
        "paths are relative to the workspace:\n{screen}"
    );

    // git's three lines of context around the change, where the item had codex's one.
    let needles = [
        "Changes of the last turn",
        "2 files +2 −1",
        "notes.txt (updated) +1 −1",
        "src/new.rs (added) +1 −0",
        "@@ -3,6 +3,6 @@",
        "8 8   eight",
    ];
    tern.send(b"/diff\r");
    tern.wait_for("the turn's diff in /diff", WAIT, |s| {
        needles.iter().all(|n| s.contains(n))
    });
    tern.send(b"\x1b");
    tern.wait_for("the diff view to close", WAIT, |s| {
        !s.contains("Changes of the last turn")
    });
    tern.quit_with(b"\x03\x03\x03", WAIT);
}
