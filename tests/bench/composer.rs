//! Figures for the composer: a 10,000-line paste (folded) and the frame after it, and the
//! layout of a tall recalled draft. Prints, never asserts times:
//! `cargo test --release --test bench -- --ignored --nocapture composer::`

use crate::support::common::*;
use crossterm::event::KeyCode;
use std::time::Instant;
use tern::app::{update, AppEvent};

#[test]
#[ignore]
fn paste_of_ten_thousand_lines() {
    let now = Instant::now();
    let mut state = ready_state(now);
    screen(&mut state, 120, 40, now);
    let pasted: String = (0..10_000)
        .map(|i| format!("{i:05} a line of a log file that someone pasted to ask about\n"))
        .collect();
    let started = Instant::now();
    update(&mut state, AppEvent::Paste(pasted.clone()), now);
    let pasted_in = started.elapsed();
    let started = Instant::now();
    let shown = screen(&mut state, 120, 40, now);
    let frame = started.elapsed();
    assert!(shown.contains("[pasted 10,000 lines]"));
    let started = Instant::now();
    type_text(&mut state, " and this", now);
    let keys = started.elapsed() / 9;
    let started = Instant::now();
    let effects = update(&mut state, key(KeyCode::Enter), now);
    let sent = started.elapsed();
    assert!(!effects.is_empty());
    println!(
        "10,000-line paste ({} KB): paste {pasted_in:?}, next frame {frame:?}, a key after it \
         {keys:?}, Enter (expand and send) {sent:?}",
        pasted.len() / 1024
    );
    // Unfolded (a tall draft from the editor): the cost of a frame over 500 lines.
    let tall: String = (0..500)
        .map(|i| format!("line {i} of a tall draft\n"))
        .collect();
    let mut state = ready_state(now);
    update(&mut state, AppEvent::EditorDone(Ok(tall)), now);
    let started = Instant::now();
    screen(&mut state, 120, 40, now);
    println!("500-line draft (unfolded): frame {:?}", started.elapsed());
}
