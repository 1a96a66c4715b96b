//! The resume picker (`tern resume`, `/resume`): past threads, newest first, a page at a time.
//!
//! Opening asks `thread/list` twice at once: from the state database only (about 5 ms, the
//! first rows) and with the rollout scan (the exact answer, which replaces it and carries the
//! cursor for the next pages). The next page is asked for in the background as the selection
//! nears the end. Typing filters the loaded rows at once (fuzzy) and asks the server for the
//! rest (`searchTerm`); every answer carries the query generation it was asked for, and an
//! answer to an older one is dropped. Switching to the chosen thread is `app::session::threads`'. The
//! keys (and the actions they confirm) are in `keys`.

pub mod keys;
mod news;

use super::{Ctx, Layer, LayerView, Outcome, ViewCx};
use crate::app::effect::Effect;
use crate::app::event::{LayerEvent, ListPurpose};
use crate::app::keys::KeyList;
use crate::app::layer_types::{Input, Placement};
use crate::app::line_input::LineInput;
use crate::app::pick_list::PickList;
use crate::app::request::ClientRequest;
use crate::app::state::Session;
use crate::model::thread_list::{Exchange, ThreadRow};
use crate::protocol::{ThreadListParams, ThreadListResponse, SORT_CREATED_AT, SORT_UPDATED_AT};
use std::collections::HashMap;

/// Rows asked for per page (the server's default, and the official TUI's).
pub const PAGE_SIZE: u32 = 25;
/// The next page is asked for when the selection comes this close to the last loaded row.
const PREFETCH: usize = 10;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SortBy {
    Updated,
    Created,
}

/// An action waiting for its one-key confirmation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pending {
    Fork,
    /// Archive, or unarchive in the archived view.
    Archive,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ThreadPicker {
    /// The directory whose threads are listed unless `all_dirs`.
    pub cwd: String,
    pub home: Option<String>,
    pub all_dirs: bool,
    pub sort: SortBy,
    /// Listing archived threads instead of live ones.
    pub archived: bool,
    pub query: LineInput,
    /// The pages loaded so far, in the server's order.
    pub rows: Vec<ThreadRow>,
    pub next_cursor: Option<String>,
    /// A page is being fetched.
    pub loading: bool,
    /// Some answer came for the current listing (until then, "Loading…").
    pub answered: bool,
    /// The exact first page came (a fast one may have been shown before it).
    pub exact: bool,
    /// Bumped whenever the listing changes (toggles): older page answers are dropped.
    pub generation: u64,
    /// The server's matches for `query` that are not in `rows`.
    pub search_hits: Vec<ThreadRow>,
    /// Bumped whenever the query changes: older search answers are dropped.
    pub search_generation: u64,
    pub searching: bool,
    /// Index into [`ThreadPicker::visible`].
    pub selected: PickList,
    pub confirm: Option<Pending>,
    /// The name being typed for the selected thread.
    pub renaming: Option<LineInput>,
    /// What happened last (an error, "Archived …"), until the next key.
    pub message: Option<String>,
    /// A resume or fork is with the server.
    pub opening: Option<String>,
    /// Opened by `tern resume` before any thread: closing it starts a new one.
    pub at_startup: bool,
    /// Each thread's last exchange as far as asked (`None`: it has none, or codex would not
    /// say), for the details pane.
    pub exchanges: HashMap<String, Option<Exchange>>,
    /// The thread whose last exchange is being asked for: one at a time, so holding a key
    /// down does not queue a request per row.
    pub peeking: Option<String>,
}

impl ThreadPicker {
    pub fn new(cwd: String, home: Option<String>, at_startup: bool) -> Self {
        // No directory known (a remote server reached by URL, no thread open yet, no --cwd):
        // "this directory" would be the server's, which tern cannot name, so all are listed.
        let all_dirs = cwd.is_empty();
        ThreadPicker {
            cwd,
            home,
            all_dirs,
            sort: SortBy::Updated,
            archived: false,
            query: LineInput::default(),
            rows: Vec::new(),
            next_cursor: None,
            loading: false,
            answered: false,
            exact: false,
            generation: 0,
            search_hits: Vec::new(),
            search_generation: 0,
            searching: false,
            selected: PickList::default(),
            confirm: None,
            renaming: None,
            message: None,
            opening: None,
            at_startup,
            exchanges: HashMap::new(),
            peeking: None,
        }
    }

    /// The rows on screen: all loaded ones, or those matching the query (best first) followed
    /// by the server's matches not loaded yet.
    pub fn visible(&self) -> Vec<&ThreadRow> {
        if self.query.trim().is_empty() {
            return self.rows.iter().collect();
        }
        let mut scored: Vec<(i64, &ThreadRow)> = self
            .rows
            .iter()
            .filter_map(|row| row.score(&self.query).map(|s| (s, row)))
            .collect();
        scored.sort_by_key(|(score, _)| std::cmp::Reverse(*score));
        let mut shown: Vec<&ThreadRow> = scored.into_iter().map(|(_, row)| row).collect();
        // A set, not a scan of the rows per hit: with 30,000 hits a key took minutes.
        let mut ids: std::collections::HashSet<&str> =
            shown.iter().map(|row| row.id.as_str()).collect();
        crate::model::work::step(shown.len() + self.search_hits.len());
        for hit in &self.search_hits {
            if ids.insert(hit.id.as_str()) {
                shown.push(hit);
            }
        }
        shown
    }

    pub fn selected_row(&self) -> Option<&ThreadRow> {
        let visible = self.visible();
        visible.get(self.selected.index(visible.len())?).copied()
    }

    /// The filters of the listing, without cursor or search.
    fn list_params(&self) -> ThreadListParams {
        ThreadListParams {
            limit: Some(PAGE_SIZE),
            sort_key: Some(
                match self.sort {
                    SortBy::Updated => SORT_UPDATED_AT,
                    SortBy::Created => SORT_CREATED_AT,
                }
                .into(),
            ),
            archived: self.archived.then_some(true),
            cwd: (!self.all_dirs && !self.cwd.is_empty()).then(|| self.cwd.clone()),
            ..ThreadListParams::default()
        }
    }

    /// Starts the listing over: the fast first page and the exact one, and the search again.
    pub fn reload(&mut self) -> Vec<Effect> {
        self.generation += 1;
        self.rows.clear();
        self.next_cursor = None;
        self.answered = false;
        self.exact = false;
        self.loading = true;
        self.selected.first();
        let generation = self.generation;
        let mut effects = vec![
            Effect::Request(ClientRequest::ListThreads {
                params: ThreadListParams {
                    use_state_db_only: true,
                    ..self.list_params()
                },
                purpose: ListPurpose::Page {
                    generation,
                    fast: true,
                },
            }),
            Effect::Request(ClientRequest::ListThreads {
                params: self.list_params(),
                purpose: ListPurpose::Page {
                    generation,
                    fast: false,
                },
            }),
        ];
        effects.extend(self.search());
        effects
    }

    /// Asks the server for matches of the query (it searches names and previews, case
    /// sensitive), unless the query is empty.
    fn search(&mut self) -> Vec<Effect> {
        self.search_generation += 1;
        self.search_hits.clear();
        let term = self.query.trim();
        self.searching = !term.is_empty();
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

    /// The next page, when the selection is near the end of what is loaded and there is more.
    fn fetch_more(&mut self) -> Vec<Effect> {
        if self.loading || !self.query.trim().is_empty() {
            return vec![];
        }
        let Some(cursor) = self.next_cursor.clone() else {
            return vec![];
        };
        if self.selected.raw() + PREFETCH < self.rows.len() {
            return vec![];
        }
        self.loading = true;
        vec![Effect::Request(ClientRequest::ListThreads {
            params: ThreadListParams {
                cursor: Some(cursor),
                ..self.list_params()
            },
            purpose: ListPurpose::Page {
                generation: self.generation,
                fast: false,
            },
        })]
    }

    /// A page of the listing came. Returns the effects of fetching more if the selection is
    /// already near its end.
    pub fn on_page(
        &mut self,
        generation: u64,
        fast: bool,
        result: Result<ThreadListResponse, String>,
    ) -> Vec<Effect> {
        if generation != self.generation || (fast && self.exact) {
            return vec![];
        }
        let response = match result {
            Ok(response) => response,
            Err(e) if fast => {
                tracing::debug!("fast thread list refused: {e}");
                return vec![];
            }
            Err(e) => {
                self.loading = false;
                self.answered = true;
                self.exact = true;
                self.message = Some(format!("Could not list threads: {e}"));
                return vec![];
            }
        };
        self.answered = true;
        let rows = response.data.iter().map(ThreadRow::from_thread);
        if fast {
            self.rows = rows.collect();
        } else if !self.exact {
            // The exact first page replaces the fast one; the selection stays on its thread.
            let selected = self.selected_row().map(|row| row.id.clone());
            self.rows = rows.collect();
            self.exact = true;
            let at = selected
                .and_then(|id| self.visible().iter().position(|row| row.id == id))
                .unwrap_or(0);
            self.selected = PickList::at(at);
        } else {
            let mut ids: std::collections::HashSet<String> =
                self.rows.iter().map(|r| r.id.clone()).collect();
            for row in rows {
                if ids.insert(row.id.clone()) {
                    self.rows.push(row);
                }
            }
        }
        if !fast {
            self.loading = false;
            self.next_cursor = response.next_cursor;
        }
        self.clamp();
        self.selection_moved()
    }

    /// The server's matches for a query came.
    pub fn on_search(&mut self, generation: u64, result: Result<ThreadListResponse, String>) {
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
        self.clamp();
    }

    /// Asks for the selected thread's last exchange, unless known or another is on its way.
    fn peek(&mut self) -> Vec<Effect> {
        if self.peeking.is_some() {
            return vec![];
        }
        let Some(row) = self.selected_row() else {
            return vec![];
        };
        if self.exchanges.contains_key(&row.id) {
            return vec![];
        }
        let thread_id = row.id.clone();
        self.peeking = Some(thread_id.clone());
        vec![Effect::Request(ClientRequest::PeekTurns(
            crate::protocol::ThreadTurnsListParams {
                thread_id,
                cursor: None,
                limit: Some(1),
                sort_direction: Some("desc".into()),
                items_view: Some("summary".into()),
            },
        ))]
    }

    /// A thread's last exchange came (or codex would not say): keep it, and ask for the
    /// selected one's if the selection moved meanwhile.
    pub fn on_peek(
        &mut self,
        thread_id: &str,
        result: Result<Option<Exchange>, String>,
    ) -> Vec<Effect> {
        if self.peeking.as_deref() == Some(thread_id) {
            self.peeking = None;
        }
        if let Err(e) = &result {
            tracing::debug!("no last exchange for {thread_id}: {e}");
        }
        self.exchanges
            .insert(thread_id.to_string(), result.ok().flatten());
        self.peek()
    }

    /// The effects of a moved selection: the next page when near the end, the last exchange.
    fn selection_moved(&mut self) -> Vec<Effect> {
        let mut effects = self.fetch_more();
        effects.extend(self.peek());
        effects
    }

    fn clamp(&mut self) {
        self.selected.clamp(self.visible().len());
    }

    fn move_by(&mut self, delta: isize) -> Vec<Effect> {
        self.selected.step(delta, self.visible().len());
        self.selection_moved()
    }

    fn query_changed(&mut self) -> Vec<Effect> {
        self.selected.first();
        let mut effects = self.search();
        effects.extend(self.selection_moved());
        effects
    }

    /// A thread was renamed (by us or another client).
    pub fn renamed(&mut self, thread_id: &str, name: Option<&str>) {
        for row in self.rows.iter_mut().chain(self.search_hits.iter_mut()) {
            if row.id == thread_id {
                let shown = name.map(crate::text::sanitize::sanitize_line);
                row.name = shown.filter(|n| !n.trim().is_empty());
            }
        }
    }

    /// A thread left this listing (archived in the live view, unarchived in the archived one).
    pub fn remove(&mut self, thread_id: &str) {
        self.rows.retain(|row| row.id != thread_id);
        self.search_hits.retain(|row| row.id != thread_id);
        self.clamp();
    }
}

impl LayerView for ThreadPicker {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        self.keys(input, cx)
    }

    fn on_event(&mut self, event: &LayerEvent, _cx: &mut Ctx<'_>) -> Outcome {
        self.news(event)
    }

    fn placement(&self) -> Placement {
        Placement::FullScreen
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Resume"
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        keys::KEYS.list(self, &cx.config.keymap)
    }
}

/// Opens the picker over everything and asks for its first page.
pub fn open(state: &Session, at_startup: bool) -> Outcome {
    let cwd = crate::app::session::threads::current_cwd(state);
    let mut picker = ThreadPicker::new(cwd, state.config.home.clone(), at_startup);
    let effects = picker.reload();
    Outcome::Open(Layer::ThreadPicker(Box::new(picker)), effects)
}
