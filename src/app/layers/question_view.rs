//! The front question's whole body on the full screen (`d` or Tab from a question): a long script
//! or a tall diff read end to end before deciding. Esc returns to the question.

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, KeyList, KeyRow, KeyTable, Rest};
use crate::session::state::Session;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct QuestionView {
    /// Rows scrolled past; clamped when drawn.
    pub offset: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FullViewKey {
    Back,
    Up,
    Down,
    PageUp,
    PageDown,
    Top,
    Bottom,
}

pub(crate) static KEYS: KeyTable<QuestionView, FullViewKey> = KeyTable::new(
    "full_view",
    "Full view",
    &[
        list_rows::up(FullViewKey::Up, "scroll").bar_keys(1),
        list_rows::down(FullViewKey::Down, "scroll"),
        list_rows::page_up(FullViewKey::PageUp, "scroll"),
        list_rows::page_down(FullViewKey::PageDown, "scroll"),
        list_rows::first(FullViewKey::Top, "top / end").named("top"),
        list_rows::last(FullViewKey::Bottom, "top / end").named("bottom"),
        KeyRow::new(
            "back",
            &[Chord::ESC, Chord::ch('d'), Chord::ch('q'), Chord::TAB],
            FullViewKey::Back,
            "back to the question",
        )
        .bar_keys(1),
    ],
    Rest::SWALLOW,
);

impl LayerView for QuestionView {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Ignored;
        };
        Outcome::of_key(KEYS.resolve(key, self, &cx.config.keymap), |action| {
            match action {
                FullViewKey::Back => return Outcome::Close(vec![]),
                FullViewKey::Up => self.offset = self.offset.saturating_sub(1),
                FullViewKey::Down => self.offset += 1,
                FullViewKey::PageUp => self.offset = self.offset.saturating_sub(20),
                FullViewKey::PageDown => self.offset += 20,
                FullViewKey::Top => self.offset = 0,
                FullViewKey::Bottom => self.offset = usize::MAX / 2,
            }
            Outcome::Consumed(vec![])
        })
    }

    fn placement(&self) -> Placement {
        Placement::FullScreen
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Full view"
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(self, &cx.config.keymap)
    }
}
