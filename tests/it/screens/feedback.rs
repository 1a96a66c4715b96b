//! `/feedback` on screen at 80×24 and 120×40 with hostile text everywhere it shows: a pasted
//! reason, entry names and log text holding escape sequences, bidi controls, carriage
//! returns, other control characters and lines far longer than the box; and codex's refusal
//! with the same. Shown as visible markers, cut to the box — never applied.

use crate::support::account_fixtures::{no_escapes, EVIL};
use crate::support::common::*;
use crate::support::feedback_fixtures::report_shown;
use crossterm::event::KeyCode;
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, RequestTag};
use tern::session::feedback_report::{FeedbackEntry, RedactedZip};

const DIR: &str = "/tmp/tern-feedback-1-2";

fn shots(state: &mut AppState, name: &str, now: Instant) {
    for (width, height) in [(80, 24), (120, 40)] {
        let text = screen(state, width, height, now);
        no_escapes(&text);
        assert!(
            !text.contains('\u{8}') && !text.contains('\u{0}'),
            "{text:?}"
        );
        snapshot!(&format!("{name}_{width}x{height}"), &text);
    }
}

/// `/feedback` open, "bug" selected, a hostile reason pasted.
fn choosing(now: Instant) -> AppState {
    let mut state = ready_state(now);
    state.set_draft("/feedback");
    update(&mut state, key(KeyCode::Enter), now);
    update(
        &mut state,
        AppEvent::Paste(format!(
            "it broke{EVIL}\u{8}\u{8}\u{0}{}",
            "long ".repeat(40)
        )),
        now,
    );
    state
}

fn hostile_zip() -> RedactedZip {
    let log = format!(
        "2026-12-07 INFO ok\n\u{1b}[2J\u{1b}]8;;http://evil\u{7}click\u{1b}]8;;\u{7}{EVIL}\n\
         key [redacted] sent\r overwritten?\n{}\n\ttabbed\u{0}nul\u{8}back\n",
        "x".repeat(400)
    );
    let name = |n: &str| {
        format!(
            "attachments/000{n}/{EVIL}{}.log",
            "very-long-name-".repeat(8)
        )
    };
    RedactedZip {
        bytes: b"PK".to_vec(),
        entries: vec![
            FeedbackEntry {
                name: name("0"),
                size: log.len() as u64,
                redactions: 3,
                preview: Some(log.clone()),
            },
            FeedbackEntry {
                name: format!("attachments/0001/\u{202e}gol.exe{EVIL}"),
                size: 5 << 20,
                redactions: 0,
                preview: None,
            },
        ],
        contents: vec![log.into_bytes(), vec![0; 4]],
    }
}

/// Up to the hostile contents shown.
fn shown(now: Instant) -> AppState {
    let mut state = choosing(now);
    update(&mut state, key(KeyCode::Enter), now);
    report_shown(&mut state, hostile_zip(), now);
    state
}

#[test]
fn feedback_choosing_with_a_hostile_reason() {
    let now = Instant::now();
    let mut state = choosing(now);
    shots(&mut state, "feedback_choosing_hostile", now);
}

#[test]
fn feedback_contents_with_hostile_names_and_logs() {
    let now = Instant::now();
    let mut state = shown(now);
    shots(&mut state, "feedback_contents_hostile", now);
    // The second entry (not text), then the save question.
    update(&mut state, key(KeyCode::Char('j')), now);
    update(&mut state, key(KeyCode::Char('s')), now);
    shots(&mut state, "feedback_save_asked_hostile", now);
}

#[test]
fn feedback_refused_with_hostile_words() {
    let now = Instant::now();
    let mut state = choosing(now);
    update(&mut state, key(KeyCode::Enter), now);
    update(
        &mut state,
        AppEvent::FeedbackPrepared(Ok((DIR.into(), None))),
        now,
    );
    update(
        &mut state,
        reply(
            RequestTag::SaveFeedback,
            Err(format!(
                "failed to save feedback: {EVIL}{}",
                "disk ".repeat(60)
            )),
        ),
        now,
    );
    shots(&mut state, "feedback_refused_hostile", now);
}
