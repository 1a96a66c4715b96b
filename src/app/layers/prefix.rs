//! The prefix chooser, opened from a command question's `p`: the person settles the exact rule
//! written into codex's exec policy. ←/→ shorten or lengthen the prefix within the command's
//! own words; prefixes that would allow arbitrary code are refused with the reason; the exact
//! rule text is always on screen. Enter (or `p` again) writes it; Esc goes back to the question.

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{Chord, Fate, KeyList, KeyRow, KeyTable, Rest};
use crate::model::execpolicy::{refusal, Offer};
use crate::model::question::{amendment_record, amendment_result};
use crate::session::answer::answer_front;
use crate::session::state::Session;

#[derive(Debug, Clone, PartialEq)]
pub struct PrefixChooser {
    pub offer: Offer,
    /// How many of the command's words the rule covers.
    pub len: usize,
}

impl PrefixChooser {
    pub fn new(offer: Offer) -> Self {
        let len = match &offer {
            Offer::Prefix { proposed_len, .. } => *proposed_len,
            Offer::ExactScript { words } => words.len(),
            Offer::Mismatch(_) => 0,
        };
        PrefixChooser { offer, len }
    }

    /// The words the rule will match.
    pub(crate) fn prefix(&self) -> Vec<String> {
        match &self.offer {
            Offer::Prefix { words, .. } => words[..self.len.min(words.len())].to_vec(),
            Offer::ExactScript { words } => words.clone(),
            Offer::Mismatch(_) => Vec::new(),
        }
    }

    /// Why the current prefix cannot be written, if it cannot.
    pub fn refusal(&self) -> Option<&'static str> {
        refusal(&self.prefix())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PrefixKey {
    Write,
    Shorter,
    Longer,
    Back,
}

fn is_prefix(chooser: &PrefixChooser) -> bool {
    matches!(chooser.offer, Offer::Prefix { .. })
}

pub(crate) static KEYS: KeyTable<PrefixChooser, PrefixKey> = KeyTable::new(
    "prefix",
    "Always allow",
    &[
        KeyRow::new(
            "write",
            &[Chord::ENTER, Chord::ch('p')],
            PrefixKey::Write,
            "approve, write the rule",
        )
        .bar_keys(1)
        .when("the rule may be written", |c| c.refusal().is_none()),
        KeyRow::new(
            "shorter",
            &[Chord::LEFT],
            PrefixKey::Shorter,
            "shorter/longer",
        )
        .when("the rule is a prefix", is_prefix),
        KeyRow::new(
            "longer",
            &[Chord::RIGHT],
            PrefixKey::Longer,
            "shorter/longer",
        )
        .when("the rule is a prefix", is_prefix),
        KeyRow::new("back", &[Chord::ESC], PrefixKey::Back, "back")
            .explained("back to the question"),
    ],
    // Ctrl and Alt keys belong to the draft below.
    Rest {
        chars: Fate::Swallow,
        modified: Fate::Pass,
        other: Fate::Swallow,
    },
);

impl LayerView for PrefixChooser {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Ignored;
        };
        let max = match &self.offer {
            Offer::Prefix { words, .. } => words.len(),
            _ => self.len,
        };
        Outcome::of_key(KEYS.resolve(key, self, &cx.config.keymap), |action| {
            match action {
                PrefixKey::Shorter if self.len > 1 && max > 1 => self.len -= 1,
                PrefixKey::Longer if self.len < max => self.len += 1,
                PrefixKey::Shorter | PrefixKey::Longer => {}
                PrefixKey::Write => {
                    let prefix = self.prefix();
                    let now = cx.now;
                    return Outcome::Close(answer_front(
                        cx.session_mut(),
                        amendment_result(&prefix),
                        amendment_record(&prefix),
                        now,
                    ));
                }
                PrefixKey::Back => {
                    if let Some(front) = cx.questions_mut().front_mut() {
                        front.selected = None;
                    }
                    return Outcome::Close(vec![]);
                }
            }
            Outcome::Consumed(vec![])
        })
    }

    fn placement(&self) -> Placement {
        Placement::Bottom
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Always allow"
    }

    fn rows(&self, width: u16, _session: &Session) -> usize {
        crate::render::prefix::chooser_rows(&self.offer, self.len, width)
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(self, &cx.config.keymap)
    }
}
