//! Inline mode (`--inline`) in a terminal that keeps scrollback: finished cells go to the
//! terminal's own history once each and in order, across a resize mid-stream, and the
//! conversation stays there after tern exits.

use crate::support::fake_server::{step, tern_bin, FakeServer};
use crate::support::pty::PtySession;
use serde_json::{json, Value};
use std::ffi::OsString;
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(30);

pub(super) fn delta(text: &str) -> Value {
    json!({"method": "item/agentMessage/delta", "params": {"threadId": "{{thread}}",
           "turnId": "{{turn}}", "itemId": "long", "delta": text}})
}

/// The lines that end with `what` (a line of the answer once, wherever it was written).
pub(super) fn positions(lines: &[String], what: &str) -> Vec<usize> {
    lines
        .iter()
        .enumerate()
        .filter(|(_, line)| line.ends_with(what))
        .map(|(i, _)| i)
        .collect()
}

/// Each of `count` numbered lines `{prefix} {n}` is in `lines` exactly once, in order, after
/// `after`; returns where the last one is.
fn once_in_order(lines: &[String], prefix: &str, count: usize, after: usize) -> usize {
    let mut last = after;
    for n in 0..count {
        let found = positions(lines, &format!("{prefix} {n}"));
        assert_eq!(
            found.len(),
            1,
            "`{prefix} {n}` is in the terminal {} times:\n{}",
            found.len(),
            lines.join("\n")
        );
        assert!(
            found[0] > last || (n == 0 && found[0] >= last),
            "`{prefix} {n}` out of order"
        );
        last = found[0];
    }
    last
}

/// Waits until the last frame tern wrote is whole in the terminal (it ends its synchronized
/// update). tern paints the live area with autowrap off, so a frame still on its way when a
/// terminal narrows is cut at the edge; vt100 ignores autowrap-off (DECAWM) and would wrap
/// the frame's full-width rows, which no real terminal with DECAWM does.
pub(super) fn wait_for_whole_frame(tern: &PtySession) {
    tern.wait_for_raw("a whole frame", WAIT, |raw| raw.ends_with(b"\x1b[?2026l"));
}

#[test]
fn a_300_line_answer_with_a_resize_mid_stream_is_in_scrollback_once_in_order_and_stays() {
    let first: String = (0..150).map(|n| format!("- first {n}\n")).collect();
    let second: String = (0..150).map(|n| format!("- second {n}\n")).collect();
    let fake = FakeServer::new(&[
        step::wait("turn/start"),
        step::item(
            "started",
            json!({"type": "agentMessage", "id": "long", "text": ""}),
        ),
        json!({"flood": delta("- first {{n}}\n"), "count": 150}),
        // The test resizes the terminal while the answer is half way.
        json!({"sleep_ms": 1500}),
        json!({"flood": delta("- second {{n}}\n"), "count": 150}),
        step::agent_message("long", &format!("{first}{second}")),
        step::turn_completed(),
    ]);
    let mut tern = fake.spawn_tern(&["--inline"], (100, 30));
    tern.wait_for_text("fake-model", WAIT);
    assert!(
        !tern.alternate_screen(),
        "inline mode stays on the main screen"
    );
    tern.send(b"tell me a long story\r");
    tern.wait_for_text("first 149", WAIT);
    wait_for_whole_frame(&tern);
    tern.resize(80, 30);
    tern.wait_for_text("turn completed", WAIT);
    let lines = tern.scrollback_and_screen();
    let prompt = positions(&lines, "tell me a long story");
    assert_eq!(prompt.len(), 1, "the prompt once:\n{}", lines.join("\n"));
    let end = once_in_order(&lines, "first", 150, prompt[0]);
    once_in_order(&lines, "second", 150, end);
    // Ctrl+C twice on an empty composer quits; the conversation stays in the terminal.
    tern.quit_with(b"\x03\x03\x03", WAIT);
    let after = tern.scrollback_and_screen();
    let end = once_in_order(&after, "first", 150, 0);
    once_in_order(&after, "second", 150, end);
    assert!(
        !after
            .iter()
            .any(|line| line.contains('╭') || line.contains('╰')),
        "the live area (the composer's box) was cleared on the way out:\n{}",
        after.join("\n")
    );
}

#[test]
fn a_command_whose_output_grows_while_running_is_written_once_when_it_ends() {
    let command = |status: &str, output: Value| {
        json!({"type": "commandExecution", "id": "cmd", "command": "./grow.sh", "cwd": "{{cwd}}",
               "status": status, "commandActions": [], "aggregatedOutput": output,
               "exitCode": if status == "completed" { json!(0) } else { Value::Null },
               "durationMs": null})
    };
    let output = |n: usize| {
        json!({"method": "item/commandExecution/outputDelta", "params": {"threadId": "{{thread}}",
               "turnId": "{{turn}}", "itemId": "cmd", "delta": format!("grown line {n}\n")}})
    };
    let mut steps = vec![
        step::wait("turn/start"),
        step::item("started", command("inProgress", Value::Null)),
    ];
    for n in 0..6 {
        steps.push(step::send(output(n)));
        steps.push(json!({"sleep_ms": 150}));
    }
    let all: String = (0..6).map(|n| format!("grown line {n}\n")).collect();
    steps.push(step::item("completed", command("completed", json!(all))));
    steps.push(step::agent_message("after", "the command is done"));
    steps.push(step::turn_completed());
    let fake = FakeServer::new(&steps);
    let mut tern = fake.spawn_tern(&["--inline", "--no-mouse"], (100, 30));
    tern.wait_for_text("fake-model", WAIT);
    tern.send(b"grow\r");
    tern.wait_for_text("grown line 2", WAIT);
    tern.wait_for_text("turn completed", WAIT);
    let lines = tern.scrollback_and_screen();
    assert_eq!(
        positions(&lines, "./grow.sh").len(),
        1,
        "{}",
        lines.join("\n")
    );
    let done = positions(&lines, "the command is done");
    assert_eq!(done.len(), 1, "{}", lines.join("\n"));
    tern.quit_with(b"\x03\x03\x03", WAIT);
}

/// The terminal comes back as tern found it when a signal ends an inline session: main
/// screen, cursor shown, cooked mode, no live area left over.
#[test]
fn sigterm_restores_the_terminal_and_leaves_the_conversation() {
    let fake = FakeServer::new(&[
        step::wait("turn/start"),
        step::agent_message("m", "an answer that must stay"),
        step::turn_completed(),
    ]);
    let mut tern: PtySession = fake.spawn_tern(&["--inline"], (100, 30));
    tern.wait_for_text("fake-model", WAIT);
    tern.send(b"hi\r");
    tern.wait_for_text("turn completed", WAIT);
    let pid = tern.pid().expect("tern's pid");
    // SAFETY: kill has no memory preconditions.
    unsafe { libc::kill(pid as i32, libc::SIGTERM) };
    tern.wait_exit_code(WAIT);
    assert!(!tern.alternate_screen());
    assert!(!tern.cursor_hidden(), "the cursor is shown again");
    assert!(tern.cooked(), "the terminal is back in cooked mode");
    let lines = tern.scrollback_and_screen();
    assert_eq!(positions(&lines, "an answer that must stay").len(), 1);
    assert!(
        !lines.iter().any(|line| line.contains('╭')),
        "{}",
        lines.join("\n")
    );
}

/// The terminal's cursor stays hidden, parked at the live area's top (so a terminal that
/// reflows lines on a resize cannot shift where the next frame starts); a search bar that
/// places a cursor gets a reversed cell instead.
#[test]
fn a_search_bar_shows_its_cursor_as_a_reversed_cell_and_the_terminals_stays_hidden() {
    let fake = FakeServer::new(&[]);
    let mut tern = fake.spawn_tern(&["--inline"], (100, 30));
    tern.wait_for_text("fake-model", WAIT);
    tern.send(b"\x12");
    tern.wait_for_text("history:", WAIT);
    let screen = tern.screen_text();
    let (row, line) = screen
        .lines()
        .enumerate()
        .find(|(_, line)| line.contains("history:"))
        .expect("the history search bar");
    let at = line.find("history:").unwrap();
    let col = line[..at].chars().count() + "history: ".len();
    assert!(
        tern.reversed_at(row as u16, col as u16),
        "the cell after `history: ` is reversed:\n{screen}"
    );
    assert!(tern.cursor_hidden(), "the terminal's cursor is hidden");
    tern.send(b"\x1b");
    tern.quit_with(b"\x03\x03\x03", WAIT);
}

/// A panic (the test hook on F12) restores the terminal inline too: main screen, cursor
/// shown, cooked mode, the live area gone and what was written still in the scrollback.
#[test]
fn a_panic_restores_the_terminal_and_leaves_the_conversation() {
    let fake = FakeServer::new(&[
        step::wait("turn/start"),
        step::agent_message("m", "an answer written before the panic"),
        step::turn_completed(),
    ]);
    let mut env = fake.env();
    env.push(("TERN_TEST_PANIC_ON_F12", OsString::from("1")));
    let mut tern = PtySession::spawn(tern_bin(), &["--inline"], &env, &fake.work_dir(), (100, 30));
    tern.wait_for_text("fake-model", WAIT);
    tern.send(b"hi\r");
    tern.wait_for_text("turn completed", WAIT);
    tern.send(b"\x1b[24~");
    assert_eq!(tern.wait_exit_code(WAIT), 101, "a panic ends with 101");
    assert!(!tern.alternate_screen());
    assert!(!tern.cursor_hidden(), "the cursor is shown again");
    assert!(tern.cooked(), "the terminal is back in cooked mode");
    let lines = tern.scrollback_and_screen();
    assert_eq!(
        positions(&lines, "an answer written before the panic").len(),
        1,
        "{}",
        lines.join("\n")
    );
    assert!(
        !lines.iter().any(|line| line.contains('╭')),
        "the live area was cleared:\n{}",
        lines.join("\n")
    );
}

/// Full screen with `print_on_exit = true`: the conversation is printed on the main screen
/// once the alternate screen is left, so the terminal keeps it.
#[test]
fn print_on_exit_prints_the_conversation_after_the_full_screen_is_left() {
    let fake = FakeServer::new(&[
        step::wait("turn/start"),
        step::agent_message("m", "an answer to keep\n\n- a point\n- another point"),
        step::turn_completed(),
    ]);
    let config = fake.dir.path().join("config");
    std::fs::create_dir_all(config.join("tern")).unwrap();
    std::fs::write(config.join("tern/config.toml"), "print_on_exit = true\n").unwrap();
    let mut env = fake.env();
    env.push(("XDG_CONFIG_HOME", config.into_os_string()));
    let mut tern = PtySession::spawn(tern_bin(), &[], &env, &fake.work_dir(), (100, 30));
    tern.wait_for_text("fake-model", WAIT);
    assert!(tern.alternate_screen(), "full screen is the default");
    tern.send(b"keep this\r");
    tern.wait_for_text("turn completed", WAIT);
    tern.quit_with(b"\x03\x03\x03", WAIT);
    let lines = tern.scrollback_and_screen();
    let prompt = positions(&lines, "keep this");
    assert_eq!(prompt.len(), 1, "the prompt once:\n{}", lines.join("\n"));
    let answer = positions(&lines, "an answer to keep");
    assert_eq!(answer.len(), 1, "{}", lines.join("\n"));
    let another = positions(&lines, "another point");
    assert_eq!(another.len(), 1, "{}", lines.join("\n"));
    assert!(prompt[0] < answer[0] && answer[0] < another[0], "in order");
}

/// A view larger than the live area (help, a box over the transcript) opened and closed while
/// an answer streams: it gets the alternate screen, and the main screen comes back with the
/// scrollback untouched — every line of the answer still once, in order.
#[test]
fn a_view_opened_and_closed_mid_turn_uses_the_alternate_screen_and_loses_no_line() {
    let first: String = (0..100).map(|n| format!("- first {n}\n")).collect();
    let second: String = (0..100).map(|n| format!("- second {n}\n")).collect();
    let fake = FakeServer::new(&[
        step::wait("turn/start"),
        step::item(
            "started",
            json!({"type": "agentMessage", "id": "long", "text": ""}),
        ),
        json!({"flood": delta("- first {{n}}\n"), "count": 100}),
        // The test opens and closes help while the answer is half way.
        json!({"sleep_ms": 1500}),
        json!({"flood": delta("- second {{n}}\n"), "count": 100}),
        step::agent_message("long", &format!("{first}{second}")),
        step::turn_completed(),
    ]);
    let mut tern = fake.spawn_tern(&["--inline"], (100, 30));
    tern.wait_for_text("fake-model", WAIT);
    tern.send(b"an answer with help in the middle\r");
    tern.wait_for_text("first 99", WAIT);
    tern.send(b"\x1bOP");
    tern.wait_for_alternate_screen(true, WAIT);
    tern.wait_for_text("this help", WAIT);
    tern.send(b"\x1b");
    tern.wait_for_alternate_screen(false, WAIT);
    tern.wait_for_text("turn completed", WAIT);
    let lines = tern.scrollback_and_screen();
    let prompt = positions(&lines, "an answer with help in the middle");
    assert_eq!(prompt.len(), 1, "the prompt once:\n{}", lines.join("\n"));
    let end = once_in_order(&lines, "first", 100, prompt[0]);
    once_in_order(&lines, "second", 100, end);
    assert!(
        !lines.iter().any(|line| line.contains("this help")),
        "help stayed in the alternate screen:\n{}",
        lines.join("\n")
    );
    tern.quit_with(b"\x03\x03\x03", WAIT);
}

/// `/screen` switches modes in a session and keeps the conversation: inline to full screen
/// (the alternate screen, the mouse taken) and back, where what was said meanwhile is written
/// into the scrollback after what was already there, each answer once.
#[test]
fn slash_screen_switches_modes_and_keeps_the_conversation() {
    let fake = FakeServer::new(&[
        step::wait("turn/start"),
        step::agent_message("a1", "the first answer"),
        step::turn_completed(),
        step::wait("turn/start"),
        step::agent_message("a2", "the second answer"),
        step::turn_completed(),
    ]);
    let mut tern = fake.spawn_tern(&["--inline"], (100, 30));
    tern.wait_for_text("fake-model", WAIT);
    assert!(
        !tern.mouse_reporting(),
        "inline leaves the mouse to the terminal"
    );
    tern.send(b"one\r");
    tern.wait_for_text("the first answer", WAIT);
    tern.wait_for_text("turn completed", WAIT);
    tern.send(b"/screen fullscreen\r");
    tern.wait_for_alternate_screen(true, WAIT);
    tern.wait_for_text("the first answer", WAIT);
    assert!(tern.mouse_reporting(), "full screen takes the mouse");
    tern.send(b"two\r");
    tern.wait_for_text("the second answer", WAIT);
    tern.send(b"/screen\r");
    tern.wait_for_alternate_screen(false, WAIT);
    tern.wait_for_text("the second answer", WAIT);
    assert!(!tern.mouse_reporting(), "inline again: no mouse reporting");
    let lines = tern.scrollback_and_screen();
    let first = positions(&lines, "the first answer");
    let second = positions(&lines, "the second answer");
    assert_eq!(first.len(), 1, "{}", lines.join("\n"));
    assert_eq!(second.len(), 1, "{}", lines.join("\n"));
    assert!(first[0] < second[0], "in order:\n{}", lines.join("\n"));
    tern.quit_with(b"\x03\x03\x03", WAIT);
    let after = tern.scrollback_and_screen();
    assert_eq!(positions(&after, "the second answer").len(), 1);
}

/// Resuming a thread inline writes its last 50 turns into the scrollback, once each and in
/// order, and none older (they would land after newer ones). The demo's long thread has 120.
#[test]
fn resuming_a_thread_writes_its_last_50_turns_once_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let env = vec![("TERN_LOG_DIR", OsString::from(dir.path()))];
    let args = ["--demo", "--inline", "resume"];
    let mut tern = PtySession::spawn(tern_bin(), &args, &env, dir.path(), (100, 30));
    tern.wait_for_text("Renderer refactor", WAIT);
    tern.send(b"render");
    tern.wait_for("the filter to narrow the list", WAIT, |s| {
        s.contains("Filter: render") && !s.contains("Explain the event loop")
    });
    tern.send(b"\r");
    tern.wait_for_alternate_screen(false, WAIT);
    let deadline = Instant::now() + WAIT;
    while positions(&tern.scrollback_and_screen(), "Step 120: what next?").is_empty() {
        assert!(Instant::now() < deadline, "{}", tern.screen_text());
        std::thread::sleep(Duration::from_millis(20));
    }
    tern.quit_with(b"\x03\x03", WAIT);
    let lines = tern.scrollback_and_screen();
    // Step 71 may be the scrollback's very first line.
    let mut last = None;
    for step in 71..=120 {
        let found = positions(&lines, &format!("Step {step}: what next?"));
        assert_eq!(found.len(), 1, "step {step}:\n{}", lines.join("\n"));
        assert!(last < Some(found[0]), "step {step} out of order");
        last = Some(found[0]);
    }
    assert!(
        positions(&lines, "Step 70: what next?").is_empty(),
        "older turns stay out of the scrollback:\n{}",
        lines.join("\n")
    );
}
