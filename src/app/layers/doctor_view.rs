//! `/doctor`: what a bug report needs, in a box — the codex binary and its version, where each
//! setting came from, the sign-in, the transport, the terminal. The runtime's facts come with
//! the session's config (`FirstRunSetup::doctor`); the rest is read from the session here.
//! Values are sanitised when drawn and secrets redacted here; `c` copies the report as text.

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, KeyList, KeyRow, KeyTable, Rest};
use crate::protocol::Account;
use crate::session::effect::Effect;
use crate::session::state::first_run::DoctorSection;
use crate::session::state::Session;
use crate::session::{account, first_run};

#[derive(Debug, Clone, Default, PartialEq)]
pub struct DoctorView {
    /// Rows scrolled past.
    pub offset: usize,
    /// The report was copied (said in the box).
    pub copied: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DoctorKey {
    Close,
    Copy,
    Up,
    Down,
    PageUp,
    PageDown,
    Top,
}

pub(crate) static KEYS: KeyTable<DoctorView, DoctorKey> = KeyTable::new(
    "doctor",
    "Doctor",
    &[
        KeyRow::new(
            "copy",
            &[Chord::ch('c')],
            DoctorKey::Copy,
            "copy the report",
        )
        .explained("copy the whole report, as text"),
        list_rows::up_k(DoctorKey::Up, "scroll"),
        list_rows::down_j(DoctorKey::Down, "scroll"),
        list_rows::page_up(DoctorKey::PageUp, "scroll"),
        list_rows::page_down(DoctorKey::PageDown, "scroll"),
        list_rows::first(DoctorKey::Top, "to the top")
            .named("top")
            .reference(),
        KeyRow::new(
            "close",
            &[Chord::ESC, Chord::ENTER, Chord::ch('q')],
            DoctorKey::Close,
            "close",
        )
        .bar_keys(1),
    ],
    Rest::SWALLOW,
);

impl LayerView for DoctorView {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Consumed(vec![]);
        };
        Outcome::of_key(KEYS.resolve(key, self, &cx.config.keymap), |action| {
            match action {
                DoctorKey::Close => return Outcome::Close(vec![]),
                DoctorKey::Copy => {
                    self.copied = true;
                    return Outcome::Consumed(vec![Effect::CopyToClipboard(report_text(
                        &sections(cx),
                    ))]);
                }
                DoctorKey::Up => self.offset = self.offset.saturating_sub(1),
                DoctorKey::Down => self.offset = self.offset.saturating_add(1),
                DoctorKey::PageUp => self.offset = self.offset.saturating_sub(10),
                DoctorKey::PageDown => self.offset = self.offset.saturating_add(10),
                DoctorKey::Top => self.offset = 0,
            }
            Outcome::Consumed(vec![])
        })
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Doctor"
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(self, &cx.config.keymap)
    }
}

/// The whole report: tern, the runtime's facts, the server, the sign-in, what is wrong.
pub(crate) fn sections(session: &Session) -> Vec<DoctorSection> {
    let mut out = vec![DoctorSection {
        title: "tern".into(),
        rows: vec![(
            "version".into(),
            format!(
                "{} ({} {})",
                env!("CARGO_PKG_VERSION"),
                std::env::consts::OS,
                std::env::consts::ARCH
            ),
        )],
    }];
    out.extend(session.config.first_run.doctor.iter().cloned());
    if let Some(answer) = &session.first_run.codex_config {
        out.push(super::doctor_settings::section(answer));
    }
    out.push(server_section(session));
    out.push(sign_in_section(session));
    if let Some(problem) = &session.first_run.config_warning {
        out.push(DoctorSection {
            title: "codex's config file".into(),
            rows: vec![("error".into(), problem.paragraphs()[1].clone())],
        });
    }
    if let Some(down) = &session.health.down {
        out.push(DoctorSection {
            title: "Problem".into(),
            rows: vec![(down.title().into(), down.paragraphs().join(" "))],
        });
    }
    for section in &mut out {
        for (_, value) in &mut section.rows {
            *value = crate::rpc::redact::redact(value).into_owned();
        }
    }
    out
}

fn server_section(session: &Session) -> DoctorSection {
    let mut rows = Vec::new();
    match &session.server {
        Some(server) => {
            let version = first_run::server_version(&server.user_agent);
            let tested = version
                .as_deref()
                .is_some_and(|v| first_run::TESTED_VERSIONS.contains(&v));
            rows.push((
                "version".into(),
                match version {
                    Some(v) if tested => format!("{v} (tested)"),
                    Some(v) => format!(
                        "{v} (not tested; tested: {})",
                        first_run::TESTED_VERSIONS.join(", ")
                    ),
                    None => "unknown".into(),
                },
            ));
            rows.push(("user agent".into(), server.user_agent.clone()));
            if let Some(home) = &server.codex_home {
                rows.push(("codex home".into(), home.clone()));
            }
        }
        None => rows.push(("version".into(), "not connected yet".into())),
    }
    rows.push((
        "transport".into(),
        match &session.config.connected_to {
            Some(remote) => format!("remote: {remote}"),
            None if session.config.backend_label == "demo" => "the embedded demo".into(),
            None => format!(
                "a child process over stdio{}",
                session
                    .health
                    .pid
                    .map(|p| format!(" (pid {p})"))
                    .unwrap_or_default()
            ),
        },
    ));
    DoctorSection {
        title: "codex app-server".into(),
        rows,
    }
}

fn sign_in_section(session: &Session) -> DoctorSection {
    let state = &session.account;
    let mut rows = Vec::new();
    match &state.read {
        Some(Ok(read)) => {
            rows.push((
                "needs an OpenAI sign-in".into(),
                if read.requires_openai_auth {
                    "yes (OpenAI's model provider)".into()
                } else {
                    "no (its model provider has its own)".into()
                },
            ));
            rows.push((
                "account".into(),
                match &read.account {
                    Some(account) => private(account),
                    None => "none".into(),
                },
            ));
        }
        Some(Err(e)) => rows.push(("account".into(), format!("codex could not say: {e}"))),
        None => rows.push(("account".into(), "not read yet".into())),
    }
    if crate::session::gate::needs_sign_in(session) {
        rows.push(("state".into(), "signed out: /login signs in".into()));
    }
    if state.refused.is_some() {
        rows.push((
            "last turn".into(),
            "refused by the model provider (401 Unauthorized)".into(),
        ));
    }
    DoctorSection {
        title: "Sign-in".into(),
        rows,
    }
}

/// An account for a report others may read: the email's name part is shortened.
fn private(account: &Account) -> String {
    match account {
        Account::Chatgpt {
            email: Some(email), ..
        } => {
            let shown = match email.split_once('@') {
                Some((name, domain)) => {
                    let first: String = name.chars().take(1).collect();
                    format!("{first}…@{domain}")
                }
                None => "…".into(),
            };
            account::describe(account).replace(email.as_str(), &shown)
        }
        other => account::describe(other),
    }
}

/// The report as plain text (for the clipboard and `tern doctor`), sanitised.
pub(crate) fn report_text(sections: &[DoctorSection]) -> String {
    use crate::text::sanitize::sanitize_line;
    let mut out = String::new();
    for section in sections {
        out.push_str(&sanitize_line(&section.title));
        out.push('\n');
        let width = section
            .rows
            .iter()
            .map(|(label, _)| label.chars().count())
            .max()
            .unwrap_or(0);
        for (label, value) in &section.rows {
            out.push_str(&format!(
                "  {:<width$}  {}\n",
                sanitize_line(label),
                sanitize_line(value)
            ));
        }
        out.push('\n');
    }
    out
}
