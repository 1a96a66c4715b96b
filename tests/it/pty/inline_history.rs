//! `/history` after resuming a long thread inline: the turns kept out of the scrollback (all
//! but the last 50) are written once, in order, as a block headed "Earlier turns (1–N)" under
//! what the scrollback holds, and closed by a rule.

use super::inline::positions;
use crate::support::fake_server::tern_bin;
use crate::support::pty::PtySession;
use std::ffi::OsString;
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(30);

fn wait_lines(tern: &PtySession, what: &str) {
    let deadline = Instant::now() + WAIT;
    while positions(&tern.scrollback_and_screen(), what).is_empty() {
        assert!(Instant::now() < deadline, "{what}:\n{}", tern.screen_text());
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn slash_history_writes_the_earlier_turns_once_in_order_as_a_block() {
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
    wait_lines(&tern, "Step 120: what next?");
    wait_lines(&tern, "/history writes them here.");
    assert!(positions(&tern.scrollback_and_screen(), "Step 70: what next?").is_empty());

    tern.send(b"/history");
    tern.wait_for_text("/history", WAIT);
    tern.send(b"\r");
    wait_lines(&tern, "end of the earlier turns");
    tern.quit_with(b"\x03\x03", WAIT);
    let lines = tern.scrollback_and_screen();
    let text = lines.join("\n");
    let heading = positions(&lines, "Earlier turns (1–70)");
    assert_eq!(heading.len(), 1, "{text}");
    let newest = positions(&lines, "Step 120: what next?");
    assert_eq!(newest.len(), 1, "{text}");
    assert!(
        newest[0] < heading[0],
        "the block goes under what was there"
    );
    let mut last = heading[0];
    for step in 1..=70 {
        let found = positions(&lines, &format!("Step {step}: what next?"));
        assert_eq!(found.len(), 1, "step {step}:\n{text}");
        assert!(found[0] > last, "step {step} out of order");
        last = found[0];
    }
    let end = positions(&lines, "end of the earlier turns");
    assert_eq!(end.len(), 1, "{text}");
    assert!(end[0] > last);
    // The last 50 are not written again.
    assert_eq!(positions(&lines, "Step 71: what next?").len(), 1, "{text}");
}
