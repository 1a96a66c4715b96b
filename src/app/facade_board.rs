//! The test facade's part for the board and for threads of several servers (see `facade`):
//! what the board lists, under which filter, and a builder that feeds events as if they came
//! over another server's connection (`thread_key`).

use super::layers::Layer;
use super::stacks::AppState;
use crate::session::board::rows;
use crate::session::state::thread_key::ServerId;

impl AppState {
    // Readers.

    /// The board's rows as (server, thread id, state in words), in their order: under the
    /// open board's filter, or all of them when the board is not open.
    pub fn board_rows(&self) -> Vec<(String, String, &'static str)> {
        let listed = match self.board_view() {
            Some(board) => board.visible(&self.session),
            None => rows(&self.session),
        };
        listed
            .into_iter()
            .map(|r| (r.key.server.name().to_string(), r.key.id, r.state.words()))
            .collect()
    }

    /// The open board's filter, in words ("All", "Needs you" …).
    pub fn board_filter(&self) -> Option<&'static str> {
        self.board_view().map(|board| board.filter.words())
    }

    fn board_view(&self) -> Option<&super::layers::BoardView> {
        self.layers
            .person
            .iter()
            .rev()
            .find_map(|layer| match layer {
                Layer::Board(board) => Some(board),
                _ => None,
            })
    }

    // Builders.

    /// Runs `feed` as if what it feeds came over a connection to server `server` (a later
    /// issue connects to several): what the session keeps of it is stamped with that server.
    pub fn on_server<R>(&mut self, server: &str, feed: impl FnOnce(&mut AppState) -> R) -> R {
        let here = std::mem::replace(
            &mut self.session.server_id,
            ServerId::of_connection(Some(server)),
        );
        let out = feed(self);
        self.session.server_id = here;
        out
    }
}
