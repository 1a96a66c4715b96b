//! The resume picker (`tern resume`, `/resume`): past threads, newest first, a page at a time.
//!
//! Opening asks `thread/list` twice at once: from the state database only (about 5 ms, the
//! first rows) and with the rollout scan (the exact answer, which replaces it and carries the
//! cursor for the next pages). The next page is asked for in the background as the selection
//! nears the end. Typing filters the loaded rows at once (fuzzy, kept in `filter` until the
//! rows or the query change) and asks the server for the rest (`searchTerm`) once the typing
//! pauses for [`SEARCH_DEBOUNCE`] (the moment is `Session::layer_timer`, kept by the one timer
//! place `session::timers`): typing "abc" quickly sends one search, not three. Every key bumps
//! the query generation, every answer carries the one it was asked for, and an answer to an
//! older query is dropped. Switching to the chosen thread is `session::threads`'. The
//! keys (and the actions they confirm) are in `keys`.

mod filter;
pub(crate) mod keys;
mod news;
mod search;

use super::{Ctx, Layer, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::KeyList;
use crate::controls::line_input::LineInput;
use crate::controls::pick_list::PickList;
use crate::model::thread_list::{Exchange, ThreadRow};
use crate::protocol::{ThreadListParams, ThreadListResponse, SORT_CREATED_AT, SORT_UPDATED_AT};
use crate::session::effect::Effect;
use crate::session::event::{LayerEvent, ListPurpose};
use crate::session::request::ClientRequest;
use crate::session::state::Session;
use filter::Slot;
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// Rows asked for per page (the server's default, and the official TUI's).
pub(crate) const PAGE_SIZE: u32 = 25;
/// The next page is asked for when the selection comes this close to the last loaded row.
const PREFETCH: usize = 10;
/// The server search goes once the typing pauses this long (each key restarts the wait): a
/// search per key would cost the server a scan of every rollout per letter.
pub const SEARCH_DEBOUNCE: Duration = Duration::from_millis(150);

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
    /// Delete for good (`thread/delete`).
    Delete,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ThreadPicker {
    /// The directory whose threads are listed unless `all_dirs`.
    pub cwd: String,
    pub home: Option<String>,
    /// codex's home: a thread whose folder is in its worktree pool is marked so (`/worktree`).
    pub codex_home: Option<String>,
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
    /// Bumped whenever the query changes: older search answers are dropped, unless their
    /// query is a start of today's (`search::asked`).
    pub search_generation: u64,
    /// The searches sent lately (generation, term), and the term `search_hits` answer.
    search_terms: search::Terms,
    /// A search waits for the typing to pause: it goes at this moment (a later key moves it).
    pub search_due: Option<Instant>,
    pub searching: bool,
    /// What is on screen, in order ([`ThreadPicker::visible`]): made again when the rows, the
    /// matches or the query change, not at every look (a key looks several times).
    shown: Vec<Slot>,
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
            codex_home: None,
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
            search_terms: Default::default(),
            search_due: None,
            searching: false,
            shown: Vec::new(),
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
        crate::model::work::step(self.shown.len());
        self.shown.iter().map(|slot| self.row_at(*slot)).collect()
    }

    pub fn selected_row(&self) -> Option<&ThreadRow> {
        let at = self.selected.index(self.shown.len())?;
        Some(self.row_at(self.shown[at]))
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
    pub(crate) fn reload(&mut self) -> Vec<Effect> {
        self.generation += 1;
        self.rows.clear();
        self.refilter();
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
            self.refilter();
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
        self.refilter();
        self.clamp();
        self.selection_moved()
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
    pub(crate) fn on_peek(
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
        self.selected.clamp(self.shown.len());
    }

    fn move_by(&mut self, delta: isize) -> Vec<Effect> {
        self.selected.step(delta, self.shown.len());
        self.selection_moved()
    }

    /// The query was typed in: the loaded rows are filtered at once, the server asked once the
    /// typing pauses (`handle` sets the moment: `debounce`).
    fn query_changed(&mut self) -> Vec<Effect> {
        self.selected.first();
        self.query_edited();
        self.selection_moved()
    }

    /// A thread was renamed (by us or another client).
    pub(crate) fn renamed(&mut self, thread_id: &str, name: Option<&str>) {
        for row in self.rows.iter_mut().chain(self.search_hits.iter_mut()) {
            if row.id == thread_id {
                let shown = name.map(crate::text::sanitize::sanitize_line);
                row.name = shown.filter(|n| !n.trim().is_empty());
            }
        }
        self.refilter();
    }

    /// A thread left this listing (archived in the live view, unarchived in the archived one).
    pub(crate) fn remove(&mut self, thread_id: &str) {
        self.rows.retain(|row| row.id != thread_id);
        self.search_hits.retain(|row| row.id != thread_id);
        self.refilter();
        self.clamp();
    }
}

impl LayerView for ThreadPicker {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let before = self.query.as_str().to_owned();
        let outcome = self.keys(input, cx.session_mut());
        // The query was typed in: its search waits for the typing to pause.
        if self.query.as_str() != before {
            let now = cx.now;
            self.debounce(cx.session_mut(), now);
        }
        outcome
    }

    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        if *event == LayerEvent::LayerTimer {
            let now = cx.now;
            let effects = self.search_when_due(cx.session_mut(), now);
            // Not this layer's moment: the layers below may be waiting for it.
            return if effects.is_empty() && self.search_due.is_none() {
                Outcome::Ignored
            } else {
                Outcome::Consumed(effects)
            };
        }
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
    let (picker, effects) = new(state, at_startup);
    Outcome::Open(picker, effects)
}

/// `tern resume`: the picker wanted at startup (`LayerEvent::PickerWanted`, see
/// `layers::opened_by`).
pub(crate) fn startup(state: &Session) -> (Layer, Vec<Effect>) {
    new(state, true)
}

fn new(state: &Session, at_startup: bool) -> (Layer, Vec<Effect>) {
    let cwd = crate::session::threads::current_cwd(state);
    let mut picker = ThreadPicker::new(cwd, state.config.home.clone(), at_startup);
    picker.codex_home = state.config.codex_home.clone();
    let effects = picker.reload();
    (Layer::ThreadPicker(Box::new(picker)), effects)
}
