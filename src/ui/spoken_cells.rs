//! Screen-reader mode's cells for inline mode's scrollback and live area: each cell spoken
//! (`render::speech`), laid out from its source at the width, never streamed block by block
//! (a message goes to the scrollback whole, once final, so it is read once).

use crate::app::AppState;
use ratatui::text::Line;

/// Screen-reader mode is on.
pub(crate) fn on(state: &AppState) -> bool {
    state.session.config.screen_reader
}

/// Cell `index` of the shown transcript as a screen reader reads it.
pub(crate) fn cell(state: &AppState, index: usize, width: u16) -> Vec<Line<'static>> {
    let session = &state.session;
    let transcript = &session.shown.transcript;
    crate::render::speech::cell_speech(
        transcript.cells()[index].kind(),
        session.layout_key(width),
        transcript.session_cwd(),
    )
}
