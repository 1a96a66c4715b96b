//! The sign-in screens. Everything from the server (the link, the code, an error, an email) is
//! sanitised. A link takes whole rows of the screen from its first column, cut at the screen's
//! width, so the rows copy as the link and the hyperlink pass (`runtime::hyperlinks`) joins them
//! into one clickable link. The API key is never drawn: dots, and how many characters.

use super::chrome::{draw_popup, menu_row, popup_box, title};
use crate::app::geometry::popup;
use crate::app::layers::sign_in::{Screen, SignIn};
use crate::protocol::LoginKind;
use crate::render::wrap::wrap_spans;
use crate::session::account;
use crate::session::state::Session;
use crate::text::sanitize::sanitize_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph};
use ratatui::Frame;
use unicode_width::UnicodeWidthChar;

const MARGIN: &str = "  ";

pub(super) fn draw(frame: &mut Frame<'_>, area: Rect, layer: &SignIn, session: &Session) {
    let palette = session.config.theme.palette();
    if layer.screen == Screen::ConfirmLogout {
        return draw_confirm_logout(frame, area, palette);
    }
    frame.render_widget(Clear, area);
    let lines = screen_lines(layer, session, area.width as usize, palette);
    frame.render_widget(Paragraph::new(lines), area);
}

/// The rows of the full-screen sign-in, `width` columns wide.
pub(super) fn screen_lines(
    layer: &SignIn,
    session: &Session,
    width: usize,
    palette: &Palette,
) -> Vec<Line<'static>> {
    let mut out = Lines {
        rows: Vec::new(),
        width,
    };
    out.blank();
    match &layer.screen {
        Screen::Choose => choose(&mut out, layer, session, palette),
        Screen::ApiKey => api_key(&mut out, layer, palette),
        Screen::Starting(kind) => {
            out.heading(heading(*kind), palette);
            out.blank();
            out.prose(
                match kind {
                    LoginKind::ApiKey => "Checking the key with codex…",
                    _ => "Asking codex to start the sign-in…",
                },
                palette.dim,
            );
        }
        Screen::Browser { url, opened, .. } => browser(&mut out, url, *opened, session, palette),
        Screen::DeviceCode { url, code, .. } => device_code(&mut out, url, code, palette),
        Screen::Finishing => {
            out.heading("Signed in", palette);
            out.blank();
            out.prose("Signed in. Reading who you are…", palette.success);
        }
        Screen::ConfirmLogout => {}
    }
    if let Some(what) = layer.copied {
        out.blank();
        out.prose(
            &format!("Copied the {what} to the clipboard (OSC 52)."),
            palette.dim,
        );
    }
    out.rows
}

/// Rows being built, wrapped to the screen with a margin.
struct Lines {
    rows: Vec<Line<'static>>,
    width: usize,
}

impl Lines {
    fn blank(&mut self) {
        self.rows.push(Line::default());
    }

    fn heading(&mut self, text: &str, palette: &Palette) {
        self.rows.push(Line::from(vec![
            Span::raw(MARGIN),
            Span::styled(text.to_string(), palette.heading.bold()),
        ]));
    }

    fn spans(&mut self, spans: Vec<Span<'static>>) {
        let margin = [Span::raw(MARGIN)];
        self.rows
            .extend(wrap_spans(&spans, self.width, &margin, &margin));
    }

    fn prose(&mut self, text: &str, style: Style) {
        self.spans(vec![Span::styled(text.to_string(), style)]);
    }

    /// A link on rows of its own from the first column, cut at the width (sanitised).
    fn link(&mut self, url: &str, palette: &Palette) {
        let url = sanitize_line(url);
        let mut row = String::new();
        let mut used = 0;
        for c in url.chars() {
            let w = c.width().unwrap_or(0);
            if used + w > self.width.max(1) && !row.is_empty() {
                self.rows.push(Line::from(Span::styled(
                    std::mem::take(&mut row),
                    palette.link,
                )));
                used = 0;
            }
            row.push(c);
            used += w;
        }
        self.rows.push(Line::from(Span::styled(row, palette.link)));
    }
}

fn heading(kind: LoginKind) -> &'static str {
    match kind {
        LoginKind::Browser => "Sign in with ChatGPT",
        LoginKind::DeviceCode => "Sign in with a device code",
        LoginKind::ApiKey => "Use an OpenAI API key",
    }
}

/// The way in, and what it is for.
fn way(kind: LoginKind) -> (&'static str, &'static str) {
    match kind {
        LoginKind::Browser => (
            "Sign in with ChatGPT",
            "usage included with Plus, Pro, Business and Enterprise plans",
        ),
        LoginKind::DeviceCode => (
            "Sign in with a device code",
            "ChatGPT on another device, with a one-time code",
        ),
        LoginKind::ApiKey => ("Use an API key", "pay for what you use"),
    }
}

fn choose(out: &mut Lines, layer: &SignIn, session: &Session, palette: &Palette) {
    match signed_in_as(session) {
        // `/login` while signed in: who, and how to sign out, before the ways to switch.
        Some(who) => {
            out.heading("Already signed in", palette);
            out.blank();
            out.prose(
                &format!("codex is signed in {who}. /logout signs out."),
                palette.success,
            );
            out.blank();
            out.prose(
                "To switch accounts, pick a way in: it replaces this sign-in.",
                Style::default(),
            );
        }
        None => {
            out.heading("Sign in to codex", palette);
            out.blank();
            out.prose(&why(session), Style::default());
        }
    }
    out.blank();
    let ways = SignIn::ways(session);
    let label_width = ways.iter().map(|k| way(*k).0.len()).max().unwrap_or(0);
    for (i, kind) in ways.iter().enumerate() {
        let (label, detail) = way(*kind);
        let selected = i == layer.selected;
        let marker = if selected { "› " } else { "  " };
        let head = format!("{marker}{}. {label:<label_width$}", i + 1);
        let fits = MARGIN.len() + head.chars().count() + 2 + detail.chars().count() <= out.width;
        let mut spans = vec![Span::raw(MARGIN), Span::styled(head, palette.key)];
        if fits {
            spans.push(Span::styled(format!("  {detail}"), palette.dim));
        }
        out.rows
            .push(menu_row(Line::from(spans), selected, palette));
        if !fits {
            // Narrow: what it is for goes under it.
            let indent = [Span::raw("       ")];
            out.rows.extend(wrap_spans(
                &[Span::styled(detail.to_string(), palette.dim)],
                out.width,
                &indent,
                &indent,
            ));
        }
    }
    if let Some(error) = &layer.error {
        out.blank();
        out.prose(&format!("✗ {}", sanitize_line(error)), palette.error);
    }
    if let Some(reason) = &session.config.first_run.no_browser {
        out.blank();
        out.prose(
            &format!(
                "No browser is opened from here ({reason}), so the device code comes first: \
                 ChatGPT's browser sign-in sends the browser back to port 1455 of the machine \
                 codex runs on."
            ),
            palette.dim,
        );
    }
    if !session.composer.is_empty() {
        out.blank();
        out.prose(
            "Your draft stays in the composer, to send once you are signed in.",
            palette.dim,
        );
    }
    // Where a key goes: a secret typed here must not be thought to land anywhere.
    out.blank();
    if layer.gate.refused {
        out.prose(
            "Typing refused: this screen takes no text, and none of it went to your draft. \
             Pause, then pick a way in.",
            palette.warning,
        );
    } else {
        out.prose(
            "Keys here only pick a way in: typing and pastes go nowhere, not to your draft.",
            palette.dim,
        );
    }
}

/// Who codex is signed in as, when it is and nothing asks for a sign-in again (a refused
/// request or a provider that needs one say so instead).
fn signed_in_as(session: &Session) -> Option<String> {
    if session.account.refused.as_ref().is_some_and(|r| r.ended)
        || crate::session::gate::needs_sign_in(session)
    {
        return None;
    }
    let found = session.account.known()?.account.as_ref()?;
    Some(sanitize_line(&account::describe(found)))
}

/// Why the sign-in is up.
fn why(session: &Session) -> String {
    if session.account.refused.as_ref().is_some_and(|r| r.ended) {
        return "codex's requests to the model were refused (401 Unauthorized): sign in again."
            .into();
    }
    if crate::session::gate::needs_sign_in(session) {
        return "This session's model provider is OpenAI's, and codex is not signed in.".into();
    }
    match session.account.known() {
        Some(read) => match &read.account {
            Some(found) => format!(
                "codex is signed in {}; signing in again replaces that.",
                sanitize_line(&account::describe(found))
            ),
            None => "This session's model provider does not need an OpenAI sign-in; one made \
                     here is stored for codex all the same."
                .into(),
        },
        None => "Choose how codex signs in to OpenAI.".into(),
    }
}

fn api_key(out: &mut Lines, layer: &SignIn, palette: &Palette) {
    out.heading(heading(LoginKind::ApiKey), palette);
    out.blank();
    out.prose(
        "Paste or type your key (platform.openai.com/api-keys). codex keeps it in its home \
         (auth.json); tern never shows it, logs it or writes it anywhere.",
        Style::default(),
    );
    out.blank();
    let inner = out.width.saturating_sub(6).clamp(10, 64);
    let count = format!("{} characters", layer.key.len());
    let dots = inner.saturating_sub(count.len() + 2).min(layer.key.len());
    let pad = inner.saturating_sub(dots + count.len());
    let border = palette.border_focused;
    out.rows.push(Line::from(vec![
        Span::raw(MARGIN),
        Span::styled(
            format!("╭ API key {}╮", "─".repeat(inner.saturating_sub(7))),
            border,
        ),
    ]));
    out.rows.push(Line::from(vec![
        Span::raw(MARGIN),
        Span::styled("│ ", border),
        Span::styled("•".repeat(dots), palette.accent),
        Span::raw(" ".repeat(pad)),
        Span::styled(count, palette.dim),
        Span::styled(" │", border),
    ]));
    out.rows.push(Line::from(vec![
        Span::raw(MARGIN),
        Span::styled(format!("╰{}╯", "─".repeat(inner + 2)), border),
    ]));
    if layer.key.from_env {
        out.prose(
            "Filled in from OPENAI_API_KEY in tern's environment: Enter uses it; Ctrl+U clears \
             it to type another.",
            palette.dim,
        );
    }
    if let Some(error) = &layer.error {
        out.blank();
        out.prose(&format!("✗ {}", sanitize_line(error)), palette.error);
    }
}

fn browser(out: &mut Lines, url: &str, opened: bool, session: &Session, palette: &Palette) {
    out.heading(heading(LoginKind::Browser), palette);
    out.blank();
    out.prose(
        if opened {
            "Your browser should have opened this link; if it did not, open it (c copies it):"
        } else {
            "Open this link in a browser, on any machine (c copies it):"
        },
        Style::default(),
    );
    out.link(url, palette);
    out.blank();
    let here = match &session.config.first_run.no_browser {
        None => " (this one).".to_string(),
        Some(_) => ": if that is not the machine your browser runs on, forward the port \
                   (ssh -L 1455:localhost:1455 …), or press Esc and use the device code."
            .to_string(),
    };
    out.prose(
        &format!(
            "After you sign in, the browser is sent to localhost:1455 — that is codex itself, \
             listening on port 1455 of the machine it runs on{here}"
        ),
        palette.dim,
    );
    out.blank();
    out.prose("Waiting for the sign-in to finish…", palette.working);
}

fn device_code(out: &mut Lines, url: &str, code: &str, palette: &Palette) {
    out.heading(heading(LoginKind::DeviceCode), palette);
    out.blank();
    out.prose(
        "1. Open this link on any device and sign in (l copies it):",
        Style::default(),
    );
    out.link(url, palette);
    out.prose(
        "2. Then enter this one-time code (c copies it):",
        Style::default(),
    );
    let code = sanitize_line(code);
    let indent = "     ";
    let border = palette.border_focused;
    // Large where it can be (letters, digits and dashes), with the text under it to copy.
    let big = crate::render::big_code::big_rows(&code)
        .filter(|rows| rows[0].chars().count() + indent.len() + 6 <= out.width);
    let inside: Vec<String> = match &big {
        Some(rows) => rows.to_vec(),
        None => vec![code.clone()],
    };
    let width = inside
        .iter()
        .map(|r| unicode_width::UnicodeWidthStr::width(r.as_str()))
        .max()
        .unwrap_or(0);
    out.rows.push(Line::from(vec![
        Span::raw(indent),
        Span::styled(format!("╭{}╮", "─".repeat(width + 4)), border),
    ]));
    for row in inside {
        out.rows.push(Line::from(vec![
            Span::raw(indent),
            Span::styled("│  ", border),
            Span::styled(row, palette.accent.bold()),
            Span::styled("  │", border),
        ]));
    }
    out.rows.push(Line::from(vec![
        Span::raw(indent),
        Span::styled(format!("╰{}╯", "─".repeat(width + 4)), border),
    ]));
    if big.is_some() {
        out.rows.push(Line::from(vec![
            Span::raw(indent),
            Span::styled("as text: ", palette.dim),
            Span::styled(code, palette.accent.bold()),
        ]));
    }
    out.rows.push(Line::from(vec![
        Span::raw("     "),
        Span::styled(
            "The code is short-lived: if it expires, press Esc and start again.",
            palette.dim,
        ),
    ]));
    out.blank();
    out.prose(
        "⚠ Never enter this code for anyone else. If a website or another person gave it to \
         you, press Esc.",
        palette.warning,
    );
    out.blank();
    out.prose("Waiting for the sign-in to finish…", palette.working);
}

fn draw_confirm_logout(frame: &mut Frame<'_>, within: Rect, palette: &Palette) {
    let text = "Sign codex out? It forgets its stored sign-in (auth.json in its home), for every \
                codex that uses that home.";
    // As tall as its words (a fixed height left three empty rows under them).
    let width = popup(within, 56, 3).width;
    let lines = wrap_spans(
        &[Span::raw(text)],
        usize::from(width.saturating_sub(4)),
        &[],
        &[],
    );
    let rows = u16::try_from(lines.len()).unwrap_or(u16::MAX);
    let area = popup(within, 56, rows.saturating_add(2));
    let border = palette.border_attention;
    let block = popup_box(title(" Sign out ", border), border)
        .title_bottom(Span::styled(" y signs out · Esc stays ", palette.dim));
    let inner = draw_popup(frame, area, block);
    frame.render_widget(
        Paragraph::new(lines),
        Rect::new(
            inner.x + 1,
            inner.y,
            inner.width.saturating_sub(2),
            inner.height,
        ),
    );
}

impl super::draw::Draw for crate::app::layers::SignIn {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.main, self, cx.session);
    }
}
