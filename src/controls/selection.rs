//! A selected cell of the transcript: which one, how the selection moves, and what can be
//! taken from the cell — its text to copy, the turn it belongs to, the files it mentions.
//!
//! Small on purpose, so anything that acts on "the cell the person pointed at" (the selected
//! cell's layer today; copying a code block and review findings later) shares it. The selection
//! is a cell index: it moves down with its cell when older turns are put above
//! ([`CellSelection::cells_prepended`]), and every read clamps it to the transcript it is given,
//! so a transcript that changed under it never makes it point outside.
//!
//! Like the pick lists (`pick_list`), it stops at the ends rather than wrapping: a held ↑ stays
//! on the first cell instead of leaping to the newest.

use crate::model::{Cell, CellKind, Transcript};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellSelection {
    cell: usize,
}

/// Whether a cell can be selected: a turn's closing line says nothing of its own to act on.
pub(crate) fn selectable(kind: &CellKind) -> bool {
    !matches!(kind, CellKind::TurnEnd { .. })
}

impl CellSelection {
    /// The newest selectable cell; `None` when there is none.
    pub(crate) fn newest(transcript: &Transcript) -> Option<CellSelection> {
        let cell = transcript
            .cells()
            .iter()
            .rposition(|c| selectable(c.kind()))?;
        Some(CellSelection { cell })
    }

    /// The selected cell's index in `transcript` (clamped to it); `None` when it is empty.
    pub(crate) fn index(&self, transcript: &Transcript) -> Option<usize> {
        let len = transcript.len();
        (len > 0).then(|| self.cell.min(len - 1))
    }

    pub fn cell<'a>(&self, transcript: &'a Transcript) -> Option<&'a Cell> {
        transcript.cells().get(self.index(transcript)?)
    }

    /// Moves to the `delta`-th selectable cell older (negative) or newer, stopping at the ends.
    /// Whether the selection moved.
    pub(crate) fn step(&mut self, delta: isize, transcript: &Transcript) -> bool {
        let Some(mut at) = self.index(transcript) else {
            return false;
        };
        let cells = transcript.cells();
        let before = at;
        for _ in 0..delta.unsigned_abs() {
            let next = if delta < 0 {
                cells[..at].iter().rposition(|c| selectable(c.kind()))
            } else {
                cells[at + 1..]
                    .iter()
                    .position(|c| selectable(c.kind()))
                    .map(|i| at + 1 + i)
            };
            match next {
                Some(next) => at = next,
                None => break,
            }
        }
        self.cell = at;
        at != before
    }

    /// The oldest selectable cell.
    pub(crate) fn first(&mut self, transcript: &Transcript) {
        if let Some(at) = transcript.cells().iter().position(|c| selectable(c.kind())) {
            self.cell = at;
        }
    }

    /// The newest selectable cell.
    pub(crate) fn last(&mut self, transcript: &Transcript) {
        if let Some(newest) = CellSelection::newest(transcript) {
            *self = newest;
        }
    }

    /// `cells` older cells were put above the transcript: the selection moves down with its
    /// cell.
    pub(crate) fn cells_prepended(&mut self, cells: usize) {
        self.cell = self.cell.saturating_add(cells);
    }

    /// The oldest cells were dropped: the selection moves up with its cell, or to the first
    /// cell kept when its own was dropped.
    pub(crate) fn cells_dropped(&mut self, dropped: &crate::model::transcript::CellsDropped) {
        self.cell = dropped.map_or_next(self.cell);
    }

    /// The turn the selected cell belongs to.
    pub fn turn<'a>(&self, transcript: &'a Transcript) -> Option<&'a str> {
        transcript.turn_of(self.index(transcript)?)
    }
}

/// What copying a cell takes: its text as the transcript holds it (the answer's markdown
/// source, a command and its output, a change's diff). Not yet made printable: the caller puts
/// it through `copyable_text` before it goes anywhere.
pub fn cell_text(kind: &CellKind) -> String {
    match kind {
        CellKind::User { text } | CellKind::Reasoning { text } => text.clone(),
        CellKind::ProposedPlan { markdown, .. } => markdown.clone(),
        CellKind::Agent { markdown, .. } => markdown.as_str().to_string(),
        CellKind::Command(command) => {
            let mut text = format!("$ {}", command.command);
            if !command.output.is_empty() {
                text.push('\n');
                text.push_str(command.output.trim_end_matches('\n'));
            }
            text
        }
        CellKind::FileChange { changes, .. } => changes
            .iter()
            .map(|change| {
                let diff = change.diff.trim_end_matches('\n');
                if diff.is_empty() {
                    change.path.clone()
                } else {
                    format!("{}\n{diff}", change.path)
                }
            })
            .collect::<Vec<_>>()
            .join("\n"),
        CellKind::Plan { explanation, steps } => explanation
            .iter()
            .cloned()
            .chain(steps.iter().map(|s| {
                let mark = if s.status == "completed" { "x" } else { " " };
                format!("- [{mark}] {}", s.step)
            }))
            .collect::<Vec<_>>()
            .join("\n"),
        CellKind::Tool { title, .. } => title.clone(),
        CellKind::AgentCall(call) => call.plain_text(),
        CellKind::Notice { text, .. } => text.clone(),
        CellKind::TurnEnd { status, .. } => status.clone(),
        CellKind::Item(item) => item.text(),
    }
}

/// What the cell names in words, as a person would write a path: the paths of a change, the
/// words of everything else (quotes, backticks, brackets and trailing punctuation stripped).
fn named_paths(kind: &CellKind) -> Vec<String> {
    if let CellKind::FileChange { changes, .. } = kind {
        return changes.iter().map(|c| c.path.clone()).collect();
    }
    let text = cell_text(kind);
    let mut words: Vec<String> = Vec::new();
    for word in text.split(|c: char| c.is_whitespace() || "`'\"()[]<>{}|,;".contains(c)) {
        let word = word.trim_end_matches(['.', ':', '!', '?']);
        // `src/main.rs:12` names the file.
        let word = word.split(':').next().unwrap_or(word);
        if word.contains(['/', '.']) && !words.iter().any(|w| w == word) {
            words.push(word.to_string());
        }
    }
    words
}

/// Whether a path the cell names is the diff's file `path`: the same, or one ends with the other
/// past a `/` (a change may name `/home/me/project/src/a.rs`, the diff `src/a.rs`).
fn same_file(named: &str, path: &str) -> bool {
    let named = named.trim_start_matches("./");
    let ends = |long: &str, short: &str| {
        long.strip_suffix(short)
            .is_some_and(|head| head.is_empty() || head.ends_with('/'))
    };
    !named.is_empty() && (ends(named, path) || ends(path, named))
}

/// The files among `diff_files` (the paths of the cell's turn diff, in its order) that the cell
/// mentions, in the diff's order.
pub(crate) fn mentioned_files(kind: &CellKind, diff_files: &[&str]) -> Vec<usize> {
    let named = named_paths(kind);
    diff_files
        .iter()
        .enumerate()
        .filter(|(_, path)| named.iter().any(|n| same_file(n, path)))
        .map(|(i, _)| i)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{MarkdownText, NoticeLevel};

    fn transcript(kinds: Vec<CellKind>) -> Transcript {
        let mut t = Transcript::default();
        for kind in kinds {
            t.push(kind);
        }
        t
    }

    fn agent(text: &str) -> CellKind {
        CellKind::Agent {
            markdown: Box::new(MarkdownText::new(text)),
            streaming: false,
        }
    }

    fn end() -> CellKind {
        CellKind::TurnEnd {
            status: "completed".into(),
            duration_ms: None,
            tokens: None,
        }
    }

    #[test]
    fn the_selection_skips_turn_ends_and_stops_at_the_ends() {
        let t = transcript(vec![
            CellKind::User { text: "a".into() },
            agent("one"),
            end(),
            CellKind::Notice {
                level: NoticeLevel::Info,
                text: "n".into(),
            },
            end(),
        ]);
        let mut s = CellSelection::newest(&t).unwrap();
        assert_eq!(s.index(&t), Some(3));
        assert!(s.step(-1, &t));
        assert_eq!(s.index(&t), Some(1), "the turn's end is stepped over");
        assert!(s.step(-5, &t));
        assert_eq!(s.index(&t), Some(0));
        assert!(!s.step(-1, &t), "stops at the oldest");
        s.last(&t);
        assert!(!s.step(1, &t), "stops at the newest");
        s.cells_prepended(10);
        assert_eq!(s.index(&t), Some(4), "clamped to the transcript it reads");
        assert!(CellSelection::newest(&transcript(vec![end()])).is_none());
    }

    #[test]
    fn a_cell_mentions_the_diff_files_it_names() {
        let files = ["src/main.rs", "README.md", "tests/it/x.rs"];
        let answer = agent("I changed `src/main.rs:12` and ./README.md, not main.rs.");
        assert_eq!(mentioned_files(&answer, &files), vec![0, 1]);
        let nothing = agent("Nothing here. Done.");
        assert!(mentioned_files(&nothing, &files).is_empty());
        assert!(
            !same_file("rs", "src/main.rs"),
            "a word is not a path's tail"
        );
        assert!(same_file("/home/me/p/tests/it/x.rs", "tests/it/x.rs"));
    }
}
