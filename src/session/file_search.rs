//! The @-mention finder's searches (`fuzzyFileSearch`), one at a time.
//!
//! codex handles requests concurrently, so two searches out at once may be taken up in either
//! order; with one cancellation token the one taken up last cancels the other, which then
//! answers with no files — and that could be the newest query's: `@lib` typed in one burst said
//! "no files match" 2 times in 7 (seen against codex 0.171: `l`, `li`, `lib` sent together,
//! `lib` answered `[]` when `li` was taken up after it). So the finder never has two searches
//! out: what is typed while one is out waits, and when its answer comes the finder's query
//! *now* is asked if it differs (the keys between coalesce into that one search). An answer is
//! shown whole only for the query it was asked for; an answer for a query the one now extends
//! (`li` for `lib`) is shown narrowed to the query now while its own search is out, so the
//! list does not go blank as the person types. No token is sent, so nothing can cancel the
//! search whose answer is awaited.

use crate::controls::composer::{Asked, FileFinder};
use crate::protocol::{FuzzyFileSearchParams, FuzzyFileSearchResponse};
use crate::session::effect::Effect;
use crate::session::request::ClientRequest;
use crate::session::state::Session;

/// The finder's query changed: asks for it, unless a search is out (then its answer asks).
pub(crate) fn search(finder: &mut FileFinder, state: &mut Session) -> Vec<Effect> {
    finder.selected.first();
    finder.error = None;
    if finder.query.is_empty() {
        finder.matches.clear();
        finder.searching = false;
        return vec![];
    }
    finder.searching = true;
    if finder.asked.is_some() {
        return vec![];
    }
    ask(finder, state)
}

/// Sends the finder's query now.
fn ask(finder: &mut FileFinder, state: &mut Session) -> Vec<Effect> {
    let Some(root) = search_root(state) else {
        finder.searching = false;
        finder.error = Some("no working directory to search yet".into());
        return vec![];
    };
    state.composer.file_searches += 1;
    let generation = state.composer.file_searches;
    finder.asked = Some(Asked {
        generation,
        query: finder.query.to_string(),
    });
    vec![Effect::Request(ClientRequest::SearchFiles {
        params: FuzzyFileSearchParams {
            query: finder.query.to_string(),
            roots: vec![root],
            cancellation_token: None,
        },
        generation,
    })]
}

/// The answer to search `generation`, heard by the open finder (`LayerEvent::FilesFound`):
/// shown if it answers the finder's query now; else the query now is asked (or nothing, when
/// it was emptied meanwhile), and an answer to a query the one now extends is shown narrowed
/// meanwhile. `None` when it is not this finder's (an answer for a finder
/// closed since, or lost track of).
pub(crate) fn answered(
    finder: &mut FileFinder,
    state: &mut Session,
    generation: u64,
    result: &Result<FuzzyFileSearchResponse, String>,
) -> Option<Vec<Effect>> {
    let asked = finder.settle(generation)?;
    let effects = if finder.query == asked.query.as_str() {
        finder.show(&asked.query, result.clone());
        vec![]
    } else if finder.query.is_empty() {
        vec![]
    } else {
        if let (true, Ok(answer)) = (finder.query.as_str().starts_with(&asked.query), result) {
            finder.narrow(&answer.files);
        }
        ask(finder, state)
    };
    Some(effects)
}

/// The session's directory: the thread's, else the one tern was started in.
pub(crate) fn search_root(state: &Session) -> Option<String> {
    state
        .shown
        .thread
        .as_ref()
        .map(|t| t.cwd.clone())
        .filter(|cwd| !cwd.is_empty())
        .or_else(|| state.config.settings.cwd.clone())
}
