//! Copy mode and transcript search in inline mode: the live area shows no transcript, so they
//! open it full screen in the alternate screen, and leaving them comes back to the live area
//! with the scrollback untouched — and the mouse stays the terminal's throughout.

use crate::support::fake_server::{step, FakeServer};
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(30);

#[test]
fn copy_mode_and_search_open_the_transcript_full_screen_and_come_back() {
    let fake = FakeServer::new(&[
        step::wait("turn/start"),
        step::agent_message("a1", "the answer to copy"),
        step::turn_completed(),
    ]);
    let mut tern = fake.spawn_tern(&["--inline"], (100, 30));
    tern.wait_for_text("fake-model", WAIT);
    tern.send(b"a question\r");
    tern.wait_for_text("turn completed", WAIT);
    assert!(!tern.alternate_screen(), "inline draws in the main screen");
    // Alt+↑: copy mode, on the transcript drawn whole.
    tern.send(b"\x1b[1;3A");
    tern.wait_for_alternate_screen(true, WAIT);
    tern.wait_for_text("the answer to copy", WAIT);
    assert!(
        !tern.mouse_reporting(),
        "copy mode inline leaves the mouse to the terminal"
    );
    tern.send(b"\x1b");
    tern.wait_for_alternate_screen(false, WAIT);
    // Ctrl+F: the transcript search, the same way.
    tern.send(b"\x06");
    tern.wait_for_alternate_screen(true, WAIT);
    tern.send(b"\x1b");
    tern.wait_for_alternate_screen(false, WAIT);
    let lines = tern.scrollback_and_screen();
    let answers = lines
        .iter()
        .filter(|line| line.contains("the answer to copy"))
        .count();
    assert_eq!(answers, 1, "the answer once:\n{}", lines.join("\n"));
    tern.quit_with(b"\x03\x03\x03", WAIT);
}
