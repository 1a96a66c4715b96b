//! Keeps the number of cells of every thread's transcript bounded
//! (`model::transcript::cell_bound`), after each event, where no index is held half-way: the
//! thread's scroll follows the cells it showed, and on the thread on screen the layers that
//! keep cell indices (a search, a selected cell) hear of it.

use crate::session::event::LayerEvent;
use crate::session::state::Session;

pub(crate) fn keep_cells_bounded(state: &mut Session) {
    let shown = &mut state.shown;
    if let Some(dropped) = shown.transcript.keep_cells_bounded() {
        shown.scroll.cells_dropped(&dropped);
        state.layer_events.push(LayerEvent::CellsDropped(dropped));
        state.pointer.clear();
    }
    for model in state.threads.models_mut() {
        if let Some(dropped) = model.transcript.keep_cells_bounded() {
            model.scroll.cells_dropped(&dropped);
        }
    }
}
