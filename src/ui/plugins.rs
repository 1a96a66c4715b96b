//! `/plugins`: a box over the transcript with the search line and the plugins it matches (each
//! installed or not, its name, its marketplace, what it is for), or the selected plugin's
//! details — the skills, MCP servers, hooks and apps it holds. Everything here comes from
//! marketplace and plugin files: shown with its controls as visible markers, cut to the box.

use super::chrome::menu_row;
use super::list::{cut, pointer, ListBox};
use super::plugins_marketplaces as marketplaces;
use super::report_lines;
use crate::app::layers::plugins::PluginsView;
use crate::session::state::Session;
use crate::text::sanitize::visible_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::Frame;

pub(super) fn draw(
    frame: &mut Frame<'_>,
    within: Rect,
    view: &PluginsView,
    session: &Session,
    palette: &Palette,
) {
    let width = usize::from(within.width.saturating_sub(6)).min(110);
    let (lines, selected_line) = match &view.details {
        Some(id) => (details(session, id, width, palette), None),
        None => list(view, session, width, palette),
    };
    let footer = footer(view, session, palette);
    let footer_width = u16::try_from(footer.width() + 4).unwrap_or(u16::MAX);
    ListBox {
        title: "Plugins".into(),
        footer: Some(footer),
        width: ListBox::fitting(&lines, 70.max(footer_width), u16::MAX),
        selected_line,
        lines,
    }
    .draw(frame, within, palette);
}

fn list(
    view: &PluginsView,
    session: &Session,
    width: usize,
    palette: &Palette,
) -> (Vec<Line<'static>>, Option<usize>) {
    let catalog = &session.plugins.catalog;
    let search = &session.plugins.search;
    let mut lines = match &view.adding {
        Some(line) => marketplaces::source(line, width, palette),
        None => vec![],
    };
    let searching = marketplaces::searching(session);
    lines.push(Line::from(vec![
        Span::styled("Search: ", palette.heading),
        Span::raw(cut(
            &visible_line(&view.filter),
            width.saturating_sub(9 + searching.len()),
        )),
        Span::styled("▏", palette.accent),
        Span::styled(searching, palette.dim),
    ]));
    lines.extend(marketplaces::news(session, width, palette));
    let status = match (&catalog.error, catalog.loading, catalog.loaded) {
        (Some(e), _, _) => Some((
            format!("Could not list the plugins: {}", visible_line(e)),
            palette.error,
        )),
        (None, true, false) => Some(("Reading the marketplaces…".into(), palette.dim)),
        (None, false, true) if catalog.plugins.is_empty() => Some((
            "No plugins: no marketplace lists any. A repository declares one in .agents/plugins/marketplace.json.".into(),
            palette.dim,
        )),
        _ => None,
    };
    if let Some((text, style)) = status {
        report_lines::say(&mut lines, text, style, 0, width);
    }
    let shown = &search.shown;
    if catalog.loaded && !catalog.plugins.is_empty() && shown.is_empty() {
        lines.push(Line::from(Span::styled("Nothing matches.", palette.dim)));
    }
    let selected = view.selected.index(shown.len());
    let mut selected_line = None;
    for (row, &at) in shown.iter().enumerate() {
        let Some(entry) = search.entry(catalog, at) else {
            continue;
        };
        let is_selected = selected == Some(row);
        if is_selected {
            selected_line = Some(lines.len());
        }
        let (mark, style) = if entry.plugin.installed {
            ("installed  ", palette.success)
        } else {
            ("           ", palette.dim)
        };
        let name = cut(&visible_line(entry.plugin.shown_name()), 28);
        let market = format!("  {}", cut(&visible_line(&entry.marketplace), 20));
        let room = width
            .saturating_sub(2 + mark.len() + name.chars().count() + market.chars().count() + 2);
        let line = Line::from(vec![
            Span::raw(pointer(is_selected)),
            Span::styled(mark, style),
            Span::raw(name),
            Span::styled(market, palette.dim),
            Span::raw("  "),
            Span::styled(
                cut(&visible_line(entry.plugin.short_description()), room),
                if is_selected {
                    Style::default()
                } else {
                    palette.dim
                },
            ),
        ]);
        lines.push(menu_row(line, is_selected, palette));
    }
    if !catalog.load_errors.is_empty() {
        let text = "Marketplaces that did not load:";
        report_lines::heading(&mut lines, text, palette.warning);
        for e in &catalog.load_errors {
            lines.push(Line::from(Span::styled(
                format!("  {}", cut(&visible_line(e), width.saturating_sub(2))),
                palette.dim,
            )));
        }
    }
    (lines, selected_line)
}

fn details(session: &Session, id: &str, width: usize, palette: &Palette) -> Vec<Line<'static>> {
    let catalog = &session.plugins.catalog;
    let Some(detail) = catalog.detail.as_ref().filter(|d| d.summary.id == id) else {
        let text = if catalog.reading.is_some() {
            "Reading the plugin…"
        } else {
            "The plugin could not be read."
        };
        return vec![Line::from(Span::styled(text, palette.dim))];
    };
    let installed = catalog
        .plugins
        .iter()
        .find(|e| e.plugin.id == id)
        .map_or(detail.summary.installed, |e| e.plugin.installed);
    let mut lines = vec![Line::from(vec![
        Span::styled(
            cut(&visible_line(detail.summary.shown_name()), width / 2),
            palette.heading,
        ),
        Span::styled(
            format!(
                "  {} · {}",
                cut(&visible_line(&detail.marketplace_name), 30),
                if installed {
                    "installed"
                } else {
                    "not installed"
                }
            ),
            palette.dim,
        ),
    ])];
    if let Some(description) = &detail.description {
        let plain = Style::default();
        report_lines::say(&mut lines, visible_line(description), plain, 0, width);
    }
    let mut part = |title: &str, items: Vec<String>| {
        let title = format!("{title} ({})", items.len());
        report_lines::heading(&mut lines, &title, palette.heading);
        if items.is_empty() {
            lines.push(Line::from(Span::styled("  none", palette.dim)));
        }
        for item in items {
            lines.push(Line::from(format!(
                "  {}",
                cut(&item, width.saturating_sub(2))
            )));
        }
    };
    part(
        "MCP servers it starts",
        detail.mcp_servers.iter().map(|s| visible_line(s)).collect(),
    );
    part(
        "Hooks it runs",
        detail
            .hooks
            .iter()
            .map(|h| format!("{} ({})", visible_line(&h.event_name), visible_line(&h.key)))
            .collect(),
    );
    part(
        "Skills",
        detail
            .skills
            .iter()
            .map(|s| {
                format!(
                    "{} — {}",
                    visible_line(&s.name),
                    visible_line(&s.description)
                )
            })
            .collect(),
    );
    part(
        "Apps",
        detail.apps.iter().map(|a| visible_line(&a.name)).collect(),
    );
    lines
}

fn footer(view: &PluginsView, session: &Session, palette: &Palette) -> Line<'static> {
    let keys = match &view.details {
        Some(_) if session.plugins.catalog.changing.is_some() => "Working… · Esc back",
        Some(_) => "i installs · u uninstalls (each asks first) · Esc back",
        None if view.adding.is_some() => "Enter adds the marketplace · Esc cancels",
        None => "type to search · Enter details · Ctrl+A add marketplace · Esc closes",
    };
    report_lines::footer(keys, palette.dim)
}

impl super::draw::Draw for PluginsView {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.main, self, cx.session, cx.palette);
    }
}
