//! The prefix chooser, opened from a command question's `p`: the person settles the exact rule
//! written into codex's exec policy. ←/→ shorten or lengthen the prefix within the command's
//! own words; prefixes that would allow arbitrary code are refused with the reason; the exact
//! rule text is always on screen. Enter (or `p` again) writes it; Esc goes back to the question.

use super::{Ctx, LayerView, Outcome};
use crate::app::layer_types::{Hint, Input, Placement};
use crate::app::session::answer::answer_front;
use crate::app::state::Session;
use crate::model::execpolicy::{refusal, Offer};
use crate::model::question::{amendment_record, amendment_result};
use crossterm::event::{KeyCode, KeyModifiers};
use std::time::Instant;

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
    pub fn prefix(&self) -> Vec<String> {
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

impl LayerView for PrefixChooser {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Ignored;
        };
        if key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
        {
            return Outcome::Ignored;
        }
        let max = match &self.offer {
            Offer::Prefix { words, .. } => words.len(),
            _ => self.len,
        };
        match key.code {
            KeyCode::Left if self.len > 1 && max > 1 => self.len -= 1,
            KeyCode::Right if self.len < max => self.len += 1,
            KeyCode::Enter | KeyCode::Char('p') if self.refusal().is_none() => {
                let prefix = self.prefix();
                let now = cx.now;
                return Outcome::Close(answer_front(
                    cx,
                    amendment_result(&prefix),
                    amendment_record(&prefix),
                    now,
                ));
            }
            KeyCode::Esc => {
                if let Some(front) = cx.questions.front_mut() {
                    front.selected = None;
                }
                return Outcome::Close(vec![]);
            }
            _ => {}
        }
        Outcome::Consumed(vec![])
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

    fn hints(&self, _session: &Session, _now: Instant) -> Vec<Hint> {
        let mut hints = Vec::new();
        if self.refusal().is_none() {
            hints.push(Hint::new("Enter", "approve, write the rule"));
        }
        if matches!(self.offer, Offer::Prefix { .. }) {
            hints.push(Hint::new("←/→", "shorter/longer"));
        }
        hints.push(Hint::new("Esc", "back"));
        hints
    }
}
