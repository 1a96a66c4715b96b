//! `/mcp`: the MCP servers full screen, one row each (state, what the server says it is, its
//! tools, its sign-in), the failure or the sign-in under way beneath it, and the tools of the
//! servers opened with Enter. Everything here comes from the servers: sanitised and cut to the
//! width, never wrapped raw.

use super::chrome::{draw_popup, menu_row, popup_box, title};
use super::list::cut;
use crate::app::layers::mcp::{auth_label, server_rows, McpView, ServerRow, Tone};
use crate::session::mcp::first_clause;
use crate::session::state::mcp::Login;
use crate::session::state::Session;
use crate::text::sanitize::sanitize_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;
use unicode_width::UnicodeWidthStr;

/// The most tools listed under one server.
const MAX_TOOLS_SHOWN: usize = 200;

fn tone(tone: Tone, palette: &Palette) -> Style {
    match tone {
        Tone::Good => palette.success,
        Tone::Busy => palette.working,
        Tone::Warn => palette.warning,
        Tone::Bad => palette.error,
        Tone::Quiet => palette.dim,
    }
}

fn mark(tone: Tone) -> &'static str {
    match tone {
        Tone::Good => "●",
        Tone::Busy => "◌",
        Tone::Warn => "!",
        Tone::Bad => "✗",
        Tone::Quiet => "○",
    }
}

pub(super) fn draw(
    frame: &mut Frame<'_>,
    area: Rect,
    view: &McpView,
    session: &Session,
    palette: &Palette,
) {
    let border = palette.border_focused;
    let block = popup_box(title(" MCP servers ", border), border).title_bottom(Span::styled(
        " Enter tools · l sign in · r reload the config · Esc close ",
        palette.dim,
    ));
    let inner = draw_popup(frame, area, block);
    let width = usize::from(inner.width);
    let mcp = &session.mcp;
    let mut lines: Vec<Line<'static>> = Vec::new();
    let rows = server_rows(session);
    let status = if mcp.reloading {
        Some(("Reloading the MCP config…".to_string(), palette.working))
    } else if let Some(e) = &mcp.error {
        Some((
            format!("Could not list the MCP servers: {}", sanitize_line(e)),
            palette.error,
        ))
    } else if mcp.listing && !mcp.listed {
        Some(("Asking codex for the MCP servers…".to_string(), palette.dim))
    } else if rows.is_empty() && mcp.listed {
        Some((
            "No MCP servers. Add one to codex's config.toml ([mcp_servers.NAME] with a command, or a url), then r reloads it.".to_string(),
            palette.dim,
        ))
    } else {
        None
    };
    if let Some((text, style)) = status {
        lines.push(Line::from(Span::styled(cut(&text, width), style)));
        lines.push(Line::default());
    }
    let name_width = rows
        .iter()
        .map(|r| cut(&sanitize_line(r.name), 30).width())
        .max()
        .unwrap_or(0);
    let mut selected_rows = (0, 0);
    for (i, row) in rows.iter().enumerate() {
        let selected = view.selected.index(rows.len()) == Some(i);
        let start = lines.len();
        lines.push(menu_row(
            header(row, selected, name_width, width, palette),
            selected,
            palette,
        ));
        let open = view.expanded.contains(row.name);
        lines.extend(details(row, open, session, width, palette));
        if open {
            lines.extend(tools(row, width, palette));
        }
        if selected {
            selected_rows = (start, lines.len());
        }
    }
    // The selected server's row in view, and as much of what is under it as fits.
    let height = usize::from(inner.height);
    let (start, end) = selected_rows;
    let offset = end.saturating_sub(height).min(start);
    frame.render_widget(Paragraph::new(lines).scroll((offset as u16, 0)), inner);
}

/// `› ● name   connected · Tiny MCP 0.1.0 · 2 tools · not signed in`
fn header(
    row: &ServerRow<'_>,
    selected: bool,
    name_width: usize,
    width: usize,
    palette: &Palette,
) -> Line<'static> {
    let name = cut(&sanitize_line(row.name), 30);
    let (status, status_tone) = &row.status;
    let mut facts: Vec<(String, Style)> =
        vec![(cut(&sanitize_line(status), 24), tone(*status_tone, palette))];
    if let Some(server) = row.listed {
        if let Some(info) = &server.server_info {
            let what = [
                info.title.as_deref().unwrap_or(&info.name),
                info.version.as_deref().unwrap_or(""),
            ]
            .iter()
            .filter(|s| !s.is_empty())
            .map(|s| sanitize_line(s))
            .collect::<Vec<_>>()
            .join(" ");
            if !what.is_empty() {
                facts.push((cut(&what, 40), Style::default()));
            }
        }
        let count = server.tools.len();
        // No count for a server not running: it has not said what it has.
        if server.tools_error.is_none() && (count > 0 || *status_tone == Tone::Good) {
            let tools = match count {
                1 => "1 tool".to_string(),
                n => format!("{n} tools"),
            };
            facts.push((tools, palette.dim));
        }
        for (n, one, many) in [
            (server.resources, "resource", "resources"),
            (
                server.resource_templates,
                "resource template",
                "resource templates",
            ),
        ] {
            match n {
                0 => {}
                1 => facts.push((format!("1 {one}"), palette.dim)),
                n => facts.push((format!("{n} {many}"), palette.dim)),
            }
        }
        if let Some((label, auth_tone)) = auth_label(server.auth_status.as_deref()) {
            facts.push((label.to_string(), tone(auth_tone, palette)));
        }
        if let Some(origin) = &server.http_origin {
            facts.push((cut(&sanitize_line(origin), 40), palette.dim));
        }
    }
    let mut spans = vec![
        Span::raw(if selected { "› " } else { "  " }),
        Span::styled(
            format!("{} ", mark(*status_tone)),
            tone(*status_tone, palette),
        ),
        Span::styled(
            format!(
                "{name}{}  ",
                " ".repeat(name_width.saturating_sub(name.width()))
            ),
            palette.accent,
        ),
    ];
    let mut used = 4 + name_width + 2;
    for (i, (text, style)) in facts.into_iter().enumerate() {
        let sep = if i == 0 { "" } else { " · " };
        if used + sep.width() + text.width() > width {
            break;
        }
        used += sep.width() + text.width();
        spans.push(Span::styled(sep, palette.dim));
        spans.push(Span::styled(text, style));
    }
    Line::from(spans)
}

/// Under a server: why it failed (its first clause; the whole of it when the server is open),
/// and its sign-in under way.
fn details(
    row: &ServerRow<'_>,
    open: bool,
    session: &Session,
    width: usize,
    palette: &Palette,
) -> Vec<Line<'static>> {
    let indent = "      ";
    let room = width.saturating_sub(indent.len());
    let mut lines = Vec::new();
    if let Some(error) = &row.error {
        if open {
            lines.extend(indented(&sanitize_line(error), palette.error, indent, room));
        } else {
            lines.push(Line::from(vec![
                Span::raw(indent),
                Span::styled(
                    cut(&sanitize_line(&first_clause(error)), room),
                    palette.error,
                ),
            ]));
        }
    }
    let login = match session.mcp.logins.get(row.name) {
        Some(Login::Asked) => Some(("Asking codex to sign in…".to_string(), palette.working)),
        Some(Login::Open { url }) => Some((
            format!("Sign in: open {}", sanitize_line(url)),
            palette.link,
        )),
        Some(Login::Done) => Some(("Signed in.".to_string(), palette.success)),
        Some(Login::Failed(why)) => Some((
            format!("Sign-in failed: {}", sanitize_line(why)),
            palette.warning,
        )),
        None => None,
    };
    if let Some((text, style)) = login {
        // A URL is never cut: it wraps, so it can be copied whole.
        lines.extend(indented(&text, style, indent, room));
    }
    lines
}

/// `text` wrapped to `room` columns, each row after `indent`.
fn indented(text: &str, style: Style, indent: &'static str, room: usize) -> Vec<Line<'static>> {
    let spans = [Span::styled(text.to_string(), style)];
    crate::render::wrap::wrap_spans(&spans, room.max(10), &[], &[])
        .into_iter()
        .map(|line| {
            let mut with_indent = vec![Span::raw(indent)];
            with_indent.extend(line.spans);
            Line::from(with_indent)
        })
        .collect()
}

/// The tools of an opened server, each with what it does.
fn tools(row: &ServerRow<'_>, width: usize, palette: &Palette) -> Vec<Line<'static>> {
    let indent = "      ";
    let Some(server) = row.listed else {
        return vec![Line::from(vec![
            Span::raw(indent),
            Span::styled("no tools listed yet", palette.dim),
        ])];
    };
    if server.tools.is_empty() {
        let text = if server.tools_error.is_some() {
            "no tools: see above"
        } else {
            "no tools"
        };
        return vec![Line::from(vec![
            Span::raw(indent),
            Span::styled(text, palette.dim),
        ])];
    }
    let names: Vec<String> = server
        .tools
        .iter()
        .take(MAX_TOOLS_SHOWN)
        .map(|(key, tool)| {
            cut(
                &sanitize_line(if tool.name.is_empty() {
                    key
                } else {
                    &tool.name
                }),
                32,
            )
        })
        .collect();
    let name_width = names.iter().map(|n| n.width()).max().unwrap_or(0);
    let mut lines: Vec<Line<'static>> = server
        .tools
        .values()
        .zip(names)
        .map(|(tool, name)| {
            let tag = if tool.read_only() {
                "read-only  "
            } else {
                "           "
            };
            let about = tool
                .description
                .as_deref()
                .or(tool.title.as_deref())
                .unwrap_or("")
                .lines()
                .next()
                .unwrap_or("");
            let room = width.saturating_sub(indent.len() + name_width + 2 + tag.len());
            Line::from(vec![
                Span::raw(indent),
                Span::styled(
                    format!("{name}{}  ", " ".repeat(name_width - name.width())),
                    palette.accent,
                ),
                Span::styled(tag, palette.dim),
                Span::raw(cut(&sanitize_line(about), room)),
            ])
        })
        .collect();
    if server.tools.len() > MAX_TOOLS_SHOWN {
        lines.push(Line::from(vec![
            Span::raw(indent),
            Span::styled(
                format!("… {} more", server.tools.len() - MAX_TOOLS_SHOWN),
                palette.dim,
            ),
        ]));
    }
    lines
}

impl super::draw::Draw for crate::app::layers::mcp::McpView {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.main, self, cx.session, cx.palette);
    }
}
