//! `/apps`: a box over the transcript listing the apps (connectors) — connected or not, on or
//! off, the name, the plugins that bring it — with what it is for (or where to connect it) on
//! the line under. Everything comes from the server: controls shown as markers, cut to the box.

use super::chrome::menu_row;
use super::list::{cut, pointer, ListBox};
use super::report_lines::{footer, say};
use crate::app::layers::apps::AppsView;
use crate::session::state::Session;
use crate::text::sanitize::visible_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::Frame;

pub(super) fn draw(
    frame: &mut Frame<'_>,
    within: Rect,
    view: &AppsView,
    session: &Session,
    palette: &Palette,
) {
    let apps = &session.plugins.apps;
    let width = usize::from(within.width.saturating_sub(6)).min(110);
    let mut lines: Vec<Line<'static>> = Vec::new();
    let status = match (&apps.error, apps.loading, apps.loaded) {
        (Some(e), _, _) => Some((
            format!("Could not list the apps: {}", visible_line(e)),
            palette.error,
        )),
        (None, true, false) => Some(("Reading the apps…".into(), palette.dim)),
        (None, false, true) if apps.list.is_empty() => Some((
            "No apps. Apps (connectors) come with a ChatGPT sign-in and with plugins (/plugins)."
                .into(),
            palette.dim,
        )),
        _ => None,
    };
    if let Some((text, style)) = status {
        say(&mut lines, text, style, 0, width);
    }
    let selected = view.selected.index(apps.list.len());
    let mut selected_line = None;
    for (i, app) in apps.list.iter().enumerate() {
        let is_selected = selected == Some(i);
        if is_selected {
            selected_line = Some(lines.len());
        }
        let (state, style) = match (app.is_accessible, app.is_enabled) {
            (true, true) => ("connected    ", palette.success),
            (true, false) => ("off          ", palette.dim),
            (false, true) => ("not connected", palette.warning),
            (false, false) => ("off          ", palette.dim),
        };
        let plugins = if app.plugin_display_names.is_empty() {
            String::new()
        } else {
            let names: Vec<String> = app
                .plugin_display_names
                .iter()
                .map(|n| visible_line(n))
                .collect();
            format!("  from {}", names.join(", "))
        };
        let name = cut(&visible_line(&app.name), 40);
        let room = width.saturating_sub(2 + 13 + 2 + name.chars().count());
        let line = Line::from(vec![
            Span::raw(pointer(is_selected)),
            Span::styled(state, style),
            Span::raw("  "),
            Span::raw(name),
            Span::styled(cut(&plugins, room), palette.dim),
        ]);
        lines.push(menu_row(line, is_selected, palette));
        let under = match (&app.description, app.is_accessible, &app.install_url) {
            (_, false, Some(url)) => format!("connect: {}", visible_line(url)),
            (Some(d), _, _) => visible_line(d),
            _ => String::new(),
        };
        lines.push(Line::from(Span::styled(
            format!("    {}", cut(&under, width.saturating_sub(4))),
            palette.dim,
        )));
    }
    ListBox {
        title: "Apps".into(),
        footer: Some(footer("Esc closes", palette.dim)),
        width: ListBox::fitting(&lines, 60, u16::MAX),
        selected_line,
        lines,
    }
    .draw(frame, within, palette);
}

impl super::draw::Draw for AppsView {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.main, self, cx.session, cx.palette);
    }
}
