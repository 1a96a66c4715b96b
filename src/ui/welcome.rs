//! The welcome shown while the transcript is empty: what the session runs with (model,
//! directory, sandbox, approvals) and the three keys that lead everywhere else. Notices (a
//! config warning at startup) show under it; it goes once the conversation starts. Values come
//! from the server or the command line: sanitised.

use super::chrome::rounded_box;
use crate::app::layers::Layer;
use crate::app::AppState;
use crate::model::CellKind;
use crate::render::fit::cells;
use crate::session::turn_settings;
use crate::text::sanitize::sanitize_line;
use ratatui::layout::Rect;
use ratatui::style::Stylize;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Padding, Paragraph};
use ratatui::Frame;

/// On an empty transcript, unless something else is open over it (a box drawn over the welcome
/// would be a jumble): the slash popup sits above the composer and leaves it in view; the file
/// finder covers it.
pub(super) fn shown(state: &AppState) -> bool {
    let only_notices = state
        .session
        .shown
        .transcript
        .cells()
        .iter()
        .all(|cell| matches!(cell.kind(), CellKind::Notice { .. }));
    only_notices
        && state.session.shown.older_turns.is_none()
        && state.session.questions.is_empty()
        && state.session.health.down.is_none()
        && state.layers.person.is_empty()
        && !matches!(
            state.layers.composer.last(),
            Some(Layer::Files(_) | Layer::SkillFinder(_))
        )
}

/// Draws it at the top of `area`; returns the rows it took (with a blank row under it), 0 when
/// it does not fit.
pub(super) fn draw(frame: &mut Frame<'_>, area: Rect, state: &AppState) -> u16 {
    let palette = state.session.config.theme.palette();
    let pending = || "…".to_string();
    let model = match (
        turn_settings::model(&state.session),
        turn_settings::effort(&state.session),
    ) {
        (Some(model), Some(effort)) => format!("{model} · {effort} reasoning"),
        (Some(model), None) => model,
        (None, _) => pending(),
    };
    let cwd = crate::session::threads::current_cwd(&state.session);
    let connected = state
        .session
        .config
        .connected_to
        .as_ref()
        .map(|remote| ("connected", remote.clone()));
    let name = state
        .session
        .thread_id()
        .and_then(|id| state.session.titles.name_of(id))
        .map(|name| ("thread", name.to_string()));
    let facts = connected.into_iter().chain(name).chain([
        ("model", model),
        (
            "directory",
            super::status::short_path(&cwd, state.session.config.home.as_deref()),
        ),
        (
            "sandbox",
            turn_settings::sandbox(&state.session).unwrap_or_else(pending),
        ),
        (
            "approvals",
            turn_settings::approval(&state.session).unwrap_or_else(pending),
        ),
    ]);
    let mut lines = vec![
        Line::from(vec![
            "tern".bold(),
            Span::styled(" · a terminal for the Codex agent", palette.dim),
        ]),
        Line::default(),
    ];
    for (label, value) in facts {
        lines.push(Line::from(vec![
            Span::styled(format!("{label:<10} "), palette.dim),
            Span::raw(sanitize_line(&value)),
        ]));
    }
    lines.push(Line::default());
    let key = |k: &'static str| Span::styled(k, palette.key.bold());
    lines.push(Line::from(vec![
        key("/"),
        " commands   ".into(),
        key("?"),
        " keys   ".into(),
        key("Ctrl+C"),
        " quit".into(),
    ]));
    // A model name or path from the server may be wider than any terminal: saturated, never
    // wrapped or overflowed.
    let widest = cells(lines.iter().map(Line::width).max().unwrap_or(0));
    let width = widest.saturating_add(4).min(area.width);
    let wanted = cells(lines.len()).saturating_add(2);
    let height = wanted.min(area.height);
    // Too small to say anything useful, or it would leave the notices no room.
    if width < 12 || height < wanted || area.height < height.saturating_add(3) {
        return 0;
    }
    let at = Rect::new(area.x, area.y, width, height);
    let block = rounded_box(palette.border).padding(Padding::horizontal(1));
    let inner = block.inner(at);
    frame.render_widget(block, at);
    frame.render_widget(Paragraph::new(lines), inner);
    height + 1
}
