//! Folder trust end to end (issue 32), with codex 0.171: a fresh CODEX_HOME whose config says
//! nothing of the folder (a subfolder of a git repository whose name has a dot), so codex would
//! run it read-only. tern asks before starting the thread; yes writes the repository root's
//! entry into codex's config.toml (read back from the file, the dotted path quoted as one key)
//! and the thread runs workspace-write — a turn then writes a file without asking; the next start
//! in the same folder does not ask again. No writes nothing, runs read-only and says so, and
//! `/new` does not ask again in that session.

use crate::support::codex_env::{config_toml, Sandbox};
use crate::support::e2e::{E2e, WAIT};
use crate::support::mock_model::MockTurn;
use crate::support::pty::PtySession;
use std::path::PathBuf;

/// `repo.with.dots/sub` in the workspace, `repo.with.dots` a git repository; codex's config
/// with no `projects` entry at all. The folder and the repository's root, canonical.
fn untrusted_repository(f: &E2e) -> (PathBuf, PathBuf) {
    std::fs::write(
        f.env.config_path(),
        config_toml(&f.mock.base_url(), Sandbox::Default),
    )
    .unwrap();
    let root = f.env.workspace().join("repo.with.dots");
    std::fs::create_dir_all(root.join("sub")).unwrap();
    let init = std::process::Command::new("git")
        .args(["init", "-q"])
        .current_dir(&root)
        .status()
        .unwrap();
    assert!(init.success());
    let root = root.canonicalize().unwrap();
    (root.join("sub"), root)
}

fn spawn_in(f: &E2e, folder: &std::path::Path) -> PtySession {
    let folder = folder.to_string_lossy().into_owned();
    f.spawn(
        &["--cwd", &folder],
        &[("TERN_APPROVAL_READ_GUARD_MS", "0".into())],
        (110, 40),
    )
}

fn config_text(f: &E2e) -> String {
    std::fs::read_to_string(f.env.config_path()).unwrap()
}

#[test]
fn yes_trusts_the_repository_and_the_turn_runs_workspace_write() {
    let Some(f) = E2e::start(
        vec![MockTurn::add_hello_file("WROTE-IT-TRUSTED")],
        Sandbox::Default,
    ) else {
        return;
    };
    let (folder, root) = untrusted_repository(&f);
    let mut tern = spawn_in(&f, &folder);
    tern.wait_for_text("Trust this folder?", WAIT);
    assert!(
        !config_text(&f).contains("projects"),
        "nothing is written before the key"
    );
    tern.send(b"y");
    tern.wait_for("the trusted thread", WAIT, |s| {
        s.contains("ready · mock-model") && s.contains("workspace-write")
    });
    let entry = format!(
        "[projects.\"{}\"]\ntrust_level = \"trusted\"",
        root.display()
    );
    assert!(
        config_text(&f).contains(&entry),
        "{}\n{}",
        config_text(&f),
        f.context()
    );
    // Workspace-write: the file is written with no question asked.
    tern.send(b"Add the hello file\r");
    tern.wait_for_text("WROTE-IT-TRUSTED", WAIT);
    assert!(!tern.screen_text().contains("Approval needed"));
    assert!(folder.join("hello.txt").exists(), "{}", f.context());
    // What codex told the model of its sandbox.
    let told = serde_json::to_string(&f.mock.requests()).unwrap();
    assert!(told.contains("workspace-write"), "{told}");
    tern.quit_with(b"\x03\x03\x03", WAIT);
    // Asked once: the next start in the folder is not asked.
    let mut again = spawn_in(&f, &folder);
    again.wait_for("the thread, unasked", WAIT, |s| {
        s.contains("ready · mock-model") && s.contains("workspace-write")
    });
    assert!(!again.screen_text().contains("Trust this folder?"));
    again.quit_with(b"\x03\x03\x03", WAIT);
}

#[test]
fn no_writes_nothing_runs_read_only_and_says_so() {
    let Some(f) = E2e::start(vec![], Sandbox::Default) else {
        return;
    };
    let (folder, _root) = untrusted_repository(&f);
    let before = config_text(&f);
    let mut tern = spawn_in(&f, &folder);
    tern.wait_for_text("Trust this folder?", WAIT);
    tern.send(b"n");
    tern.wait_for("the read-only thread", WAIT, |s| {
        s.contains("ready · mock-model")
            && s.contains("read-only")
            && s.contains("not trusted: read-only (tern asks again at the next start)")
    });
    assert_eq!(config_text(&f), before, "no writes codex's config nothing");
    // Once a session: a new thread is not asked about again.
    tern.send(b"/new\r");
    tern.wait_for_text("New thread", WAIT);
    assert!(!tern.screen_text().contains("Trust this folder?"));
    tern.quit_with(b"\x03\x03\x03", WAIT);
}
