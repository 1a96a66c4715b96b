//! End to end with the real `codex app-server`, offline: sign-in and the first-run walls.
//!
//! - A `CODEX_HOME` whose config.toml only sets `openai_base_url` to the mock (no provider, no
//!   sign-in): tern opens the sign-in layer, an API key signs in, a prompt streams from the mock,
//!   which receives the key as `Authorization: Bearer`; the key is nowhere in the raw terminal
//!   bytes, the history file or tern's log; `/logout` signs out (codex's auth.json goes).
//! - The mock-provider home never shows sign-in.
//! - A broken config.toml shows the config box, and the thread starts once the file is fixed,
//!   on the same server.

use crate::support::codex_env::{Sandbox, REMOVED_ENV_VARS};
use crate::support::e2e::{E2e, WAIT};
use crate::support::mock_model::MockTurn;
use crate::support::pty::PtySession;
use std::ffi::OsString;
use std::path::Path;

const KEY: &str = "sk-test-e2e-9f8e7d6c5b4a";

/// The built-in OpenAI provider pointed at the mock: nothing else.
fn openai_base_url_only(base_url: &str) -> String {
    format!(
        "openai_base_url = \"{base_url}\"\nmodel = \"mock-model\"\n\
         check_for_update_on_startup = false\n\n[analytics]\nenabled = false\n"
    )
}

/// `tern` in the workspace with the test's homes, without the host's keys and ssh markers.
fn spawn(f: &E2e, size: (u16, u16)) -> PtySession {
    let mut env: Vec<(&str, OsString)> = f.env.env_vars();
    env.push(("TERN_LOG_DIR", f.logs.path().into()));
    env.push(("TERN_LOG", "debug".into()));
    env.push(("TERN_HYPERLINKS", "0".into()));
    // The choice screen takes a key at once (no pause after it appears); a burst is still refused.
    env.push(("TERN_APPROVAL_READ_GUARD_MS", "0".into()));
    let codex = f.codex.to_string_lossy().into_owned();
    let mut removed: Vec<&str> = REMOVED_ENV_VARS.to_vec();
    removed.extend(["SSH_CONNECTION", "SSH_TTY", "BROWSER", "DISPLAY"]);
    PtySession::spawn_without(
        Path::new(env!("CARGO_BIN_EXE_tern")),
        &["--codex-bin", &codex],
        &env,
        &removed,
        f.env.workspace(),
        size,
    )
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

#[test]
fn done_means_an_api_key_signs_in_inside_tern_and_a_prompt_streams_with_it() {
    let Some(f) = E2e::start(
        vec![MockTurn::Text {
            text: "Signed-in answer. KEYED-STREAM-OK".into(),
            deltas: 4,
        }],
        Sandbox::Default,
    ) else {
        return;
    };
    std::fs::write(
        f.env.config_path(),
        openai_base_url_only(&f.mock.base_url()),
    )
    .unwrap();
    f.env.decide_trust(f.env.workspace(), "untrusted");
    let mut tern = spawn(&f, (110, 36));
    tern.wait_for_text("Sign in to codex", WAIT);
    tern.wait_for_text("codex is not signed in", WAIT);
    tern.send(b"3");
    tern.wait_for_text("Use an OpenAI API key", WAIT);
    // Pasted, as a person would, with the newline a copy often brings.
    tern.send(format!("\x1b[200~{KEY}\n\x1b[201~").as_bytes());
    tern.wait_for_text(&format!("{} characters", KEY.len()), WAIT);
    tern.send(b"\r");
    tern.wait_for_text("Signed in with an API key.", WAIT);
    tern.wait_for("the thread to be ready", WAIT, |s| {
        s.contains("ready · mock-model")
    });
    tern.send(b"Say hello\r");
    tern.wait_for_text("KEYED-STREAM-OK", WAIT);
    tern.wait_for_text("turn completed", WAIT);
    let authorizations = f.mock.authorizations();
    assert_eq!(
        authorizations.first().cloned().flatten().as_deref(),
        Some(format!("Bearer {KEY}").as_str()),
        "{}",
        f.context()
    );
    // Signed out with the confirming key.
    tern.send(b"/logout\r");
    tern.wait_for_text("Sign codex out?", WAIT);
    tern.send(b"y");
    tern.wait_for_text("Signed out of codex", WAIT);
    tern.wait_for_text("not signed in (/login)", WAIT);
    assert!(
        !f.env.codex_home().join("auth.json").exists(),
        "codex forgot the key"
    );
    tern.quit_with(b"\x03\x03\x03", WAIT);
    // The key is nowhere: the terminal's raw bytes, the history file, tern's log.
    let raw = tern.raw_output();
    assert!(
        !contains(&raw, KEY.as_bytes()),
        "the key reached the terminal"
    );
    let history = f.env.home().join(".local/share/tern/history.jsonl");
    let history = std::fs::read_to_string(&history).unwrap_or_default();
    assert!(
        history.contains("Say hello"),
        "the prompt is history: {history:?}"
    );
    assert!(!history.contains(KEY), "{history}");
    let log = std::fs::read_to_string(f.logs.path().join("tern.log")).unwrap_or_default();
    assert!(
        log.contains("account/login/start"),
        "the log is written: {log}"
    );
    assert!(!log.contains(KEY), "the key reached the log");
    drop(f.runtime);
}

#[test]
fn the_mock_provider_home_never_shows_sign_in() {
    let Some(f) = E2e::start(vec![MockTurn::text("MOCK-PROVIDER-OK")], Sandbox::Default) else {
        return;
    };
    let mut tern = f.ready(&[], (100, 30));
    tern.send(b"hi\r");
    tern.wait_for_text("MOCK-PROVIDER-OK", WAIT);
    assert!(
        !String::from_utf8_lossy(&tern.raw_output()).contains("Sign in to codex"),
        "no sign-in on a provider with its own"
    );
    let log = std::fs::read_to_string(f.logs.path().join("tern.log")).unwrap_or_default();
    assert!(log.contains("account/read"), "it was asked: {log}");
    tern.quit_with(b"\x03\x03\x03", WAIT);
    drop(f.runtime);
}

#[test]
fn a_broken_codex_config_shows_the_config_box_and_recovers_once_fixed() {
    let Some(f) = E2e::start(vec![MockTurn::text("FIXED-CONFIG-OK")], Sandbox::Default) else {
        return;
    };
    let good = std::fs::read_to_string(f.env.config_path()).unwrap();
    std::fs::write(
        f.env.config_path(),
        format!("{good}\nbroken = \"no closing quote\n"),
    )
    .unwrap();
    let mut tern = spawn(&f, (110, 36));
    tern.wait_for_text("codex's config file has an error", WAIT);
    tern.wait_for("the file, line and column", WAIT, |s| {
        s.contains("config.toml, line") && s.contains("column")
    });
    // codex's defaults would ask for a sign-in: not while the file is broken.
    assert!(!tern.screen_text().contains("Sign in to codex"));
    tern.send(b"hello");
    tern.send(b"\r");
    tern.wait_for_text("hello", WAIT);
    std::fs::write(f.env.config_path(), &good).unwrap();
    tern.send(b"\x12"); // Ctrl+R
    tern.wait_for_text("codex's config file loads now", WAIT);
    tern.wait_for("the thread to be ready", WAIT, |s| {
        s.contains("ready · mock-model")
    });
    // The held prompt is still in the composer: Enter sends it.
    tern.send(b"\r");
    tern.wait_for_text("FIXED-CONFIG-OK", WAIT);
    tern.quit_with(b"\x03\x03\x03", WAIT);
    drop(f.runtime);
}

/// Two tern windows on one CODEX_HOME: the second opens the first's thread, which codex refuses
/// ("already has an active writer"); the locked-thread box says so, and once the first window
/// has quit, `r` opens it.
#[test]
fn a_thread_open_in_another_tern_gets_the_locked_box_and_r_opens_it_once_free() {
    let Some(f) = E2e::start(
        vec![MockTurn::text("FIRST-WINDOW-ANSWER")],
        Sandbox::Default,
    ) else {
        return;
    };
    let mut first = f.ready(&[], (100, 30));
    first.send(b"hello from the first window\r");
    first.wait_for_text("FIRST-WINDOW-ANSWER", WAIT);
    first.wait_for_text("turn completed", WAIT);
    let mut second = f.spawn(&["resume", "--last"], &[], (100, 30));
    second.wait_for_text("Thread open elsewhere", WAIT);
    second.wait_for_text("is open in another codex", WAIT);
    assert!(
        !second.screen_text().contains("disconnected"),
        "not a dead session"
    );
    first.quit_with(b"\x03\x03\x03", WAIT);
    second.send(b"r");
    second.wait_for_text("Resumed thread", WAIT);
    second.wait_for_text("hello from the first window", WAIT);
    second.quit_with(b"\x03\x03\x03", WAIT);
    drop(f.runtime);
}
