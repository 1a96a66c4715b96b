//! `/feedback`'s report as the tests bring it on screen, once the reason is given: the folder
//! prepared (without a tern log), codex's answer that it saved the ZIP there, and the ZIP read
//! back redacted.

use super::common::*;
use serde_json::json;
use std::time::Instant;
use tern::app::{update, AppEvent, AppState, RequestTag};
use tern::session::feedback_report::RedactedZip;

/// The folder the report is prepared in.
pub const FEEDBACK_DIR: &str = "/tmp/tern-feedback-1-2";

/// The folder prepared and codex's answer that it saved the report in it.
pub fn report_saved(state: &mut AppState, now: Instant) {
    update(
        state,
        AppEvent::FeedbackPrepared(Ok((FEEDBACK_DIR.into(), None))),
        now,
    );
    update(
        state,
        reply(
            RequestTag::SaveFeedback,
            Ok(
                json!({"savedPath": format!("{FEEDBACK_DIR}/codex-feedback.zip"),
                       "threadId": THREAD, "promptHash": null}),
            ),
        ),
        now,
    );
}

/// Saved, then `zip` read back redacted: the report's contents on screen.
pub fn report_shown(state: &mut AppState, zip: RedactedZip, now: Instant) {
    report_saved(state, now);
    update(state, AppEvent::FeedbackRedacted(Ok(zip)), now);
}
