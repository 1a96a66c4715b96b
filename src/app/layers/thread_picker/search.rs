//! The picker's server search: the query typed in filters the loaded rows at once, and the
//! server is asked for the rest (`searchTerm`) once the typing pauses for [`SEARCH_DEBOUNCE`]
//! — the moment is `Session::layer_timer`, kept by the one timer place `session::timers`, which
//! posts `LayerEvent::LayerTimer` when it comes. Every change of the query bumps the search
//! generation: an answer to an older query (asked before the last key) is dropped — unless the
//! query now extends it (`fix` answered, `fix b` typed since): then its hits that still match
//! are kept while the new query's own search is out, and a query that grows keeps the hits it
//! had, narrowed, rather than going blank until the server answers again.

use super::{ThreadPicker, SEARCH_DEBOUNCE};
use crate::model::thread_list::ThreadRow;
use crate::protocol::{ThreadListParams, ThreadListResponse};
use crate::session::effect::Effect;
use crate::session::event::ListPurpose;
use crate::session::request::ClientRequest;
use crate::session::state::Session;
use std::time::Instant;

/// The most searches remembered by their term: more can be out only if the server is slower
/// than the debounce by this many pauses, and then the oldest answers are simply dropped.
const TERMS_KEPT: usize = 8;

/// The terms of the searches sent lately, and the one `search_hits` answer.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Terms {
    sent: std::collections::VecDeque<(u64, String)>,
    /// The term the hits shown were found for (empty: none).
    hits_for: String,
}

/// Whether hits found for `term` can stand, narrowed, for `query`: `query` extends it.
fn extends(query: &str, term: &str) -> bool {
    !term.is_empty() && query.starts_with(term)
}

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
        let query = self.query.trim();
        if extends(query, &self.search_terms.hits_for) {
            self.search_hits.retain(|hit| hit.score(query).is_some());
        } else {
            self.search_hits.clear();
            self.search_terms.hits_for.clear();
        }
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
        let sent = &mut self.search_terms.sent;
        if sent.len() == TERMS_KEPT {
            sent.pop_front();
        }
        sent.push_back((self.search_generation, term.to_string()));
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
        let current = generation == self.search_generation;
        let query = self.query.trim().to_string();
        // The current query's answer stands whatever its term was remembered as.
        let Some(term) = self.term_of(generation).or(current.then(|| query.clone())) else {
            return;
        };
        if !current {
            // An older query's answer: it stands for today's only if today's extends it, and
            // only over hits found for a shorter term.
            let better = term.len() > self.search_terms.hits_for.len();
            let Ok(response) = result else { return };
            if !extends(&query, &term) || !better {
                return;
            }
            self.take_hits(&response, &term, Some(&query));
            self.refilter();
            self.clamp();
            return;
        }
        self.searching = false;
        match result {
            Ok(response) => self.take_hits(&response, &term, None),
            Err(e) => self.message = Some(format!("The server search failed: {e}")),
        }
        self.refilter();
        self.clamp();
    }

    /// The term search `generation` was sent for, if it is remembered.
    fn term_of(&self, generation: u64) -> Option<String> {
        let sent = &self.search_terms.sent;
        sent.iter()
            .find(|(g, _)| *g == generation)
            .map(|(_, term)| term.clone())
    }

    /// The hits of an answer found for `term` (narrowed to `narrow_to`, a query extending it):
    /// the threads not already loaded, once each.
    fn take_hits(&mut self, response: &ThreadListResponse, term: &str, narrow_to: Option<&str>) {
        let loaded: std::collections::HashSet<&str> =
            self.rows.iter().map(|row| row.id.as_str()).collect();
        let mut seen = std::collections::HashSet::new();
        self.search_hits = response
            .data
            .iter()
            .filter(|hit| !loaded.contains(hit.id.as_str()) && seen.insert(&hit.id))
            .map(ThreadRow::from_thread)
            .filter(|row| narrow_to.is_none_or(|q| row.score(q).is_some()))
            .collect();
        self.search_terms.hits_for = term.to_string();
    }
}
