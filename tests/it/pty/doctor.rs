//! `tern doctor` in the real binary, against the hostile fake app-server: it names the codex
//! binary and how it was found, tern's settings, codex's settings and the layer each came
//! from, the server's version, the sign-in (the email
//! shortened) and the terminal as it answered; nothing hostile reaches the output, and no
//! secret from the environment does.

use crate::support::fake_server::{leaked, payload, FakeServer};
use crate::support::pty::PtySession;
use serde_json::json;
use std::ffi::OsString;
use std::path::Path;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(20);

#[test]
fn tern_doctor_prints_what_a_bug_report_needs() {
    let fake = FakeServer::new(&[
        json!({"on": "initialize", "reply": {
            "userAgent": format!("tern/0.171.0 (Debian 12; x86_64) xterm{} (tern; 0.1.0)", payload("ua")),
            "codexHome": "/fake/.codex", "platformFamily": "unix", "platformOs": "linux"}}),
        json!({"on": "account/read", "reply": {
            "account": {"type": "chatgpt", "email": "ada.lovelace@example.com", "planType": "plus"},
            "userId": null, "requiresOpenaiAuth": true, "workspaceRouting": null}}),
        json!({"on": "config/read", "reply": {
            "config": {"model": format!("gpt-x{}", payload("model")),
                       "openai_base_url": "https://ada:pw-doctor-secret-77@proxy.example/v1"},
            "origins": {
                "model": {"name": {"type": "user", "file": format!("/fake/.codex/config.toml{}", payload("origin")), "profile": null}, "version": "1"},
                "openai_base_url": {"name": {"type": "project", "dotCodexFolder": "/work/.codex"}, "version": "1"}
            },
            "layers": null}}),
    ]);
    let mut env = fake.env();
    env.push(("OPENAI_API_KEY", OsString::from("sk-doctor-secret-424242")));
    let mut tern = PtySession::spawn(
        Path::new(env!("CARGO_BIN_EXE_tern")),
        &["doctor"],
        &env,
        &fake.work_dir(),
        (120, 60),
    );
    assert_eq!(tern.wait_exit_code(WAIT), 0);
    let raw = tern.raw_output();
    let text = String::from_utf8_lossy(&raw).replace("\r\n", "\n");
    for part in [
        "codex binary",
        "found by",
        "TERN_CODEX_BIN",
        "tern's settings",
        "codex's settings",
        "user config (/fake/.codex/config.toml",
        "project config (/work/.codex)",
        "codex's defaults  model_provider,",
        "codex app-server",
        "0.171.0 (tested)",
        "Sign-in",
        "with ChatGPT as a…@example.com (Plus plan)",
        "Terminal",
        "keyboard",
        "legacy",
        "colours",
        "OSC 52",
    ] {
        assert!(text.contains(part), "{part} missing from:\n{text}");
    }
    assert!(
        !text.contains("ada.lovelace"),
        "the email is shortened:\n{text}"
    );
    assert!(!text.contains("sk-doctor-secret"), "no secret:\n{text}");
    assert!(
        !text.contains("pw-doctor-secret"),
        "no password in a URL:\n{text}"
    );
    assert!(
        !text.contains("images"),
        "no image protocol was answered:\n{text}"
    );
    // tern's own questions to the terminal are string controls too: only they may be there.
    let own = tern::doctor::terminal::QUERIES.as_bytes();
    let at = raw
        .windows(own.len())
        .position(|w| w == own)
        .expect("the terminal was asked");
    let without_queries = [&raw[..at], &raw[at + own.len()..]].concat();
    assert_eq!(leaked(&without_queries), Vec::<String>::new());
    let sent: Vec<String> = fake
        .recorded()
        .iter()
        .filter_map(|m| m["method"].as_str().map(str::to_string))
        .collect();
    assert_eq!(
        sent,
        ["initialize", "initialized", "account/read", "config/read"]
    );
}
