//! Widgets. Each draws from `&AppState` only.

mod approval;
mod composer;
mod search;
mod status;
mod transcript;

use crate::app::AppState;
use ratatui::layout::{Constraint, Layout};
use ratatui::Frame;
use std::time::Instant;

/// Draws the whole screen. `now` only feeds the turn timer.
pub fn draw(frame: &mut Frame<'_>, state: &AppState, now: Instant) {
    let area = frame.area();
    let bottom_height = match state.approvals().front() {
        Some(front) => approval::height(front, area.width, area.height),
        None if state.search.is_some() => search::HEIGHT,
        None => composer::height(state, area.height),
    };
    let [transcript_area, bottom_area, status_area] = Layout::vertical([
        Constraint::Min(1),
        Constraint::Length(bottom_height),
        Constraint::Length(1),
    ])
    .areas(area);
    transcript::draw(frame, transcript_area, state);
    match state.approvals().front() {
        Some(front) => approval::draw(frame, bottom_area, front, state.approvals().len()),
        None if state.search.is_some() => search::draw(frame, bottom_area, state),
        None => composer::draw(frame, bottom_area, state),
    }
    status::draw(frame, status_area, state, now);
}
