//! How a layer draws itself: every view's state implements [`Draw`] in its own file of `ui`,
//! and `ui`'s draw dispatch, made from the registry of views (`app::layers::with_views`), calls
//! it. A view without it does not compile; no match elsewhere names it.

use crate::app::geometry::Areas;
use crate::app::AppState;
use crate::session::state::Session;
use crate::theme::Palette;
use ratatui::Frame;
use std::time::Instant;

/// What a view is drawn with: the state (never written), where everything goes on screen,
/// the time (for the turn timer and relative times) and the colours.
pub(crate) struct DrawCx<'a> {
    pub state: &'a AppState,
    pub session: &'a Session,
    pub areas: &'a Areas,
    pub now: Instant,
    pub palette: &'static Palette,
}

/// A view of the registry, drawn where its placement puts it.
pub(crate) trait Draw {
    fn draw(&self, frame: &mut Frame<'_>, cx: &DrawCx<'_>);
}
