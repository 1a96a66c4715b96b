//! End to end with the real `codex app-server`: its process is killed in the middle of a
//! session, tern says so, Ctrl+R starts a new app-server that resumes the same thread, and the
//! next prompt is answered by it.

use crate::support::codex_env::Sandbox;
use crate::support::e2e::{E2e, WAIT};
use crate::support::mock_model::MockTurn;
use std::time::{Duration, Instant};

/// The processes whose parent is `pid`.
fn children(pid: u32) -> Vec<u32> {
    let mut out = Vec::new();
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return out;
    };
    for task in tasks.flatten() {
        let list = std::fs::read_to_string(task.path().join("children")).unwrap_or_default();
        out.extend(
            list.split_whitespace()
                .filter_map(|p| p.parse::<u32>().ok()),
        );
    }
    out
}

/// Every process under `pid`, nearest first.
fn descendants(pid: u32) -> Vec<u32> {
    let mut all = Vec::new();
    let mut next = children(pid);
    while let Some(p) = next.pop() {
        next.extend(children(p));
        all.push(p);
    }
    all
}

/// Whether `pid` was started as an app-server (its command line names `app-server`).
fn serves(pid: u32) -> bool {
    std::fs::read(format!("/proc/{pid}/cmdline"))
        .map(|cmdline| cmdline.split(|b| *b == 0).any(|arg| arg == b"app-server"))
        .unwrap_or(false)
}

/// The pid of the process that really serves: the npm `codex` is a node wrapper around the
/// native binary, so the deepest process under tern whose command line says `app-server`. Not
/// merely the deepest process: codex starts short-lived children of its own (a sandbox helper,
/// git), and under load the test killed one of those instead, leaving the server running.
fn app_server_pid(tern: u32) -> u32 {
    let deadline = Instant::now() + WAIT;
    loop {
        if let Some(pid) = descendants(tern).into_iter().rev().find(|pid| serves(*pid)) {
            return pid;
        }
        assert!(Instant::now() < deadline, "no app-server under tern");
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn a_killed_app_server_is_restarted_with_one_key_and_the_thread_goes_on() {
    let Some(f) = E2e::start(
        vec![
            MockTurn::Text {
                text: "FIRST-ANSWER before the crash".into(),
                deltas: 3,
            },
            MockTurn::Text {
                text: "SECOND-ANSWER after the restart".into(),
                deltas: 3,
            },
        ],
        Sandbox::Default,
    ) else {
        return;
    };
    let mut tern = f.ready(&[("TERN_APPROVAL_READ_GUARD_MS", "0".into())], (110, 40));
    tern.send(b"first question\r");
    tern.wait_for_text("FIRST-ANSWER before the crash", WAIT);
    tern.wait_for_text("turn completed", WAIT);

    let tern_pid = tern.pid().unwrap();
    let server = app_server_pid(tern_pid);
    // SAFETY: kill(2) on a process this test found under its own tern.
    unsafe { libc::kill(server as i32, libc::SIGKILL) };
    tern.wait_for_text("codex app-server stopped", WAIT);
    tern.wait_for_text("SIGKILL", WAIT);
    tern.send(b"draft kept");
    tern.send(b"\x12");
    tern.wait_for_text("resumed.", WAIT);
    let screen = tern.screen_text();
    assert!(
        screen.contains("FIRST-ANSWER"),
        "transcript kept:\n{screen}"
    );
    assert!(screen.contains("draft kept"), "draft kept:\n{screen}");
    assert_ne!(app_server_pid(tern_pid), server, "a new app-server runs");
    // The next prompt goes to the new server, in the same thread.
    tern.send(b"\x15second question\r");
    tern.wait_for_text("SECOND-ANSWER after the restart", WAIT);
    let requests = f.mock.requests();
    assert_eq!(requests.len(), 2);
    let second = requests[1].to_string();
    assert!(
        second.contains("first question") && second.contains("FIRST-ANSWER"),
        "the resumed thread carries the first exchange: {second}"
    );
    tern.quit_with(b"\x03\x03\x03", WAIT);
}

/// The codex service tern is linked to over its socket is killed in the middle of a turn and
/// started again: the line for the lost link claims nothing about the turn, and once tern is
/// back it says what is known — the server had stopped and was started again, and the turn
/// ended with it (not "Turn interrupted", which nobody asked for), with no brackets in brackets.
#[test]
fn a_service_killed_mid_turn_and_started_again_is_reported_as_a_restart() {
    use crate::support::remote_servers::listen_unix;
    let words: Vec<String> = (0..60).map(|i| format!("w{i:02}")).collect();
    let Some(f) = E2e::start(
        vec![MockTurn::Stream {
            text: format!("{} NEVER-FINISHED", words.join(" ")),
            deltas: 61,
            pace: Some(Duration::from_millis(200)),
        }],
        Sandbox::Default,
    ) else {
        return;
    };
    let socket = f.env.home().join("service.sock");
    let service = listen_unix(&f, Some(&socket));
    let url = format!("unix://{}", socket.display());
    let mut tern = f.spawn(
        &["--remote", &url],
        &[("TERN_APPROVAL_READ_GUARD_MS", "0".into())],
        (120, 40),
    );
    tern.wait_for("the thread to be ready", WAIT, |s| {
        s.contains("ready · mock-model")
    });
    tern.send(b"Stream slowly\r");
    tern.wait_for_text("w03", WAIT);
    // The whole service goes (its process group, SIGKILL), mid-turn.
    drop(service);
    tern.wait_for("the reconnecting bar", WAIT, |s| {
        s.contains("connection lost — reconnecting (attempt 2)")
    });
    let lost = tern.screen_text();
    assert!(lost.contains("Connection lost: "), "{lost}");
    assert!(!lost.contains("goes on on the server"), "{lost}");
    let _ = std::fs::remove_file(&socket);
    let _service = listen_unix(&f, Some(&socket));
    tern.wait_for("the thread back on the new server", WAIT, |s| {
        s.contains("the server had stopped and was started again")
            && s.contains("The turn ended: the server stopped while it ran.")
    });
    let screen = tern.screen_text();
    assert!(!screen.contains("Turn interrupted"), "{screen}");
    assert!(!screen.contains("NEVER-FINISHED"), "{screen}");
    let back = screen
        .lines()
        .find(|l| l.contains("Reconnected after"))
        .unwrap_or_default();
    assert!(
        !back.contains("(the link"),
        "no bracket around the reason: {back}"
    );
    tern.quit_with(b"\x03\x03\x03", WAIT);
}
