//! `/feedback`, as data: where the report is on its way from the person's choice to a ZIP
//! written (or uploaded). The session's `feedback` moves it on; the view draws it.

use crate::session::feedback_report::RedactedZip;

/// What the person chose in the view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FeedbackChoice {
    /// One of `CLASSIFICATIONS`' wire values.
    pub(crate) classification: String,
    pub(crate) reason: Option<String>,
}

/// The classifications codex 0.171 knows (its binary's strings; the official TUI's "How was
/// this?" list, in its order), with the words shown for each.
pub(crate) const CLASSIFICATIONS: &[(&str, &str)] = &[
    ("bug", "bug — something broke or behaved wrongly"),
    ("bad_result", "bad result — the answer or change was poor"),
    ("good_result", "good result — this went well"),
    ("safety_check", "safety check — a safety concern"),
    ("other", "other — anything else"),
];

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) enum FeedbackStage {
    /// Nothing asked yet: the view offers the classifications.
    #[default]
    Choosing,
    /// The private temp folder being made (with tern's log redacted into it).
    Preparing,
    /// `feedback/save` sent; the server writes its ZIP into `dir`.
    Saving { dir: String },
    /// The server's ZIP being read and redacted.
    Redacting { dir: String },
    /// The redacted contents, shown before anything is written where the person will see it.
    Shown { dir: String, zip: RedactedZip },
    /// The redacted ZIP being written where the person will find it.
    Writing,
    /// Written to `path` (the temp folder is gone).
    Written { path: String },
    /// The redacted entries being written for the upload, then `feedback/upload` sent.
    Uploading { dir: String, zip: RedactedZip },
    /// Uploaded (codex's thread id for it).
    Uploaded,
    /// Why it stopped (the temp folder is gone).
    Failed(String),
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct FeedbackState {
    pub(crate) choice: Option<FeedbackChoice>,
    pub(crate) stage: FeedbackStage,
}

impl FeedbackState {
    /// The temp folder this report holds, if any (to delete on every way out).
    pub(crate) fn temp_dir(&self) -> Option<&str> {
        match &self.stage {
            FeedbackStage::Saving { dir }
            | FeedbackStage::Redacting { dir }
            | FeedbackStage::Shown { dir, .. }
            | FeedbackStage::Uploading { dir, .. } => Some(dir),
            _ => None,
        }
    }

    /// The redacted ZIP, once shown.
    pub(crate) fn zip(&self) -> Option<&RedactedZip> {
        match &self.stage {
            FeedbackStage::Shown { zip, .. } | FeedbackStage::Uploading { zip, .. } => Some(zip),
            _ => None,
        }
    }
}
