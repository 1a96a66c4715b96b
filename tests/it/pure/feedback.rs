//! `/feedback`: the kind and typed reason, then `feedback/save` (the exact JSON: a save path in
//! tern's temp folder, codex's logs included, tern's redacted log as an extra file, the shown
//! thread); the redacted contents shown; `s` + `y` writes, `u` + `y` sends `feedback/upload`
//! (exact JSON: no codex logs, only the redacted entries) — never without `y`; Esc deletes the
//! temp folder; refusals (an older codex, offline upload) are said, never a hang.

use crate::support::common::*;
use crossterm::event::KeyCode;
use serde_json::{json, Value};
use std::time::Instant;
use tern::app::layers::Layer;
use tern::app::{update, AppEvent, AppState, Effect, RequestTag};
use tern::session::feedback_report::{FeedbackEntry, RedactedZip};

const DIR: &str = "/tmp/tern-feedback-1-2";

fn requests(effects: &[Effect]) -> Vec<(&'static str, Value)> {
    effects.iter().filter_map(request_json).collect()
}

fn removes(effects: &[Effect]) -> bool {
    effects
        .iter()
        .any(|e| matches!(e, Effect::RemoveFeedbackDir { dir } if dir == DIR))
}

fn typed(state: &mut AppState, text: &str, now: Instant) {
    for c in text.chars() {
        update(state, key(KeyCode::Char(c)), now);
    }
}

/// `/feedback`, "bad result", reason typed, Enter: the temp folder is asked for.
fn chosen(now: Instant) -> AppState {
    let mut state = ready_state(now);
    state.set_draft("/feedback");
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert!(requests(&effects).is_empty(), "nothing sent on opening");
    update(&mut state, key(KeyCode::Down), now);
    typed(&mut state, "slow & wrong", now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert!(effects.contains(&Effect::PrepareFeedback), "{effects:?}");
    assert!(requests(&effects).is_empty());
    state
}

fn zip() -> RedactedZip {
    RedactedZip {
        bytes: b"PK-redacted".to_vec(),
        entries: vec![
            FeedbackEntry {
                name: "attachments/0000/codex-logs.log".into(),
                size: 24,
                redactions: 2,
                preview: Some("key [redacted] sent\nok".into()),
            },
            FeedbackEntry {
                name: "attachments/0001/blob.bin".into(),
                size: 3,
                redactions: 0,
                preview: None,
            },
        ],
        contents: vec![b"key [redacted] sent\nok".to_vec(), vec![0, 1, 2]],
    }
}

/// Up to the redacted contents shown.
fn shown(now: Instant) -> AppState {
    let mut state = chosen(now);
    let effects = wire(update(
        &mut state,
        AppEvent::FeedbackPrepared(Ok((DIR.into(), Some(format!("{DIR}/tern.log"))))),
        now,
    ));
    assert_eq!(
        requests(&effects),
        [(
            "feedback/save",
            json!({"savePath": format!("{DIR}/codex-feedback.zip"), "classification": "bad_result",
                   "reason": "slow & wrong", "threadId": THREAD, "includeLogs": true,
                   "extraLogFiles": [format!("{DIR}/tern.log")]})
        )]
    );
    let effects = wire(update(
        &mut state,
        reply(
            RequestTag::SaveFeedback,
            Ok(
                json!({"savedPath": format!("{DIR}/codex-feedback.zip"), "threadId": THREAD,
                      "promptHash": null}),
            ),
        ),
        now,
    ));
    assert_eq!(
        effects,
        [Effect::RedactFeedback {
            path: format!("{DIR}/codex-feedback.zip")
        }]
    );
    update(&mut state, AppEvent::FeedbackRedacted(Ok(zip())), now);
    state
}

#[test]
fn the_contents_are_shown_before_anything_is_kept() {
    let now = Instant::now();
    let mut state = shown(now);
    let text = screen(&mut state, 120, 40, now);
    assert!(text.contains("attachments/0000/codex-logs.log"), "{text}");
    assert!(text.contains("2 redacted"), "{text}");
    assert!(text.contains("key [redacted] sent"), "{text}");
}

#[test]
fn s_writes_only_after_y() {
    let now = Instant::now();
    let mut state = shown(now);
    let effects = wire(update(&mut state, key(KeyCode::Char('s')), now));
    assert!(effects.is_empty(), "{effects:?}");
    let question = asked(&state).expect("the one confirm box asks");
    assert!(
        question.starts_with("Write the redacted feedback ZIP"),
        "{question}"
    );
    assert!(screen(&mut state, 120, 40, now).contains("Save the report?"));
    // Any key but y or Enter answers nothing; n keeps it.
    let effects = wire(update(&mut state, key(KeyCode::Char('x')), now));
    assert!(effects.is_empty(), "{effects:?}");
    assert!(asked(&state).is_some(), "x is not an answer");
    let effects = wire(update(&mut state, key(KeyCode::Char('n')), now));
    assert!(effects.is_empty(), "{effects:?}");
    assert_eq!(asked(&state), None, "n leaves the question");
    // Enter saves (`s` and Enter both ask), and Enter in the box says yes.
    update(&mut state, key(KeyCode::Enter), now);
    let effects = wire(update(&mut state, key(KeyCode::Enter), now));
    assert_eq!(
        effects,
        [Effect::WriteFeedback {
            dir: DIR.into(),
            bytes: b"PK-redacted".to_vec()
        }]
    );
    update(
        &mut state,
        AppEvent::FeedbackWritten(Ok("/data/codex-feedback-9.zip".into())),
        now,
    );
    let text = screen(&mut state, 120, 40, now);
    assert!(text.contains("/data/codex-feedback-9.zip"), "{text}");
}

#[test]
fn u_uploads_only_after_y_and_only_the_redacted_entries() {
    let now = Instant::now();
    let mut state = shown(now);
    let effects = wire(update(&mut state, key(KeyCode::Char('u')), now));
    assert!(effects.is_empty(), "{effects:?}");
    let question = asked(&state).expect("the one confirm box asks");
    assert!(question.contains("OpenAI's feedback service"), "{question}");
    let effects = wire(update(&mut state, key(KeyCode::Esc), now));
    assert!(effects.is_empty(), "Esc after u sends and deletes nothing");
    assert!(
        matches!(state.person_layers().last(), Some(Layer::Feedback(_))),
        "the report is still shown"
    );
    update(&mut state, key(KeyCode::Char('u')), now);
    let effects = wire(update(&mut state, key(KeyCode::Char('y')), now));
    assert_eq!(
        effects,
        [Effect::StageFeedback {
            dir: DIR.into(),
            entries: vec![
                (
                    "attachments/0000/codex-logs.log".into(),
                    b"key [redacted] sent\nok".to_vec()
                ),
                ("attachments/0001/blob.bin".into(), vec![0, 1, 2]),
            ]
        }]
    );
    let staged = vec![format!("{DIR}/upload/0000-codex-logs.log")];
    let effects = wire(update(
        &mut state,
        AppEvent::FeedbackStaged(Ok(staged.clone())),
        now,
    ));
    assert_eq!(
        requests(&effects),
        [(
            "feedback/upload",
            json!({"classification": "bad_result", "reason": "slow & wrong", "threadId": THREAD,
                   "includeLogs": false, "extraLogFiles": staged})
        )]
    );
    // Offline, as codex 0.171 answers it.
    let effects = wire(update(
        &mut state,
        reply(
            RequestTag::UploadFeedback,
            Err(
                "failed to upload feedback: failed to upload feedback to Sentry: error sending \
                 request for url (https://o33249.ingest.us.sentry.io/api/1/envelope/): client \
                 error (Connect): dns error"
                    .into(),
            ),
        ),
        now,
    ));
    assert!(removes(&effects), "{effects:?}");
    let text = screen(&mut state, 120, 40, now);
    assert!(text.contains("The upload failed"), "{text}");
    assert!(text.contains("dns error"), "{text}");
}

#[test]
fn esc_deletes_the_temp_folder() {
    let now = Instant::now();
    let mut state = shown(now);
    let effects = wire(update(&mut state, key(KeyCode::Esc), now));
    assert!(removes(&effects), "{effects:?}");
}

#[test]
fn an_older_codex_refusal_is_said_and_the_folder_deleted() {
    let now = Instant::now();
    let mut state = chosen(now);
    update(
        &mut state,
        AppEvent::FeedbackPrepared(Ok((DIR.into(), None))),
        now,
    );
    let effects = wire(update(
        &mut state,
        reply(
            RequestTag::SaveFeedback,
            Err("Invalid request: unknown variant `feedback/save`".into()),
        ),
        now,
    ));
    assert!(removes(&effects), "{effects:?}");
    let text = screen(&mut state, 120, 40, now);
    assert!(
        text.contains("this codex has no feedback methods"),
        "{text}"
    );
}

#[test]
fn the_preview_scrolls_no_further_than_its_last_line() {
    let now = Instant::now();
    let mut state = chosen(now);
    let long = (1..=30)
        .map(|i| format!("line {i}"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut report = zip();
    report.entries[0].preview = Some(long);
    update(
        &mut state,
        AppEvent::FeedbackPrepared(Ok((DIR.into(), None))),
        now,
    );
    update(
        &mut state,
        reply(
            RequestTag::SaveFeedback,
            Ok(json!({"savedPath": format!("{DIR}/codex-feedback.zip"), "threadId": THREAD})),
        ),
        now,
    );
    update(&mut state, AppEvent::FeedbackRedacted(Ok(report)), now);
    for _ in 0..5 {
        update(&mut state, key(KeyCode::PageDown), now);
    }
    let text = screen(&mut state, 120, 50, now);
    assert!(text.contains("line 30"), "the last line in view: {text}");
    assert!(
        !text.contains("line 18\n") && !text.contains("line 18 "),
        "{text}"
    );
    // One page back from the end shows lines 9 on: the scroll never went past the end.
    update(&mut state, key(KeyCode::PageUp), now);
    let text = screen(&mut state, 120, 50, now);
    assert!(text.contains("  line 9 "), "{text}");
    assert!(!text.contains("  line 8 "), "{text}");
}
