//! From the command line to a session: the flags and the config file's settings checked and
//! turned into the session's config (`SessionConfig`), with the thread's directory, the first
//! prompt and its images, and where codex keeps its home.

use super::{Cli, Command, APPROVAL_POLICIES, SANDBOX_MODES};
use crate::app::{Resume, SessionConfig, WallClock};
use crate::config::Effective;
#[cfg(test)]
use crate::config::{self, Loaded};
use crate::protocol::{parse_config_override, ThreadSettings};

impl Cli {
    /// The session's settings from the flags alone (no config file).
    #[cfg(test)]
    pub(crate) fn session_config(&self) -> Result<SessionConfig, String> {
        let effective = config::effective(self.overrides(), &Loaded::default());
        self.session_config_with(&effective)
    }

    /// Checks the settings in force and turns them into the session's.
    pub fn session_config_with(&self, effective: &Effective) -> Result<SessionConfig, String> {
        let model = &effective.model.value;
        let approval_policy = &effective.approval_policy.value;
        let sandbox = &effective.sandbox.value;
        if let Some(policy) = approval_policy {
            if !APPROVAL_POLICIES.contains(&policy.as_str()) {
                return Err(format!(
                    "unknown approval policy `{policy}`; use one of: {}",
                    APPROVAL_POLICIES.join(", ")
                ));
            }
        }
        if let Some(mode) = sandbox {
            if !SANDBOX_MODES.contains(&mode.as_str()) {
                return Err(format!(
                    "unknown sandbox mode `{mode}`; use one of: {}",
                    SANDBOX_MODES.join(", ")
                ));
            }
        }
        let codex_home = codex_home(
            std::env::var("CODEX_HOME").ok().as_deref(),
            std::env::var("HOME").ok().as_deref(),
        );
        let mut config = serde_json::Map::new();
        if let Some(profile) = &self.profile {
            if self.remote.is_some() {
                return Err(
                    "--profile reads CODEX_HOME/NAME.config.toml on this machine; with \
                            --remote, pass its settings with -c instead"
                        .into(),
                );
            }
            // Under the `-c` overrides, which come after and win.
            config.extend(crate::config::profile::profile_overrides(
                codex_home.as_deref(),
                profile,
            )?);
        }
        for raw in &self.config {
            let (key, value) = parse_config_override(raw)?;
            config.insert(key, value);
        }
        let initial_images = self.image_paths()?;
        let cwd = self.thread_cwd()?;
        Ok(SessionConfig {
            settings: ThreadSettings {
                model: model.clone(),
                cwd,
                approval_policy: approval_policy.clone(),
                sandbox: sandbox.clone(),
                config: (!config.is_empty()).then_some(config),
            },
            resume: match &self.command {
                None => Resume::New,
                Some(Command::Resume { last: true, .. }) => Resume::Last,
                Some(Command::Resume {
                    thread_id: Some(id),
                    ..
                }) => Resume::Thread(id.clone()),
                Some(Command::Resume { .. }) => Resume::Pick,
                Some(Command::Doctor) => Resume::New,
            },
            wall_clock: Some(WallClock {
                unix_secs: std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| d.as_secs() as i64)
                    .unwrap_or(0),
                at: std::time::Instant::now(),
            }),
            backend_label: if self.demo {
                "demo".into()
            } else {
                String::new()
            },
            // Set by `main` once `--remote` is checked.
            connected_to: None,
            files_elsewhere: false,
            shared_service: None,
            // For scripted terminal tests, which cannot "read" a question like a person does.
            approval_read_guard: std::env::var("TERN_APPROVAL_READ_GUARD_MS")
                .ok()
                .and_then(|ms| ms.parse().ok())
                .map(std::time::Duration::from_millis),
            hyperlinks: crate::runtime::hyperlinks::enabled(),
            // Set by `main` once the terminal answered (or not) its image query.
            images: None,
            theme: crate::model::Theme::detect(
                Some(effective.theme.value.as_str()),
                std::env::var("COLORFGBG").ok().as_deref(),
            ),
            // Set by `main` with the theme files (`config::themes::apply`).
            config_file: None,
            themes_dir: None,
            theme_from_env: false,
            vim: effective.vim.value,
            vim_escape: effective.vim_escape.value.clone(),
            bell: effective.notify.value.bell(),
            desktop_notification: effective.notify.value.notification(),
            title: effective.title.value.items(),
            status_line: Some(effective.status_line.value.clone()),
            window_status: true,
            no_color: effective.no_color.value,
            home: std::env::var("HOME")
                .ok()
                .filter(|home| !home.is_empty() && home != "/"),
            codex_home,
            // Named and read by the runtime at startup (`runtime::history_file::with_history`).
            history_file: None,
            prompt_history: Vec::new(),
            // Filled by `main` (standard input is read there).
            initial_prompt: None,
            initial_images,
            // Found by `main` for a local server (`runtime::folder_trust`): not for the demo.
            folder_trust: None,
            first_run: crate::session::state::first_run::FirstRunSetup {
                api_key_env: std::env::var("OPENAI_API_KEY")
                    .ok()
                    .map(|key| key.trim().to_string())
                    .filter(|key| !key.is_empty())
                    .map(crate::protocol::ApiKey::new),
                no_browser: if self.demo {
                    Some("this is the demo: its links go nowhere".into())
                } else {
                    no_browser_here(self.remote.as_deref())
                },
                // Filled by `main` (the doctor's facts need the settings and the terminal).
                doctor: Vec::new(),
            },
            thread_titles: effective.thread_titles.value,
            show_raw_reasoning: effective.show_raw_reasoning.value,
            // Named by the runtime at startup (`runtime::turn_store::with_store`).
            turn_store: None,
            // Named by `main` (`runtime::export_dir::with_export_dir`).
            export_dir: None,
            keymap: Default::default(),
            // Screen-reader mode is built on inline mode.
            inline: effective.inline.value || effective.screen_reader.value,
            print_on_exit: effective.print_on_exit.value,
            client_tools: effective.client_tools.value,
            screen_reader: effective.screen_reader.value,
        })
    }

    /// `--image` paths, made absolute and checked now: a wrong path is told before anything
    /// starts, not after the prompt went out without its image.
    fn image_paths(&self) -> Result<Vec<String>, String> {
        self.images
            .iter()
            .map(|path| {
                let full = path
                    .canonicalize()
                    .map_err(|e| format!("--image {}: {e}", path.display()))?;
                if !full.is_file() {
                    return Err(format!("--image {}: not a file", path.display()));
                }
                Ok(full.to_string_lossy().into_owned())
            })
            .collect()
    }

    /// The prompt to start with: the argument, or standard input for `-` (or when it is piped
    /// in and no prompt is given). `stdin` is read only then; `piped` says it is not a terminal.
    pub fn initial_prompt(
        &self,
        piped: bool,
        stdin: impl FnOnce() -> std::io::Result<String>,
    ) -> Result<Option<String>, String> {
        let from_stdin = match self.prompt.as_deref() {
            Some("-") => true,
            Some(prompt) => return Ok(Some(prompt.to_string()).filter(|p| !p.trim().is_empty())),
            None => piped && self.command.is_none(),
        };
        if !from_stdin {
            return Ok(None);
        }
        let text =
            stdin().map_err(|e| format!("could not read the prompt from standard input: {e}"))?;
        let text = text.strip_suffix('\n').unwrap_or(&text).to_string();
        if text.trim().is_empty() {
            return Err("the prompt on standard input is empty".into());
        }
        Ok(Some(text))
    }
}

impl Cli {
    /// The thread's directory. Locally (and on the local codex service) `--cwd` or the current
    /// directory, checked here. On another machine only the server can check a path: `--cwd`
    /// as given, else the `ssh://` URL's absolute directory, else none (the server's own).
    fn thread_cwd(&self) -> Result<Option<String>, String> {
        let remote = self
            .remote
            .as_deref()
            .map(|url| crate::rpc::endpoint::Endpoint::parse(url, Some("")));
        match remote {
            Some(Ok(crate::rpc::endpoint::Endpoint::Unix { .. })) | None => {}
            Some(Err(e)) => return Err(e),
            Some(Ok(endpoint)) => {
                let from_url = match endpoint {
                    crate::rpc::endpoint::Endpoint::Ssh(ssh) => {
                        ssh.dir.filter(|dir| dir.starts_with('/'))
                    }
                    _ => None,
                };
                return Ok(self
                    .cwd
                    .as_ref()
                    .map(|dir| dir.to_string_lossy().into_owned())
                    .or(from_url));
            }
        }
        let cwd = match &self.cwd {
            Some(dir) => dir
                .canonicalize()
                .map_err(|e| format!("--cwd {}: {e}", dir.display()))?,
            None => std::env::current_dir().map_err(|e| format!("no current directory: {e}"))?,
        };
        Ok(Some(cwd.to_string_lossy().into_owned()))
    }
}

/// Why a browser is not opened from here for signing in, if it is not: the person reads the
/// screen through ssh, this machine has no display, or codex runs on another machine (its
/// sign-in callback listens there). `unix://` is this machine's own codex service.
fn no_browser_here(remote: Option<&str>) -> Option<String> {
    let var = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
    if let Some(url) = remote {
        if !url.starts_with("unix:") {
            return Some("codex runs on another machine".into());
        }
    }
    if var("SSH_CONNECTION") || var("SSH_TTY") {
        return Some("this is an ssh session".into());
    }
    if cfg!(target_os = "linux") && !var("DISPLAY") && !var("WAYLAND_DISPLAY") && !var("BROWSER") {
        return Some("there is no display here".into());
    }
    None
}

/// codex's own rule: `$CODEX_HOME` when set, else `~/.codex`.
pub(super) fn codex_home(codex_home: Option<&str>, home: Option<&str>) -> Option<String> {
    match (codex_home, home) {
        (Some(dir), _) if !dir.is_empty() => Some(dir.to_string()),
        (_, Some(home)) if !home.is_empty() => {
            Some(format!("{}/.codex", home.trim_end_matches('/')))
        }
        _ => None,
    }
}
