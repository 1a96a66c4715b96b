//! Benchmarks of the diff renderer, not tests: they print figures and assert nothing about
//! time. Run them in release mode:
//!
//! ```text
//! cargo test --release --test bench -- --ignored --nocapture --test-threads 1 diff::
//! ```

use crate::support::common::*;
use crossterm::event::KeyCode;
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use serde_json::json;
use std::time::{Duration, Instant};
use tern::app::{update, AppEvent};
use tern::model::{CellKind, LayoutKey, Theme};
use tern::protocol::{FileUpdateChange, PatchChangeKind};
use tern::render::cell_lines;
use tern::render::diff::{files_of_patch, DiffDocument, DiffMode};

/// A git-style diff of about `lines` lines of Rust: files of hunks with context, removed and
/// added lines that differ by a word, and now and then a line long enough to wrap.
fn big_diff(lines: usize) -> String {
    let mut out = String::new();
    let mut file = 0;
    while out.lines().count() < lines {
        file += 1;
        out.push_str(&format!(
            "diff --git a/src/module{file}.rs b/src/module{file}.rs\nindex 1111111..2222222 100644\n\
             --- a/src/module{file}.rs\n+++ b/src/module{file}.rs\n"
        ));
        for hunk in 0..10 {
            let start = 1 + hunk * 60;
            out.push_str(&format!(
                "@@ -{start},40 +{start},40 @@ impl Module{file} {{\n"
            ));
            for i in 0..10 {
                out.push_str(&format!(
                    "     let context_{i} = compute(alpha, beta, {i});\n"
                ));
            }
            for i in 0..20 {
                let long = if i % 7 == 0 {
                    " // a comment long enough that the line has to wrap at a hundred and twenty columns"
                } else {
                    ""
                };
                out.push_str(&format!(
                    "-    let value_{i} = self.total.saturating_sub(offset_{i}) * SCALE;{long}\n"
                ));
            }
            for i in 0..20 {
                out.push_str(&format!(
                    "+    let value_{i} = self.total.saturating_add(offset_{i}) * SCALE;\n"
                ));
            }
            for i in 0..10 {
                out.push_str(&format!("     let tail_{i} = finish(context_{i});\n"));
            }
        }
    }
    out
}

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn worst(samples: &[Duration]) -> Duration {
    samples.iter().max().copied().unwrap_or_default()
}

/// Loads the syntax set and the Rust grammar outside the timed part (once per process).
fn warm_up() {
    let doc = DiffDocument::new(files_of_patch(&big_diff(100)), Theme::Dark, true);
    doc.lines(120, DiffMode::Unified, 0, usize::MAX);
}

#[test]
#[ignore = "benchmark: prints figures"]
fn bench_laying_out_a_five_thousand_line_diff() {
    warm_up();
    let text = big_diff(5_000);
    let start = Instant::now();
    let files = files_of_patch(&text);
    let parse = start.elapsed();
    let width = 120;
    for mode in [DiffMode::Unified, DiffMode::SideBySide] {
        let doc = DiffDocument::new(files.clone(), Theme::Dark, true);
        let start = Instant::now();
        let first_screen = doc.lines(width, mode, 0, 40);
        let cold_screen = start.elapsed();
        let start = Instant::now();
        doc.lines(width, mode, 0, 40);
        let cached_screen = start.elapsed();

        let whole = DiffDocument::new(files.clone(), Theme::Dark, true);
        let start = Instant::now();
        let all = whole.lines(width, mode, 0, usize::MAX);
        let cold_all = start.elapsed();
        let start = Instant::now();
        whole.lines(width, mode, 0, usize::MAX);
        let cached_all = start.elapsed();
        println!(
            "{} diff lines, {mode:?} at {width} columns ({} rows): parse {parse:?}; first screen \
             cold {cold_screen:?}, cached {cached_screen:?}; every row cold {cold_all:?}, \
             cached {cached_all:?}",
            text.lines().count(),
            all.len(),
        );
        assert_eq!(first_screen.len(), 40);
    }

    // The transcript: a 5,000-line new file, collapsed and after Ctrl+O.
    let content: String = (0..5_000)
        .map(|i| format!("    let value_{i} = self.total.saturating_sub(offset) * SCALE;\n"))
        .collect();
    let cell = CellKind::FileChange {
        changes: vec![FileUpdateChange {
            path: "/p/src/big.rs".into(),
            kind: PatchChangeKind::Add,
            diff: content,
        }],
        status: Some("completed".into()),
        cwd: Some("/p".into()),
        decision: None,
    };
    for expanded in [false, true] {
        let key = LayoutKey {
            width,
            expanded,
            theme: Theme::Dark,
            images: None,
        };
        let start = Instant::now();
        let lines = cell_lines(&cell, key);
        println!(
            "transcript cell of a 5,000-line added file at {width} columns, expanded {expanded}: \
             {:?} ({} rows; laid out once, then cached by the cell)",
            start.elapsed(),
            lines.len()
        );
    }
}

#[test]
#[ignore = "benchmark: prints figures"]
fn bench_scrolling_a_five_thousand_line_diff_in_the_diff_view() {
    warm_up();
    let now = Instant::now();
    let mut state = ready_state(now);
    update(
        &mut state,
        notify(
            "turn/diff/updated",
            json!({"threadId": THREAD, "turnId": "t1", "diff": big_diff(5_000)}),
        ),
        now,
    );
    update(&mut state, AppEvent::Resize(120, 40), now);
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).unwrap();
    let draw = |terminal: &mut Terminal<TestBackend>, state: &tern::app::AppState| {
        terminal
            .draw(|frame| tern::ui::draw(frame, state, now))
            .unwrap();
    };
    type_text(&mut state, "/diff", now);
    let start = Instant::now();
    update(&mut state, key(KeyCode::Enter), now);
    draw(&mut terminal, &state);
    let open = start.elapsed();
    for (what, code, count) in [
        ("↓", KeyCode::Down, 400),
        ("PgDn", KeyCode::PageDown, 150),
        ("n (next hunk)", KeyCode::Char('n'), 100),
        ("PgUp", KeyCode::PageUp, 150),
    ] {
        let samples: Vec<Duration> = (0..count)
            .map(|_| {
                let start = Instant::now();
                update(&mut state, key(code), now);
                draw(&mut terminal, &state);
                start.elapsed()
            })
            .collect();
        println!(
            "/diff of 5,000 lines at 120x40, {what} + frame: median {:?}, worst {:?} ({count} frames)",
            median(samples.clone()),
            worst(&samples)
        );
    }
    let start = Instant::now();
    update(&mut state, key(KeyCode::End), now);
    draw(&mut terminal, &state);
    let end = start.elapsed();
    let start = Instant::now();
    update(&mut state, key(KeyCode::Char('s')), now);
    draw(&mut terminal, &state);
    let switch = start.elapsed();
    let start = Instant::now();
    update(&mut state, AppEvent::Resize(200, 50), now);
    let mut wide = Terminal::new(TestBackend::new(200, 50)).unwrap();
    draw(&mut wide, &state);
    let resize = start.elapsed();
    println!(
        "/diff of 5,000 lines: open + first frame {open:?}, End + frame {end:?}, switch to \
         side by side + frame {switch:?}, resize to 200x50 + frame {resize:?}"
    );
}
