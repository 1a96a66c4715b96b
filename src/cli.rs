//! Command-line arguments.

use crate::config::{self, Effective, Loaded, Overrides, Source};
use clap::{Parser, Subcommand};
use std::path::PathBuf;

mod session_config;

#[derive(Debug, Parser)]
#[command(
    name = "tern",
    version,
    about = "A terminal frontend for the Codex app-server",
    after_help = "Without codex installed, try the embedded demo: tern --demo"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    /// Run against the embedded, scripted demo server instead of codex.
    #[arg(long, global = true)]
    pub demo: bool,

    /// The codex binary to run as `codex app-server`.
    #[arg(long, env = "TERN_CODEX_BIN", global = true, value_name = "PATH")]
    pub codex_bin: Option<PathBuf>,

    /// Model for the thread (passed to thread/start).
    #[arg(short, long, global = true)]
    pub model: Option<String>,

    /// When to ask before running commands: on-request, never (or untrusted on servers that take it).
    #[arg(long, global = true, value_name = "POLICY")]
    pub approval_policy: Option<String>,

    /// Sandbox for commands: read-only, workspace-write, danger-full-access.
    #[arg(long, global = true, value_name = "MODE")]
    pub sandbox: Option<String>,

    /// A config override, as key=value (repeatable), passed to the thread.
    #[arg(short = 'c', long = "config", global = true, value_name = "KEY=VALUE")]
    pub config: Vec<String>,

    /// Working directory of the thread (default: the current directory).
    #[arg(long, global = true, value_name = "DIR")]
    pub cwd: Option<PathBuf>,

    /// Leave the mouse to the terminal (native selection); the wheel then does not scroll.
    #[arg(long, global = true)]
    pub no_mouse: bool,

    /// tern's config file (default: config.toml in the platform config folder, e.g.
    /// ~/.config/tern/config.toml).
    #[arg(long, env = "TERN_CONFIG", global = true, value_name = "PATH")]
    pub config_file: Option<PathBuf>,

    /// Print the settings in force, and where each came from, then exit.
    #[arg(long)]
    pub print_config: bool,

    /// Print every key and command (with the config file's [keys] applied), then exit.
    #[arg(long)]
    pub keys: bool,

    /// Start the thread with this prompt; `-` reads it from standard input (so does a piped
    /// standard input without a prompt).
    #[arg(value_name = "PROMPT")]
    pub prompt: Option<String>,

    /// Attach an image file to the first prompt (repeatable).
    #[arg(short = 'i', long = "image", value_name = "PATH")]
    pub images: Vec<PathBuf>,

    /// Layer CODEX_HOME/NAME.config.toml on the user's config, as `codex --profile NAME` does.
    #[arg(short = 'p', long, global = true, value_name = "NAME")]
    pub profile: Option<String>,

    /// After exit, print the text `/copy` copied (by default tern only says that it copied
    /// something); `print_copied = true` in the config file does the same.
    #[arg(long, global = true)]
    pub print_copied: bool,

    /// Inline: the conversation goes into the terminal's own scrollback and only the live part
    /// at the bottom is redrawn (`screen = "inline"` in the config; full screen is the default).
    #[arg(long, global = true)]
    pub inline: bool,
    /// Screen-reader mode: inline, linear text with speaker labels (you:, codex:, tool:), no
    /// box drawing or spinners (`screen_reader = true` in the config).
    #[arg(long, global = true)]
    pub screen_reader: bool,
    /// Drive a codex app-server elsewhere instead of starting one: ws://HOST:PORT,
    /// wss://HOST[:PORT], unix:// (the local codex service) or unix://PATH,
    /// ssh://[USER@]HOST[:PORT][/DIR] (runs `codex app-server` there), ssh://…?daemon (joins the
    /// codex service there, which outlives the link).
    #[arg(long, global = true, value_name = "URL", conflicts_with = "demo")]
    pub remote: Option<String>,

    /// The environment variable that holds the bearer token for ws:// or wss:// (the token
    /// itself never goes on the command line).
    #[arg(long, global = true, value_name = "VAR", requires = "remote")]
    pub remote_token_env: Option<String>,

    /// A file that holds the bearer token for ws:// or wss:// (trimmed, as codex reads its own).
    #[arg(
        long,
        global = true,
        value_name = "PATH",
        requires = "remote",
        conflicts_with = "remote_token_env"
    )]
    pub remote_token_file: Option<PathBuf>,

    /// A PEM file of CA certificates to trust for wss://, besides the system's.
    #[arg(long, global = true, value_name = "PATH", requires = "remote")]
    pub remote_ca_file: Option<PathBuf>,

    /// What ssh:// runs on the other machine for the app-server (default `codex app-server`;
    /// `proxy` or `daemon start` is appended for ?daemon). A non-interactive ssh shell may not
    /// have codex on its PATH: name it here, e.g. `~/.local/bin/codex app-server`.
    #[arg(
        long,
        env = "TERN_REMOTE_COMMAND",
        global = true,
        value_name = "COMMAND"
    )]
    pub remote_command: Option<String>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Continue an earlier thread: pick it from a list, or name it.
    Resume {
        /// The thread id, as printed when tern exits; without it, a picker lists the threads.
        thread_id: Option<String>,
        /// Reopen the most recent thread of this directory, without the picker.
        #[arg(long, conflicts_with = "thread_id")]
        last: bool,
    },
    /// Print what a bug report needs: codex's binary and version, where each setting came
    /// from, the sign-in, the terminal's capabilities (secrets redacted).
    Doctor,
}

const APPROVAL_POLICIES: &[&str] = &["untrusted", "on-request", "on-failure", "never"];
const SANDBOX_MODES: &[&str] = &["read-only", "workspace-write", "danger-full-access"];

impl Cli {
    /// `--remote` and its companions, if a remote was asked for (the remote command may come
    /// from the config file too).
    pub fn remote_args(
        &self,
        effective: &Effective,
    ) -> Option<crate::runtime::connect::RemoteArgs> {
        let url = self.remote.clone()?;
        Some(crate::runtime::connect::RemoteArgs {
            url,
            token_env: self.remote_token_env.clone(),
            token_file: self.remote_token_file.clone(),
            ca_file: self.remote_ca_file.clone(),
            remote_command: effective.remote_command.value.clone(),
        })
    }

    /// Reads the config file (`--config-file`, `TERN_CONFIG`, else the platform's) and
    /// combines it with the flags and the environment: the file read, what is in force, and
    /// the file looked for.
    pub fn settings(&self) -> Result<(Loaded, Effective, Option<PathBuf>), String> {
        let path = config::config_path(self.config_file.as_deref());
        let loaded = config::load(path.clone(), self.config_file.is_some())?;
        keymap(&loaded)?;
        let effective = config::effective(self.overrides(), &loaded);
        Ok((loaded, effective, path))
    }

    /// What the flags and the environment say.
    pub(crate) fn overrides(&self) -> Overrides {
        let codex_bin = self.codex_bin.clone().map(|path| {
            let from_env =
                std::env::var_os("TERN_CODEX_BIN").is_some_and(|v| v == path.as_os_str());
            let source = if from_env {
                Source::Env("TERN_CODEX_BIN")
            } else {
                Source::Flag
            };
            (path, source)
        });
        let remote_command = self.remote_command.clone().map(|command| {
            let from_env = std::env::var("TERN_REMOTE_COMMAND").is_ok_and(|v| v == command);
            let source = if from_env {
                Source::Env("TERN_REMOTE_COMMAND")
            } else {
                Source::Flag
            };
            (command, source)
        });
        Overrides {
            remote_command,
            model: self.model.clone(),
            approval_policy: self.approval_policy.clone(),
            sandbox: self.sandbox.clone(),
            codex_bin,
            theme_env: std::env::var("TERN_THEME").ok(),
            no_color_env: std::env::var("NO_COLOR").ok(),
            thread_titles_env: std::env::var("TERN_THREAD_TITLES").ok(),
            print_copied: self.print_copied.then_some(true),
            inline: self.inline.then_some(true),
            screen_reader: self.screen_reader.then_some(true),
        }
    }
}

/// The keys the config file's `[keys]` moves, checked against the key tables; an error names
/// the file, the place and what is wrong.
pub fn keymap(loaded: &Loaded) -> Result<crate::controls::keys::Keymap, String> {
    crate::app::reference::keymap(&loaded.keys).map_err(|e| {
        let file = loaded
            .path
            .as_deref()
            .map(|p| p.to_string_lossy().into_owned())
            .unwrap_or_default();
        format!("config file {file}: {e}")
    })
}

#[cfg(test)]
mod tests {
    use super::session_config::codex_home;
    use super::*;
    use crate::app::Resume;

    #[test]
    fn bad_policy_and_sandbox_are_refused_with_the_choices() {
        let cli = Cli::parse_from(["tern", "--approval-policy", "sometimes"]);
        assert!(cli.session_config().unwrap_err().contains("on-request"));
        let cli = Cli::parse_from(["tern", "--sandbox", "open"]);
        assert!(cli
            .session_config()
            .unwrap_err()
            .contains("workspace-write"));
    }

    #[test]
    fn codex_home_is_codex_home_else_dot_codex_in_home() {
        assert_eq!(codex_home(Some("/c"), Some("/h")).as_deref(), Some("/c"));
        assert_eq!(
            codex_home(Some(""), Some("/h/")).as_deref(),
            Some("/h/.codex")
        );
        assert_eq!(codex_home(None, Some("/")).as_deref(), Some("/.codex"));
        assert_eq!(codex_home(None, None), None);
    }

    #[test]
    fn flags_reach_the_thread_settings() {
        let cli = Cli::parse_from([
            "tern",
            "-m",
            "gpt-x",
            "--sandbox",
            "read-only",
            "-c",
            "a.b=1",
            "resume",
            "t-1",
        ]);
        let config = cli.session_config().unwrap();
        assert_eq!(config.settings.model.as_deref(), Some("gpt-x"));
        assert_eq!(config.settings.sandbox.as_deref(), Some("read-only"));
        assert_eq!(config.settings.config.unwrap()["a.b"], serde_json::json!(1));
        assert_eq!(config.resume, Resume::Thread("t-1".into()));
    }

    #[test]
    fn a_remote_thread_takes_its_directory_from_cwd_or_the_ssh_url_unchecked() {
        let cwd = |args: &[&str]| {
            let mut all = vec!["tern"];
            all.extend_from_slice(args);
            Cli::parse_from(all).session_config().unwrap().settings.cwd
        };
        assert_eq!(
            cwd(&["--remote", "ssh://box/srv/repo"]).as_deref(),
            Some("/srv/repo")
        );
        assert_eq!(cwd(&["--remote", "ssh://box/~/repo"]), None);
        assert_eq!(cwd(&["--remote", "ws://127.0.0.1:1"]), None);
        assert_eq!(
            cwd(&["--remote", "ws://127.0.0.1:1", "--cwd", "/not/here/x"]).as_deref(),
            Some("/not/here/x")
        );
        let local = std::env::current_dir().unwrap();
        assert_eq!(
            cwd(&["--remote", "unix:///s"]),
            Some(local.to_string_lossy().into_owned())
        );
        assert!(Cli::try_parse_from(["tern", "--demo", "--remote", "ws://h:1"]).is_err());
        assert!(Cli::try_parse_from(["tern", "--remote-token-env", "T"]).is_err());
    }

    #[test]
    fn the_remote_command_comes_from_the_flag_else_the_config_file() {
        let (settings, warnings) =
            config::parse("remote_command = \"/opt/codex/bin/codex app-server\"\n").unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        let loaded = Loaded {
            settings,
            path: Some("/c/config.toml".into()),
            warnings,
            keys: vec![],
        };
        let cli = Cli::parse_from(["tern", "--remote", "ssh://box"]);
        let effective = config::effective(cli.overrides(), &loaded);
        let args = cli.remote_args(&effective).unwrap();
        assert_eq!(
            args.remote_command.as_deref(),
            Some("/opt/codex/bin/codex app-server")
        );
        let printed = config::print_config(&effective, &loaded, None);
        assert!(
            printed.contains(
                "remote_command = \"/opt/codex/bin/codex app-server\"  # from /c/config.toml"
            ),
            "{printed}"
        );
        let cli = Cli::parse_from([
            "tern",
            "--remote",
            "ssh://box",
            "--remote-command",
            "x app-server",
        ]);
        let effective = config::effective(cli.overrides(), &loaded);
        assert_eq!(
            cli.remote_args(&effective)
                .unwrap()
                .remote_command
                .as_deref(),
            Some("x app-server")
        );
        assert!(Cli::parse_from(["tern"]).remote_args(&effective).is_none());
    }

    #[test]
    fn a_prompt_comes_from_the_argument_or_standard_input() {
        let never = || -> std::io::Result<String> { panic!("stdin is not read") };
        let cli = Cli::parse_from(["tern", "fix the bug"]);
        assert_eq!(
            cli.initial_prompt(true, never).unwrap().as_deref(),
            Some("fix the bug")
        );
        let cli = Cli::parse_from(["tern", "-"]);
        assert_eq!(
            cli.initial_prompt(false, || Ok("from stdin\n".into()))
                .unwrap()
                .as_deref(),
            Some("from stdin")
        );
        let cli = Cli::parse_from(["tern"]);
        assert_eq!(cli.initial_prompt(false, never).unwrap(), None);
        assert_eq!(
            cli.initial_prompt(true, || Ok("piped".into()))
                .unwrap()
                .as_deref(),
            Some("piped")
        );
        assert!(cli.initial_prompt(true, || Ok(" \n".into())).is_err());
        // `tern resume` with a piped stdin is not a prompt.
        let cli = Cli::parse_from(["tern", "resume"]);
        assert_eq!(cli.initial_prompt(true, never).unwrap(), None);
    }

    #[test]
    fn images_reach_the_session_and_a_missing_image_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let png = dir.path().join("a.png");
        std::fs::write(&png, b"x").unwrap();
        let cli = Cli::parse_from(["tern", "--image", png.to_str().unwrap(), "hi"]);
        let config = cli.session_config().unwrap();
        assert_eq!(
            config.initial_images,
            [png.canonicalize().unwrap().to_string_lossy()]
        );
        let cli = Cli::parse_from(["tern", "--image", "/no/such.png"]);
        assert!(cli
            .session_config()
            .unwrap_err()
            .contains("--image /no/such.png"));
    }

    #[test]
    fn resume_opens_the_picker_or_the_last_thread() {
        let picker = Cli::parse_from(["tern", "resume"])
            .session_config()
            .unwrap();
        assert_eq!(picker.resume, Resume::Pick);
        let last = Cli::parse_from(["tern", "resume", "--last"])
            .session_config()
            .unwrap();
        assert_eq!(last.resume, Resume::Last);
        assert!(Cli::try_parse_from(["tern", "resume", "--last", "t-1"]).is_err());
        let new = Cli::parse_from(["tern"]).session_config().unwrap();
        assert_eq!(new.resume, Resume::New);
    }
}
