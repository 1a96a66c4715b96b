//! End to end: a model that thinks for 40 s before its first byte, behind the real codex
//! app-server, with tern's own health deadlines (a check after 30 s of silence). The server is
//! quiet, not stuck: tern asks it `thread/loaded/list`, it answers at once, and nothing offers
//! a restart; the answer arrives in its time. (Before, tern called the server "silent — may be
//! stopped or stuck … Ctrl+R restarts it" at 30 s.)

use crate::support::codex_env::Sandbox;
use crate::support::e2e::{E2e, WAIT};
use crate::support::mock_model::MockTurn;
use std::cell::RefCell;
use std::time::{Duration, Instant};

/// How long the model says nothing: past tern's 30 s silence deadline.
const THINKING: Duration = Duration::from_secs(40);

#[test]
fn a_model_quiet_for_forty_seconds_is_waited_for_without_a_restart_offer() {
    let Some(f) = E2e::start(
        vec![MockTurn::Quiet {
            wait: THINKING,
            text: "Thought it over. QUIET-MODEL-OK".into(),
        }],
        Sandbox::Default,
    ) else {
        return;
    };
    // codex's own idle deadline for a model stream must not end the turn first.
    let config = std::fs::read_to_string(f.env.config_path()).unwrap();
    let config = config.replace(
        "stream_idle_timeout_ms = 20000",
        "stream_idle_timeout_ms = 120000",
    );
    std::fs::write(f.env.config_path(), config).unwrap();

    let mut tern = f.ready(&[], (110, 40));
    let sent = Instant::now();
    tern.send(b"Think it over\r");
    tern.wait_for_text("› Think it over", WAIT);
    // Every screen tern drew while waiting is looked at.
    let offered = RefCell::new(None::<String>);
    tern.wait_for(
        "the answer, with no restart offer on the way",
        THINKING + WAIT,
        |screen| {
            let offer = screen.contains("restart")
                || screen.contains("app-server is")
                || screen.contains("app-server does not");
            if offer && offered.borrow().is_none() {
                *offered.borrow_mut() = Some(screen.to_string());
            }
            screen.contains("QUIET-MODEL-OK")
        },
    );
    let waited = sent.elapsed();
    if let Some(screen) = offered.take() {
        panic!(
            "a restart was offered for a healthy server:\n{screen}\n{}",
            f.context()
        );
    }
    assert!(waited >= THINKING, "the model answered after {waited:?}");
    tern.wait_for_text("turn completed", WAIT);
    // The check went out and was answered (the log names each request and answer).
    let log = std::fs::read_to_string(f.logs.path().join("tern.log")).unwrap_or_default();
    assert!(
        log.contains("thread/loaded/list"),
        "no check was sent while the model was quiet:\n{}",
        f.context()
    );
    // The hint bar agreed with Ctrl+C meanwhile: it interrupts a running turn.
    tern.quit_with(b"\x03\x03\x03", WAIT);
    drop(f.runtime);
}
