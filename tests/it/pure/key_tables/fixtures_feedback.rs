//! The key-table test's fixtures for `/feedback`: choosing the kind (letters type the
//! reason), the redacted contents shown, and a save waiting for `y`.

use super::states::*;
use super::*;
use crate::support::feedback_fixtures::report_shown;
use tern::session::feedback_report::{FeedbackEntry, RedactedZip};

fn choosing(now: Instant) -> AppState {
    let mut state = ready_state(now);
    slash_command(&mut state, "/feedback", now);
    state
}

fn shown(now: Instant) -> AppState {
    let mut state = choosing(now);
    update(&mut state, key(KeyCode::Enter), now);
    let zip = RedactedZip {
        bytes: vec![],
        entries: vec![FeedbackEntry {
            name: "report.json".into(),
            size: 2,
            redactions: 0,
            preview: Some("{}".into()),
        }],
        contents: vec![b"{}".to_vec()],
    };
    report_shown(&mut state, zip, now);
    state
}

pub(super) fn fixtures() -> Vec<Fixture> {
    vec![
        Fixture {
            name: "feedback, choosing",
            target: Target::Layer,
            build: choosing,
        },
        Fixture {
            name: "feedback, contents shown",
            target: Target::Layer,
            build: shown,
        },
        Fixture {
            name: "feedback, a save waiting for y",
            target: Target::Layer,
            build: |now| {
                let mut state = shown(now);
                update(&mut state, key(KeyCode::Char('s')), now);
                state
            },
        },
    ]
}
