//! `/status`: the thread, what the next turn runs with, token use and the rate limits, as
//! label and value pairs built from the state (drawn by `ui::status_view`, each value
//! sanitised there).

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{Chord, KeyList, KeyRow, KeyTable, Rest};
use crate::protocol::RateLimitWindow;
use crate::render::numbers;
use crate::session::state::Session;
use crate::session::turn_settings;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct StatusView;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum StatusKey {
    Close,
}

pub(crate) static KEYS: KeyTable<StatusView, StatusKey> = KeyTable::new(
    "status",
    "Status",
    &[KeyRow::new(
        "close",
        &[Chord::ESC, Chord::ENTER, Chord::ch('q')],
        StatusKey::Close,
        "close",
    )
    .bar_keys(1)],
    Rest::SWALLOW,
);

impl LayerView for StatusView {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Ignored;
        };
        Outcome::of_key(
            KEYS.resolve(key, self, &cx.config.keymap),
            |action| match action {
                StatusKey::Close => Outcome::Close(vec![]),
            },
        )
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Status"
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(self, &cx.config.keymap)
    }
}

/// What `/status` shows, label and value; `unix_now` tells when limits reset.
pub fn status_rows(state: &Session, unix_now: Option<i64>) -> Vec<(String, String)> {
    let unknown = || "unknown".to_string();
    let mut rows = vec![
        (
            "Thread",
            state
                .thread_id()
                .map(str::to_string)
                .unwrap_or_else(|| "not started yet".into()),
        ),
        ("Model", turn_settings::model(state).unwrap_or_else(unknown)),
    ];
    if let Some(name) = state.thread_id().and_then(|id| state.titles.name_of(id)) {
        rows.insert(1, ("Name", name.to_string()));
    }
    if let Some(effort) = turn_settings::effort(state) {
        rows.push(("Reasoning effort", effort));
    }
    rows.push((
        "Mode",
        format!(
            "{} (Shift+Tab or /plan to switch)",
            crate::session::plan_mode::mode_name(state)
        ),
    ));
    rows.push(("Directory", crate::session::threads::current_cwd(state)));
    rows.push((
        "Sandbox",
        turn_settings::sandbox(state).unwrap_or_else(unknown),
    ));
    if let Some(note) = crate::session::trust::declined_status(state) {
        rows.push(("Folder", note));
    }
    rows.push((
        "Approvals",
        turn_settings::approval(state).unwrap_or_else(unknown),
    ));
    if let Some(note) = crate::session::review_tool::status(state) {
        rows.push(("Review tool", note));
    }
    match &state.shown.usage {
        Some(usage) => {
            rows.push((
                "Tokens used",
                format!(
                    "{} total ({} input, {} cached, {} output)",
                    numbers::count(usage.total.total_tokens),
                    numbers::count(usage.total.input_tokens),
                    numbers::count(usage.total.cached_input_tokens),
                    numbers::count(usage.total.output_tokens)
                ),
            ));
            let used = usage.last.total_tokens;
            let window = usage.model_context_window;
            let percent = window.and_then(|window| numbers::percent(used, window));
            let used = numbers::count(used);
            rows.push((
                "Context",
                match (window, percent) {
                    (Some(window), Some(p)) => {
                        format!("{used} of {window} tokens ({p}% used)")
                    }
                    _ => format!("{used} tokens (window unknown)"),
                },
            ));
        }
        None => rows.push(("Tokens used", "none reported yet".into())),
    }
    rows.push(("Account", account_text(state)));
    let signed_in = matches!(&state.account.read, Some(Ok(read)) if read.account.is_some());
    if state.turn_settings.rate_limits.is_none() && signed_in {
        // As the official TUI says it: codex reports them with a turn's answers.
        rows.push(("Rate limits", "none reported yet".into()));
    }
    if let Some(limits) = &state.turn_settings.rate_limits {
        for (name, window) in [
            ("primary", &limits.primary),
            ("secondary", &limits.secondary),
        ] {
            if let Some(window) = window {
                rows.push(("Rate limit", limit_text(name, window, unix_now)));
            }
        }
    }
    rows.into_iter().map(|(l, v)| (l.to_string(), v)).collect()
}

/// The sign-in, as `/status` says it.
fn account_text(state: &Session) -> String {
    use crate::session::account;
    match &state.account.read {
        _ if crate::session::gate::needs_sign_in(state) => {
            "not signed in (/login signs in)".to_string()
        }
        Some(Ok(read)) => match &read.account {
            Some(found) => format!("signed in {}", account::describe(found)),
            None if read.requires_openai_auth => "not signed in (/login signs in)".to_string(),
            None => "none needed (this model provider has its own)".to_string(),
        },
        Some(Err(e)) => format!("unknown ({e})"),
        None => "unknown".to_string(),
    }
}

fn limit_text(name: &str, window: &RateLimitWindow, unix_now: Option<i64>) -> String {
    let span = window
        .window_duration_mins
        .and_then(numbers::window_span)
        .unwrap_or_else(|| name.to_string());
    let used = numbers::float_percent(window.used_percent);
    let mut text = format!("{used} of the {span} limit used");
    if let (Some(at), Some(now)) = (window.resets_at, unix_now) {
        let mins = at.saturating_sub(now).max(0) / 60;
        text.push_str(&if mins >= 60 {
            format!(", resets in {}h {}m", mins / 60, mins % 60)
        } else {
            format!(", resets in {mins}m")
        });
    }
    text
}
