//! `tern --remote URL`: the settings checked before anything opens (the URL, where the token
//! comes from and whether it may be sent there), the first connection made before the screen
//! is taken (so a refusal prints plainly, and a missing service on the other end of ssh can be
//! started on a confirming key), and the restart path that reconnects
//! ([`super::connect_redial`]).

use super::connect_backoff::BackoffPolicy;
use super::connect_redial::Redial;
use super::restart::{Spawned, Spawner};
use crate::rpc::dial::{self, daemon_start_line, DialError, DialOptions, Dialed, Secret};
use crate::rpc::endpoint::Endpoint;
use crate::text::sanitize::sanitize_line;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// What `--remote` and its companions said.
#[derive(Debug, Clone, Default)]
pub struct RemoteArgs {
    pub url: String,
    pub token_env: Option<String>,
    pub token_file: Option<PathBuf>,
    pub ca_file: Option<PathBuf>,
    pub remote_command: Option<String>,
}

/// A checked remote: where, and how to dial it.
#[derive(Debug, Clone)]
pub struct Remote {
    pub endpoint: Endpoint,
    pub options: DialOptions,
}

impl Remote {
    /// Checks the arguments: the URL parses, the token is read (from the variable or the file
    /// named, never the command line) and may go where the URL points.
    pub fn from_args(args: &RemoteArgs, codex_home: Option<&str>) -> Result<Remote, String> {
        let endpoint = Endpoint::parse(&args.url, codex_home)?;
        let token = read_token(args.token_env.as_deref(), args.token_file.as_deref())?;
        dial::check_token_transport(&endpoint, token.is_some())?;
        let mut options = DialOptions {
            token,
            ca_file: args.ca_file.clone(),
            deadline: connect_timeout(),
            ..DialOptions::default()
        };
        if let Some(command) = &args.remote_command {
            if command.trim().is_empty() {
                return Err("--remote-command is empty".into());
            }
            options.remote_command = command.clone();
        }
        Ok(Remote { endpoint, options })
    }

    /// The first connection, before the screen is taken. On an ssh service that is not running,
    /// `confirm` is asked whether to start it (with the exact command), and if so it is run and
    /// the connection tried once more.
    pub async fn connect_at_startup(
        &self,
        confirm: impl FnOnce(&str) -> bool,
    ) -> Result<Dialed, String> {
        match dial::dial(&self.endpoint, &self.options).await {
            Ok(dialed) => Ok(dialed),
            Err(DialError::NoService { detail }) => {
                let Endpoint::Ssh(ssh) = &self.endpoint else {
                    return Err(detail);
                };
                let start = daemon_start_line(ssh, &self.options);
                let question = format!(
                    "No codex service runs on {} ({}).\nStart it with `{}`?",
                    sanitize_line(&ssh.destination()),
                    sanitize_line(&detail),
                    sanitize_line(&start)
                );
                if !confirm(&question) {
                    return Err(format!(
                        "no codex service runs on {}; start it with `{}`, or connect without \
                         ?daemon (the server then ends with the ssh link)",
                        sanitize_line(&ssh.destination()),
                        sanitize_line(&start)
                    ));
                }
                start_service(ssh, &self.options).await?;
                dial::dial(&self.endpoint, &self.options)
                    .await
                    .map_err(|e| e.message().to_string())
            }
            Err(e) => Err(e.message().to_string()),
        }
    }

    /// The restart path: each call gives a transport that (re)connects in the background.
    pub fn spawner(&self) -> Spawner {
        let endpoint = Arc::new(self.endpoint.clone());
        let options = Arc::new(self.options.clone());
        Box::new(move || {
            Ok(Spawned {
                transport: Box::new(Redial {
                    endpoint: endpoint.clone(),
                    options: options.clone(),
                    policy: BackoffPolicy::default(),
                }),
                pid: None,
            })
        })
    }
}

/// Runs `ssh … 'codex app-server daemon start'` with the terminal's stdio (ssh may ask for a
/// passphrase), and says how it went.
async fn start_service(
    ssh: &crate::rpc::endpoint::SshEndpoint,
    options: &DialOptions,
) -> Result<(), String> {
    let remote = format!("{} daemon start", options.remote_command);
    let mut command = dial::ssh_command(ssh, options, &remote);
    let status = command
        .status()
        .await
        .map_err(|e| format!("could not run ssh: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!(
            "`{}` failed ({status})",
            sanitize_line(&daemon_start_line(ssh, options))
        ))
    }
}

/// The token from the variable or the file named; neither is the token itself.
fn read_token(env: Option<&str>, file: Option<&Path>) -> Result<Option<Secret>, String> {
    let token = match (env, file) {
        (Some(_), Some(_)) => {
            return Err("give the token one way: --remote-token-env or --remote-token-file".into())
        }
        (Some(var), None) => match std::env::var(var) {
            Ok(value) => value,
            Err(_) => {
                return Err(format!(
                    "--remote-token-env {}: that variable is not set (or not UTF-8)",
                    sanitize_line(var)
                ))
            }
        },
        (None, Some(path)) => std::fs::read_to_string(path).map_err(|e| {
            format!(
                "--remote-token-file {}: {e}",
                sanitize_line(&path.to_string_lossy())
            )
        })?,
        (None, None) => return Ok(None),
    };
    // As the server reads its token file: trimmed.
    let token = token.trim().to_string();
    if token.is_empty() {
        return Err("the remote token is empty".into());
    }
    Ok(Some(Secret::new(token)))
}

/// `TERN_CONNECT_TIMEOUT_MS` (tests shorten it), else 10 s.
fn connect_timeout() -> Duration {
    std::env::var("TERN_CONNECT_TIMEOUT_MS")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .map(Duration::from_millis)
        .unwrap_or(Duration::from_secs(10))
}

/// Asks `question` on the terminal (before the screen is taken): yes only on `y`/`yes`.
pub fn confirm_on_terminal(question: &str) -> bool {
    use std::io::{BufRead, IsTerminal, Write};
    if !std::io::stdin().is_terminal() {
        eprintln!("{question} (not asked: no terminal)");
        return false;
    }
    eprint!("{question} [y/N] ");
    let _ = std::io::stderr().flush();
    let mut answer = String::new();
    if std::io::stdin().lock().read_line(&mut answer).is_err() {
        return false;
    }
    matches!(answer.trim().to_ascii_lowercase().as_str(), "y" | "yes")
}

/// Effects that act on this machine's files for the server's paths: on a server elsewhere they
/// would read (or delete in) files of the same name here. They are answered with a refusal that
/// says so instead.
pub(crate) fn local_only_refusal(effect: &crate::app::Effect) -> Option<crate::app::AppEvent> {
    use crate::app::{AppEvent, Effect};
    match effect {
        Effect::ReadGitDiff { cwd } => Some(AppEvent::GitDiff {
            cwd: cwd.clone(),
            result: Err(
                "`git diff HEAD` is unavailable on a remote session (the repository is \
                         on the other machine; the protocol's gitDiffToRemote diffs against the \
                         git remote, not HEAD): /diff shows the turns' own diffs once a turn has \
                         changed a file"
                    .into(),
            ),
        }),
        Effect::ReadGitRefs { kind, .. } => Some(AppEvent::GitRefs {
            kind: *kind,
            result: Err(
                "the repository is on the server's machine: type a branch or sha \
                         as custom instructions instead"
                    .into(),
            ),
        }),
        Effect::CheckAgentsFile { path } => Some(AppEvent::AgentsFileChecked {
            path: path.clone(),
            exists: None,
        }),
        Effect::ProbeImage { path } => Some(AppEvent::ImageProbed {
            path: path.clone(),
            result: Err("the image is on the server's machine".into()),
        }),
        Effect::PreviewRestore { thread_id, .. } => Some(AppEvent::RestorePreview {
            thread_id: thread_id.clone(),
            result: Err(crate::session::rewind::REMOTE_FILES.into()),
        }),
        Effect::RestoreFiles { files, .. } => Some(AppEvent::FilesRestored(
            files
                .iter()
                .map(|f| crate::model::rewind::RestoreOutcome {
                    path: f.path.clone(),
                    result: Err(crate::session::rewind::REMOTE_FILES.into()),
                })
                .collect(),
        )),
        Effect::ReadForReview { item_id, paths, .. } => Some(AppEvent::ReviewFilesRead {
            item_id: item_id.clone(),
            files: paths
                .iter()
                .map(|p| (p.clone(), Err(crate::session::rewind::REMOTE_FILES.into())))
                .collect(),
        }),
        Effect::RevertHunks { files, .. } => Some(AppEvent::HunksReverted(
            files
                .iter()
                .map(|f| crate::model::rewind::RestoreOutcome {
                    path: f.path.clone(),
                    result: Err(crate::session::rewind::REMOTE_FILES.into()),
                })
                .collect(),
        )),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(url: &str) -> RemoteArgs {
        RemoteArgs {
            url: url.into(),
            ..RemoteArgs::default()
        }
    }

    #[test]
    fn a_token_goes_only_over_tls_or_to_this_machine() {
        let dir = tempfile_dir();
        let file = dir.join("token");
        std::fs::write(&file, "  tok-123456\n").unwrap();
        let with_token = |url: &str| {
            Remote::from_args(
                &RemoteArgs {
                    token_file: Some(file.clone()),
                    ..args(url)
                },
                None,
            )
        };
        let refused = with_token("ws://10.1.2.3:4500").unwrap_err();
        assert!(
            refused.contains("remote auth tokens require `wss://` or loopback `ws://` URLs"),
            "{refused}"
        );
        assert!(with_token("ws://127.0.0.1:4500").is_ok());
        assert!(with_token("ws://localhost:4500").is_ok());
        let remote = with_token("wss://box.example:443").unwrap();
        assert_eq!(
            format!("{:?}", remote.options.token),
            "Some(Secret([redacted]))"
        );
        assert!(with_token("unix:///s").is_err());
        assert!(Remote::from_args(&args("ws://10.1.2.3:4500"), None).is_ok());
    }

    #[test]
    fn the_token_comes_from_a_variable_or_a_file_never_both_never_empty() {
        let dir = tempfile_dir();
        let empty = dir.join("empty");
        std::fs::write(&empty, "\n").unwrap();
        let err = read_token(None, Some(&empty)).unwrap_err();
        assert!(err.contains("empty"), "{err}");
        let err = read_token(Some("TERN_TEST_SURELY_UNSET_VAR"), None).unwrap_err();
        assert!(err.contains("not set"), "{err}");
        assert!(read_token(Some("A"), Some(&empty)).is_err());
        assert_eq!(read_token(None, None), Ok(None));
        let missing = read_token(None, Some(&dir.join("nope"))).unwrap_err();
        assert!(missing.contains("--remote-token-file"), "{missing}");
    }

    #[test]
    fn local_file_effects_are_refused_with_a_reason_and_others_pass() {
        use crate::app::{AppEvent, Effect};
        let refused = local_only_refusal(&Effect::ReadGitDiff { cwd: "/srv".into() });
        assert!(
            matches!(&refused, Some(AppEvent::GitDiff { result: Err(why), .. }) if why.contains("unavailable on a remote session")),
            "{refused:?}"
        );
        // /rules goes through the server's fs/* instead (`remote_rules`).
        let rules = local_only_refusal(&Effect::LoadRules { dir: "/r".into() });
        assert!(rules.is_none());
        assert_eq!(local_only_refusal(&Effect::Redraw), None);
    }

    fn tempfile_dir() -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "tern-connect-test-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }
}
