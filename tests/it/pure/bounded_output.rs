//! A command printing without end costs tern a bounded amount: its cell keeps the first and the
//! latest lines and says how many were dropped, through the app's own event path.

use crate::support::common::*;
use serde_json::json;
use std::time::Instant;
use tern::app::update;
use tern::model::output_cap::{HEAD_BYTES, TAIL_BYTES};
use tern::model::CellKind;

#[test]
fn fifty_megabytes_of_output_keep_head_and_tail_and_say_what_was_dropped() {
    let now = Instant::now();
    let mut state = running_state(now);
    update(
        &mut state,
        notify(
            "item/started",
            json!({"threadId": THREAD, "turnId": "turn-1", "item": {"type": "commandExecution",
                   "id": "cmd", "command": "yes", "status": "inProgress", "commandActions": []}}),
        ),
        now,
    );
    let line = "y output line of a flooding command\n";
    let chunk = line.repeat(1 << 9);
    let chunks = (50 << 20) / chunk.len();
    for _ in 0..chunks {
        update(
            &mut state,
            notify(
                "item/commandExecution/outputDelta",
                json!({"threadId": THREAD, "turnId": "turn-1", "itemId": "cmd", "delta": chunk}),
            ),
            now,
        );
    }
    let output = state
        .transcript()
        .cells()
        .iter()
        .find_map(|c| match c.kind() {
            CellKind::Command(cmd) => Some(cmd.output.clone()),
            _ => None,
        })
        .unwrap();
    assert!(
        output.len() <= HEAD_BYTES + 3 * TAIL_BYTES,
        "the output grew to {} bytes",
        output.len()
    );
    assert!(output.starts_with(line) && output.ends_with(line));
    let marker = output
        .lines()
        .find(|l| l.contains("of output dropped"))
        .expect("a line says what was dropped");
    let dropped: usize = marker
        .trim_start_matches("… ")
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let kept = output.lines().filter(|l| *l == line.trim_end()).count();
    assert_eq!(kept + dropped, chunks * (1 << 9), "{marker}");
}
