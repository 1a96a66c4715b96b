//! A throwaway, offline home for the real `codex app-server`: temp `CODEX_HOME` with a
//! config.toml that points the model provider at a local mock (see `mock_model.rs`), a temp
//! `HOME` so nothing reads or writes the real `~/.codex`, and a temp workspace to use as `cwd`.
//! Everything is deleted when the `CodexEnv` is dropped.

use std::ffi::OsString;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Stdio;

use tempfile::TempDir;

/// Variables removed from a spawned codex so the host's keys, endpoints or an enclosing
/// codex sandbox cannot change what the test sees.
#[allow(dead_code)] // used by the bench binary (tests/bench/)
pub const REMOVED_ENV_VARS: &[&str] = &[
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
    "OPENAI_ORGANIZATION",
    "OPENAI_PROJECT",
    "CODEX_API_KEY",
    "CODEX_OSS_BASE_URL",
    "CODEX_OSS_PORT",
    "CODEX_SANDBOX",
    "CODEX_SANDBOX_NETWORK_DISABLED",
];

/// `sandbox_mode` written to config.toml. `Default` writes none; the app-server then still ran
/// threads read-only here (its turn metadata said `sandbox_mode: read-only`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Sandbox {
    #[default]
    Default,
    /// `read-only`: any file change (apply_patch) needs `item/fileChange/requestApproval`.
    ReadOnly,
    WorkspaceWrite,
}

impl Sandbox {
    fn config_value(self) -> Option<&'static str> {
        match self {
            Sandbox::Default => None,
            Sandbox::ReadOnly => Some("read-only"),
            Sandbox::WorkspaceWrite => Some("workspace-write"),
        }
    }
}

/// The config.toml for a mock provider at `base_url` (e.g. `MockModel::base_url()`).
pub fn config_toml(base_url: &str, sandbox: Sandbox) -> String {
    let mut toml = String::from(
        "model_provider = \"mock\"\n\
         model = \"mock-model\"\n\
         # on-request: the server asks for escalated commands and for writes the sandbox denies.\n\
         approval_policy = \"on-request\"\n\
         # Offline: nothing to report to, and no update check.\n\
         check_for_update_on_startup = false\n",
    );
    if let Some(mode) = sandbox.config_value() {
        toml.push_str(&format!("sandbox_mode = \"{mode}\"\n"));
    }
    toml.push_str(&format!(
        "\n[model_providers.mock]\n\
         name = \"mock\"\n\
         base_url = \"{base_url}\"\n\
         wire_api = \"responses\"\n\
         # No env_key: codex then sends no API key and needs none.\n\
         # No retries: a broken mock must fail the turn at once, not after backoff.\n\
         request_max_retries = 0\n\
         stream_max_retries = 0\n\
         stream_idle_timeout_ms = 20000\n"
    ));
    toml.push_str("\n[analytics]\nenabled = false\n");
    toml
}

/// codex's config table giving `dir` (canonical, as codex keys it) a trust level.
pub fn trust_entry(dir: &Path, level: &str) -> String {
    let dir = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    format!(
        "\n[projects.{:?}]\ntrust_level = \"{level}\"\n",
        dir.to_string_lossy()
    )
}

pub struct CodexEnv {
    codex_home: TempDir,
    home: TempDir,
    workspace: TempDir,
}

impl CodexEnv {
    pub fn new(base_url: &str, sandbox: Sandbox) -> io::Result<CodexEnv> {
        let env = CodexEnv {
            codex_home: tempfile::Builder::new()
                .prefix("tern-codex-home")
                .tempdir_in(scratch_root())?,
            home: tempfile::Builder::new().prefix("tern-home").tempdir()?,
            workspace: tempfile::Builder::new()
                .prefix("tern-workspace")
                .tempdir()?,
        };
        // The workspace's trust is decided, so tern does not ask about it (issue 32): trusted
        // where the test wants workspace-write, else untrusted (read-only, as before).
        let level = match sandbox {
            Sandbox::WorkspaceWrite => "trusted",
            Sandbox::Default | Sandbox::ReadOnly => "untrusted",
        };
        let trust = trust_entry(env.workspace(), level);
        fs::write(
            env.config_path(),
            config_toml(base_url, sandbox) + trust.as_str(),
        )?;
        Ok(env)
    }

    /// Adds a trust level for `dir` to codex's config, so tern does not ask about it.
    pub fn decide_trust(&self, dir: &Path, level: &str) {
        let mut text = fs::read_to_string(self.config_path()).unwrap_or_default();
        text.push_str(&trust_entry(dir, level));
        fs::write(self.config_path(), text).unwrap();
    }

    pub fn codex_home(&self) -> &Path {
        self.codex_home.path()
    }

    pub fn home(&self) -> &Path {
        self.home.path()
    }

    /// An empty directory to pass as `cwd` to `thread/start`.
    pub fn workspace(&self) -> &Path {
        self.workspace.path()
    }

    pub fn config_path(&self) -> PathBuf {
        self.codex_home().join("config.toml")
    }

    /// Where the server appends `prefix_rule(...)` after `acceptWithExecpolicyAmendment`.
    pub fn rules_path(&self) -> PathBuf {
        self.codex_home().join("rules").join("default.rules")
    }

    /// Where `app_server_command` sends codex's stderr, to read when a test fails.
    pub fn stderr_path(&self) -> PathBuf {
        self.codex_home().join("app-server.stderr.log")
    }

    /// Variables to set on a spawned `codex app-server` (also remove [`REMOVED_ENV_VARS`]).
    pub fn env_vars(&self) -> Vec<(&'static str, OsString)> {
        let home = self.home();
        vec![
            ("CODEX_HOME", self.codex_home().into()),
            ("HOME", home.into()),
            ("XDG_CONFIG_HOME", home.join(".config").into()),
            ("XDG_DATA_HOME", home.join(".local/share").into()),
            ("XDG_STATE_HOME", home.join(".local/state").into()),
            ("XDG_CACHE_HOME", home.join(".cache").into()),
        ]
    }

    /// `<bin> app-server` with this env, cwd = workspace, piped stdin/stdout, stderr to
    /// [`Self::stderr_path`], killed when the handle is dropped.
    #[allow(dead_code)] // used by the bench binary (tests/bench/)
    pub fn app_server_command(&self, bin: &Path) -> io::Result<tokio::process::Command> {
        let mut command = tokio::process::Command::new(bin);
        command
            .arg("app-server")
            .current_dir(self.workspace())
            .envs(self.env_vars())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(fs::File::create(self.stderr_path())?)
            .kill_on_drop(true);
        for name in REMOVED_ENV_VARS {
            command.env_remove(name);
        }
        Ok(command)
    }

    /// codex's stderr so far, for assertion messages.
    pub fn stderr(&self) -> String {
        fs::read_to_string(self.stderr_path()).unwrap_or_default()
    }
}

/// Where CODEX_HOME is created. codex refuses to put its helper-binary aliases (e.g.
/// `apply_patch` on PATH) under `/tmp` and warns on stderr, so prefer cargo's per-target
/// scratch dir, which only exists for integration tests.
fn scratch_root() -> PathBuf {
    option_env!("CARGO_TARGET_TMPDIR")
        .map(PathBuf::from)
        .unwrap_or_else(std::env::temp_dir)
}

/// The pinned codex binary: `$TERN_CODEX_BIN` when it names a file, else the npm install
/// under `<crate>/target/codex`, else `codex` on PATH. `None` when none of them is there.
pub fn codex_bin() -> Option<PathBuf> {
    if let Some(bin) = std::env::var_os("TERN_CODEX_BIN") {
        let bin = PathBuf::from(bin);
        // A variable naming nothing is no codex: the test says so, not "spawn failed".
        return bin.is_file().then_some(bin);
    }
    let pinned = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/codex/node_modules/.bin/codex");
    if pinned.is_file() {
        return Some(pinned);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join("codex"))
        .find(|bin| bin.is_file())
}

/// The pinned codex's version, as `.ci/run` installs it.
pub const CODEX_VERSION: &str = "0.171.0";

/// The previous pinned codex (0.169.0), kept so one end-to-end test shows tern still works with
/// it: `$TERN_CODEX_BIN_PREVIOUS` when it names a file, else the npm install under
/// `<crate>/target/codex-previous`.
pub const PREVIOUS_CODEX_VERSION: &str = "0.169.0";

pub fn previous_codex_bin() -> Option<PathBuf> {
    if let Some(bin) = std::env::var_os("TERN_CODEX_BIN_PREVIOUS") {
        let bin = PathBuf::from(bin);
        return bin.is_file().then_some(bin);
    }
    let pinned =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("target/codex-previous/node_modules/.bin/codex");
    pinned.is_file().then_some(pinned)
}

/// The variable that lets the end-to-end tests skip where no codex is installed. Nothing else
/// does: without it a missing codex fails the test (`.ci/run` never sets it).
pub const SKIP_E2E: &str = "TERN_SKIP_E2E";

/// Whether `TERN_SKIP_E2E=1` is set.
pub fn skipping_e2e() -> bool {
    std::env::var_os(SKIP_E2E).is_some_and(|value| value == "1")
}

/// What to do without codex `version`: where `.ci/run` puts it, the npm command that does the
/// same, the variable that names another binary, and the one that skips.
pub fn missing_codex_message(version: &str, folder: &str, variable: &str) -> String {
    format!(
        "no codex {version} for this end-to-end test. Get it with `.ci/run` (installs it and runs \
         every check), or `npm install --prefix {folder} @openai/codex@{version}`, or point \
         {variable} at a codex binary; or set {SKIP_E2E}=1 to skip the end-to-end tests"
    )
}

/// `found`, or `None` to skip when `TERN_SKIP_E2E=1`; without either the test fails with
/// [`missing_codex_message`].
fn found_or_skip(
    found: Option<PathBuf>,
    version: &str,
    folder: &str,
    variable: &str,
) -> Option<PathBuf> {
    found_or(
        found,
        &missing_codex_message(version, folder, variable),
        skipping_e2e(),
    )
}

/// The rule itself, with the variable read by the caller: `found`, else `None` when `skip`,
/// else a failure saying `message`.
pub fn found_or(found: Option<PathBuf>, message: &str, skip: bool) -> Option<PathBuf> {
    if found.is_some() {
        return found;
    }
    if skip {
        eprintln!("skipped ({SKIP_E2E}=1): {message}");
        return None;
    }
    panic!("{message}");
}

/// The previous codex for an end-to-end test; `None` (skip) only with `TERN_SKIP_E2E=1`.
pub fn previous_codex_or_skip() -> Option<PathBuf> {
    found_or_skip(
        previous_codex_bin(),
        PREVIOUS_CODEX_VERSION,
        "target/codex-previous",
        "TERN_CODEX_BIN_PREVIOUS",
    )
}

/// The codex binary for an end-to-end test; `None` (skip) only with `TERN_SKIP_E2E=1`,
/// otherwise a missing codex fails the test with how to get it.
pub fn codex_or_skip() -> Option<PathBuf> {
    found_or_skip(codex_bin(), CODEX_VERSION, "target/codex", "TERN_CODEX_BIN")
}
