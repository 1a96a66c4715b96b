//! Lists the composer opens over itself from what is being typed: the commands matching a
//! `/name` (the slash popup), the files matching an `@mention` (the file finder) and the skills
//! matching a `$name` (the skill finder). They are
//! the composer's state, drawn just above it, not layers of the stack (as the official TUI's
//! composer and helix's completion keep theirs); their keys are `base::slash`, `base::files` and `base::skills`.

use crate::app::line_input::LineInput;
use crate::app::pick_list::PickList;
use crate::protocol::{FuzzyFileMatch, FuzzyFileSearchResponse};

/// The most matches kept from one answer.
const MAX_MATCHES: usize = 50;

#[derive(Debug, Clone, PartialEq)]
pub enum ComposerPopup {
    /// `/` in an empty composer: the commands matching what follows it.
    Commands(SlashPopup),
    /// `@` where a mention starts: files of the session's directory.
    Files(FileFinder),
    /// `$` where a mention starts: the skills (`base::skills`).
    Skills(SkillFinder),
}

impl ComposerPopup {
    pub fn title(&self) -> &'static str {
        match self {
            ComposerPopup::Commands(_) => "Commands",
            ComposerPopup::Files(_) => "Files",
            ComposerPopup::Skills(_) => "Skills",
        }
    }
}

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
    /// Of the latest query sent: an answer for any other is stale and dropped.
    pub generation: u64,
    pub matches: Vec<FuzzyFileMatch>,
    pub selected: PickList,
    /// A query is out and its answer has not come.
    pub searching: bool,
    pub error: Option<String>,
}

impl FileFinder {
    /// The matches shown: files under `.git/` are the repository's own, never meant.
    pub fn visible(&self) -> impl Iterator<Item = &FuzzyFileMatch> {
        self.matches.iter()
    }

    pub fn chosen(&self) -> Option<String> {
        let at = self.selected.index(self.matches.len())?;
        self.visible().nth(at).map(|m| m.path.clone())
    }

    pub fn rows(&self) -> usize {
        self.matches.len().clamp(1, 10)
    }

    /// The answer to a search: kept if it is for the latest query, dropped otherwise.
    pub fn answered(&mut self, generation: u64, result: Result<FuzzyFileSearchResponse, String>) {
        if self.generation != generation {
            tracing::debug!(
                generation,
                current = self.generation,
                "dropping a stale file search answer"
            );
            return;
        }
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

/// Whether a match may be offered: not inside `.git/`, and nothing in its path that cannot be
/// typed back (control characters would be inserted into the prompt unseen).
fn offered(m: &FuzzyFileMatch) -> bool {
    let in_git = m.path == ".git" || m.path.starts_with(".git/") || m.path.contains("/.git/");
    !in_git && !m.path.chars().any(char::is_control)
}
