//! `/clear` and `/new` in inline mode: a new thread under a rule, and the terminal's own
//! scrollback never erased — no erase of the saved lines (`ESC[3J`) and no erase of the whole
//! screen (`ESC[2J`, which tmux's `scroll-on-clear` would push into the history a second time).

use super::inline::positions;
use crate::support::fake_server::{step, FakeServer};
use crate::support::pty::PtySession;
use serde_json::json;
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(30);
const WIDTH: u16 = 100;

/// The rule a clean screen writes: a line of `─` the terminal's whole width, nothing else.
fn rules(lines: &[String]) -> Vec<usize> {
    lines
        .iter()
        .enumerate()
        .filter(|(_, line)| {
            line.chars().count() == usize::from(WIDTH) && line.chars().all(|c| c == '─')
        })
        .map(|(i, _)| i)
        .collect()
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

/// One turn, `command`, another turn in the new thread: the first turn stays in the
/// scrollback once, the rule comes under it once, the second turn under the rule; and the
/// bytes written from the command on erase neither the saved lines nor the whole screen.
fn a_clean_screen_keeps_the_scrollback(command: &str) {
    let fake = FakeServer::new(&[
        step::wait("turn/start"),
        step::agent_message("a1", "the answer before the clean screen"),
        step::turn_completed(),
        // The new thread has an id of its own.
        json!({"vars": {"thread": "thr-after"}}),
        step::wait("turn/start"),
        step::agent_message("a2", "the answer in the new thread"),
        step::turn_completed(),
    ]);
    let mut tern = fake.spawn_tern(&["--inline"], (WIDTH, 30));
    tern.wait_for_text("fake-model", WAIT);
    tern.send(b"the first prompt\r");
    wait_for_lines(&tern, "the first answer in the scrollback", |lines| {
        positions(lines, "the answer before the clean screen").len() == 1
    });
    tern.wait_for_text("turn completed", WAIT);
    let before = tern.raw_output().len();
    tern.send(format!("{command}\r").as_bytes());
    wait_for_lines(&tern, "the rule", |lines| !rules(lines).is_empty());
    tern.send(b"the second prompt\r");
    wait_for_lines(&tern, "the second answer", |lines| {
        !positions(lines, "the answer in the new thread").is_empty()
    });
    let lines = tern.scrollback_and_screen();
    let all = lines.join("\n");
    let first_prompt = positions(&lines, "the first prompt");
    let first = positions(&lines, "the answer before the clean screen");
    let rule = rules(&lines);
    let second = positions(&lines, "the answer in the new thread");
    assert_eq!(first_prompt.len(), 1, "the first prompt once:\n{all}");
    assert_eq!(first.len(), 1, "the first answer once:\n{all}");
    assert_eq!(rule.len(), 1, "one rule:\n{all}");
    assert_eq!(second.len(), 1, "the second answer once:\n{all}");
    assert!(
        first_prompt[0] < first[0] && first[0] < rule[0] && rule[0] < second[0],
        "the first turn, the rule, the new thread, in order:\n{all}"
    );
    let raw = tern.raw_output();
    let after = &raw[before..];
    for erase in [&b"\x1b[3J"[..], b"\x1b[2J"] {
        assert!(
            !after.windows(erase.len()).any(|w| w == erase),
            "{command} wrote {:?}",
            String::from_utf8_lossy(erase)
        );
    }
    tern.quit_with(b"\x03\x03\x03", WAIT);
    let after_exit = tern.scrollback_and_screen();
    assert_eq!(
        positions(&after_exit, "the answer before the clean screen").len(),
        1,
        "{}",
        after_exit.join("\n")
    );
    assert_eq!(rules(&after_exit).len(), 1, "{}", after_exit.join("\n"));
}

#[test]
fn slash_clear_inline_writes_a_rule_and_keeps_the_scrollback() {
    a_clean_screen_keeps_the_scrollback("/clear");
}

#[test]
fn slash_new_inline_writes_a_rule_and_keeps_the_scrollback() {
    a_clean_screen_keeps_the_scrollback("/new");
}
