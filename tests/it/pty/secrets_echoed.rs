//! Secrets a hostile server echoes are never shown, exported or printed (issue 31 item 4): the
//! API key just sent comes back in a login error, in a 401 body quoting the `authorization`
//! header and in an answer; the screen, the `/export` file, the log and everything tern
//! printed (after exit included) hold `[redacted]` instead. The official TUI shows such a key
//! in clear.

use crate::support::fake_server::{step, FakeServer};
use serde_json::json;
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(20);
const KEY: &str = "sk-echo-SECRET-4242-abcdefghij";

#[test]
fn a_key_echoed_by_the_server_is_masked_on_screen_in_the_export_and_at_exit() {
    let failed_401 = format!(
        "unexpected status 401 Unauthorized: {{\"request\": {{\"authorization\": \"Bearer {KEY}\"}}}}"
    );
    let fake = FakeServer::new(&[
        json!({"on": "account/read", "reply": {"account": null, "userId": null,
            "requiresOpenaiAuth": true, "workspaceRouting": null}}),
        json!({"on": "account/login/start", "reply": {"type": "apiKey"}}),
        step::wait("account/login/start"),
        step::notify(
            "account/login/completed",
            json!({"loginId": null, "success": false, "onboardingEntrypoint": null,
                   "error": format!("Incorrect API key provided: {KEY}")}),
        ),
        step::wait("account/login/start"),
        json!({"on": "account/read", "reply": {"account": {"type": "apiKey"},
            "requiresOpenaiAuth": true}}),
        step::notify(
            "account/login/completed",
            json!({"loginId": null, "success": true, "error": null, "onboardingEntrypoint": null}),
        ),
        step::notify(
            "account/updated",
            json!({"authMode": "apikey", "planType": null, "reason": null}),
        ),
        step::wait("turn/start"),
        step::agent_message(
            "m1",
            &format!("ECHO-START the key you use is {KEY} ECHO-END"),
        ),
        step::notify(
            "error",
            json!({"error": {"message": failed_401, "codexErrorInfo": null,
                   "additionalDetails": null},
                   "willRetry": false, "threadId": "{{thread}}", "turnId": "{{turn}}"}),
        ),
        step::turn_completed(),
    ]);
    let mut tern = fake.spawn_tern(&[], (120, 40));
    tern.wait_for_text("Sign in to codex", WAIT);
    tern.wait_for_text("Keys here only pick a way in", WAIT);
    tern.send(b"3");
    tern.wait_for_text("Use an OpenAI API key", WAIT);
    tern.send(format!("{KEY}\r").as_bytes());
    tern.wait_for_text("Incorrect API key provided: [redacted]", WAIT);
    tern.send(b"3");
    tern.wait_for_text("Use an OpenAI API key", WAIT);
    tern.send(format!("{KEY}\r").as_bytes());
    tern.wait_for_text("Signed in with an API key.", WAIT);
    tern.send(b"hello\r");
    tern.wait_for_text("ECHO-END", WAIT);
    tern.wait_for_text("Bearer [redacted]", WAIT);
    let shown = tern.screen_text();
    assert!(shown.contains("the key you use is [redacted]"), "{shown}");
    assert!(!shown.contains("SECRET-4242"), "{shown}");
    // Exported: the file holds the mask too.
    let export = fake.dir.path().join("conversation.md");
    tern.send(format!("/export {}\r", export.display()).as_bytes());
    let deadline = Instant::now() + WAIT;
    let text = loop {
        match std::fs::read_to_string(&export) {
            Ok(text) if text.contains("ECHO-END") => break text,
            _ if Instant::now() > deadline => panic!("no export at {}", export.display()),
            _ => std::thread::sleep(Duration::from_millis(50)),
        }
    };
    assert!(text.contains("[redacted]"), "{text}");
    assert!(!text.contains("SECRET-4242"), "{text}");
    tern.quit_with(b"\x03\x03\x03", WAIT);
    let printed = String::from_utf8_lossy(&tern.raw_output()).into_owned();
    assert!(!printed.contains("SECRET-4242"), "printed:\n{printed}");
    for entry in std::fs::read_dir(fake.dir.path().join("logs")).unwrap() {
        let log = std::fs::read_to_string(entry.unwrap().path()).unwrap_or_default();
        assert!(!log.contains("SECRET-4242"), "log:\n{log}");
    }
    // What tern sent is the key itself, twice: masking is for what it shows.
    let sent = fake
        .recorded()
        .into_iter()
        .filter(|m| m["method"] == "account/login/start")
        .count();
    assert_eq!(sent, 2);
}
