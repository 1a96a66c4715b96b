//! `/usage`, `/import`, `/rc` and `/daemon` on screen at 80×24 and 120×40: ordinary answers,
//! and answers with escape sequences, bidi controls, carriage returns and very long names in
//! every string shown — shown, never applied.

use crate::support::account_fixtures::*;
use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::json;
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, RequestTag};

fn shots(state: &mut AppState, name: &str, evil: bool, now: Instant) {
    for (width, height) in [(80, 24), (120, 40)] {
        let text = screen(state, width, height, now);
        no_escapes(&text);
        let name = if evil {
            format!("{name}_hostile_{width}x{height}")
        } else {
            format!("{name}_{width}x{height}")
        };
        snapshot!(&name, &text);
    }
}

fn command(state: &mut AppState, text: &str, now: Instant) {
    state.set_draft(text);
    update(state, key(KeyCode::Enter), now);
}

#[test]
fn usage_screens() {
    let now = Instant::now();
    for evil in [false, true] {
        let mut state = ready_state(now);
        update(&mut state, account("chatgpt"), now);
        command(&mut state, "/usage", now);
        for event in usage_events(evil) {
            update(&mut state, event, now);
        }
        shots(&mut state, "usage", evil, now);
        update(&mut state, key(KeyCode::Char('r')), now);
        let text = screen(&mut state, 120, 40, now);
        assert!(text.contains("This spends one reset credit"), "{text}");
    }
}

#[test]
fn import_screens() {
    let now = Instant::now();
    for evil in [false, true] {
        let mut state = ready_state(now);
        command(&mut state, "/import", now);
        update(
            &mut state,
            reply(RequestTag::DetectImport, Ok(detect_answer(evil))),
            now,
        );
        shots(&mut state, "import", evil, now);
        update(&mut state, key(KeyCode::Char('i')), now);
        let text = screen(&mut state, 120, 40, now);
        no_escapes(&text);
        assert!(text.contains("Import all 6 items?"), "{text}");
        update(&mut state, key(KeyCode::Char('y')), now);
        update(
            &mut state,
            reply(RequestTag::StartImport, Ok(json!({"importId": "imp-1"}))),
            now,
        );
        let e = hostile(evil);
        update(
            &mut state,
            notify(
                "externalAgentConfig/import/completed",
                json!({"importId": "imp-1", "itemTypeResults": [
                    import_result("SKILLS", &e("foo"), &e("foo"), None),
                    import_result("SESSIONS", "/h/.claude/projects/-w/abc.jsonl", "019-thread", Some(&e("hello there"))),
                    import_failure("CONFIG", &e("config.toml is not writable")),
                ]}),
            ),
            now,
        );
        update(&mut state, key(KeyCode::End), now);
        shots(&mut state, "import_done", evil, now);
    }
}

#[test]
fn rc_screens() {
    let now = Instant::now();
    for evil in [false, true] {
        let mut state = ready_state(now);
        command(&mut state, "/rc", now);
        update(
            &mut state,
            reply(
                RequestTag::ReadRemoteControl,
                Ok(rc_status("connected", Some("env-1"))),
            ),
            now,
        );
        update(
            &mut state,
            reply(RequestTag::ListRemoteClients, Ok(rc_clients(evil))),
            now,
        );
        update(
            &mut state,
            reply(
                RequestTag::StartPairing,
                Ok(
                    json!({"pairingCode": hostile(evil)("PAIR-123"), "manualPairingCode": "12 34 56",
                          "environmentId": "env-1", "expiresAt": 4_000_000_000_i64}),
                ),
            ),
            now,
        );
        shots(&mut state, "rc", evil, now);
    }
}

#[test]
fn daemon_screens() {
    let now = Instant::now();
    for evil in [false, true] {
        let mut state = ready_state(now);
        state.set_server_binary("/opt/codex");
        command(&mut state, "/daemon", now);
        let output = if evil {
            format!("WARNING: proceeding{EVIL}\nError: failed to connect to /h/.codex/app-server-control/app-server-control.sock{}\n\nStack backtrace:\n   0: <unknown>\n", "x".repeat(300))
        } else {
            "WARNING: proceeding, even though we could not create PATH aliases\nError: failed to connect to /h/.codex/app-server-control/app-server-control.sock\n\nCaused by:\n    No such file or directory (os error 2)\n".to_string()
        };
        update(
            &mut state,
            AppEvent::DaemonRan {
                subcommand: "version".into(),
                result: Err(format!("it failed (exit status: 1):\n{output}")),
            },
            now,
        );
        shots(&mut state, "daemon", evil, now);
    }
}
