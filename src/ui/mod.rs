//! Widgets. Each draws from `&AppState` only; nothing here writes state.
//!
//! The screen is drawn bottom-up: the transcript and the composer, then every layer of the
//! stack in order. The bottom box shows the topmost bottom-placed layer (or the composer);
//! popups and full-screen layers are drawn over what is below them.

mod choice;
mod chrome;
mod composer;
mod diff;
mod file_finder;
mod help;
mod hints;
mod history_search;
mod prefix;
mod question;
mod question_view;
mod queued;
mod rules;
mod search;
mod server_down;
mod slash_popup;
mod status;
mod status_view;
mod thread_picker;
mod transcript;
mod welcome;

use crate::app::geometry::{areas, Areas};
use crate::app::layers::{on_screen, top_hints, Entry, Layer, Placement};
use crate::app::AppState;
use ratatui::Frame;
use std::time::Instant;

/// Draws the whole screen. `now` only feeds the turn timer.
pub fn draw(frame: &mut Frame<'_>, state: &AppState, now: Instant) {
    let areas = areas(frame.area(), state);
    transcript::draw(frame, areas.transcript, state);
    let entries = on_screen(state);
    queued::draw(frame, areas.queued, state);
    if let Some(area) = areas.composer {
        composer::draw(frame, area, state, now);
    }
    // Only the topmost bottom-placed layer shows (in the composer's place); everything is
    // drawn in stack order, so a prompt over a full-screen view stays visible.
    let bottom = entries
        .iter()
        .rposition(|e| e.placement() == Placement::Bottom);
    for (i, entry) in entries.iter().enumerate() {
        if entry.placement() != Placement::Bottom || Some(i) == bottom {
            draw_entry(frame, entry, &areas, state, now);
        }
    }
    status::draw(frame, areas.status, state, now);
    hints::draw(
        frame,
        areas.hints,
        &top_hints(state, now),
        state.config.theme.palette(),
    );
    if state.config.no_color {
        strip_colours(frame.buffer_mut());
    }
}

/// `NO_COLOR`: every colour goes, bold, dim and reverse stay (a selection stays visible).
fn strip_colours(buffer: &mut ratatui::buffer::Buffer) {
    use ratatui::style::Color;
    for cell in buffer.content.iter_mut() {
        cell.set_fg(Color::Reset);
        cell.set_bg(Color::Reset);
        cell.underline_color = Color::Reset;
    }
}

fn draw_entry(
    frame: &mut Frame<'_>,
    entry: &Entry<'_>,
    areas: &Areas,
    state: &AppState,
    now: Instant,
) {
    let palette = state.config.theme.palette();
    match entry {
        Entry::Question(queued, count) => question::draw(
            frame,
            areas.bottom,
            queued,
            *count,
            now,
            state.question_look(),
        ),
        Entry::Layer(Layer::Search(search)) => search::draw(frame, areas.bottom, search, palette),
        Entry::Layer(Layer::Help(help)) => help::draw(frame, areas.main, help, palette),
        Entry::Layer(Layer::HistorySearch(search)) => {
            history_search::draw(frame, areas.bottom, search, palette)
        }
        Entry::Layer(Layer::Prefix(chooser)) => prefix::draw(frame, areas.bottom, chooser, palette),
        Entry::Layer(Layer::QuestionView(view)) => {
            if let Some(queued) = state.questions.front() {
                question_view::draw(frame, areas.main, view, queued, state.question_look());
            }
        }
        Entry::Layer(Layer::Rules(list)) => rules::draw(frame, areas.main, list, palette),
        Entry::Layer(Layer::Diff(pager)) => diff::draw(frame, areas.main, pager, palette),
        Entry::Layer(Layer::ServerDown(down)) => {
            server_down::draw(frame, areas.bottom, down, palette)
        }
        Entry::Layer(Layer::ThreadPicker(picker)) => thread_picker::draw(
            frame,
            areas.main,
            picker,
            state.config.wall_clock.map(|clock| clock.unix_at(now)),
            palette,
        ),
        Entry::Layer(Layer::SlashPopup(popup)) => slash_popup::draw(frame, areas, popup, state),
        Entry::Layer(Layer::Choice(choice)) => choice::draw(frame, areas.main, choice, palette),
        Entry::Layer(Layer::Status(_)) => status_view::draw(frame, areas.main, state, now),
        Entry::Layer(Layer::FileFinder(finder)) => {
            file_finder::draw(frame, areas.transcript, finder, palette)
        }
        // Shown by the queued list, which highlights the selection.
        Entry::Layer(Layer::Queue(_)) => {}
    }
}
