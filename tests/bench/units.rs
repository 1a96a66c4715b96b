//! Lower-level figures behind the harness (`harness/`): one JSON line parsed and
//! dispatched, one delta applied, one frame drawn, code highlighted. They print figures and
//! assert nothing about time. Run them in release mode:
//!
//! ```text
//! cargo test --release --test bench -- --ignored --nocapture --test-threads 1 units::
//! ```

use crate::support::common::*;
use crate::support::mock_model;
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use serde_json::json;
use std::time::{Duration, Instant};
use tern::app::{update, AppEvent, AppState};
use tern::model::Theme;
use tern::protocol::{Incoming, ServerNotification};
use tern::render::highlight::highlight;

const TURN: &str = "019a0000-0000-7000-8000-000000000001";
const DELTAS: usize = 10_000;

/// The answer the harness streams, cut into the pieces the mock sends.
fn pieces() -> Vec<String> {
    mock_model::split_text(&mock_model::long_markdown_answer(2_000), DELTAS)
}

/// A delta notification as the app-server writes it on one line.
fn wire_line(delta: &str) -> String {
    json!({
        "method": "item/agentMessage/delta",
        "params": { "threadId": THREAD, "turnId": TURN, "itemId": "msg_1", "delta": delta },
        "emittedAtMs": 1_795_962_299_988u64,
    })
    .to_string()
}

fn streaming_state(now: Instant) -> AppState {
    let mut state = ready_state(now);
    update(
        &mut state,
        notify(
            "turn/started",
            json!({"threadId": THREAD, "turn": {"id": TURN, "items": [], "status": "inProgress"}}),
        ),
        now,
    );
    state
}

fn to_event(line: &str) -> AppEvent {
    match Incoming::parse(line).expect("a JSON-RPC line") {
        Incoming::Notification { method, params } => AppEvent::Notification(
            ServerNotification::from_parts(&method, params).expect("a delta"),
        ),
        _ => panic!("not a notification"),
    }
}

fn per(total: Duration, count: usize) -> String {
    format!("{:.2} µs", total.as_secs_f64() * 1e6 / count as f64)
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

#[test]
#[ignore = "benchmark: prints figures"]
fn bench_json_line_parse_and_dispatch() {
    let lines: Vec<String> = pieces().iter().map(|p| wire_line(p)).collect();
    let start = Instant::now();
    let parsed: Vec<Incoming> = lines.iter().map(|l| Incoming::parse(l).unwrap()).collect();
    let parse = start.elapsed();
    let start = Instant::now();
    let events: Vec<AppEvent> = parsed
        .into_iter()
        .map(|m| match m {
            Incoming::Notification { method, params } => {
                AppEvent::Notification(ServerNotification::from_parts(&method, params).unwrap())
            }
            _ => unreachable!("deltas are notifications"),
        })
        .collect();
    let typed = start.elapsed();
    let now = Instant::now();
    let mut state = streaming_state(now);
    let start = Instant::now();
    for event in events {
        update(&mut state, event, now);
    }
    let dispatch = start.elapsed();
    println!(
        "{DELTAS} delta lines: JSON parse {} per line, typed notification {}, dispatch and delta \
         apply (app::update) {}; all three {}",
        per(parse, DELTAS),
        per(typed, DELTAS),
        per(dispatch, DELTAS),
        per(parse + typed + dispatch, DELTAS)
    );
}

#[test]
#[ignore = "benchmark: prints figures"]
fn bench_delta_apply_and_frame_render() {
    highlight("fn main() {}\n", "rust", Theme::Dark);
    let events: Vec<AppEvent> = pieces().iter().map(|p| to_event(&wire_line(p))).collect();
    let now = Instant::now();
    let mut state = streaming_state(now);
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    let (mut applies, mut frames) = (Vec::new(), Vec::new());
    for (i, event) in events.into_iter().enumerate() {
        let start = Instant::now();
        update(&mut state, event, now);
        applies.push(start.elapsed());
        // A frame every 16 deltas is what a fast stream gets at 60 frames per second.
        if i % 16 == 0 {
            let start = Instant::now();
            terminal
                .draw(|frame| tern::ui::draw(frame, &state, now))
                .unwrap();
            frames.push(start.elapsed());
        }
    }
    let start = Instant::now();
    for _ in 0..200 {
        terminal
            .draw(|frame| tern::ui::draw(frame, &state, now))
            .unwrap();
    }
    let unchanged = start.elapsed() / 200;
    let (first, last) = (&applies[..DELTAS / 10], &applies[DELTAS - DELTAS / 10..]);
    println!(
        "delta apply: median {:?} (first tenth of the answer {:?}, last tenth {:?}); frame \
         with the changed tail at 120x40: median {:?}, max {:?}; frame of an unchanged \
         screen {unchanged:?}",
        median(applies.clone()),
        median(first.to_vec()),
        median(last.to_vec()),
        median(frames.clone()),
        frames.iter().max().unwrap(),
    );
}

#[test]
#[ignore = "benchmark: prints figures"]
fn bench_syntax_highlighting() {
    // What tern's warm-up thread does once per process (highlight() keeps the set it loads).
    let start = Instant::now();
    let set = two_face::syntax::extra_newlines();
    println!(
        "loading the syntax set (once per process, on the warm-up thread): {:?} for {} syntaxes",
        start.elapsed(),
        set.syntaxes().len()
    );
    let samples = [
        ("rust", "fn section(input: &[u8]) -> usize {\n    let mut total = 0; // sum\n    for (i, b) in input.iter().enumerate() { total += (*b as usize) * i; }\n    total\n}\n"),
        ("python", "def section(items):\n    \"\"\"Doubles the odd items.\"\"\"\n    return [x * 2 for x in items if x % 2]\n"),
        ("typescript", "export async function f(url: string): Promise<number> {\n  const res = await fetch(url);\n  return (await res.json()).length ?? 0;\n}\n"),
        ("bash", "for f in src/*.rs; do\n  wc -l \"$f\" | awk '{ print $1 }' >> /tmp/x.txt\ndone\n"),
        ("toml", "[package]\nname = \"x\"\nversion = \"0.1.0\"\n[dependencies]\nserde = { version = \"1\" }\n"),
        ("go", "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"hi\")\n}\n"),
    ];
    for (lang, code) in samples {
        let start = Instant::now();
        highlight(code, lang, Theme::Dark);
        let first = start.elapsed();
        let lines = code.lines().count() * 16;
        let start = Instant::now();
        for round in 0..20 {
            // A comment line that differs each round, so no earlier highlighting is resumed.
            let block = format!("// round {round}\n{}", code.repeat(16));
            highlight(&block, lang, Theme::Dark);
        }
        let whole = start.elapsed() / 20;
        // The same block arriving line by line, highlighted again after each line as an open
        // code block is while it streams.
        let block = format!("// streamed\n{}", code.repeat(16));
        let ends: Vec<usize> = block.match_indices('\n').map(|(i, _)| i + 1).collect();
        let start = Instant::now();
        for end in &ends {
            highlight(&block[..*end], lang, Theme::Dark);
        }
        let streamed = start.elapsed();
        println!(
            "{lang}: first block (compiles what it needs) {first:?}; a {lines}-line block {} \
             per line; the same block re-highlighted after each of its lines arrives {} per line",
            per(whole, lines),
            per(streamed, ends.len())
        );
    }
}
