//! `/rc`: a box with remote control's status (and the server's name clients see), a pairing
//! code while one is open, what codex refused and why, and the paired clients as the list —
//! each with its name, device, platform, app version and when it was last seen. Everything
//! from the server is sanitised.

use super::chrome::menu_row;
use super::list::{cut, pointer, ListBox};
use super::report_lines::{footer, heading, say};
use crate::app::layers::remote_control::RcView;
use crate::protocol::RemoteClient;
use crate::session::state::account_tools::Asked;
use crate::session::state::Session;
use crate::text::sanitize::visible_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::Frame;

fn ago(at: Option<i64>, unix_now: Option<i64>) -> String {
    match (at, unix_now) {
        (Some(at), Some(now)) => {
            let mins = now.saturating_sub(at).max(0) / 60;
            match mins {
                0 => "seen just now".into(),
                1..60 => format!("seen {mins} min ago"),
                60..1440 => format!("seen {} h ago", mins / 60),
                _ => format!("seen {} days ago", mins / 1440),
            }
        }
        _ => "never seen".into(),
    }
}

fn client_text(c: &RemoteClient, unix_now: Option<i64>) -> String {
    let name = visible_line(c.display_name.as_deref().unwrap_or(&c.client_id));
    let about: Vec<String> = [&c.device_type, &c.platform, &c.app_version]
        .into_iter()
        .flatten()
        .map(|s| visible_line(s))
        .collect();
    format!(
        "{name} · {} · {}",
        about.join(" "),
        ago(c.last_seen_at, unix_now)
    )
}

pub(super) fn draw(
    frame: &mut Frame<'_>,
    within: Rect,
    view: &RcView,
    session: &Session,
    unix_now: Option<i64>,
    palette: &Palette,
) {
    let state = &session.account_tools.rc;
    let width = usize::from(within.width.saturating_sub(6)).min(100);
    let mut lines: Vec<Line<'static>> = Vec::new();
    match &state.status {
        Asked::Unasked | Asked::Waiting => say(
            &mut lines,
            "Reading remote control's status…".into(),
            palette.dim,
            0,
            width,
        ),
        Asked::Failed(e) => say(
            &mut lines,
            format!(
                "This codex does not offer remote control: {}",
                visible_line(e)
            ),
            palette.error,
            0,
            width,
        ),
        Asked::Came(s) => {
            let (word, style) = match s.status.as_str() {
                "connected" => ("on, connected".to_string(), palette.success),
                "connecting" => ("on, connecting…".to_string(), palette.working),
                "errored" => ("on, but failing".to_string(), palette.error),
                "disabled" => ("off".to_string(), palette.dim),
                other => (visible_line(other), palette.dim),
            };
            lines.push(Line::from(vec![
                Span::raw("Remote control: "),
                Span::styled(word, style),
            ]));
            say(
                &mut lines,
                format!("This server is named {}", visible_line(&s.server_name)),
                palette.dim,
                0,
                width,
            );
        }
    }
    if let Some(e) = &state.refused {
        say(
            &mut lines,
            format!("codex refused: {}", visible_line(e)),
            palette.error,
            0,
            width,
        );
    }
    match &state.pairing {
        Asked::Unasked => {}
        Asked::Waiting => say(
            &mut lines,
            "Asking for a pairing code…".into(),
            palette.dim,
            0,
            width,
        ),
        Asked::Failed(e) => say(
            &mut lines,
            format!("No pairing code: {}", visible_line(e)),
            palette.error,
            0,
            width,
        ),
        Asked::Came(p) => {
            heading(&mut lines, "Pair a new client", palette.heading);
            say(
                &mut lines,
                format!("Pairing code: {}", visible_line(&p.pairing_code)),
                palette.attention,
                2,
                width,
            );
            if let Some(code) = p.manual_pairing_code.as_deref() {
                say(
                    &mut lines,
                    format!("Or type: {}", visible_line(code)),
                    Style::default(),
                    2,
                    width,
                );
            }
            if let Some(now) = unix_now {
                let mins = p.expires_at.saturating_sub(now).max(0) / 60;
                say(
                    &mut lines,
                    format!("Expires in {mins} min."),
                    palette.dim,
                    2,
                    width,
                );
            }
        }
    }
    let mut selected_line = None;
    match &state.clients {
        Asked::Unasked => {}
        Asked::Waiting => say(
            &mut lines,
            "Listing the paired clients…".into(),
            palette.dim,
            0,
            width,
        ),
        Asked::Failed(e) => say(
            &mut lines,
            format!("Could not list the clients: {}", visible_line(e)),
            palette.error,
            0,
            width,
        ),
        Asked::Came(list) => {
            heading(
                &mut lines,
                &format!("Paired clients ({})", list.data.len()),
                palette.heading,
            );
            let selected = view.selected.index(list.data.len());
            for (i, c) in list.data.iter().enumerate() {
                let is_selected = selected == Some(i);
                if is_selected {
                    selected_line = Some(lines.len());
                }
                let line = Line::from(vec![
                    Span::raw(pointer(is_selected)),
                    Span::raw(cut(&client_text(c, unix_now), width.saturating_sub(2))),
                ]);
                lines.push(menu_row(line, is_selected, palette));
            }
        }
    }
    let footer = footer("e on/off · p pair · x revoke · Esc closes", palette.dim);
    let footer_width = u16::try_from(footer.width() + 4).unwrap_or(u16::MAX);
    ListBox {
        title: "Remote control".into(),
        footer: Some(footer),
        width: ListBox::fitting(&lines, 60.max(footer_width), u16::MAX),
        selected_line,
        lines,
    }
    .draw(frame, within, palette);
}

impl super::draw::Draw for RcView {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        let unix_now = cx.session.config.wall_clock.map(|c| c.unix_at(cx.now));
        draw(frame, cx.areas.main, self, cx.session, unix_now, cx.palette);
    }
}
