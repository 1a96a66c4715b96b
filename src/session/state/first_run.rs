//! The first-run walls, as data: what tern was told at startup for signing in (an API key in
//! the environment, whether a browser can be opened here, the facts `/doctor` lists), a codex
//! config file that stops threads from starting, and whether the server's version was noted.

use crate::protocol::ApiKey;
use std::time::Instant;

/// What the runtime found at startup for signing in and for `/doctor`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FirstRunSetup {
    /// `OPENAI_API_KEY`, read once at startup, to prefill the API-key field (never shown).
    pub api_key_env: Option<ApiKey>,
    /// Why no browser is opened from here (an ssh session, no display, a server on another
    /// machine); `None`: the platform's opener is run.
    pub no_browser: Option<String>,
    /// What `/doctor` lists that only the runtime knows: the binary, the settings and where
    /// they came from, the terminal.
    pub doctor: Vec<DoctorSection>,
}

/// One section of the doctor's report: a title and label/value rows.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DoctorSection {
    pub title: String,
    pub rows: Vec<(String, String)>,
}

/// codex's config file has an error: `configWarning` ("Invalid configuration; using
/// defaults.") and `thread/start` refusing with "failed to load configuration: …".
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ConfigProblem {
    /// codex's own words (the warning's details, or the refusal).
    pub message: String,
    /// The file at fault, and where in it (1-based line and column).
    pub path: Option<String>,
    pub at: Option<(u64, u64)>,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct FirstRun {
    /// codex said at startup that its config file is broken; until a thread starts, the
    /// account it reports is its defaults' (so no sign-in is asked for).
    pub config_warning: Option<ConfigProblem>,
    /// A thread start is on its way again after a config error (a key, or the timer).
    pub retrying: bool,
    /// When the config box last tried again (it tries every few seconds by itself).
    pub last_try: Option<Instant>,
    /// The server's version was looked at (said once per session).
    pub version_checked: bool,
    /// `config/read`'s answer, for `/doctor` (asked as it opens; `tern doctor` asks its own).
    pub codex_config: Option<Result<crate::protocol::ConfigReadResponse, String>>,
    /// The trust question (`session::trust`).
    pub(crate) trust: TrustAnswer,
}

impl ConfigProblem {
    /// What the config box says, one entry per paragraph, sanitised (the message and the path
    /// come from the server and the file).
    pub fn paragraphs(&self) -> Vec<String> {
        use crate::text::sanitize::sanitize_line;
        let place = match (&self.path, self.at) {
            (Some(path), Some((line, column))) => {
                format!("{}, line {line}, column {column}:", sanitize_line(path))
            }
            (Some(path), None) => format!("{}:", sanitize_line(path)),
            (None, _) => "codex says:".to_string(),
        };
        vec![
            "codex cannot start a thread: its config file has an error.".to_string(),
            format!("{place} {}", sanitize_line(&self.message)),
            "codex runs on its defaults meanwhile, so tern sends nothing until the file is fixed \
             (and does not ask you to sign in: with a broken file codex cannot say whether you \
             need to)."
                .to_string(),
        ]
    }
}

/// The folder the session runs in, for codex's folder trust: asked about before the first
/// thread opens when codex's config says nothing of it (`session::trust`). `None` in the
/// config: nothing is asked (the demo, a server on another machine, tests that drive the app).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FolderTrust {
    /// The directory threads start in.
    pub folder: String,
    /// What codex trusts for it: the repository's root (a worktree's main repository), or the
    /// folder itself outside a repository. Trusting it covers its subfolders.
    pub root: String,
}

/// Where the trust question stands in this session.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct TrustAnswer {
    /// codex's config was read for it (once a session).
    pub(crate) checked: bool,
    /// The person said no: the folder runs read-only, and the welcome and `/status` say so.
    pub(crate) declined: bool,
}
