//! The trust question (issue 32) as drawn: a hostile folder name — escape sequences, a
//! carriage return, a bell, and a path far longer than the box — shows its control characters
//! as marks and is cut after a few rows, never applied or overflowing.

use crate::support::common::*;
use serde_json::json;
use std::time::Instant;
use tern::app::{update, AppState, RequestTag, SessionConfig};
use tern::session::state::first_run::FolderTrust;

fn asked_about(root: &str, now: Instant) -> AppState {
    let config = SessionConfig {
        folder_trust: Some(FolderTrust {
            folder: root.into(),
            root: root.into(),
        }),
        ..config()
    };
    let mut state = AppState::new(config);
    tern::app::update::start(&mut state);
    update(
        &mut state,
        reply(RequestTag::Initialize, Ok(json!({"userAgent": "x"}))),
        now,
    );
    update(
        &mut state,
        reply(RequestTag::CheckTrust, Ok(json!({"config": {}}))),
        now,
    );
    state
}

#[test]
fn the_trust_question_shows_a_hostile_path_marked_and_cut() {
    let now = Instant::now();
    let root = format!(
        "/w/\u{1b}[31mred\u{1b}]0;pwned\u{7}\r{}TAILMARK",
        "very.long.folder/".repeat(40)
    );
    let mut state = asked_about(&root, now);
    let text = screen(&mut state, 90, 28, now);
    assert!(!text.contains('\u{1b}') && !text.contains('\r') && !text.contains('\u{7}'));
    assert!(
        text.contains("␛[31mred␛]0;pwned␇␍very.long.folder/"),
        "{text}"
    );
    assert!(
        !text.contains("TAILMARK"),
        "a path past its rows is cut: {text}"
    );
    snapshot!("trust_question_hostile_path_90x28", &text);
}
