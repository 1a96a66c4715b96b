//! The harness's own rule: an end-to-end test without codex fails and says how to get it,
//! unless `TERN_SKIP_E2E=1` asks to skip (`support::codex_env`). The variable is passed in here,
//! not set: the environment is the whole test binary's.

use crate::support::codex_env::{self, CODEX_VERSION};
use std::path::PathBuf;

fn message() -> String {
    codex_env::missing_codex_message(CODEX_VERSION, "target/codex", "TERN_CODEX_BIN")
}

#[test]
fn the_message_names_every_way_to_get_codex_and_the_way_to_skip() {
    let message = message();
    for way in [
        ".ci/run",
        "npm install --prefix target/codex @openai/codex@0.171.0",
        "TERN_CODEX_BIN",
        "TERN_SKIP_E2E=1",
    ] {
        assert!(message.contains(way), "{way:?} missing from: {message}");
    }
}

#[test]
#[should_panic(expected = "npm install --prefix target/codex @openai/codex@0.171.0")]
fn without_codex_an_end_to_end_test_fails_saying_how_to_get_it() {
    codex_env::found_or(None, &message(), false);
}

#[test]
fn with_tern_skip_e2e_it_is_skipped_and_with_codex_it_runs() {
    assert_eq!(codex_env::found_or(None, &message(), true), None);
    let codex = PathBuf::from("/some/codex");
    assert_eq!(
        codex_env::found_or(Some(codex.clone()), &message(), false),
        Some(codex)
    );
}
