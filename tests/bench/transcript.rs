//! Benchmarks of the transcript, not tests: they print figures and assert nothing about time.
//! Run them in release mode:
//!
//! ```text
//! cargo test --release --test bench -- --ignored --nocapture --test-threads 1 transcript::
//! ```

use crate::support::common::*;
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use serde_json::json;
use std::time::{Duration, Instant};
use tern::app::{update, AppState};
use tern::model::{CellKind, CommandCell, MarkdownText};

const TURN: &str = "turn-1";

/// Realistic answer text: headings, paragraphs, lists, code and tables, `lines` lines long.
fn answer(lines: usize) -> String {
    let mut out = String::new();
    let mut n = 0;
    while out.lines().count() < lines {
        n += 1;
        out.push_str(&format!(
            "## Part {n}\n\nThe **renderer** keeps completed blocks and lays out only the `tail` \
             block again, so a delta at the end of a long message costs what it costs at the \
             start of a short one. See [the notes](https://example.com/{n}).\n\n\
             - first point about part {n}\n- second point, with `code`\n  - nested point\n\n\
             ```rust\nfn part_{n}() -> usize {{\n    let x = {n};\n    x * 2\n}}\n```\n\n\
             | name | value |\n|---|---|\n| part | {n} |\n| size | large |\n\n"
        ));
    }
    out
}

fn delta(text: &str) -> tern::app::AppEvent {
    notify(
        "item/agentMessage/delta",
        json!({"threadId": THREAD, "turnId": TURN, "itemId": "msg", "delta": text}),
    )
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

fn draw(terminal: &mut Terminal<TestBackend>, state: &AppState, now: Instant) {
    terminal
        .draw(|frame| tern::ui::draw(frame, state, now))
        .unwrap();
}

/// Median time of one delta plus the frame that shows it, at the end of a message of `size`.
fn delta_cost_at(size: usize, text: &str) -> Duration {
    let now = Instant::now();
    let mut state = streaming_state(now);
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    let text = &text[..size.min(text.len())];
    // Arrive in realistic pieces, then end on an open paragraph that the timed deltas extend.
    for piece in text.as_bytes().chunks(64) {
        update(&mut state, delta(std::str::from_utf8(piece).unwrap()), now);
    }
    update(&mut state, delta("\n\nAn open paragraph"), now);
    draw(&mut terminal, &state, now);
    let mut samples: Vec<Duration> = (0..400)
        .map(|i| {
            let start = Instant::now();
            update(
                &mut state,
                delta(if i % 8 == 7 { "\n" } else { " word" }),
                now,
            );
            draw(&mut terminal, &state, now);
            start.elapsed()
        })
        .collect();
    samples.sort();
    samples[samples.len() / 2]
}

/// Loads the syntax highlighter (once per process, on first use) outside the timed part.
fn warm_up() {
    tern::render::highlight::highlight("fn main() {}\n", "rust", tern::model::Theme::Dark);
    tern::render::highlight::highlight(
        "cargo test | grep -v x\n",
        "bash",
        tern::model::Theme::Dark,
    );
}

fn cpu_time() -> Duration {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: getrusage fills the struct it is given; RUSAGE_THREAD is this thread alone.
    let usage = unsafe {
        libc::getrusage(libc::RUSAGE_THREAD, usage.as_mut_ptr());
        usage.assume_init()
    };
    let user = Duration::new(
        usage.ru_utime.tv_sec as u64,
        usage.ru_utime.tv_usec as u32 * 1000,
    );
    let system = Duration::new(
        usage.ru_stime.tv_sec as u64,
        usage.ru_stime.tv_usec as u32 * 1000,
    );
    user + system
}

#[test]
#[ignore = "benchmark: prints figures"]
fn bench_delta_cost_does_not_grow_with_message_length() {
    warm_up();
    let markdown = answer(6_000);
    let code = format!(
        "```rust\n{}",
        "    let value = compute(alpha, beta);\n".repeat(6_000)
    );
    for (what, text) in [("markdown", &markdown), ("one open code block", &code)] {
        let small = delta_cost_at(2 * 1024, text);
        let large = delta_cost_at(200 * 1024, text);
        println!(
            "delta + frame at the end of a message ({what}): 2 KB {:?}, 200 KB {:?} (ratio {:.2})",
            small,
            large,
            large.as_secs_f64() / small.as_secs_f64()
        );
    }
}

fn ten_thousand_cells(now: Instant) -> AppState {
    let mut state = ready_state(now);
    for i in 0..10_000 {
        let kind = match i % 4 {
            0 => CellKind::User {
                text: format!("question {i}: how does the renderer stay fast?"),
            },
            1 => CellKind::Agent {
                markdown: Box::new(MarkdownText::new(&answer(12))),
                streaming: false,
            },
            2 => CellKind::Command(Box::new(CommandCell {
                command: format!("cargo test -- case_{i}"),
                cwd: None,
                actions: vec![],
                output: "running 1 test\ntest ok\n".repeat(20),
                exit_code: Some(0),
                duration_ms: Some(1200),
                running: false,
                status: None,
                decision: None,
                shell: false,
                evidence: None,
            })),
            _ => CellKind::Reasoning {
                text: "**Thinking**\n\nabout the next step".into(),
            },
        };
        state.transcript_mut().push(kind);
    }
    state
}

#[test]
#[ignore = "benchmark: prints figures"]
fn bench_frame_of_a_ten_thousand_cell_transcript() {
    let now = Instant::now();
    // A first transcript warms the highlighter's lazily compiled grammars; the second one's
    // first frame is what a resumed long thread costs.
    draw(
        &mut Terminal::new(TestBackend::new(200, 60)).unwrap(),
        &ten_thousand_cells(now),
        now,
    );
    let mut state = ten_thousand_cells(now);
    let mut terminal = Terminal::new(TestBackend::new(200, 60)).unwrap();
    let start = Instant::now();
    draw(&mut terminal, &state, now);
    let first = start.elapsed();
    let start = Instant::now();
    for _ in 0..100 {
        draw(&mut terminal, &state, now);
    }
    let steady = start.elapsed() / 100;
    let start = Instant::now();
    update(&mut state, ctrl('o'), now);
    draw(&mut terminal, &state, now);
    let expanded = start.elapsed();
    let start = Instant::now();
    for _ in 0..50 {
        update(&mut state, key(crossterm::event::KeyCode::PageUp), now);
        draw(&mut terminal, &state, now);
    }
    let paging = start.elapsed() / 50;
    update(&mut state, ctrl('f'), now);
    let start = Instant::now();
    type_text(&mut state, "cas", now);
    let first_key = start.elapsed();
    let start = Instant::now();
    type_text(&mut state, "e_9", now);
    draw(&mut terminal, &state, now);
    let next_key = start.elapsed();
    let found = state.search().map_or(0, |s| s.matches.len());
    println!(
        "10,000-cell transcript at 200x60: first frame {first:?}, steady frame {steady:?}, \
         frame after Ctrl+O {expanded:?}, PgUp + frame {paging:?}; search \"cas\": \
         {first_key:?}, then \"e_9\" + frame {next_key:?} ({found} matches)"
    );
}

#[test]
#[ignore = "benchmark: prints figures"]
fn bench_streaming_a_two_thousand_line_answer() {
    let text = answer(2_000);
    let chars: Vec<char> = text.chars().collect();
    let pieces: Vec<String> = (0..10_000)
        .map(|i| {
            chars[i * chars.len() / 10_000..(i + 1) * chars.len() / 10_000]
                .iter()
                .collect()
        })
        .collect();
    warm_up();
    for frame_every in [1usize, 16] {
        let now = Instant::now();
        let mut state = streaming_state(now);
        let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
        let cpu = cpu_time();
        let wall = Instant::now();
        for (i, piece) in pieces.iter().enumerate() {
            update(&mut state, delta(piece), now);
            if i % frame_every == 0 {
                draw(&mut terminal, &state, now);
            }
        }
        draw(&mut terminal, &state, now);
        println!(
            "{} lines ({} KB) in {} deltas, a frame every {frame_every} delta(s): \
             CPU {:?}, wall {:?}",
            text.lines().count(),
            text.len() / 1024,
            pieces.len(),
            cpu_time() - cpu,
            wall.elapsed()
        );
    }
}
