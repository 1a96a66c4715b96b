//! The state of the lists opened over the composer from what is being typed: the commands
//! matching a `/name` (the slash popup), the files matching an `@mention` (the file finder) and
//! the skills matching a `$name` (the skill finder). Each is a layer placed just above the
//! composer (`Placement::OverComposer`), in the popup slot of the stacks; their keys are
//! `app::layers::slash`, `file_finder` and `skill_finder`. The state lives here, below the
//! session, because the session's file searches (`session::file_search`) fill the finder.

use crate::controls::line_input::LineInput;
use crate::controls::pick_list::PickList;
use crate::protocol::{FuzzyFileMatch, FuzzyFileSearchResponse};

/// The most matches kept from one answer.
const MAX_MATCHES: usize = 50;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct SlashPopup {
    /// Which of the current matches (clamped when they shrink).
    pub selected: PickList,
}

/// The `$name` completion: the skills whose names match what follows `$`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SkillFinder {
    /// What was typed after `$`.
    pub query: LineInput,
    /// Which of the current matches (clamped when they shrink).
    pub selected: PickList,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct FileFinder {
    /// What was typed after `@`.
    pub query: LineInput,
    /// The search out now, if any: one at a time (see `session::file_search`).
    pub asked: Option<Asked>,
    pub matches: Vec<FuzzyFileMatch>,
    pub selected: PickList,
    /// The query changed since its matches were found: an answer is awaited.
    pub searching: bool,
    pub error: Option<String>,
}

/// A search sent and not answered yet: its number (each answer carries it back) and its query.
#[derive(Debug, Clone, PartialEq)]
pub struct Asked {
    pub generation: u64,
    pub query: String,
}

impl FileFinder {
    /// The matches shown: files under `.git/` are the repository's own, never meant.
    pub fn visible(&self) -> impl Iterator<Item = &FuzzyFileMatch> {
        self.matches.iter()
    }

    pub(crate) fn chosen(&self) -> Option<String> {
        let at = self.selected.index(self.matches.len())?;
        self.visible().nth(at).map(|m| m.path.clone())
    }

    pub fn rows(&self) -> usize {
        self.matches.len().clamp(1, 10)
    }

    /// Takes the answer to the search out if it is the one numbered `generation`; anything else
    /// (an answer for a finder closed since, or lost track of) is not this finder's. Returns
    /// whether it was.
    pub(crate) fn settle(&mut self, generation: u64) -> Option<Asked> {
        if self
            .asked
            .as_ref()
            .is_none_or(|a| a.generation != generation)
        {
            tracing::debug!(generation, "dropping a file search answer not awaited");
            return None;
        }
        self.asked.take()
    }

    /// Shows the answer found for `query` (the finder's query now: an answer for another one is
    /// never shown, whatever it says).
    pub(crate) fn show(&mut self, query: &str, result: Result<FuzzyFileSearchResponse, String>) {
        debug_assert_eq!(query, self.query.as_str());
        self.searching = false;
        match result {
            Ok(answer) => {
                self.matches = answer
                    .files
                    .into_iter()
                    .filter(offered)
                    .take(MAX_MATCHES)
                    .collect();
                self.selected.first();
                self.error = None;
            }
            Err(e) => {
                self.matches.clear();
                self.error = Some(e);
            }
        }
    }
}

impl FileFinder {
    /// Shows, while the search for the query now is out, the answer to an earlier query the
    /// query now extends (`li` answered, `lib` typed since): its matches that still hold the
    /// query's letters in order, with their positions found again. A fuzzy match of `lib` is a
    /// fuzzy match of `li`, so nothing shown is wrong — only some may be missing, and the
    /// search still out fills them in. The finder stays searching.
    pub(crate) fn narrow(&mut self, files: &[FuzzyFileMatch]) {
        let query: Vec<char> = self.query.as_str().to_lowercase().chars().collect();
        self.matches = files
            .iter()
            .filter(|m| offered(m))
            .filter_map(|m| {
                let indices = positions_in_order(&query, &m.path)?;
                Some(FuzzyFileMatch {
                    indices: Some(indices),
                    ..m.clone()
                })
            })
            .take(MAX_MATCHES)
            .collect();
        self.selected.first();
        self.error = None;
    }
}

/// Where `query`'s letters (lower case) first occur in `path` in order, as char positions; `None`
/// when they do not all occur.
fn positions_in_order(query: &[char], path: &str) -> Option<Vec<usize>> {
    let mut wanted = query.iter().peekable();
    let mut found = Vec::with_capacity(query.len());
    for (at, c) in path.chars().enumerate() {
        let Some(&&next) = wanted.peek() else { break };
        if c.to_lowercase().eq(std::iter::once(next)) {
            found.push(at);
            wanted.next();
        }
    }
    wanted.peek().is_none().then_some(found)
}

/// Whether a match may be offered: not inside `.git/`, and nothing in its path that cannot be
/// typed back (control characters would be inserted into the prompt unseen).
fn offered(m: &FuzzyFileMatch) -> bool {
    let in_git = m.path == ".git" || m.path.starts_with(".git/") || m.path.contains("/.git/");
    !in_git && !m.path.chars().any(char::is_control)
}
