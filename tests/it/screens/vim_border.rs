//! Vim's mode on the composer's border (and the command being typed), at 80×24 and 120×40, with
//! the hint bar saying what the mode's keys do.

use crate::support::common::*;
use crate::support::styled::{draw, styled_text};
use crossterm::event::KeyCode;
use std::time::Instant;
use tern::app::update;

#[test]
fn the_mode_is_on_the_border() {
    let now = Instant::now();
    let mut state = ready_state(now);
    state.set_draft("/vim");
    update(&mut state, key(KeyCode::Enter), now);
    type_text(&mut state, "refactor the parser, then run the tests", now);
    for (width, height) in [(80, 24), (120, 40)] {
        snapshot!(
            &format!("vim_insert_{width}x{height}"),
            &screen(&mut state, width, height, now)
        );
    }
    update(&mut state, key(KeyCode::Esc), now);
    type_text(&mut state, "b2d", now);
    for (width, height) in [(80, 24), (120, 40)] {
        snapshot!(
            &format!("vim_normal_pending_{width}x{height}"),
            &screen(&mut state, width, height, now)
        );
    }
    // The label's colours: normal mode is a badge, so it shows without reading it.
    let buffer = draw(&mut state, 80, 24, now);
    let text = styled_text(&buffer);
    let row = text.lines().find(|l| l.contains("NORMAL 2d")).unwrap();
    assert!(row.contains("{"), "{row}");
    let badge = tern::theme::Theme::Dark.palette().badge;
    assert!(
        buffer
            .content
            .iter()
            .any(|c| c.symbol() == "N" && Some(c.bg) == badge.bg),
        "{text}"
    );
}

/// While a turn runs with vim keys on, the status line names Ctrl+C (Esc is vim's), and
/// replace mode (`R`) is on the border.
#[test]
fn with_vim_keys_the_status_line_says_ctrl_c_interrupts() {
    let now = Instant::now();
    let mut state = running_state(now);
    let before = screen(&mut state, 120, 40, now);
    assert!(before.contains("(Esc to interrupt)"), "{before}");
    state.composer_mut().vim = Some(tern::controls::composer::vim::Vim::new(""));
    type_text(&mut state, "abc", now);
    let effects = wire(update(&mut state, key(KeyCode::Esc), now));
    assert!(
        effects.is_empty(),
        "Esc is vim's, no interrupt: {effects:?}"
    );
    assert!(state.composer().vim_normal());
    let after = screen(&mut state, 120, 40, now);
    assert!(after.contains("(Ctrl+C to interrupt)"), "{after}");
    assert!(!after.contains("Esc to interrupt"), "{after}");
    type_text(&mut state, "0R", now);
    assert!(screen(&mut state, 120, 40, now).contains("REPLACE"));
}
