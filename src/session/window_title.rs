//! The window title — `tern · <thread> · working` / `waiting for you` / `done`, marked when
//! a question waits — and the busy flag for the terminal's progress mark. Made after every
//! event, sent (`Effect::Window`) only when it changed. Every part is sanitised and secrets
//! redacted: a thread's name comes from the model.

use crate::config::TitleItem;
use crate::session::effect::Effect;
use crate::session::state::window_status::{Phase, WindowStatus};
use crate::session::state::Session;

/// Shown before the title while a question waits for the person.
pub(crate) const ACTION_MARK: &str = "(!) ";
/// The most of a thread's name the title shows.
const NAME_MAX: usize = 60;

fn phase(state: &Session) -> Option<Phase> {
    if state.questions.waiting_count() > 0 {
        Some(Phase::WaitingForYou)
    } else if state.turn_active() {
        Some(Phase::Working)
    } else if !state.shown.finished_turns.is_empty() {
        Some(Phase::Done)
    } else {
        None
    }
}

/// The effect that brings the window up to date, if it is not.
pub(crate) fn refresh(state: &mut Session) -> Option<Effect> {
    if !state.config.window_status {
        return None;
    }
    let phase = phase(state);
    let busy = state.turn_active();
    let name = state.thread_id().and_then(|id| state.titles.name_of(id));
    if let Some(sent) = &state.window {
        if sent.phase == phase && sent.busy == busy && sent.name.as_deref() == name {
            return None;
        }
    }
    let name = name.map(str::to_string);
    let title = state
        .config
        .title
        .as_deref()
        .map(|items| compose(items, phase, name.as_deref(), folder(state)));
    let status = WindowStatus {
        title,
        busy,
        phase,
        name,
    };
    state.window = Some(status.clone());
    Some(Effect::Window {
        title: status.title,
        busy,
    })
}

fn folder(state: &Session) -> Option<String> {
    let cwd = state.shown.thread.as_ref().map(|t| t.cwd.as_str())?;
    std::path::Path::new(cwd)
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
}

/// The title for `items`: `tern`, then each part that has something to say.
pub(crate) fn compose(
    items: &[TitleItem],
    phase: Option<Phase>,
    name: Option<&str>,
    folder: Option<String>,
) -> String {
    let mut parts = vec!["tern".to_string()];
    for item in items {
        let part = match item {
            TitleItem::Thread => name.map(clean),
            TitleItem::Folder => folder.as_deref().map(clean),
            TitleItem::State => phase.map(|phase| {
                match phase {
                    Phase::Working => "working",
                    Phase::WaitingForYou => "waiting for you",
                    Phase::Done => "done",
                }
                .to_string()
            }),
        };
        parts.extend(part.filter(|p| !p.is_empty()));
    }
    let mark = if phase == Some(Phase::WaitingForYou) {
        ACTION_MARK
    } else {
        ""
    };
    format!("{mark}{}", parts.join(" · "))
}

/// One line, no control characters, no secrets, not too long.
fn clean(text: &str) -> String {
    let line = crate::text::sanitize::sanitize_line(text);
    let text = crate::rpc::redact::redact(&line);
    let mut out: String = text.trim().chars().take(NAME_MAX).collect();
    if text.trim().chars().count() > NAME_MAX {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::DEFAULT_TITLE;

    #[test]
    fn the_title_says_where_tern_is_and_what_it_waits_for() {
        assert_eq!(
            compose(
                DEFAULT_TITLE,
                Some(Phase::Working),
                Some("Fix the build"),
                None
            ),
            "tern · Fix the build · working"
        );
        assert_eq!(
            compose(DEFAULT_TITLE, Some(Phase::WaitingForYou), None, None),
            "(!) tern · waiting for you"
        );
        assert_eq!(
            compose(DEFAULT_TITLE, Some(Phase::Done), None, None),
            "tern · done"
        );
        assert_eq!(compose(DEFAULT_TITLE, None, None, None), "tern");
        assert_eq!(
            compose(
                &[TitleItem::Folder],
                Some(Phase::Done),
                None,
                Some("app".into())
            ),
            "tern · app"
        );
    }

    #[test]
    fn a_hostile_or_secret_name_is_cleaned() {
        let title = compose(
            DEFAULT_TITLE,
            None,
            Some("x\x07\x1b]0;pwned\x07 sk-proj-abcdefghijklmnopqrstuvwxyz0123456789"),
            None,
        );
        assert!(!title.chars().any(char::is_control), "{title:?}");
        assert!(
            !title.contains("abcdefghijklmnopqrstuvwxyz0123456789"),
            "{title}"
        );
    }
}
