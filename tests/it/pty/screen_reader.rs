//! The real `tern --demo --screen-reader` in a pseudo-terminal that keeps scrollback: it stays
//! on the main screen, answers with speaker labels and plain text, asks its approval as
//! numbered choices, and quitting restores the terminal with the conversation left behind.

use super::inline::positions;
use crate::support::pty::PtySession;
use std::ffi::OsString;
use std::path::Path;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(20);

fn ornaments(lines: &[String]) -> Vec<char> {
    lines
        .iter()
        .flat_map(|line| line.chars())
        .filter(|&c| {
            ('\u{2500}'..='\u{259F}').contains(&c)
                || ('\u{2800}'..='\u{28FF}').contains(&c)
                || "•›⋯…●".contains(c)
        })
        .collect()
}

#[test]
fn screen_reader_demo_answers_in_plain_labelled_text_and_restores_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let env = vec![
        ("TERN_LOG_DIR", OsString::from(dir.path())),
        ("TERN_APPROVAL_READ_GUARD_MS", OsString::from("0")),
    ];
    let tern_bin = Path::new(env!("CARGO_BIN_EXE_tern"));
    let mut tern = PtySession::spawn(
        tern_bin,
        &["--demo", "--screen-reader"],
        &env,
        dir.path(),
        (100, 40),
    );
    tern.wait_for_text("ready", WAIT);
    assert!(!tern.alternate_screen(), "screen-reader mode is inline");
    assert!(!tern.mouse_reporting(), "the mouse stays the terminal's");

    tern.send(b"look at the project\r");
    tern.wait_for_text("Choice 1 of", WAIT);
    let asked = tern.screen_text();
    assert!(asked.contains("Run this command?"), "{asked}");
    assert!(asked.contains("Key y."), "{asked}");
    tern.send(b"y");
    tern.wait_for_text("Apply changes to", WAIT);
    let change = tern.screen_text();
    assert!(
        change.contains("added line"),
        "the diff reads as lines\n{change}"
    );
    tern.send(b"y");
    tern.wait_for("the turn to end", WAIT, |s| s.contains("ready"));

    tern.quit_with(b"\x03\x03", WAIT);
    assert!(!tern.alternate_screen());
    assert!(!tern.cursor_hidden(), "the cursor is shown again");
    assert!(tern.cooked(), "the terminal is back in cooked mode");
    let lines = tern.scrollback_and_screen();
    let text = lines.join("\n");
    assert!(
        ornaments(&lines).is_empty(),
        "{:?}\n{text}",
        ornaments(&lines)
    );
    assert_eq!(positions(&lines, "you:").len(), 1, "{text}");
    assert!(!positions(&lines, "codex:").is_empty(), "{text}");
    assert!(!positions(&lines, "tool:").is_empty(), "{text}");
    assert_eq!(
        positions(&lines, "Row 1: layer: protocol; does IO?: no.").len(),
        1,
        "the demo's table is read once, as sentences\n{text}"
    );
}
