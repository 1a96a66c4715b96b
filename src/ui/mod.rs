//! Widgets. Each draws from `&AppState` only; nothing here writes state.
//!
//! The screen is drawn bottom-up: the transcript and the composer, then every layer of the
//! stack in order. The bottom box shows the topmost bottom-placed layer (or the composer);
//! popups and full-screen layers are drawn over what is below them.

mod agents;
mod agents_strip;
mod apps;
mod board;
mod board_details;
mod cell_policy;
mod checklist;
mod choice;
mod chrome;
mod composer;
mod config_view;
mod confirm;
mod copy_pick;
mod daemon;
mod diff;
mod doctor;
mod draw;
pub(crate) mod earlier_turns;
mod experimental;
mod feedback;
mod file_finder;
mod finder;
mod fit_line;
mod help;
mod hints;
mod history_search;
mod hooks;
mod hunk_review;
mod import;
mod inbox;
mod items_checklist;
mod keymap_view;
mod list;
mod live_tail;
mod locked_thread;
mod mcp;
mod memories;
mod plugins;
mod plugins_marketplaces;
mod prefix;
mod question;
mod question_view;
mod queued;
mod remote_control;
mod report_lines;
mod review;
mod review_asked;
mod review_findings;
mod rewind;
mod row_origin;
mod rules;
pub(crate) mod scrollback;
mod search;
mod selected;
mod server_down;
mod shell_confirm;
mod side;
mod sign_in;
mod skill_popup;
mod skills;
mod slash_popup;
mod spoken_cells;
mod status;
mod status_view;
mod terminals;
mod theme_picker;
mod thread_picker;
mod transcript;
mod trust_folder;
mod usage;
mod warnings;
mod welcome;
mod worktree;

use crate::app::geometry::Areas;
use crate::app::layer_types::Placement;
use crate::app::layers::Layer;
use crate::app::stacks::Shown;
use crate::app::AppState;
pub(crate) use cell_policy::CellPolicy;
use draw::{Draw, DrawCx};
use ratatui::Frame;
use std::time::Instant;
pub use transcript::ImagePlacement;

/// Draws the whole screen. `now` only feeds the turn timer.
pub fn draw(frame: &mut Frame<'_>, state: &AppState, now: Instant) {
    draw_frame(frame, state, now);
}

/// [`draw`], and where the image previews in view go: those whose rows nothing else covered
/// (a popup, the file finder, a question over the transcript leaves them out).
pub(crate) fn draw_frame(
    frame: &mut Frame<'_>,
    state: &AppState,
    now: Instant,
) -> Vec<transcript::ImagePlacement> {
    let areas = state.areas_in(frame.area());
    let session = &state.session;
    let palette = session.config.theme.palette();
    let shown = state.on_screen();
    // A full-screen view hides everything above the status line that is under it: none of
    // that is drawn (a 5,000-line review over the `/diff` pager over the transcript drew all
    // three on every key).
    let cover = shown.iter().rposition(|s| {
        s.view().placement() == Placement::FullScreen && s.view().hides_what_is_under()
    });
    let mut previews = match cover {
        Some(_) => Vec::new(),
        // Inline mode: what is not yet in the terminal's scrollback, no previews.
        None if session.config.inline => {
            live_tail::draw(frame, areas.transcript, state);
            Vec::new()
        }
        None => transcript::draw(frame, areas.transcript, state),
    };
    if cover.is_none() {
        checklist::draw(frame, areas.checklist, session);
        agents_strip::draw(frame, areas.agents, session, now);
        queued::draw(frame, areas.queued, state);
        if let Some(area) = areas.composer {
            composer::draw(frame, area, session, now);
        }
    }
    // Only the topmost bottom-placed layer shows (in the composer's place); everything is
    // drawn in stack order, so a question over a full-screen view stays visible.
    let bottom = shown
        .iter()
        .rposition(|s| s.view().placement() == Placement::Bottom);
    for (i, entry) in shown.iter().enumerate().skip(cover.unwrap_or(0)) {
        if entry.view().placement() != Placement::Bottom || Some(i) == bottom {
            draw_shown(frame, entry, &areas, state, now);
        }
    }
    status::draw(frame, areas.status, state, now);
    let hints = state.top_hints(now);
    // Where the rest is: `?` when the view on top opens help with it, else the key that opens
    // help over any view (F1; `?` is typed there).
    let anywhere = crate::app::base::keys::help_anywhere(&session.config.keymap)
        .first()
        .map(|chord| chord.label());
    let help_on_top = matches!(
        state.on_screen().last(),
        Some(crate::app::stacks::Shown::Layer(Layer::Help(_)))
    );
    let help = if help_on_top {
        None
    } else if hints.iter().any(|h| h.keys == "?") {
        Some("?")
    } else {
        anywhere.as_deref()
    };
    hints::draw(frame, areas.hints, &hints, help, palette);
    CellPolicy::of(state).apply(frame.buffer_mut());
    previews.retain(|p| still_blank(frame.buffer_mut(), p));
    previews
}

/// The whole conversation as inline mode writes it into the terminal's scrollback, at the
/// screen's width, as plain text (screen-reader mode: as spoken); what tests read back.
pub fn scrollback_text(state: &AppState) -> String {
    scrollback::conversation_text(state)
}

/// Whether the rows kept for a preview are still blank once everything is drawn.
fn still_blank(buffer: &ratatui::buffer::Buffer, p: &transcript::ImagePlacement) -> bool {
    (p.y..p.y.saturating_add(p.rows)).all(|y| {
        (p.x..p.x.saturating_add(p.cols)).all(|x| {
            buffer
                .cell((x, y))
                .is_some_and(|c| c.symbol() == " " && c.bg == ratatui::buffer::Cell::EMPTY.bg)
        })
    })
}

/// What is shown, drawn: the session's two views here, every layer by its own `Draw`.
fn draw_shown(
    frame: &mut Frame<'_>,
    shown: &Shown<'_>,
    areas: &Areas,
    state: &AppState,
    now: Instant,
) {
    let session = &state.session;
    let palette = session.config.theme.palette();
    match shown {
        Shown::ServerDown(down) => server_down::draw(frame, areas.bottom, down, palette),
        Shown::Question(queued, count) => question::draw(
            frame,
            areas.bottom,
            queued,
            *count,
            now,
            session.question_look(),
        ),
        Shown::Layer(layer) => {
            let cx = DrawCx {
                state,
                session,
                areas,
                now,
                palette,
            };
            draw_layer(frame, layer, &cx);
        }
    }
}

/// The draw dispatch, made from the registry of views: one arm per entry.
macro_rules! draw_layers {
    ($( $(#[$doc:meta])* $arm:ident($state:ty) keys $keys:path; )*) => {
        fn draw_layer(frame: &mut Frame<'_>, layer: &Layer, cx: &DrawCx<'_>) {
            match layer {
                $( Layer::$arm(view) => view.draw(frame, cx), )*
            }
        }
    };
}

crate::app::layers::with_views!(draw_layers);
