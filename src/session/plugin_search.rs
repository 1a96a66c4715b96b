//! `/plugins`' search: what is typed filters the listed plugins at once, and codex is asked
//! too (`plugin/search`, with the work folder as `plugin/list` is) — it matches keywords and
//! marketplaces tern has not listed. No debounce: every change asks, and an answer for a term
//! no longer typed is dropped, unless the query now extends it (`he` answered, `hel` typed
//! since) and it is newer than the hits shown — then its hits that still match stand,
//! narrowed, while the query's own search is out. A longer term's hits are never replaced by
//! a shorter one's.

use crate::protocol::{PluginSearchParams, PluginSearchResponse};
use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::reply::{shown, Answer};
use crate::session::request::ClientRequest;
use crate::session::state::plugins::catalog::CatalogEntry;
use crate::session::state::plugins::search::extends;
use crate::session::state::Session;

/// The most hits kept of one answer.
const MAX_HITS: usize = 500;

/// `/plugins` opened: no search yet, every plugin listed shows. The generation goes on
/// counting, so an answer to a search of an earlier `/plugins` is never taken for one now.
pub(crate) fn reset(state: &mut Session) {
    let search = &mut state.plugins.search;
    let generation = search.generation + 1;
    *search = Default::default();
    search.generation = generation;
    search.opened_at = generation;
    search.relist(&state.plugins.catalog);
}

/// The search typed is `query` now: the rows follow at once, and codex is asked (unless
/// the query is blank).
pub(crate) fn typed(state: &mut Session, query: &str) -> Vec<Effect> {
    let search = &mut state.plugins.search;
    search.query = query.to_string();
    search.generation += 1;
    search.error = None;
    let term = query.trim().to_string();
    if extends(&term, &search.hits_for) {
        search.narrow(&term);
    } else {
        search.hits.clear();
        search.hits_for.clear();
    }
    search.searching = !term.is_empty();
    search.rematch(&state.plugins.catalog);
    if term.is_empty() {
        return vec![];
    }
    let cwds = state.work_folder().into_iter().collect();
    vec![Effect::Request(ClientRequest::SearchPlugins {
        params: PluginSearchParams {
            search_term: term,
            cwds,
        },
        generation: state.plugins.search.generation,
    })]
}

/// codex's hits for `term`, asked at `generation`.
pub(crate) fn answered(
    state: &mut Session,
    generation: u64,
    term: &str,
    answer: Answer<PluginSearchResponse>,
) {
    let search = &mut state.plugins.search;
    let query = search.query.trim().to_string();
    let current = generation == search.generation;
    if generation < search.opened_at {
        // Asked by an earlier `/plugins` (maybe in another folder).
        return;
    }
    if !current {
        // An older query's answer stands for today's only if today's extends it, and only
        // over hits found for a shorter term.
        let newer = term.len() > search.hits_for.len();
        let Ok(response) = answer else { return };
        if !extends(&query, term) || !newer {
            return;
        }
        take(search, response, term);
        search.narrow(&query);
    } else {
        search.searching = false;
        match shown(answer) {
            Ok(response) => take(search, response, term),
            Err(e) => search.error = Some(e),
        }
    }
    search.rematch(&state.plugins.catalog);
    state.layer_events.push(LayerEvent::PluginsChanged);
}

fn take(
    search: &mut crate::session::state::plugins::search::PluginSearch,
    response: PluginSearchResponse,
    term: &str,
) {
    search.hits = response
        .data
        .into_iter()
        .take(MAX_HITS)
        .map(|hit| CatalogEntry {
            marketplace: hit.marketplace_name,
            marketplace_path: hit.marketplace_path,
            plugin: hit.plugin,
        })
        .collect();
    search.hits_for = term.to_string();
}
