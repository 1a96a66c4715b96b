//! Park a question and answer it later, against the real codex: thread A asks to run a
//! command, the person parks it (`l`), starts thread B with `/new` and finishes a turn there,
//! then approves A's command from the inbox (Ctrl+T) — and A's turn, which waited all along on
//! the server, runs the command and completes.

use crate::support::codex_env::Sandbox;
use crate::support::e2e::{E2e, WAIT};
use crate::support::mock_model::MockTurn;
use std::time::Duration;

/// Longer than tern's burst window (60 ms) between two keys: the pace of a person's separate
/// decisions. This is the input's timing, not a wait for tern.
fn person_pause() {
    std::thread::sleep(Duration::from_millis(150));
}

#[test]
fn a_parked_approval_is_answered_from_the_inbox_after_a_turn_in_another_thread() {
    let Some(f) = E2e::start(
        vec![
            MockTurn::git_status_needing_approval("A-RAN-AND-DONE"),
            MockTurn::Text {
                text: "B-ANSWERED".into(),
                deltas: 3,
            },
        ],
        Sandbox::Default,
    ) else {
        return;
    };
    let mut tern = f.ready(&[("TERN_APPROVAL_READ_GUARD_MS", "0".into())], (110, 40));
    tern.send(b"Check thread A\r");
    tern.wait_for_text("Approval needed", WAIT);
    tern.wait_for_text("l later", WAIT);
    person_pause();
    tern.send(b"l");
    tern.wait_for_text("waiting: 1", WAIT);
    tern.wait_for_text("Ctrl+T inbox", WAIT);
    // A's turn runs on, waiting on the server: /new is not refused.
    person_pause();
    tern.send(b"/new\r");
    tern.wait_for_text("New thread. The previous one stays", WAIT);
    tern.wait_for_text("ready · waiting: 1", WAIT);
    tern.send(b"Hello thread B\r");
    tern.wait_for_text("B-ANSWERED", WAIT);
    tern.wait_for_text("turn completed", WAIT);
    // Only A's command and B's prompt reached the model: A still waits for its answer.
    assert_eq!(f.mock.requests().len(), 2, "{}", f.context());
    // The inbox: A's question, whole; `y` approves it.
    tern.send(b"\x14");
    tern.wait_for_text("Inbox: 1 waiting", WAIT);
    tern.wait_for_text("git status --short", WAIT);
    std::thread::sleep(Duration::from_millis(800));
    tern.send(b"y");
    tern.wait_for_text("Inbox: 0 waiting", WAIT);
    tern.wait_for("the approval recorded", WAIT, |s| s.contains("(thread "));
    // A's turn goes on: the command's output goes to the model, which answers.
    let deadline = std::time::Instant::now() + WAIT;
    while f.mock.requests().len() < 3 && std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    let requests = f.mock.requests();
    assert_eq!(requests.len(), 3, "{}", f.context());
    assert!(
        requests[2].to_string().contains("function_call_output"),
        "{}",
        f.context()
    );
    // Back in A (from the picker): its turn completed with the model's answer.
    tern.send(b"\x1b");
    person_pause();
    tern.send(b"/resume\r");
    tern.wait_for_text("Check thread A", WAIT);
    tern.send(b"Check thread A");
    person_pause();
    tern.send(b"\r");
    tern.wait_for_text("A-RAN-AND-DONE", WAIT);
    tern.quit_with(b"\x03\x03\x03", WAIT);
    drop(f.runtime);
}

/// Two windows on one shared service (`codex app-server --listen ws://`): the second, on a
/// thread of its own, sees the first's thread wait on the board (the server's
/// `thread/status/changed` reaches every connection), joins it (Tab, Enter: `thread/resume`),
/// gets the approval asked again under its own id and approves it; the first window's
/// question leaves, settled elsewhere, and the first's turn completes.
#[test]
fn a_second_window_joins_from_the_board_and_answers_the_first_ones_question() {
    use crate::support::remote_servers::listen_ws;
    const TOKEN: &str = "tern-e2e-token-inbox-2w";
    let Some(f) = E2e::start(
        vec![MockTurn::git_status_needing_approval("A-RAN-AND-DONE")],
        Sandbox::Default,
    ) else {
        return;
    };
    let tokens = f.env.home().join("ws-token");
    std::fs::write(&tokens, format!("{TOKEN}\n")).unwrap();
    let server = listen_ws(&f, &tokens);
    let args = [
        "--remote",
        server.address.as_str(),
        "--remote-token-env",
        "MY_CODEX_WS",
    ];
    let env = [
        ("TERN_APPROVAL_READ_GUARD_MS", "0".into()),
        ("MY_CODEX_WS", TOKEN.into()),
    ];
    let ready = |s: &str| s.contains("ready · mock-model");
    let mut second = f.spawn(&args, &env, (110, 40));
    second.wait_for("the second window ready", WAIT, ready);
    let mut first = f.spawn(&args, &env, (110, 40));
    first.wait_for("the first window ready", WAIT, ready);
    first.send(b"Check thread A\r");
    first.wait_for_text("Approval needed", WAIT);

    second.send(b"/threads\r");
    second.wait_for("the first window's thread waiting", WAIT, |s| {
        s.lines()
            .any(|l| l.contains('│') && l.contains("waiting for you"))
    });
    second.send(b"\t");
    person_pause();
    second.send(b"\r");
    second.wait_for_text("Approval needed", WAIT);
    second.wait_for_text("git status --short", WAIT);
    person_pause();
    second.send(b"y");
    first.wait_for_text("settled elsewhere or withdrawn", WAIT);
    first.wait_for_text("A-RAN-AND-DONE", WAIT);
    let requests = f.mock.requests();
    assert_eq!(requests.len(), 2, "{}", f.context());
    assert!(
        requests[1].to_string().contains("function_call_output"),
        "{}",
        f.context()
    );
    second.quit_with(b"\x03\x03\x03", WAIT);
    first.quit_with(b"\x03\x03\x03", WAIT);
    drop(server);
    drop(f.runtime);
}
