//! End to end, `/rules`: the real `tern` in a pseudo-terminal and the real `codex app-server`
//! (against the mock Responses API) write a rule with "always allow", and tern lists and
//! deletes it, leaving every other byte of the file as it was. Own CODEX_HOME, HOME and
//! workspace, as in `e2e_codex.rs`.

use crate::support::codex_env;
use crate::support::codex_env::{CodexEnv, Sandbox};
use crate::support::mock_model::{MockModel, MockTurn};
use crate::support::pty::PtySession;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(60);

fn codex() -> Option<PathBuf> {
    codex_env::codex_or_skip()
}

/// Written before codex starts: a comment and a rule of the person's own, to be kept as is.
const SEED: &str = "# Written by hand: keep this comment.\n\
                    prefix_rule(pattern=[\"rm\", \"-rf\"], decision=\"forbidden\", justification=\"never here\")\n";
const WRITTEN: &str = "prefix_rule(pattern=[\"git\", \"status\"], decision=\"allow\")\n";

/// Waits until the rules file holds `expected`, or panics with what it holds.
fn wait_for_file(path: &Path, expected: &str, tern: &PtySession) {
    let deadline = std::time::Instant::now() + WAIT;
    loop {
        let now = std::fs::read_to_string(path).unwrap_or_default();
        if now == expected {
            return;
        }
        if std::time::Instant::now() >= deadline {
            panic!(
                "rules file is {now:?}, expected {expected:?}; screen:\n{}",
                tern.screen_text()
            );
        }
        // A file has no condition to wait on; poll it until the deadline.
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// tern against the real codex, the mock model playing `turn`, and the rules file seeded.
struct Session {
    runtime: tokio::runtime::Runtime,
    _mock: MockModel,
    _env: CodexEnv,
    _logs: tempfile::TempDir,
    rules: PathBuf,
    tern: PtySession,
}

fn start(codex: &Path, turn: MockTurn, seed: &str) -> Session {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let mock = runtime.block_on(MockModel::start(vec![turn]));
    let env = CodexEnv::new(&mock.base_url(), Sandbox::Default).unwrap();
    let logs = tempfile::tempdir().unwrap();
    let rules = env.rules_path();
    std::fs::create_dir_all(rules.parent().unwrap()).unwrap();
    std::fs::write(&rules, seed).unwrap();

    let mut vars: Vec<(&str, OsString)> = env.env_vars();
    vars.push(("TERN_LOG_DIR", logs.path().into()));
    vars.push(("TERN_APPROVAL_READ_GUARD_MS", "0".into()));
    let codex_arg = codex.to_string_lossy().into_owned();
    let tern = PtySession::spawn(
        Path::new(env!("CARGO_BIN_EXE_tern")),
        &["--codex-bin", &codex_arg],
        &vars,
        env.workspace(),
        (110, 40),
    );
    tern.wait_for_text("ready · mock-model", WAIT);
    Session {
        runtime,
        _mock: mock,
        _env: env,
        _logs: logs,
        rules,
        tern,
    }
}

#[test]
fn a_rule_written_by_always_allow_is_listed_and_deleted_with_slash_rules() {
    let Some(codex) = codex() else { return };
    // Every part is bound: the mock and the temp dirs must live as long as the test.
    let Session {
        runtime,
        _mock,
        _env,
        _logs,
        rules,
        mut tern,
    } = start(
        &codex,
        MockTurn::git_status_needing_approval("Checked. PREFIX-DONE"),
        SEED,
    );

    // "Always allow" makes codex append the rule.
    tern.send(b"What is the state of the repository?\r");
    tern.wait_for_text("always allow commands starting with `git status`", WAIT);
    tern.send(b"p");
    // Where a persistent choice is confirmed, `p` shows the rule and Enter writes it.
    tern.wait_for("the rule to be shown or written", WAIT, |s| {
        s.contains(WRITTEN.trim_end()) || s.contains("PREFIX-DONE")
    });
    if !tern.screen_text().contains("PREFIX-DONE") {
        tern.send(b"\r");
    }
    tern.wait_for_text("PREFIX-DONE", WAIT);
    wait_for_file(&rules, &format!("{SEED}{WRITTEN}"), &tern);

    // Listed, with its decision, after the person's own rule.
    tern.send(b"/rules\r");
    tern.wait_for_text("Exec-policy rules", WAIT);
    tern.wait_for_text("forbidden  rm -rf  — never here", WAIT);
    tern.wait_for_text("allow      git status", WAIT);

    // Select it, delete it, confirm.
    tern.send(b"j");
    tern.send(b"d");
    tern.wait_for_text("Delete git status (allow) from", WAIT);
    tern.send(b"y");
    tern.wait_for("the list without the rule", WAIT, |s| {
        !s.contains("allow      git status") && s.contains("forbidden  rm -rf")
    });
    wait_for_file(&rules, SEED, &tern);

    tern.send(b"q");
    tern.wait_for("the notice", WAIT, |s| {
        let flat = s.split_whitespace().collect::<Vec<_>>().join(" ");
        flat.contains("Deleted the rule `git status` (allow)")
            && flat.contains("keep applying it until tern is restarted")
    });
    tern.quit_with(b"/quit\r", WAIT);
    drop(runtime);
}

#[test]
fn a_rule_codex_appends_while_the_list_is_open_survives_a_deletion() {
    let Some(codex) = codex() else { return };
    let old_rule = "prefix_rule(pattern=[\"ls\"], decision=\"allow\")\n";
    // Every part is bound: the mock and the temp dirs must live as long as the test.
    let Session {
        runtime,
        _mock,
        _env,
        _logs,
        rules,
        mut tern,
    } = start(
        &codex,
        MockTurn::git_status_needing_approval("Checked. APPENDED"),
        &format!("# mine\n{old_rule}"),
    );

    // The turn starts and the list opens in one go, before codex can ask anything.
    tern.send(b"What is the state of the repository?\r/rules\r");
    tern.wait_for_text("allow      ls", WAIT);
    // The question comes up over the open list; "always allow" makes codex append a rule the
    // list has not seen.
    tern.wait_for_text("always allow commands starting with `git status`", WAIT);
    tern.send(b"p");
    tern.wait_for_text(WRITTEN.trim_end(), WAIT);
    tern.send(b"\r");
    tern.wait_for_text("APPENDED", WAIT);
    wait_for_file(&rules, &format!("# mine\n{old_rule}{WRITTEN}"), &tern);
    assert!(
        !tern.screen_text().contains("allow      git status"),
        "the list is still the one loaded before the append"
    );

    // Deleting from that older list removes exactly its rule and keeps codex's new one.
    tern.send(b"d");
    tern.wait_for_text("Delete ls (allow) from", WAIT);
    tern.send(b"y");
    wait_for_file(&rules, &format!("# mine\n{WRITTEN}"), &tern);
    tern.wait_for_text("allow      git status", WAIT);
    tern.quit_with(b"\x03\x03\x03", WAIT);
    drop(runtime);
}
