//! The @-mention finder's keys. `@` typed at the start of the composer or after a space opens it
//! (its state is the composer's, `composer::popups`), and what follows is the query of the
//! server's `fuzzyFileSearch` over the session's directory. The typed text stays in the composer
//! as it is typed; Tab or Enter replaces `@query` with the chosen path (plain text: the server
//! ignores `mention` items for files), Esc leaves the text.

use crate::app::base::composer_input;
use crate::app::composer::{ComposerPopup, FileFinder};
use crate::app::effect::Effect;
use crate::app::layer_types::{Hint, Input};
use crate::app::layers::Outcome;
use crate::app::request::ClientRequest;
use crate::app::state::Session;
use crate::protocol::FuzzyFileSearchParams;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::time::Instant;

/// One token for every search, so the server drops the work of a query typed over.
const CANCELLATION_TOKEN: &str = "tern-file-finder";

/// Whether an `@` typed now starts a mention: at the start of the composer or after
/// whitespace.
pub fn starts_mention(state: &Session) -> bool {
    state
        .composer
        .char_before_cursor()
        .is_none_or(char::is_whitespace)
}

/// `@` was typed where a mention starts: it goes into the composer, and the finder opens.
pub fn open(state: &mut Session, key: KeyEvent, now: Instant) -> Outcome {
    let outcome = composer_input::key(state, key, now);
    state.composer.popup = Some(ComposerPopup::Files(FileFinder::default()));
    outcome
}

/// The finder's keys and pastes, while it is open: it takes them all (typing goes into the
/// composer and the query alike), but the wheel, which scrolls the transcript.
pub fn handle(state: &mut Session, input: &Input<'_>, now: Instant) -> Option<Outcome> {
    if matches!(input, Input::Mouse(_)) || state.composer.file_finder().is_none() {
        return None;
    }
    let Some(ComposerPopup::Files(mut finder)) = state.composer.popup.take() else {
        return None;
    };
    let (outcome, stays) = on_input(&mut finder, state, input, now);
    if stays {
        state.composer.popup = Some(ComposerPopup::Files(finder));
    }
    Some(outcome)
}

/// What the finder does with one input, and whether it stays open.
fn on_input(
    finder: &mut FileFinder,
    state: &mut Session,
    input: &Input<'_>,
    now: Instant,
) -> (Outcome, bool) {
    let done = |effects| (Outcome::Consumed(effects), true);
    let closed = |effects| (Outcome::Consumed(effects), false);
    let key = match input {
        Input::Key(key) => *key,
        Input::Paste(text) => {
            composer_input::paste(state, text);
            finder.query.push_str(text);
            return done(search(finder, state));
        }
        Input::Mouse(_) => return (Outcome::Ignored, true),
    };
    let plain = !key
        .modifiers
        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
    match key.code {
        KeyCode::Esc => closed(vec![]),
        KeyCode::Up => {
            finder.selected = finder.selected.saturating_sub(1);
            done(vec![])
        }
        KeyCode::Down => {
            if finder.selected + 1 < finder.visible().count() {
                finder.selected += 1;
            }
            done(vec![])
        }
        KeyCode::Tab | KeyCode::Enter if plain => match finder.chosen() {
            Some(path) => {
                // Remove `@query`, put the path in its place.
                for _ in 0..finder.query.chars().count() + 1 {
                    composer_input::key(state, KeyEvent::from(KeyCode::Backspace), now);
                }
                composer_input::paste(state, &format!("{} ", quote(&path)));
                closed(vec![])
            }
            // Nothing to choose: Enter leaves the text as typed, Tab waits.
            None if key.code == KeyCode::Enter => closed(vec![]),
            None => done(vec![]),
        },
        KeyCode::Backspace if plain => {
            composer_input::key(state, key, now);
            if finder.query.pop().is_none() {
                // The `@` itself went.
                return closed(vec![]);
            }
            done(search(finder, state))
        }
        KeyCode::Char(c) if plain && !c.is_whitespace() => {
            composer_input::key(state, key, now);
            finder.query.push(c);
            done(search(finder, state))
        }
        // A space ends the mention; any other key goes to the composer and closes the finder,
        // whose query would no longer match what is under the cursor.
        _ => (composer_input::key(state, key, now), false),
    }
}

/// Asks the server for the current query; an empty query has no matches.
fn search(finder: &mut FileFinder, state: &mut Session) -> Vec<Effect> {
    state.composer.file_searches += 1;
    finder.generation = state.composer.file_searches;
    finder.selected = 0;
    finder.error = None;
    if finder.query.is_empty() {
        finder.matches.clear();
        finder.searching = false;
        return vec![];
    }
    let Some(root) = search_root(state) else {
        finder.error = Some("no working directory to search yet".into());
        return vec![];
    };
    finder.searching = true;
    vec![Effect::Request(ClientRequest::SearchFiles {
        params: FuzzyFileSearchParams {
            query: finder.query.clone(),
            roots: vec![root],
            cancellation_token: Some(CANCELLATION_TOKEN.into()),
        },
        generation: finder.generation,
    })]
}

/// The session's directory: the thread's, else the one tern was started in.
fn search_root(state: &Session) -> Option<String> {
    state
        .shown
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

pub fn hints() -> Vec<Hint> {
    vec![
        Hint::new("↑/↓", "choose"),
        Hint::new("Tab/Enter", "insert the path"),
        Hint::new("Esc", "close, keep the text"),
    ]
}
