//! A key that moves a list's selection, timed to the frame that shows it: the inbox's and the
//! hunk review's figures. The selected row is the row of the list's box that starts with its
//! pointer (`│›`: the box's edge, then `ui::list::pointer`); each move waits until that row
//! names the row it should reach. (The transcript's prompts start with `›` too, beside the box
//! on the same screen line: the box's edge tells them apart.)

use super::apps::echo_latencies;
use crate::support::pty::PtySession;
use std::time::{Duration, Instant};

/// The box's left edge and the list's pointer: the start of the selected row.
const SELECTED: &str = "│›";

/// Whether the selected row (from the pointer to the box's right edge) contains `wanted`.
pub fn selected_shows(screen: &str, wanted: &str) -> bool {
    screen.lines().any(|line| {
        line.match_indices(SELECTED).any(|(at, _)| {
            let row = &line[at + SELECTED.len()..];
            row.split('│')
                .next()
                .is_some_and(|row| row.contains(wanted))
        })
    })
}

/// Sends `key` `moves` times, each once the previous move showed and `gap` later (a person's
/// pause between keys); the move `i` (from 0) is on screen when the selected row contains
/// `reached(i)`. Stops at the first move that never shows.
pub fn move_latencies(
    session: &PtySession,
    key: &[u8],
    moves: usize,
    gap: Duration,
    reached: impl Fn(usize) -> String,
) -> Vec<Duration> {
    let mut out = Vec::with_capacity(moves);
    for i in 0..moves {
        let wanted = reached(i);
        let sent = Instant::now();
        session.send(key);
        match session.wait_until(Duration::from_secs(5), move |s| selected_shows(s, &wanted)) {
            Some(seen) => out.push(seen - sent),
            None => {
                eprintln!(
                    "move {i} never showed {:?} selected; the screen:\n{}",
                    reached(i),
                    session.screen_text()
                );
                break;
            }
        }
        std::thread::sleep(gap);
    }
    out
}

/// Key → echo latencies in ms (`apps::echo_latencies`).
pub fn echo_ms(session: &PtySession, keys: usize) -> Vec<f64> {
    echo_latencies(session, keys)
        .iter()
        .map(|d| super::ms(*d))
        .collect()
}
