//! `m` on a `/review` cell (selected, Alt+↑): its findings, one row each (the one list view),
//! opened on the finding under copy mode's cursor with a comment being written on it. `x`
//! keeps or drops a finding, `c` (or `m`) comments on it, Enter sends the review — the kept
//! findings with their comments as the next message (`session::review_findings`); Esc closes
//! the list unsent, and what was decided waits for the next `m` on that review.

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{type_into, Input, Placement};
use crate::controls::keys::{list_rows, Chord, KeyList, KeyRow, KeyTable, Move, Rest};
use crate::controls::line_input::LineInput;
use crate::controls::pick_list::PickList;
use crate::model::review::findings::Finding;
use crate::session::review_findings;
use crate::session::state::Session;

#[derive(Debug, Clone, PartialEq)]
pub struct ReviewFindings {
    /// The review's turn: its findings' drafts are kept under it.
    pub(crate) turn: String,
    pub(crate) findings: Vec<Finding>,
    pub(crate) selected: PickList,
    /// A comment being written on the selected finding.
    pub(crate) editing: Option<LineInput>,
    /// Why Enter did not send.
    pub(crate) note: Option<String>,
}

impl ReviewFindings {
    /// The list, on finding `at`, writing a comment on it (its comment so far).
    pub(crate) fn commenting(turn: String, findings: Vec<Finding>, at: usize) -> ReviewFindings {
        let comment = findings
            .get(at)
            .map(|f| f.comment.clone())
            .unwrap_or_default();
        ReviewFindings {
            turn,
            findings,
            selected: PickList::at(at),
            editing: Some(LineInput::new(&comment)),
            note: None,
        }
    }

    fn editing(&self) -> bool {
        self.editing.is_some()
    }

    fn at(&self) -> Option<usize> {
        self.selected.index(self.findings.len())
    }

    fn save_comment(&mut self) {
        let (Some(text), Some(at)) = (self.editing.take(), self.at()) else {
            return;
        };
        self.findings[at].comment = text.as_str().trim().to_string();
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FindingsKey {
    Move(Move),
    Toggle,
    Comment,
    Send,
    Back,
    Save,
    Cancel,
    Backspace,
}

type Row = KeyRow<ReviewFindings, FindingsKey>;

fn browsing(r: &ReviewFindings) -> bool {
    !r.editing()
}

pub(crate) static KEYS: KeyTable<ReviewFindings, FindingsKey> = KeyTable::new(
    "review_findings",
    "Review findings",
    &[
        list_rows::up_k(FindingsKey::Move(Move::Up), "move").when("", browsing),
        list_rows::down_j(FindingsKey::Move(Move::Down), "move").when("", browsing),
        Row::new(
            "toggle",
            &[Chord::ch('x')],
            FindingsKey::Toggle,
            "keep/drop",
        )
        .explained("keep or drop the selected finding (only kept ones are sent)")
        .when("", browsing),
        Row::new(
            "comment",
            &[Chord::ch('c'), Chord::ch('m')],
            FindingsKey::Comment,
            "comment",
        )
        .bar_keys(1)
        .explained("write (or change) your comment on the selected finding")
        .when("", browsing),
        Row::new("send", &[Chord::ENTER], FindingsKey::Send, "send review")
            .explained("send the kept findings with your comments as your next message")
            .when("", browsing),
        list_rows::close_q(FindingsKey::Back, "back")
            .explained("close, unsent: what you decided waits for the next m")
            .when("", browsing),
        Row::new("save", &[Chord::ENTER], FindingsKey::Save, "save comment")
            .when("writing a comment", ReviewFindings::editing),
        Row::new("cancel", &[Chord::ESC], FindingsKey::Cancel, "cancel")
            .when("writing a comment", ReviewFindings::editing),
        list_rows::filter_back(FindingsKey::Backspace)
            .when("writing a comment", ReviewFindings::editing),
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

impl LayerView for ReviewFindings {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Some(key) = input.key_or_into(&mut self.editing) else {
            return Outcome::Consumed(vec![]);
        };
        let n = self.findings.len();
        Outcome::of_key_or_typed(KEYS.resolve(&key, self, &cx.config.keymap), |action| {
            let Some(action) = action else {
                type_into(&mut self.editing, &key);
                return Outcome::Consumed(vec![]);
            };
            self.note = None;
            match action {
                FindingsKey::Move(to) => {
                    self.selected.go(to, n);
                }
                FindingsKey::Toggle => {
                    if let Some(at) = self.at() {
                        self.findings[at].keep = !self.findings[at].keep;
                    }
                }
                FindingsKey::Comment => {
                    let now = self.at().map(|at| self.findings[at].comment.clone());
                    self.editing = Some(LineInput::new(&now.unwrap_or_default()));
                }
                FindingsKey::Save => self.save_comment(),
                FindingsKey::Cancel => self.editing = None,
                FindingsKey::Backspace => {
                    if let Some(line) = self.editing.as_mut() {
                        line.backspace();
                    }
                }
                FindingsKey::Back => {
                    let findings = std::mem::take(&mut self.findings);
                    review_findings::keep_drafts(cx.session_mut(), &self.turn, findings);
                    return Outcome::Close(vec![]);
                }
                FindingsKey::Send => {
                    let now = cx.now;
                    let sent =
                        review_findings::send(cx.session_mut(), &self.turn, &self.findings, now);
                    return match sent {
                        Ok(effects) => Outcome::Close(effects),
                        Err(why) => {
                            self.note = Some(why);
                            Outcome::Consumed(vec![])
                        }
                    };
                }
            }
            Outcome::Consumed(vec![])
        })
    }

    fn placement(&self) -> Placement {
        Placement::FullScreen
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Review findings"
    }

    fn rows(&self, _width: u16, _session: &Session) -> usize {
        self.findings.len()
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(self, &cx.config.keymap)
    }
}
