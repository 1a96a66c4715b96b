//! The real tern binary in a pseudo-terminal against the hostile fake app-server: a server that
//! never answers `initialize`, one that stops (SIGSTOP), one that closes its stdout and one that
//! dies. Each time tern says what happened, keeps what was typed, and Ctrl+R starts a new server
//! and resumes the same thread (`thread/resume`), after which the session goes on.
//!
//! The fake reads its script when it starts, so a test rewrites the script before pressing
//! Ctrl+R: the second server plays a well-behaved session.

use crate::support::fake_server::{leaked, step, tern_bin, FakeServer};
use crate::support::pty::PtySession;
use serde_json::{json, Value};
use std::ffi::OsString;
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(20);
const CTRL_R: &[u8] = b"\x12";

/// tern against `fake`, with the health deadlines shortened to half a second (and a second
/// for the check on a quiet server to be answered).
fn spawn(fake: &FakeServer) -> PtySession {
    let mut env = fake.env();
    env.push(("TERN_INIT_TIMEOUT_MS", OsString::from("500")));
    env.push(("TERN_SILENCE_TIMEOUT_MS", OsString::from("500")));
    env.push(("TERN_PROBE_TIMEOUT_MS", OsString::from("1000")));
    PtySession::spawn(tern_bin(), &[], &env, &fake.work_dir(), (110, 30))
}

/// The next server plays `steps` instead.
fn rescript(fake: &FakeServer, steps: &[Value]) {
    let script: String = steps.iter().map(|s| format!("{s}\n")).collect();
    std::fs::write(fake.script_path(), script).unwrap();
}

/// A well-behaved second server: answers the next turn.
fn answering_server(fake: &FakeServer, answer: &str) {
    rescript(
        fake,
        &[
            step::wait("turn/start"),
            step::agent_message("msg-2", answer),
            step::turn_completed(),
        ],
    );
}

/// Waits until the process `pid` is gone (killed and reaped by tern).
fn wait_gone(pid: u32) {
    let deadline = Instant::now() + WAIT;
    while std::path::Path::new(&format!("/proc/{pid}")).exists() {
        assert!(Instant::now() < deadline, "process {pid} still exists");
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn count_method(fake: &FakeServer, method: &str) -> usize {
    fake.recorded()
        .iter()
        .filter(|m| m["method"] == method)
        .count()
}

/// After Ctrl+R: the thread is resumed on the new server and a prompt gets its answer.
fn restart_resumes_and_goes_on(fake: &FakeServer, tern: &mut PtySession) {
    answering_server(fake, "answer from the second server");
    tern.send(CTRL_R);
    tern.wait_for_text("thread thr-fake resumed", WAIT);
    let resume = fake.wait_method("thread/resume", WAIT);
    assert_eq!(resume["params"]["threadId"], "thr-fake");
    tern.send(b"\x15after restart\r");
    tern.wait_for_text("answer from the second server", WAIT);
    tern.quit_with(b"\x03\x03\x03", WAIT);
}

#[test]
fn a_server_that_never_answers_initialize_is_explained_and_the_prompt_kept() {
    let fake = FakeServer::new(&[json!({"on": "initialize", "ignore": true})]);
    let mut tern = spawn(&fake);
    fake.wait_method("initialize", WAIT);
    tern.send(b"typed while connecting\r");
    tern.wait_for_text("has not answered `initialize`", WAIT);
    tern.wait_for_text("tern-fake-app-server", WAIT);
    tern.wait_for_text("codex app-server?", WAIT);
    // Ctrl+R: a new server that answers; the prompt typed meanwhile is back in the composer.
    rescript(
        &fake,
        &[
            step::wait("turn/start"),
            step::agent_message("m", "answered at last"),
            step::turn_completed(),
        ],
    );
    tern.send(CTRL_R);
    tern.wait_for_text("fake-model", WAIT);
    assert_eq!(count_method(&fake, "initialize"), 2);
    assert_eq!(count_method(&fake, "turn/start"), 0, "nothing sent unasked");
    tern.send(b"\r");
    let turn = fake.wait_method("turn/start", WAIT);
    assert_eq!(turn["params"]["input"][0]["text"], "typed while connecting");
    tern.wait_for_text("answered at last", WAIT);
    tern.quit_with(b"\x03\x03\x03", WAIT);
}

#[test]
fn leaving_while_connecting_prints_what_was_not_sent() {
    let fake = FakeServer::new(&[json!({"on": "initialize", "ignore": true})]);
    let mut tern = spawn(&fake);
    fake.wait_method("initialize", WAIT);
    tern.send(b"queued prompt\r");
    tern.send(b"a draft");
    tern.wait_for_text("a draft", WAIT);
    // Leaving with the draft still in the composer (Ctrl+C would clear it into the history
    // first): the terminal closing, say.
    let pid = tern.pid().expect("tern's pid") as i32;
    // SAFETY: a signal to the process this test started.
    unsafe { libc::kill(pid, libc::SIGHUP) };
    tern.wait_exit(WAIT);
    tern.wait_for_text("── not sent ──", WAIT);
    let text = tern.screen_text();
    assert!(text.contains("queued prompt"), "{text}");
    assert!(text.contains("a draft"), "{text}");
}

#[test]
fn a_stopped_server_is_named_with_its_pid_and_ctrl_r_replaces_it() {
    let fake = FakeServer::new(&[step::wait("turn/start"), json!({"signal": "STOP"})]);
    let mut tern = spawn(&fake);
    tern.wait_for_text("fake-model", WAIT);
    tern.send(b"go\r");
    tern.wait_for_text("codex app-server is stopped", WAIT);
    tern.wait_for_text("kill -CONT", WAIT);
    let text = tern.screen_text();
    let pid: u32 = text
        .split("(pid ")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no pid on screen:\n{text}"));
    let state = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    assert!(
        state.contains(") T "),
        "the named pid is the stopped server: {state}"
    );
    answering_server(&fake, "answer from the second server");
    tern.send(CTRL_R);
    tern.wait_for_text("thread thr-fake resumed", WAIT);
    // The stopped server was killed and reaped, not left behind.
    wait_gone(pid);
    fake.wait_method("thread/resume", WAIT);
    tern.send(b"again\r");
    tern.wait_for_text("answer from the second server", WAIT);
    tern.quit_with(b"\x03\x03\x03", WAIT);
}

#[test]
fn a_server_that_closes_stdout_is_reported_and_restarted() {
    let fake = FakeServer::new(&[step::wait("turn/start"), json!({"close_stdout": true})]);
    let mut tern = spawn(&fake);
    tern.wait_for_text("fake-model", WAIT);
    tern.send(b"go\r");
    tern.wait_for_text("codex app-server stopped", WAIT);
    tern.wait_for_text("closed its output", WAIT);
    restart_resumes_and_goes_on(&fake, &mut tern);
}

#[test]
fn a_server_that_dies_is_reported_sanitised_and_restarted_keeping_the_draft() {
    let fake = FakeServer::new(&[
        step::wait("turn/start"),
        step::agent_message("m1", "said before dying"),
        json!({"stderr": "fatal: \u{1b}]0;PWNED-TITLE\u{7}disk on fire\n"}),
        json!({"exit": 3}),
    ]);
    let mut tern = spawn(&fake);
    tern.wait_for_text("fake-model", WAIT);
    // Only what comes after startup is checked for the payload.
    let start = tern.raw_output().len();
    tern.send(b"go\r");
    tern.wait_for_text("exit status: 3", WAIT);
    tern.wait_for_text("disk on fire", WAIT);
    tern.send(b"half typed");
    tern.wait_for_text("half typed", WAIT);
    assert_eq!(leaked(&tern.raw_output()[start..]), Vec::<String>::new());
    answering_server(&fake, "answer from the second server");
    tern.send(CTRL_R);
    tern.wait_for_text("thread thr-fake resumed", WAIT);
    let text = tern.screen_text();
    assert!(
        text.contains("said before dying"),
        "transcript kept:\n{text}"
    );
    assert!(text.contains("half typed"), "draft kept:\n{text}");
    tern.send(b"\r");
    let turn = fake.wait_recorded("the draft as the next turn", WAIT, |l| {
        l.contains("turn/start") && l.contains("half typed")
    });
    assert!(turn.contains("thr-fake"));
    tern.wait_for_text("answer from the second server", WAIT);
    tern.quit_with(b"\x03\x03\x03", WAIT);
}

#[test]
fn the_log_is_private_and_holds_no_secrets() {
    use std::os::unix::fs::MetadataExt;
    let fake = FakeServer::new(&[
        json!({"stderr": "request failed: Authorization: Bearer sk-live-SECRET1\n"}),
        json!({"stderr": "env OPENAI_API_KEY=sk-live-SECRET2 GITHUB_TOKEN=ghp_SECRET3\n"}),
        step::wait("turn/start"),
        json!({"exit": 1}),
    ]);
    let mut env = fake.env();
    env.push(("TERN_LOG", OsString::from("debug")));
    let mut tern = PtySession::spawn(tern_bin(), &[], &env, &fake.work_dir(), (110, 30));
    tern.wait_for_text("fake-model", WAIT);
    tern.send(b"go\r");
    tern.wait_for_text("exit status: 1", WAIT);
    tern.send(b"\x03\x03\x03");
    tern.wait_exit(WAIT);
    let path = fake.dir.path().join("logs").join("tern.log");
    let log = std::fs::read_to_string(&path).unwrap();
    assert!(
        log.contains("request failed"),
        "the stderr lines are logged: {log}"
    );
    for secret in ["SECRET1", "SECRET2", "SECRET3"] {
        assert!(!log.contains(secret), "{secret} in the log:\n{log}");
    }
    assert!(log.contains("[redacted]"));
    assert_eq!(
        std::fs::metadata(&path).unwrap().mode() & 0o777,
        0o600,
        "the log is private"
    );
}
