//! The git-diff review's confirmation (issue 36): its hunks are the person's own uncommitted
//! work, so "send review" first asks, file by file, "Revert 2 hunks in src/x.rs? y/n" — `y`
//! goes on to the next file and, after the last, sends (`session::git_review::submit`); `n` or
//! Esc writes nothing and sends nothing, back to the review with its marks.

use super::hunk_review::{HunkReview, Reviewed};
use super::{Ctx, Outcome};
use crate::session::git_review::to_confirm;

impl HunkReview {
    /// Enter: the first file with reverts is asked about; with none (only comments), the
    /// review goes at once.
    pub(super) fn ask_first(&mut self, cx: &mut Ctx<'_>) -> Outcome {
        match to_confirm(&self.files).first() {
            Some(&(file, hunks)) => self.ask(file, hunks),
            None => {
                self.confirmed = true;
                self.submit(cx)
            }
        }
    }

    fn ask(&mut self, file: usize, hunks: usize) -> Outcome {
        self.confirming = Some(file);
        self.note = Some(self.prompt(file, hunks));
        Outcome::Consumed(vec![])
    }

    /// `y` or `n` to "Revert … in <file>?".
    pub(super) fn confirm(&mut self, yes: bool, cx: &mut Ctx<'_>) -> Outcome {
        let Some(at) = self.confirming.take() else {
            return Outcome::Consumed(vec![]);
        };
        if !yes {
            self.note =
                Some("Nothing reverted, nothing sent: x keeps a hunk, Enter asks again.".into());
            return Outcome::Consumed(vec![]);
        }
        let next = to_confirm(&self.files).into_iter().find(|&(f, _)| f > at);
        match next {
            Some((file, hunks)) => self.ask(file, hunks),
            None => {
                self.confirmed = true;
                self.note = None;
                self.submit(cx)
            }
        }
    }

    /// "Revert 2 hunks in src/x.rs? y/n": the file named as the person knows it (from the
    /// folder the diff was read in, when inside it).
    fn prompt(&self, file: usize, hunks: usize) -> String {
        let path = &self.files[file].path;
        let shown = match &self.of {
            Reviewed::Git(cwd) => path
                .strip_prefix(cwd.trim_end_matches('/'))
                .and_then(|p| p.strip_prefix('/'))
                .unwrap_or(path),
            _ => path,
        };
        let plural = if hunks == 1 { "" } else { "s" };
        format!("Revert {hunks} hunk{plural} in {shown}? y/n")
    }
}
