//! `/feedback`'s redacted report as data: what the runtime read and redacted from the ZIP
//! codex wrote, carried back to the session in `AppEvent::FeedbackRedacted` and drawn by the
//! view before anything is kept or sent.

/// One entry of the redacted ZIP, as the view shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeedbackEntry {
    /// Its name in the archive, as the server wrote it (untrusted: sanitise to show).
    pub name: String,
    /// Its size after redaction, in bytes.
    pub size: u64,
    /// How many secrets were replaced in it.
    pub redactions: usize,
    /// The start of its redacted text; `None` for a binary entry (copied as it is).
    pub preview: Option<String>,
}

/// A redacted archive: its bytes, each entry summarised, and each entry's redacted bytes (what
/// an upload attaches, so nothing unredacted is sent).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RedactedZip {
    pub bytes: Vec<u8>,
    pub entries: Vec<FeedbackEntry>,
    pub contents: Vec<Vec<u8>>,
}
