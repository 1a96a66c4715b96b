//! `r` on a file-change question: the change reviewed like a pull request. One row per file,
//! hunk and line (the one list view); `x` keeps or reverts the hunk (on a file's row, the whole
//! file), `c` comments on the line or hunk under the selection, the diff view's `n`/`p` and
//! Tab/`[` `]` move between hunks and files. Only Enter answers the question (as the decisions
//! allow: `session::hunk_review::submit`); Esc goes back to the question unanswered.
//!
//! `r` in `/diff`'s turn view opens the same review over the turn's files
//! (`session::turn_review`): Enter reverts what is marked and sends the review; Esc goes back
//! to the diff.

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{type_into, Input, Placement};
use crate::controls::keys::{list_rows, Chord, KeyList, KeyRow, KeyTable, Move, Rest};
use crate::controls::line_input::LineInput;
use crate::controls::pick_list::PickList;
use crate::model::review::ReviewFile;
use crate::session::event::LayerEvent;
use crate::session::state::Session;

#[derive(Debug, Clone, PartialEq)]
pub struct HunkReview {
    /// What is reviewed: a question's file change, or a turn's changes.
    pub(crate) of: Reviewed,
    /// Commands the reviewed turn ran: what they changed is not in its diff, nor revertible.
    pub(crate) commands: Vec<String>,
    pub(crate) files: Vec<ReviewFile>,
    pub(crate) selected: PickList,
    /// A comment being written on the selected row.
    pub(crate) editing: Option<LineInput>,
    /// Why Enter did not answer yet.
    pub(crate) note: Option<String>,
    /// Enter came before the files it puts back were read: it sends once they are.
    send_when_read: bool,
    /// A git-diff review asking whether to revert this file's marked hunks (`git_review`).
    pub(crate) confirming: Option<usize>,
    /// Every revert of a git-diff review was confirmed, for the marks as they are.
    pub(super) confirmed: bool,
}

/// What a review is of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Reviewed {
    /// A file-change question, by its item: Enter answers it.
    Question(String),
    /// A turn's changes, by its id: Enter reverts and sends the review.
    Turn(String),
    /// The agent asked (`request_review`), with this question: Enter answers its call.
    Asked(String),
    /// `/diff`'s `git diff HEAD` in this cwd: the person's own work, so Enter asks before
    /// reverting each file (`git_review`), then sends the review.
    Git(String),
}

/// One row of the review: a file, one of its hunks, or one of a hunk's lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ReviewRow {
    File(usize),
    Hunk(usize, usize),
    Line(usize, usize, usize),
}

impl ReviewRow {
    fn file(self) -> usize {
        match self {
            ReviewRow::File(f) | ReviewRow::Hunk(f, _) | ReviewRow::Line(f, _, _) => f,
        }
    }

    fn hunk(self) -> Option<usize> {
        match self {
            ReviewRow::File(_) => None,
            ReviewRow::Hunk(_, h) | ReviewRow::Line(_, h, _) => Some(h),
        }
    }
}

impl HunkReview {
    /// Enter: the review answers its question, goes to the agent, or says why not yet.
    pub(super) fn submit(&mut self, cx: &mut Ctx<'_>) -> Outcome {
        if matches!(self.of, Reviewed::Git(_)) && !self.confirmed {
            return self.ask_first(cx);
        }
        let files = self.files.clone();
        let now = cx.now;
        let sent = match &self.of {
            Reviewed::Question(item_id) => {
                crate::session::hunk_review::submit(cx.session_mut(), item_id, files, now)
            }
            Reviewed::Turn(turn_id) => {
                crate::session::turn_review::submit(cx.session_mut(), turn_id, files, now)
            }
            Reviewed::Asked(_) => crate::session::review_tool::submit(cx.session_mut(), files, now),
            Reviewed::Git(cwd) => {
                crate::session::git_review::submit(cx.session_mut(), cwd, files, now)
            }
        };
        match sent {
            Ok(effects) => Outcome::Close(effects),
            Err(why) => {
                if why == crate::session::hunk_review::STILL_READING {
                    self.send_when_read = true;
                    self.note = Some("Sending once the files are read…".into());
                } else {
                    self.note = Some(why);
                }
                Outcome::Consumed(vec![])
            }
        }
    }

    pub(crate) fn new(item_id: String, files: Vec<ReviewFile>) -> HunkReview {
        HunkReview::of(Reviewed::Question(item_id), files, Vec::new())
    }

    pub(crate) fn of(of: Reviewed, files: Vec<ReviewFile>, commands: Vec<String>) -> HunkReview {
        HunkReview {
            of,
            commands,
            files,
            selected: PickList::default(),
            editing: None,
            note: None,
            send_when_read: false,
            confirming: None,
            confirmed: false,
        }
    }

    /// Every row, in order.
    pub(crate) fn rows(&self) -> Vec<ReviewRow> {
        let mut rows = Vec::new();
        for (f, file) in self.files.iter().enumerate() {
            rows.push(ReviewRow::File(f));
            for (h, hunk) in file.hunks.iter().enumerate() {
                rows.push(ReviewRow::Hunk(f, h));
                rows.extend((0..hunk.lines.len()).map(|l| ReviewRow::Line(f, h, l)));
            }
        }
        rows
    }

    pub(crate) fn selected_row(&self) -> Option<ReviewRow> {
        let rows = self.rows();
        self.selected.index(rows.len()).map(|i| rows[i])
    }

    /// The comment on `row`, if any.
    pub(crate) fn comment_on(&self, row: ReviewRow) -> Option<&str> {
        let (f, h, l) = match row {
            ReviewRow::File(_) => return None,
            ReviewRow::Hunk(f, h) => (f, h, None),
            ReviewRow::Line(f, h, l) => (f, h, Some(l)),
        };
        self.files[f]
            .comments
            .iter()
            .find(|c| c.hunk == h && c.line == l)
            .map(|c| c.text.as_str())
    }

    fn editing(&self) -> bool {
        self.editing.is_some()
    }

    /// Moves to the next (or previous) row that `is` picks.
    fn jump(&mut self, forward: bool, is: impl Fn(ReviewRow) -> bool) {
        let rows = self.rows();
        let Some(at) = self.selected.index(rows.len()) else {
            return;
        };
        let found = if forward {
            (at + 1..rows.len()).find(|&i| is(rows[i]))
        } else {
            (0..at).rev().find(|&i| is(rows[i]))
        };
        if let Some(i) = found {
            self.selected = PickList::at(i);
        }
    }

    fn toggle(&mut self, whole_file: bool) {
        let Some(row) = self.selected_row() else {
            return;
        };
        // The marks changed: what was confirmed is not what would be reverted now.
        self.confirmed = false;
        let file = &mut self.files[row.file()];
        match row.hunk() {
            Some(h) if !whole_file => file.toggle(h),
            _ => file.toggle_all(),
        }
        self.note = file.fixed.clone().filter(|_| file.all_kept());
    }

    fn save_comment(&mut self) {
        let Some(text) = self.editing.take() else {
            return;
        };
        let Some(row) = self.selected_row() else {
            return;
        };
        let (f, h, l) = match row {
            ReviewRow::File(f) if !self.files[f].hunks.is_empty() => (f, 0, None),
            ReviewRow::File(_) => return,
            ReviewRow::Hunk(f, h) => (f, h, None),
            ReviewRow::Line(f, h, l) => (f, h, Some(l)),
        };
        self.files[f].comment(h, l, text.as_str());
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ReviewKey {
    Move(Move),
    NextHunk,
    PrevHunk,
    NextFile,
    PrevFile,
    Toggle,
    ToggleFile,
    Comment,
    Submit,
    Back,
    Save,
    Cancel,
    Backspace,
    /// `y` / `n` to a git-diff review's "Revert … in <file>?".
    Confirm(bool),
}

type Row = KeyRow<HunkReview, ReviewKey>;

fn browsing(r: &HunkReview) -> bool {
    !r.editing() && r.confirming.is_none()
}

fn confirming(r: &HunkReview) -> bool {
    r.confirming.is_some()
}

pub(crate) static KEYS: KeyTable<HunkReview, ReviewKey> = KeyTable::new(
    "hunk_review",
    "Review",
    &[
        list_rows::up_k(ReviewKey::Move(Move::Up), "move").when("", browsing),
        list_rows::down_j(ReviewKey::Move(Move::Down), "move").when("", browsing),
        list_rows::page_up(ReviewKey::Move(Move::PageUp), "page").when("", browsing),
        list_rows::page_down(ReviewKey::Move(Move::PageDown), "page").when("", browsing),
        Row::new("next_hunk", &[Chord::ch('n')], ReviewKey::NextHunk, "next/prev hunk")
            .when("", browsing),
        Row::new("prev_hunk", &[Chord::ch('p')], ReviewKey::PrevHunk, "next/prev hunk")
            .when("", browsing),
        Row::new(
            "next_file",
            &[Chord::TAB, Chord::ch(']')],
            ReviewKey::NextFile,
            "next/prev file",
        )
        .bar_keys(1)
        .when("", browsing),
        Row::new(
            "prev_file",
            &[Chord::BACKTAB, Chord::ch('[')],
            ReviewKey::PrevFile,
            "next/prev file",
        )
        .bar_keys(1)
        .when("", browsing),
        Row::new("toggle", &[Chord::ch('x')], ReviewKey::Toggle, "keep/revert")
            .explained("keep or revert the selected hunk (on a file's row: the whole file)")
            .when("", browsing),
        Row::new("toggle_file", &[Chord::ch('X')], ReviewKey::ToggleFile, "whole file")
            .explained("keep or revert every hunk of the selected file")
            .when("", browsing),
        Row::new("comment", &[Chord::ch('c')], ReviewKey::Comment, "comment")
            .explained("comment on the selected line (on a hunk's row: the hunk)")
            .when("", browsing),
        Row::new("submit", &[Chord::ENTER], ReviewKey::Submit, "send review")
            .explained("a question: all kept accepts, all reverted declines, a mix accepts then reverts; a turn: revert what is marked, send the review")
            .when("", browsing),
        list_rows::close_q(ReviewKey::Back, "back").when("", browsing),
        Row::new("save", &[Chord::ENTER], ReviewKey::Save, "save comment")
            .when("writing a comment", HunkReview::editing),
        Row::new("cancel", &[Chord::ESC], ReviewKey::Cancel, "cancel")
            .when("writing a comment", HunkReview::editing),
        list_rows::filter_back(ReviewKey::Backspace).when("writing a comment", HunkReview::editing),
        Row::new("confirm_revert", &[Chord::ch('y')], ReviewKey::Confirm(true), "revert it")
            .explained("git diff: put the named file's marked hunks back as in HEAD")
            .when("asked to revert a file", confirming),
        Row::new(
            "refuse_revert",
            &[Chord::ch('n'), Chord::ESC],
            ReviewKey::Confirm(false),
            "don't",
        )
        .bar_keys(1)
        .when("asked to revert a file", confirming),
    ],
    Rest::SWALLOW,
)
.rest_by(|r| {
    if r.editing() {
        Rest::typing("type the comment")
    } else {
        Rest::SWALLOW
    }
});

impl LayerView for HunkReview {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Some(key) = input.key_or_into(&mut self.editing) else {
            return Outcome::Consumed(vec![]);
        };
        let n = self.rows().len();
        Outcome::of_key_or_typed(KEYS.resolve(&key, self, &cx.config.keymap), |action| {
            let Some(action) = action else {
                type_into(&mut self.editing, &key);
                return Outcome::Consumed(vec![]);
            };
            match action {
                ReviewKey::Move(to) => {
                    self.selected.go(to, n);
                }
                ReviewKey::NextHunk => self.jump(true, |r| matches!(r, ReviewRow::Hunk(..))),
                ReviewKey::PrevHunk => self.jump(false, |r| matches!(r, ReviewRow::Hunk(..))),
                ReviewKey::NextFile => self.jump(true, |r| matches!(r, ReviewRow::File(_))),
                ReviewKey::PrevFile => self.jump(false, |r| matches!(r, ReviewRow::File(_))),
                ReviewKey::Toggle => self.toggle(false),
                ReviewKey::ToggleFile => self.toggle(true),
                ReviewKey::Comment => {
                    let row = self.selected_row();
                    let now = row.and_then(|r| self.comment_on(r)).unwrap_or("");
                    self.editing = Some(LineInput::new(now));
                }
                ReviewKey::Save => self.save_comment(),
                ReviewKey::Cancel => self.editing = None,
                ReviewKey::Backspace => {
                    if let Some(line) = self.editing.as_mut() {
                        line.backspace();
                    }
                }
                ReviewKey::Confirm(yes) => return self.confirm(yes, cx),
                ReviewKey::Back => return Outcome::Close(vec![]),
                ReviewKey::Submit => return self.submit(cx),
            }
            Outcome::Consumed(vec![])
        })
    }

    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        if *event != LayerEvent::ReviewFilesRead || !self.send_when_read {
            return Outcome::Ignored;
        }
        self.send_when_read = false;
        // Other layers may wait on the same news.
        match self.submit(cx) {
            Outcome::Consumed(_) => Outcome::Ignored,
            sent => sent,
        }
    }

    fn hides_what_is_under(&self) -> bool {
        true
    }

    fn placement(&self) -> Placement {
        Placement::FullScreen
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Review"
    }

    fn rows(&self, _width: u16, _session: &Session) -> usize {
        self.rows().len()
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(self, &cx.config.keymap)
    }
}
