//! Inline mode streams an answer's finished blocks into the terminal's scrollback as they
//! finish (newline-gated, as the official TUI does): the open tail stays in the live area, a
//! code block goes only once closed, and every line is there once and in order, across a
//! resize mid-stream.

use super::inline::{delta, positions};
use crate::support::fake_server::{step, FakeServer};
use crate::support::pty::PtySession;
use serde_json::json;
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(30);

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
        assert!(found[0] > last, "`{prefix} {n}` out of order");
        last = found[0];
    }
    last
}

/// Waits until `check` holds for the terminal's scrollback and screen.
fn wait_for_lines(tern: &PtySession, what: &str, check: impl Fn(&[String]) -> bool) {
    let deadline = Instant::now() + WAIT;
    loop {
        let lines = tern.scrollback_and_screen();
        if check(&lines) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "never saw {what}:\n{}",
            lines.join("\n")
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// 300 lines streamed with a pause half way: the first half's finished blocks are in the
/// scrollback while the answer still streams, the terminal is resized then, and at the end
/// every line is there once, in order.
#[test]
fn a_streaming_answers_finished_blocks_reach_the_scrollback_before_it_ends() {
    let first: String = (0..150).map(|n| format!("- first {n}\n")).collect();
    let second: String = (0..150).map(|n| format!("- second {n}\n")).collect();
    let fake = FakeServer::new(&[
        step::wait("turn/start"),
        step::item(
            "started",
            json!({"type": "agentMessage", "id": "long", "text": ""}),
        ),
        json!({"flood": delta("- first {{n}}\n"), "count": 150}),
        // The test looks at the scrollback and resizes the terminal meanwhile.
        json!({"sleep_ms": 2500}),
        json!({"flood": delta("- second {{n}}\n"), "count": 150}),
        step::agent_message("long", &format!("{first}{second}")),
        step::turn_completed(),
    ]);
    let mut tern = fake.spawn_tern(&["--inline"], (100, 30));
    tern.wait_for_text("fake-model", WAIT);
    tern.send(b"stream a long answer\r");
    tern.wait_for_text("first 149", WAIT);
    super::inline::wait_for_whole_frame(&tern);
    // The live area shows no more than half the screen: the first lines are in the
    // scrollback, written while the answer still streams.
    let midway = tern.scrollback_and_screen();
    for line in ["first 0", "first 100"] {
        assert_eq!(
            positions(&midway, line).len(),
            1,
            "`{line}` written before the answer ended:\n{}",
            midway.join("\n")
        );
    }
    assert!(
        positions(&midway, "second 0").is_empty(),
        "still the first half:\n{}",
        midway.join("\n")
    );
    assert!(
        !midway.iter().any(|line| line.contains("turn completed")),
        "the turn still runs"
    );
    tern.resize(80, 30);
    tern.wait_for_text("turn completed", WAIT);
    let lines = tern.scrollback_and_screen();
    let prompt = positions(&lines, "stream a long answer");
    assert_eq!(prompt.len(), 1, "the prompt once:\n{}", lines.join("\n"));
    let end = once_in_order(&lines, "first", 150, prompt[0]);
    once_in_order(&lines, "second", 150, end);
    tern.quit_with(b"\x03\x03\x03", WAIT);
    let after = tern.scrollback_and_screen();
    let end = once_in_order(&after, "first", 150, 0);
    once_in_order(&after, "second", 150, end);
}

/// A code block streaming: the paragraph before it goes to the scrollback once the block
/// starts, the block itself only once its closing fence came and a later block started; at
/// the end every line is there once, in order.
#[test]
fn a_code_block_goes_to_the_scrollback_only_once_closed() {
    let code: String = (0..40).map(|n| format!("code {n}\n")).collect();
    let whole = format!("an intro paragraph\n\n```\n{code}```\n\nafter the code\n");
    let fake = FakeServer::new(&[
        step::wait("turn/start"),
        step::item(
            "started",
            json!({"type": "agentMessage", "id": "long", "text": ""}),
        ),
        step::send(delta("an intro paragraph\n\n```\n")),
        json!({"flood": delta("code {{n}}\n"), "count": 40}),
        // The block is open: the test looks at the scrollback.
        json!({"sleep_ms": 2500}),
        step::send(delta("```\n\nafter")),
        // Closed, and a paragraph started after it.
        json!({"sleep_ms": 2500}),
        step::send(delta(" the code\n")),
        step::agent_message("long", &whole),
        step::turn_completed(),
    ]);
    let mut tern = fake.spawn_tern(&["--inline"], (100, 30));
    tern.wait_for_text("fake-model", WAIT);
    tern.send(b"show some code\r");
    tern.wait_for_text("code 39", WAIT);
    let open = tern.scrollback_and_screen();
    assert_eq!(
        positions(&open, "an intro paragraph").len(),
        1,
        "the paragraph before the block is written:\n{}",
        open.join("\n")
    );
    assert!(
        positions(&open, "code 0").is_empty(),
        "the open block is not written, only its last rows shown live:\n{}",
        open.join("\n")
    );
    wait_for_lines(&tern, "the closed block in the scrollback", |lines| {
        positions(lines, "code 0").len() == 1 && !positions(lines, "after").is_empty()
    });
    tern.wait_for_text("turn completed", WAIT);
    let lines = tern.scrollback_and_screen();
    let intro = positions(&lines, "an intro paragraph");
    assert_eq!(intro.len(), 1, "{}", lines.join("\n"));
    let end = once_in_order(&lines, "code", 40, intro[0]);
    let after = positions(&lines, "after the code");
    assert_eq!(after.len(), 1, "{}", lines.join("\n"));
    assert!(after[0] > end, "in order:\n{}", lines.join("\n"));
    tern.quit_with(b"\x03\x03\x03", WAIT);
}
