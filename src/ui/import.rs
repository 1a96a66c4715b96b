//! `/import`: a box listing what codex would import from another agent's setup — each item
//! with its kind, what codex says it does, where it belongs (home or a project) and what it
//! holds (skills, MCP servers, hooks, commands, sub-agents, plugins, chats by title) — then,
//! once started, codex's results by kind: what was imported where, and what failed and why.
//! Every string comes from files on disk via codex: sanitised and cut to the box.

use super::chrome::menu_row;
use super::list::{cut, pointer, ListBox};
use super::report_lines::{footer, heading, say};
use crate::app::layers::import::ImportView;
use crate::protocol::{MigrationDetails, MigrationItem};
use crate::session::import::{kind_name, totals};
use crate::session::state::account_tools::Asked;
use crate::session::state::Session;
use crate::text::sanitize::visible_line;
use crate::theme::Palette;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::Frame;

/// The most names listed under one item (the rest are counted).
const MAX_NAMES: usize = 12;

/// What an item holds, one line per kind of entry: "skills: a, b", "chat: title (cwd)".
fn held(details: &MigrationDetails) -> Vec<String> {
    let mut out = Vec::new();
    let mut names = |label: &str, list: Vec<String>| {
        if list.is_empty() {
            return;
        }
        let more = list.len().saturating_sub(MAX_NAMES);
        let mut text = format!(
            "{label}: {}",
            list.iter()
                .take(MAX_NAMES)
                .map(|n| visible_line(n))
                .collect::<Vec<_>>()
                .join(", ")
        );
        if more > 0 {
            text.push_str(&format!(" and {more} more"));
        }
        out.push(text);
    };
    let named = |list: &[crate::protocol::external_agent::Named]| {
        list.iter().map(|n| n.name.clone()).collect::<Vec<_>>()
    };
    names("skills", named(&details.skills));
    names("MCP servers", named(&details.mcp_servers));
    names("hooks", named(&details.hooks));
    names("commands", named(&details.commands));
    names("sub-agents", named(&details.subagents));
    for p in &details.plugins {
        names(
            &format!("plugins of {}", visible_line(&p.marketplace_name)),
            p.plugin_names.clone(),
        );
    }
    names("memory", details.memory.clone().unwrap_or_default());
    for s in details.sessions.iter().take(MAX_NAMES) {
        out.push(format!(
            "chat: {} ({})",
            visible_line(s.title.as_deref().unwrap_or("untitled")),
            visible_line(&s.cwd)
        ));
    }
    if details.sessions.len() > MAX_NAMES {
        out.push(format!(
            "and {} more chats",
            details.sessions.len() - MAX_NAMES
        ));
    }
    out
}

fn item_line(
    item: &MigrationItem,
    is_selected: bool,
    width: usize,
    palette: &Palette,
) -> Line<'static> {
    let scope = match item.cwd.as_deref().filter(|c| !c.is_empty()) {
        Some(cwd) => format!("project {}", visible_line(cwd)),
        None => "home".to_string(),
    };
    let kind = kind_name(&item.item_type);
    let room = width.saturating_sub(2 + kind.chars().count() + 3);
    Line::from(vec![
        Span::raw(pointer(is_selected)),
        Span::styled(kind, palette.heading),
        Span::raw(" · "),
        Span::styled(cut(&scope, room), palette.dim),
    ])
}

pub(super) fn draw(
    frame: &mut Frame<'_>,
    within: Rect,
    view: &ImportView,
    session: &Session,
    palette: &Palette,
) {
    let state = &session.account_tools.import;
    let width = usize::from(within.width.saturating_sub(6)).min(110);
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mut selected_line = None;
    match &state.detected {
        Asked::Unasked | Asked::Waiting => say(
            &mut lines,
            "Looking for another agent's setup (Claude Code) in your home and this project…".into(),
            palette.dim,
            0,
            width,
        ),
        Asked::Failed(e) => say(
            &mut lines,
            format!("codex could not look for anything to import: {}", visible_line(e)),
            palette.error,
            0,
            width,
        ),
        Asked::Came(found) if found.items.is_empty() => say(
            &mut lines,
            "Nothing to import: codex found no Claude Code setup, project settings or recent chats it has not imported already.".into(),
            palette.dim,
            0,
            width,
        ),
        Asked::Came(found) => {
            say(
                &mut lines,
                format!("codex would import these {} items:", found.items.len()),
                Style::default(),
                0,
                width,
            );
            let selected = view.selected.index(found.items.len());
            for (i, item) in found.items.iter().enumerate() {
                let is_selected = selected == Some(i);
                if is_selected {
                    selected_line = Some(lines.len());
                }
                lines.push(menu_row(item_line(item, is_selected, width, palette), is_selected, palette));
                say(&mut lines, visible_line(&item.description), Style::default(), 4, width);
                for text in item.details.as_ref().map(held).unwrap_or_default() {
                    say(&mut lines, text, palette.dim, 4, width);
                }
            }
            if !found.connectors.is_empty() {
                heading(&mut lines, "Apps your chats used (connect them in codex yourself):", palette.heading);
                for c in &found.connectors {
                    say(
                        &mut lines,
                        format!("{} ({} chats)", visible_line(&c.name), c.session_count.max(0)),
                        palette.dim,
                        2,
                        width,
                    );
                }
            }
        }
    }
    results(&mut lines, session, width, palette);
    let footer = footer(
        if crate::session::import::can_import(session) {
            "i imports all (asks first) · Esc closes"
        } else {
            "Esc closes"
        },
        palette.dim,
    );
    let footer_width = u16::try_from(footer.width() + 4).unwrap_or(u16::MAX);
    ListBox {
        title: "Import from Claude Code".into(),
        footer: Some(footer),
        width: ListBox::fitting(&lines, 60.max(footer_width), u16::MAX),
        selected_line,
        lines,
    }
    .draw(frame, within, palette);
}

/// The import's state: started, each kind's results, the totals once completed.
fn results(lines: &mut Vec<Line<'static>>, session: &Session, width: usize, palette: &Palette) {
    let state = &session.account_tools.import;
    match &state.started {
        Asked::Unasked => return,
        Asked::Waiting => {
            heading(lines, "Importing…", palette.heading);
        }
        Asked::Failed(e) => {
            heading(lines, "Not imported", palette.error);
            say(
                lines,
                format!("codex did not start the import: {}", visible_line(e)),
                palette.error,
                2,
                width,
            );
            return;
        }
        Asked::Came(()) if state.completed => {
            let (done, failed) = totals(&state.results);
            heading(
                lines,
                &format!("Imported: {done} done, {failed} failed"),
                palette.heading,
            );
        }
        Asked::Came(()) => heading(lines, "Importing…", palette.heading),
    }
    for r in &state.results {
        say(lines, kind_name(&r.item_type), Style::default(), 2, width);
        for s in &r.successes {
            let what = s.title.as_deref().or(s.source.as_deref()).unwrap_or("");
            let mut text = format!("✓ {}", visible_line(what));
            if let Some(target) = s.target.as_deref().filter(|t| !t.is_empty()) {
                text.push_str(&format!(" → {}", visible_line(target)));
            }
            say(lines, text, palette.success, 4, width);
        }
        for f in &r.failures {
            say(
                lines,
                format!(
                    "✗ {} ({}): {}",
                    visible_line(f.source.as_deref().unwrap_or("")),
                    visible_line(&f.failure_stage),
                    visible_line(&f.message)
                ),
                palette.error,
                4,
                width,
            );
        }
    }
}

impl super::draw::Draw for ImportView {
    fn draw(&self, frame: &mut Frame<'_>, cx: &super::draw::DrawCx<'_>) {
        draw(frame, cx.areas.main, self, cx.session, cx.palette);
    }
}
