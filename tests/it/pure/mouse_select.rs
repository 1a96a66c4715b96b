//! Selecting the transcript with the mouse, through `update`: a drag copies what it covers
//! (exactly, down to the text sent), a drag held at the top row scrolls the transcript back
//! and takes the rows it brings in, and only the first copy of a session says how it copied.

use crate::support::common::*;
use crossterm::event::{KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use serde_json::json;
use std::time::Instant;
use tern::app::{update, AppEvent, AppState};
use tern::session::effect::Effect;

fn mouse(kind: MouseEventKind, column: u16, row: u16) -> AppEvent {
    AppEvent::Mouse(MouseEvent {
        kind,
        column,
        row,
        modifiers: KeyModifiers::NONE,
    })
}

fn answers(count: usize, now: Instant) -> AppState {
    let mut state = ready_state(now);
    for n in 1..=count {
        update(
            &mut state,
            notify(
                "item/completed",
                json!({"threadId": THREAD, "turnId": format!("t{n}"),
                       "item": {"type": "agentMessage", "id": format!("m{n}"),
                                "text": format!("Answer number {n}.")}}),
            ),
            now,
        );
    }
    update(&mut state, AppEvent::Resize(60, 20), now);
    state
}

/// The screen row where `needle` is drawn.
fn row_of(state: &mut AppState, needle: &str, now: Instant) -> u16 {
    let text = screen(state, 60, 20, now);
    text.lines()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("`{needle}` not on screen:\n{text}")) as u16
}

#[test]
fn a_drag_copies_exactly_what_it_covers_and_says_how_once() {
    let now = Instant::now();
    let mut state = answers(3, now);
    let y = row_of(&mut state, "Answer number 2.", now);
    let left = MouseEventKind::Down(MouseButton::Left);
    update(&mut state, mouse(left, 9, y), now);
    update(
        &mut state,
        mouse(MouseEventKind::Drag(MouseButton::Left), 20, y + 2),
        now,
    );
    let effects = wire(update(
        &mut state,
        mouse(MouseEventKind::Up(MouseButton::Left), 20, y + 2),
        now,
    ));
    assert_eq!(
        effects,
        [Effect::CopyToClipboard(
            "number 2.\n\nAnswer number 3.".into()
        )]
    );
    let told = last_notice(&state).1;
    assert!(
        told.contains("OSC 52") && told.contains("Shift+drag"),
        "{told}"
    );
    let cells = state.transcript().len();
    // A second drag copies without a word more.
    update(&mut state, mouse(left, 2, y), now);
    update(
        &mut state,
        mouse(MouseEventKind::Drag(MouseButton::Left), 7, y),
        now,
    );
    let effects = wire(update(
        &mut state,
        mouse(MouseEventKind::Up(MouseButton::Left), 7, y),
        now,
    ));
    assert_eq!(effects, [Effect::CopyToClipboard("Answer".into())]);
    assert_eq!(state.transcript().len(), cells, "no second notice");
}

#[test]
fn a_drag_held_at_the_top_row_scrolls_back_and_takes_what_comes_in() {
    let now = Instant::now();
    let mut state = answers(30, now);
    assert!(state.scroll().is_following());
    let y = row_of(&mut state, "Answer number 30.", now);
    update(
        &mut state,
        mouse(MouseEventKind::Down(MouseButton::Left), 2, y),
        now,
    );
    for _ in 0..6 {
        update(
            &mut state,
            mouse(MouseEventKind::Drag(MouseButton::Left), 2, 0),
            now,
        );
    }
    assert!(
        !state.scroll().is_following(),
        "the transcript scrolled back"
    );
    let effects = wire(update(
        &mut state,
        mouse(MouseEventKind::Up(MouseButton::Left), 2, 0),
        now,
    ));
    let [Effect::CopyToClipboard(copied)] = &effects[..] else {
        panic!("one copy: {effects:?}");
    };
    // The rows on screen above the press were 16; six more came in at the top.
    let first = copied.trim_start_matches('\n').lines().next().unwrap();
    let n: usize = first
        .trim_start_matches("Answer number ")
        .trim_end_matches('.')
        .parse()
        .unwrap_or_else(|_| panic!("{copied:?}"));
    assert!(
        n < 30 - 8,
        "scrolled back past the first screen: {copied:?}"
    );
    assert!(
        copied.ends_with("\n\nA"),
        "to the press's column: {copied:?}"
    );
}
