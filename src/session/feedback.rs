//! `/feedback`: a report for OpenAI's feedback service, made safe before anything leaves.
//! codex's `feedback/save` writes the report ZIP itself, with codex's logs as they are, so
//! tern has it written into a private temp folder (with a redacted copy of tern's own log as
//! an extra file), reads it back, redacts every text entry with the log's one redaction and
//! shows the contents. Only then `s` + `y` writes the redacted ZIP as a new file in tern's
//! data folder, or `u` + `y` uploads (`feedback/upload`) with codex's logs left out and the
//! redacted entries attached instead. The temp folder is deleted on every way out.
//!
//! Over `--remote` (the server's disk is another machine's) /feedback is refused: the save
//! path would be on the server's machine and its ZIP could not be redacted here before use.

use crate::model::NoticeLevel;
use crate::protocol::{FeedbackParams, FeedbackResponse};
use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::feedback_report::RedactedZip;
use crate::session::reply::{shown, Answer};
use crate::session::request::ClientRequest;
use crate::session::state::feedback::{FeedbackChoice, FeedbackStage, FeedbackState};
use crate::session::state::Session;
use crate::text::sanitize::visible_line;

/// The ZIP's file name inside the temp folder (the server writes it; it must not exist).
const SAVED_NAME: &str = "codex-feedback.zip";

/// Why /feedback is refused here, if it is.
pub(crate) fn refusal(state: &Session) -> Option<&'static str> {
    state.config.files_elsewhere.then_some(
        "/feedback works only with a local codex: over --remote the report would be written \
         on the server's machine, where tern cannot redact it before it is kept or sent.",
    )
}

/// The view opened: a fresh report (any earlier one's temp folder deleted).
pub(crate) fn start(state: &mut Session) -> Vec<Effect> {
    let old = std::mem::take(&mut state.feedback);
    cleanup(&old)
}

/// The classification and reason chosen: the temp folder is made first.
pub(crate) fn choose(state: &mut Session, classification: &str, reason: &str) -> Vec<Effect> {
    if state.feedback.stage != FeedbackStage::Choosing {
        return vec![];
    }
    let reason = reason.trim();
    state.feedback.choice = Some(FeedbackChoice {
        classification: classification.to_string(),
        reason: (!reason.is_empty()).then(|| reason.to_string()),
    });
    state.feedback.stage = FeedbackStage::Preparing;
    changed(state);
    vec![Effect::PrepareFeedback]
}

fn params(
    state: &Session,
    save_path: Option<String>,
    logs: bool,
    files: Vec<String>,
) -> FeedbackParams {
    let choice = state.feedback.choice.clone();
    FeedbackParams {
        save_path,
        classification: choice
            .as_ref()
            .map_or_else(|| "other".to_string(), |c| c.classification.clone()),
        reason: choice.and_then(|c| c.reason),
        thread_id: state.thread_id().map(str::to_string),
        include_logs: logs,
        extra_log_files: files,
    }
}

/// The temp folder is ready: the server writes its report there.
pub(crate) fn prepared(
    state: &mut Session,
    result: Result<(String, Option<String>), String>,
) -> Vec<Effect> {
    let (dir, tern_log) = match result {
        Ok(made) => made,
        Err(e) => return fail(state, None, &e),
    };
    if state.feedback.stage != FeedbackStage::Preparing {
        // Closed meanwhile.
        return vec![Effect::RemoveFeedbackDir { dir }];
    }
    let save_path = format!("{}/{SAVED_NAME}", dir.trim_end_matches('/'));
    let params = params(state, Some(save_path), true, tern_log.into_iter().collect());
    state.feedback.stage = FeedbackStage::Saving { dir };
    changed(state);
    vec![Effect::Request(ClientRequest::SaveFeedback(params))]
}

/// `feedback/save` answered: its ZIP is read back and redacted.
pub(crate) fn saved(state: &mut Session, answer: Answer<FeedbackResponse>) -> Vec<Effect> {
    let FeedbackStage::Saving { dir } = state.feedback.stage.clone() else {
        return vec![];
    };
    match shown(answer) {
        Ok(r) => {
            let path = r
                .saved_path
                .unwrap_or_else(|| format!("{}/{SAVED_NAME}", dir.trim_end_matches('/')));
            state.feedback.stage = FeedbackStage::Redacting { dir };
            changed(state);
            vec![Effect::RedactFeedback { path }]
        }
        Err(e) => fail(
            state,
            Some(dir),
            &format!("codex did not save the report: {}", why(&e)),
        ),
    }
}

/// The redacted contents, to be shown before anything is kept.
pub(crate) fn redacted(state: &mut Session, result: Result<RedactedZip, String>) -> Vec<Effect> {
    let FeedbackStage::Redacting { dir } = state.feedback.stage.clone() else {
        return vec![];
    };
    match result {
        Ok(zip) => {
            state.feedback.stage = FeedbackStage::Shown { dir, zip };
            changed(state);
            vec![]
        }
        Err(e) => fail(
            state,
            Some(dir),
            &format!("tern could not redact the report: {e}"),
        ),
    }
}

/// `s` then `y`: the redacted ZIP written as a new file (the temp folder goes with it).
pub(crate) fn write(state: &mut Session) -> Vec<Effect> {
    let FeedbackStage::Shown { dir, zip } = std::mem::take(&mut state.feedback.stage) else {
        return vec![];
    };
    state.feedback.stage = FeedbackStage::Writing;
    changed(state);
    vec![Effect::WriteFeedback {
        dir,
        bytes: zip.bytes,
    }]
}

pub(crate) fn written(state: &mut Session, result: Result<String, String>) -> Vec<Effect> {
    match result {
        Ok(path) => {
            state.shown.transcript.notice(
                NoticeLevel::Info,
                format!(
                    "Feedback report saved (redacted) to {}. Nothing was sent.",
                    visible_line(&path)
                ),
            );
            state.feedback.stage = FeedbackStage::Written { path };
            changed(state);
            vec![]
        }
        Err(e) => fail(state, None, &format!("The report was not saved: {e}")),
    }
}

/// `u` then `y`: the redacted entries written as files to attach, then the upload.
pub(crate) fn upload(state: &mut Session) -> Vec<Effect> {
    let FeedbackStage::Shown { dir, zip } = std::mem::take(&mut state.feedback.stage) else {
        return vec![];
    };
    let entries = zip
        .entries
        .iter()
        .map(|e| e.name.clone())
        .zip(zip.contents.iter().cloned())
        .collect();
    state.feedback.stage = FeedbackStage::Uploading {
        dir: dir.clone(),
        zip,
    };
    changed(state);
    vec![Effect::StageFeedback { dir, entries }]
}

/// The redacted entries are files: `feedback/upload` with them and no codex logs.
pub(crate) fn staged(state: &mut Session, result: Result<Vec<String>, String>) -> Vec<Effect> {
    let Some(dir) = uploading_dir(state) else {
        return vec![];
    };
    match result {
        Ok(files) => {
            let params = params(state, None, false, files);
            vec![Effect::Request(ClientRequest::UploadFeedback(params))]
        }
        Err(e) => fail(state, Some(dir), &e),
    }
}

fn uploading_dir(state: &Session) -> Option<String> {
    match &state.feedback.stage {
        FeedbackStage::Uploading { dir, .. } => Some(dir.clone()),
        _ => None,
    }
}

pub(crate) fn uploaded(state: &mut Session, answer: Answer<FeedbackResponse>) -> Vec<Effect> {
    let Some(dir) = uploading_dir(state) else {
        return vec![];
    };
    match shown(answer) {
        Ok(r) => {
            state.shown.transcript.notice(
                NoticeLevel::Info,
                format!(
                    "Feedback sent to OpenAI (report for thread {}), redacted, without codex's \
                     own logs.",
                    visible_line(&r.thread_id)
                ),
            );
            state.feedback.stage = FeedbackStage::Uploaded;
            changed(state);
            vec![Effect::RemoveFeedbackDir { dir }]
        }
        Err(e) => fail(state, Some(dir), &format!("The upload failed: {}", why(&e))),
    }
}

/// The view closed: whatever temp folder the report holds is deleted.
pub(crate) fn close(state: &mut Session) -> Vec<Effect> {
    let old = std::mem::take(&mut state.feedback);
    cleanup(&old)
}

fn cleanup(old: &FeedbackState) -> Vec<Effect> {
    old.temp_dir()
        .map(|dir| Effect::RemoveFeedbackDir {
            dir: dir.to_string(),
        })
        .into_iter()
        .collect()
}

/// An older codex's refusal named as such.
fn why(error: &str) -> String {
    let line = visible_line(error);
    if line.contains("unknown variant") || line.to_lowercase().contains("method not found") {
        format!("this codex has no feedback methods (0.171 or newer has them): {line}")
    } else {
        line
    }
}

fn fail(state: &mut Session, dir: Option<String>, message: &str) -> Vec<Effect> {
    let message = visible_line(message);
    state
        .shown
        .transcript
        .notice(NoticeLevel::Warning, message.clone());
    state.feedback.stage = FeedbackStage::Failed(message);
    changed(state);
    dir.map(|dir| Effect::RemoveFeedbackDir { dir })
        .into_iter()
        .collect()
}

fn changed(state: &mut Session) {
    state.layer_events.push(LayerEvent::AccountToolsChanged);
}
