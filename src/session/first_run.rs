//! The first-run walls, each with one clear screen instead of a stuck session:
//!
//! - sign-in: `account/read` after `initialize`; while codex needs a sign-in, a prompt stays in
//!   the composer (not in the history) and the sign-in layer opens (`account`);
//! - a codex config file with an error: `configWarning` at startup, then `thread/start` refused
//!   with "failed to load configuration": the config box (in the server-down box's place) names
//!   the file, line and column, and `thread/start` is asked again on Ctrl+R, every few seconds
//!   and when the window gets the focus back — no restart, the same server;
//! - a thread another codex is writing to ("already has an active writer"): the locked-thread
//!   box (retry, fork, new thread);
//! - a server version tern was not tested with: one notice, never a refusal.
//!
//! `session::responses` asks it first about `initialize`, `thread/start` and `thread/resume`.

use super::{account, config_warning, health, lifecycle};
use crate::model::NoticeLevel;
use crate::protocol::{InitializeResponse, ThreadStartResponse};
use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::reply::{Answer, ReplyError};
use crate::session::state::first_run::ConfigProblem;
use crate::session::state::health::DownCause;
use crate::session::state::lifecycle::{Lifecycle, Open};
use crate::session::state::{Resume, Session};
use crate::text::sanitize::sanitize_line;
use std::time::{Duration, Instant};

/// The codex versions tern's tests run against.
pub(crate) const TESTED_VERSIONS: &[&str] = &["0.171.0", "0.169.0"];

/// How often the config box asks for a thread again by itself.
pub(crate) const CONFIG_RETRY: Duration = Duration::from_secs(5);

/// `initialize` answered (a restart's too): the server's version is noted once, and who is
/// signed in is asked (after what `initialize` itself starts).
pub(crate) fn initialize_answered(
    state: &mut Session,
    answer: &Answer<InitializeResponse>,
) -> Vec<Effect> {
    let Ok(server) = answer else {
        return vec![];
    };
    check_version(state, &server.user_agent);
    account::read(state)
}

/// `thread/start` or `thread/resume` refused for a reason with a screen of its own: codex's
/// config file has an error (the config box), or another codex writes to the thread (the
/// locked-thread box, `resume` only). `None`: the usual handling.
pub(crate) fn thread_refused(
    state: &mut Session,
    answer: &Answer<ThreadStartResponse>,
    resume: bool,
) -> Option<Vec<Effect>> {
    let Err(ReplyError::Refused(error)) = answer else {
        return None;
    };
    if is_config_error(error) {
        return Some(config_refused(state, error));
    }
    if resume && error.contains("already has an active writer") {
        // Back where the person was, as for any refused opening: the thread still shown, or
        // the startup picker; with neither, the box stands in for the thread.
        if state.shown.thread.is_some() {
            state.lifecycle = Lifecycle::Ready;
        } else if state.config.resume == Resume::Pick {
            state.lifecycle = Lifecycle::Picking;
        }
        state.layer_events.push(LayerEvent::ThreadLocked {
            thread_id: locked_thread_id(error),
            error: error.clone(),
        });
        return Some(vec![]);
    }
    None
}

/// A thread started or opened: a config box (or a warning kept for it) goes.
pub(crate) fn thread_opened(
    state: &mut Session,
    answer: &Answer<ThreadStartResponse>,
) -> Vec<Effect> {
    if answer.is_err() {
        return vec![];
    }
    config_recovered(state)
}

fn is_config_error(error: &str) -> bool {
    error.contains("failed to load configuration")
}

/// `thread <id> already has an active writer` → the id.
fn locked_thread_id(error: &str) -> Option<String> {
    let before = error.split(" already has an active writer").next()?;
    let id = before.rsplit("thread ").next()?.trim();
    (!id.is_empty() && !id.contains(char::is_whitespace)).then(|| id.to_string())
}

/// `path:line:col: message` at the start of a refusal's text, if it has one.
fn parse_location(error: &str) -> Option<(String, u64, u64, String)> {
    let text = error.split("failed to load configuration:").nth(1)?.trim();
    // The path may hold colons; the line and column are the first two numbers after one.
    let mut search = 0;
    while let Some(found) = text[search..].find(':') {
        let at = search + found;
        let mut parts = text[at + 1..].splitn(3, ':');
        if let (Some(line), Some(col), Some(rest)) = (parts.next(), parts.next(), parts.next()) {
            if let (Ok(line), Ok(col)) = (line.parse(), col.parse()) {
                return Some((text[..at].to_string(), line, col, rest.trim().to_string()));
            }
        }
        search = at + 1;
    }
    None
}

/// `thread/start` refused for the config file: the box says so, and the session waits.
fn config_refused(state: &mut Session, error: &str) -> Vec<Effect> {
    state.first_run.retrying = false;
    // The JSON-RPC code at the end says nothing to a person.
    let error = match error.rsplit_once(" (code -") {
        Some((text, code)) if code.trim_end_matches(')').parse::<u64>().is_ok() => text,
        _ => error,
    };
    let problem = match parse_location(error) {
        Some((path, line, col, message)) => ConfigProblem {
            message: config_warning::strip_location(&message, None),
            path: Some(path),
            at: Some((line, col)),
        },
        None => state
            .first_run
            .config_warning
            .clone()
            .unwrap_or(ConfigProblem {
                message: error.to_string(),
                path: None,
                at: None,
            }),
    };
    // Kept, so the account codex reports meanwhile (its defaults') is not believed.
    state.first_run.config_warning = Some(problem.clone());
    health::show(state, DownCause::ConfigError(problem));
    vec![]
}

/// A thread started or opened: a config box (or a warning kept for it) goes, and who is signed
/// in is read again, now that codex reads its real config.
fn config_recovered(state: &mut Session) -> Vec<Effect> {
    state.first_run.retrying = false;
    let boxed = matches!(
        state.health.down.as_ref().map(|d| &d.cause),
        Some(DownCause::ConfigError(_))
    );
    let Some(problem) = state.first_run.config_warning.take() else {
        return vec![];
    };
    if boxed {
        state.health.down = None;
        state.shown.transcript.notice(
            NoticeLevel::Info,
            "codex's config file loads now: the thread started.",
        );
    } else {
        // Warned at startup, and the thread started anyway: said, no more.
        state.shown.transcript.notice(
            NoticeLevel::Warning,
            format!("codex warned: {}", problem.paragraphs()[1]),
        );
    }
    account::read(state)
}

/// Ctrl+R on the config box, the timer, or the focus coming back: ask for the thread again.
pub(crate) fn retry_config(state: &mut Session, now: Instant) -> Vec<Effect> {
    let boxed = matches!(
        state.health.down.as_ref().map(|d| &d.cause),
        Some(DownCause::ConfigError(_))
    );
    if !boxed || state.first_run.retrying {
        return vec![];
    }
    state.first_run.retrying = true;
    state.first_run.last_try = Some(now);
    match state.config.resume.clone() {
        Resume::Thread(id) if state.shown.thread.is_none() => {
            lifecycle::open(state, Open::Resume(id))
        }
        _ => lifecycle::open(state, Open::New),
    }
}

/// When the config box next tries again by itself.
pub(crate) fn next_deadline(state: &Session) -> Option<Instant> {
    let boxed = matches!(
        state.health.down.as_ref().map(|d| &d.cause),
        Some(DownCause::ConfigError(_))
    );
    if !boxed || state.first_run.retrying {
        return None;
    }
    Some(state.first_run.last_try.or(state.health.last_heard)? + CONFIG_RETRY)
}

/// On a tick: the config box's timer.
pub(crate) fn tick(state: &mut Session, now: Instant) -> Vec<Effect> {
    match next_deadline(state) {
        Some(at) if now >= at => retry_config(state, now),
        _ => vec![],
    }
}

/// Submitting `text` while a wall is up: a prompt stays in the composer and out of the history
/// (true), and the sign-in layer opens when that is what is missing. Commands always run.
pub(crate) fn holds_prompt(state: &mut Session, text: &str) -> bool {
    if is_command(text) || text.trim().is_empty() {
        return false;
    }
    let config_box = matches!(
        state.health.down.as_ref().map(|d| &d.cause),
        Some(DownCause::ConfigError(_))
    );
    if config_box {
        state.composer.set_text(text);
        return true;
    }
    if super::gate::needs_sign_in(state) {
        state.composer.set_text(text);
        state.layer_events.push(LayerEvent::SignInWanted);
        return true;
    }
    false
}

/// Slash text that names a command (known or not): `/usr/bin/env …` is a prompt.
fn is_command(text: &str) -> bool {
    let Some(command) = text.trim().strip_prefix('/') else {
        return false;
    };
    let name = command
        .split(char::is_whitespace)
        .next()
        .unwrap_or_default();
    !name.is_empty() && !name.contains('/')
}

/// The version `initialize.userAgent` names: `<clientInfo.name>/<version> (…)`. The name is
/// copied verbatim (it may hold `/` and spaces), so tern's own name is stripped first.
pub(crate) fn server_version(user_agent: &str) -> Option<String> {
    let client = crate::protocol::InitializeParams::tern().client_info.name;
    let rest = match user_agent.strip_prefix(&format!("{client}/")) {
        Some(rest) => rest,
        None => user_agent.split(' ').next()?.rsplit_once('/')?.1,
    };
    let version = rest.split(' ').next()?;
    let plausible = version.starts_with(|c: char| c.is_ascii_digit())
        && version.len() <= 40
        && version
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '+'));
    plausible.then(|| version.to_string())
}

/// Once per session: a server version tern was not tested with is said, never refused.
fn check_version(state: &mut Session, user_agent: &str) {
    if std::mem::replace(&mut state.first_run.version_checked, true) {
        return;
    }
    let Some(version) = server_version(user_agent) else {
        tracing::info!("no version in the server's user agent");
        return;
    };
    if TESTED_VERSIONS.contains(&version.as_str()) {
        return;
    }
    state.shown.transcript.notice(
        NoticeLevel::Warning,
        format!(
            "codex app-server {} is a version tern was not tested with (tested: {}). tern goes \
             on; if something looks wrong, this may be why.",
            sanitize_line(&version),
            TESTED_VERSIONS.join(", ")
        ),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_version_is_read_after_tern_s_own_name_whatever_it_holds() {
        assert_eq!(
            server_version("tern/0.171.0 (Debian 12.0.0; x86_64) xterm (tern; 0.3.0)").as_deref(),
            Some("0.171.0")
        );
        assert_eq!(
            server_version("codex-tui/0.169.0 (Debian 12.0.0; x86_64) xterm (codex-tui; 0.171.0)")
                .as_deref(),
            Some("0.169.0")
        );
        assert_eq!(server_version("x"), None);
        assert_eq!(server_version("tern/\u{1b}[2J (evil)"), None);
    }

    #[test]
    fn a_config_refusal_names_the_file_line_and_column() {
        let error =
            "thread/start failed: failed to load configuration: /h/.codex/config.toml:3:30: \
                     invalid basic string, expected `\"` (code -32600)";
        let (path, line, col, message) = parse_location(error).unwrap();
        assert_eq!((path.as_str(), line, col), ("/h/.codex/config.toml", 3, 30));
        assert!(message.starts_with("invalid basic string"), "{message}");
        assert_eq!(
            config_warning::strip_location(
                "/a/config.toml:1:9: invalid type",
                Some("/a/config.toml")
            ),
            "invalid type"
        );
        assert_eq!(
            locked_thread_id(
                "thread/resume failed: thread 01a2-x already has an active writer (code -32600)"
            )
            .as_deref(),
            Some("01a2-x")
        );
        assert!(is_command("/login"));
        assert!(!is_command("/usr/bin/env x"));
        assert!(!is_command("hello"));
    }
}
