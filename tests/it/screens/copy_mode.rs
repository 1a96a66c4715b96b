//! Copy mode with a selection over hostile text, drawn: the selection in the theme's
//! selection colours over the characters it covers (across two cells), the cursor where it
//! ends, and nothing of the text's escapes or controls on screen or in what `y` copies.

use crate::support::common::*;
use crate::support::styled::{draw, styled_text};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde_json::json;
use std::time::Instant;
use tern::app::{update, AppEvent};
use tern::session::effect::Effect;

const EVIL: &str = "Run \u{1b}[31mthis\u{1b}[0m now\u{7}\r\u{9b}2J and \u{202e}then\n\n```\nrm -rf \u{1b}]0;x\u{7}/tmp/a\n```";

#[test]
fn copy_mode_draws_a_selection_across_cells_over_hostile_text() {
    let now = Instant::now();
    let mut state = ready_state(now);
    for (turn, text) in [
        (
            "t1",
            "A first answer that wraps onto a second row at this narrow width.",
        ),
        ("t2", EVIL),
    ] {
        update(
            &mut state,
            notify(
                "item/completed",
                json!({"threadId": THREAD, "turnId": turn,
                       "item": {"type": "agentMessage", "id": format!("m-{turn}"), "text": text}}),
            ),
            now,
        );
    }
    update(&mut state, AppEvent::Resize(60, 20), now);
    update(
        &mut state,
        AppEvent::Key(KeyEvent::new(KeyCode::Up, KeyModifiers::ALT)),
        now,
    );
    // Up into the first answer's second row, a few columns in; select down into the hostile
    // one's blank row (the selected cell's two gutter columns are reversed too).
    update(&mut state, key(KeyCode::Up), now);
    for _ in 0..4 {
        update(&mut state, key(KeyCode::Right), now);
    }
    update(&mut state, key(KeyCode::Char('v')), now);
    for _ in 0..3 {
        update(&mut state, key(KeyCode::Down), now);
    }
    for _ in 0..6 {
        update(&mut state, key(KeyCode::Right), now);
    }
    let buffer = draw(&mut state, 60, 20, now);
    let text = styled_text(&buffer);
    for bad in ['\u{1b}', '\u{7}', '\u{202e}', '\u{9b}', '\r'] {
        assert!(!text.contains(bad), "{bad:?} reached the screen:\n{text}");
    }
    snapshot!("copy_mode_selection_60x20", &text);
    let effects = wire(update(&mut state, key(KeyCode::Char('y')), now));
    let [Effect::CopyToClipboard(copied)] = &effects[..] else {
        panic!("one copy: {effects:?}");
    };
    assert!(
        !copied.contains(['\u{1b}', '\u{7}', '\u{202e}', '\u{9b}', '\r']),
        "{copied:?}"
    );
    // From the cursor's column in the wrapped row, through the blank row between the cells.
    assert!(copied.starts_with("dth.\n\nRun "), "{copied:?}");
    assert!(copied.ends_with("and then\n"), "{copied:?}");
}

/// A diff whose lines carry escapes and controls, as a turn's diff can.
const EVIL_PATCH: &str = "diff --git a/src/evil.rs b/src/evil.rs\n--- a/src/evil.rs\n+++ b/src/evil.rs\n@@ -1,3 +1,3 @@\n keep \u{1b}[31mred\u{1b}[0m\n-old\u{7} line\n+new \u{202e}line\u{9b}2J\n tail\n";

#[test]
fn diff_copy_mode_draws_its_rows_and_copies_them_as_clean_diff_text() {
    let now = Instant::now();
    let mut state = ready_state(now);
    update(
        &mut state,
        notify(
            "turn/diff/updated",
            json!({"threadId": THREAD, "turnId": "t1", "diff": EVIL_PATCH}),
        ),
        now,
    );
    update(&mut state, AppEvent::Resize(60, 12), now);
    type_text(&mut state, "/diff", now);
    update(&mut state, key(KeyCode::Esc), now);
    update(&mut state, key(KeyCode::Enter), now);
    // Copy mode; the cursor down to the removed line, then a selection over it and the added.
    update(&mut state, key(KeyCode::Char('v')), now);
    for _ in 0..3 {
        update(&mut state, key(KeyCode::Char('j')), now);
    }
    update(
        &mut state,
        AppEvent::Key(KeyEvent::new(KeyCode::Char('V'), KeyModifiers::SHIFT)),
        now,
    );
    update(&mut state, key(KeyCode::Down), now);
    let buffer = draw(&mut state, 60, 12, now);
    let text = styled_text(&buffer);
    for bad in ['\u{1b}', '\u{7}', '\u{202e}', '\u{9b}', '\r'] {
        assert!(!text.contains(bad), "{bad:?} reached the screen:\n{text}");
    }
    snapshot!("diff_copy_mode_selection_60x12", &text);
    let effects = wire(update(&mut state, key(KeyCode::Char('y')), now));
    let [Effect::CopyToClipboard(copied)] = &effects[..] else {
        panic!("one copy: {effects:?}");
    };
    assert_eq!(copied, "-old line\n+new line");
}
