//! The @-mention finder: `@` typed at the start of the composer or after a space opens it, and
//! what follows is the query of the server's `fuzzyFileSearch` over the session's directory.
//! The typed text stays in the composer as it is typed; Tab or Enter replaces `@query` with the
//! chosen path (plain text: the server ignores `mention` items for files), Esc leaves the text.

use super::{Hint, Input, Outcome};
use crate::app::composer_input;
use crate::app::effect::Effect;
use crate::app::event::LayerEvent;
use crate::app::request::ClientRequest;
use crate::app::state::AppState;
use crate::protocol::{FuzzyFileMatch, FuzzyFileSearchParams};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::time::Instant;

/// One token for every search, so the server drops the work of a query typed over.
const CANCELLATION_TOKEN: &str = "tern-file-finder";
/// The most matches kept from one answer.
const MAX_MATCHES: usize = 50;

#[derive(Debug, Default)]
pub struct FileFinder {
    /// What was typed after `@`.
    pub query: String,
    /// Of the latest query sent: an answer for any other is stale and dropped.
    pub generation: u64,
    pub matches: Vec<FuzzyFileMatch>,
    pub selected: usize,
    /// A query is out and its answer has not come.
    pub searching: bool,
    pub error: Option<String>,
}

/// Whether an `@` typed now starts a mention: at the start of the composer or after
/// whitespace.
pub fn starts_mention(state: &AppState) -> bool {
    state
        .composer
        .char_before_cursor()
        .is_none_or(char::is_whitespace)
}

/// `@` was typed where a mention starts: it goes into the composer, and the finder opens.
pub fn open(state: &mut AppState, key: KeyEvent, now: Instant) -> Outcome {
    let effects = composer_input::key(state, key, now);
    Outcome::Open(super::Layer::FileFinder(FileFinder::default()), effects)
}

impl FileFinder {
    pub fn handle(&mut self, input: &Input<'_>, state: &mut AppState, now: Instant) -> Outcome {
        let key = match input {
            Input::Key(key) => *key,
            Input::Paste(text) => {
                composer_input::paste(state, text);
                self.query.push_str(text);
                return Outcome::Consumed(self.search(state));
            }
            Input::Mouse(_) => return Outcome::Ignored,
        };
        let plain = !key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
        match key.code {
            KeyCode::Esc => Outcome::Close(vec![]),
            KeyCode::Up => {
                self.selected = self.selected.saturating_sub(1);
                Outcome::Consumed(vec![])
            }
            KeyCode::Down => {
                if self.selected + 1 < self.visible().count() {
                    self.selected += 1;
                }
                Outcome::Consumed(vec![])
            }
            KeyCode::Tab | KeyCode::Enter if plain => match self.chosen() {
                Some(path) => {
                    // Remove `@query`, put the path in its place.
                    for _ in 0..self.query.chars().count() + 1 {
                        composer_input::key(state, KeyEvent::from(KeyCode::Backspace), now);
                    }
                    composer_input::paste(state, &format!("{} ", quote(&path)));
                    Outcome::Close(vec![])
                }
                // Nothing to choose: Enter leaves the text as typed, Tab waits.
                None if key.code == KeyCode::Enter => Outcome::Close(vec![]),
                None => Outcome::Consumed(vec![]),
            },
            KeyCode::Backspace if plain => {
                composer_input::key(state, key, now);
                if self.query.pop().is_none() {
                    // The `@` itself went.
                    return Outcome::Close(vec![]);
                }
                Outcome::Consumed(self.search(state))
            }
            KeyCode::Char(c) if plain && !c.is_whitespace() => {
                composer_input::key(state, key, now);
                self.query.push(c);
                Outcome::Consumed(self.search(state))
            }
            // A space ends the mention; any other key goes to the composer and closes the
            // finder, whose query would no longer match what is under the cursor.
            _ => Outcome::Close(composer_input::key(state, key, now)),
        }
    }

    /// Asks the server for the current query; an empty query has no matches.
    fn search(&mut self, state: &mut AppState) -> Vec<Effect> {
        state.file_searches += 1;
        self.generation = state.file_searches;
        self.selected = 0;
        self.error = None;
        if self.query.is_empty() {
            self.matches.clear();
            self.searching = false;
            return vec![];
        }
        let Some(root) = search_root(state) else {
            self.error = Some("no working directory to search yet".into());
            return vec![];
        };
        self.searching = true;
        vec![Effect::Request(ClientRequest::SearchFiles {
            params: FuzzyFileSearchParams {
                query: self.query.clone(),
                roots: vec![root],
                cancellation_token: Some(CANCELLATION_TOKEN.into()),
            },
            generation: self.generation,
        })]
    }

    /// The answer to a search: kept if it is for the latest query, dropped otherwise.
    pub fn on_event(&mut self, event: &LayerEvent) -> Outcome {
        let LayerEvent::FileMatches { generation, result } = event else {
            return Outcome::Ignored;
        };
        if self.generation != *generation {
            tracing::debug!(
                generation,
                current = self.generation,
                "dropping a stale file search answer"
            );
            return Outcome::Consumed(vec![]);
        }
        self.searching = false;
        match result {
            Ok(answer) => {
                self.matches = answer
                    .files
                    .iter()
                    .filter(|m| offered(m))
                    .take(MAX_MATCHES)
                    .cloned()
                    .collect();
                self.selected = 0;
                self.error = None;
            }
            Err(e) => {
                self.matches.clear();
                self.error = Some(e.clone());
            }
        }
        Outcome::Consumed(vec![])
    }

    /// The matches shown: files under `.git/` are the repository's own, never meant.
    pub fn visible(&self) -> impl Iterator<Item = &FuzzyFileMatch> {
        self.matches.iter()
    }

    fn chosen(&self) -> Option<String> {
        self.visible().nth(self.selected).map(|m| m.path.clone())
    }

    pub fn rows(&self) -> usize {
        self.matches.len().clamp(1, 10)
    }
}

/// The session's directory: the thread's, else the one tern was started in.
fn search_root(state: &AppState) -> Option<String> {
    state
        .thread
        .as_ref()
        .map(|t| t.cwd.clone())
        .filter(|cwd| !cwd.is_empty())
        .or_else(|| state.config.settings.cwd.clone())
}

/// A path with whitespace is quoted, so it reads as one word.
pub fn quote(path: &str) -> String {
    if path.chars().any(char::is_whitespace) {
        format!("\"{path}\"")
    } else {
        path.to_string()
    }
}

/// Whether a match may be offered: not inside `.git/`, and nothing in its path that cannot be
/// typed back (control characters would be inserted into the prompt unseen).
fn offered(m: &FuzzyFileMatch) -> bool {
    let in_git = m.path == ".git" || m.path.starts_with(".git/") || m.path.contains("/.git/");
    !in_git && !m.path.chars().any(char::is_control)
}

pub fn hints() -> Vec<Hint> {
    vec![
        Hint::new("↑/↓", "choose"),
        Hint::new("Tab/Enter", "insert the path"),
        Hint::new("Esc", "close, keep the text"),
    ]
}
