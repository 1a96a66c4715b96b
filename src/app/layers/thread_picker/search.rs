//! The picker's server search: the query typed in filters the loaded rows at once, and the
//! server is asked for the rest (`searchTerm`) once the typing pauses for [`SEARCH_DEBOUNCE`]
//! — the moment is `Session::layer_timer`, kept by the one timer place `session::timers`, which
//! posts `LayerEvent::LayerTimer` when it comes. Every change of the query bumps the search
//! generation: an answer to an older query (asked before the last key) is dropped.

use super::{ThreadPicker, SEARCH_DEBOUNCE};
use crate::model::thread_list::ThreadRow;
use crate::protocol::{ThreadListParams, ThreadListResponse};
use crate::session::effect::Effect;
use crate::session::event::ListPurpose;
use crate::session::request::ClientRequest;
use crate::session::state::Session;
use std::time::Instant;

impl ThreadPicker {
    /// Asks the server for matches of the query at once (it searches names and previews, case
    /// sensitive), unless the query is empty: the listing changed, so no typing to wait for.
    pub(super) fn search(&mut self) -> Vec<Effect> {
        self.query_edited();
        self.send_search()
    }

    /// The query changed: answers to the old one are dropped from now on, its matches go, and
    /// the search for the new one waits for the typing to pause (`search_when_due`).
    pub(super) fn query_edited(&mut self) {
        self.search_generation += 1;
        self.search_hits.clear();
        self.searching = !self.query.trim().is_empty();
        self.search_due = None;
        self.refilter();
    }

    /// The search for the current query, if one is waiting or `search` asked for it.
    fn send_search(&mut self) -> Vec<Effect> {
        self.search_due = None;
        let term = self.query.trim();
        if term.is_empty() {
            return vec![];
        }
        vec![Effect::Request(ClientRequest::ListThreads {
            params: ThreadListParams {
                search_term: Some(term.to_string()),
                ..self.list_params()
            },
            purpose: ListPurpose::Search {
                generation: self.search_generation,
            },
        })]
    }

    /// A moment came (`LayerEvent::LayerTimer`): the waiting search goes if its moment is
    /// here, else its moment is set again (another layer's moment woke the app first).
    pub(crate) fn search_when_due(&mut self, session: &mut Session, now: Instant) -> Vec<Effect> {
        match self.search_due {
            Some(due) if due <= now => self.send_search(),
            Some(due) => {
                session.layer_timer = Some(session.layer_timer.map_or(due, |t| t.min(due)));
                vec![]
            }
            None => vec![],
        }
    }

    /// Typing changed the query at `now`: the search waits until the typing pauses.
    pub(super) fn debounce(&mut self, session: &mut Session, now: Instant) {
        if !self.searching {
            return;
        }
        let due = now + SEARCH_DEBOUNCE;
        self.search_due = Some(due);
        session.layer_timer = Some(due);
    }

    /// The server's matches for a query came.
    pub(crate) fn on_search(
        &mut self,
        generation: u64,
        result: Result<ThreadListResponse, String>,
    ) {
        if generation != self.search_generation {
            return;
        }
        self.searching = false;
        match result {
            Ok(response) => {
                let loaded: std::collections::HashSet<&str> =
                    self.rows.iter().map(|row| row.id.as_str()).collect();
                let mut seen = std::collections::HashSet::new();
                self.search_hits = response
                    .data
                    .iter()
                    .filter(|hit| !loaded.contains(hit.id.as_str()) && seen.insert(&hit.id))
                    .map(ThreadRow::from_thread)
                    .collect();
            }
            Err(e) => self.message = Some(format!("The server search failed: {e}")),
        }
        self.refilter();
        self.clamp();
    }
}
