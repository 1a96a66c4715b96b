//! `/feedback`: a report for OpenAI's feedback service. First the kind of report (the
//! official TUI's "How was this?" list) and, typed, an optional reason; Enter asks codex to
//! write the report into a private temp folder, which tern redacts (`session::feedback`).
//! Then every entry of the redacted ZIP is listed — name, size, redactions — with a preview of
//! the selected one, before anything is kept: `s` (or Enter) then `y` writes the ZIP, `u` then
//! `y` uploads it; any other key after `s` or `u` does nothing. Esc closes and deletes the
//! temp folder.

use super::{Ctx, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, Fate, KeyList, KeyRow, KeyTable, Move, Rest};
use crate::controls::line_input::LineInput;
use crate::controls::pick_list::PickList;
use crate::session::event::LayerEvent;
use crate::session::feedback;
use crate::session::state::feedback::{FeedbackStage, CLASSIFICATIONS};
use crate::session::state::Session;

/// What waits for `y`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pending {
    Save,
    Upload,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct FeedbackView {
    /// The classification (while choosing), then the entry whose preview is shown.
    pub selected: PickList,
    /// The reason typed (optional).
    pub reason: LineInput,
    /// How far the preview is scrolled, in lines.
    pub scroll: usize,
    /// A save or an upload waiting for `y`.
    pub(crate) pending: Option<Pending>,
}

/// `/feedback`: refused with the reason over `--remote`, else a fresh report.
pub(crate) fn open(state: &mut Session) -> Outcome {
    if let Some(why) = feedback::refusal(state) {
        state
            .shown
            .transcript
            .notice(crate::model::NoticeLevel::Warning, why);
        return Outcome::Consumed(vec![]);
    }
    let effects = feedback::start(state);
    Outcome::Open(super::Layer::Feedback(FeedbackView::default()), effects)
}

/// How many entries the redacted ZIP has (none before it is shown).
pub(crate) fn entries(session: &Session) -> usize {
    session.feedback.zip().map_or(0, |z| z.entries.len())
}

/// What the keys of `/feedback` read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct FeedbackKeys {
    pub choosing: bool,
    pub shown: bool,
    pub pending: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FeedbackKey {
    Move(Move),
    Choose,
    Backspace,
    Save,
    Upload,
    Confirm,
    Close,
}

fn choosing(k: &FeedbackKeys) -> bool {
    k.choosing
}

fn shown(k: &FeedbackKeys) -> bool {
    k.shown && !k.pending
}

fn settled(k: &FeedbackKeys) -> bool {
    !k.choosing && !k.pending
}

pub(crate) static KEYS: KeyTable<FeedbackKeys, FeedbackKey> = KeyTable::new(
    "feedback",
    "Feedback",
    &[
        KeyRow::new(
            "confirm",
            &[Chord::ch('y'), Chord::ch('Y')],
            FeedbackKey::Confirm,
            "yes",
        )
        .explained("write the redacted ZIP, or send it to OpenAI, as asked")
        .bar_keys(1)
        .when(
            "a save or an upload waits for its confirmation",
            |k: &FeedbackKeys| k.pending,
        ),
        list_rows::up(FeedbackKey::Move(Move::Up), "select").when("choosing", choosing),
        list_rows::down(FeedbackKey::Move(Move::Down), "select").when("choosing", choosing),
        KeyRow::new(
            "choose",
            &[Chord::ENTER],
            FeedbackKey::Choose,
            "make report",
        )
        .explained("have codex write the report, redacted and shown before it is kept")
        .when("choosing", choosing),
        list_rows::filter_back(FeedbackKey::Backspace).when("choosing", choosing),
        list_rows::up_k(FeedbackKey::Move(Move::Up), "entry").when("the contents are shown", shown),
        list_rows::down_j(FeedbackKey::Move(Move::Down), "entry")
            .when("the contents are shown", shown),
        list_rows::page_up(FeedbackKey::Move(Move::PageUp), "preview")
            .when("the contents are shown", shown),
        list_rows::page_down(FeedbackKey::Move(Move::PageDown), "preview")
            .when("the contents are shown", shown),
        KeyRow::new(
            "save",
            &[Chord::ch('s'), Chord::ENTER],
            FeedbackKey::Save,
            "save",
        )
        .explained("write the redacted ZIP to tern's data folder (asks first)")
        .bar_keys(1)
        .when("the contents are shown", shown),
        KeyRow::new("upload", &[Chord::ch('u')], FeedbackKey::Upload, "upload")
            .explained("send the redacted report to OpenAI's feedback service (asks first)")
            .when("the contents are shown", shown),
        list_rows::close(FeedbackKey::Close, "close").when("choosing", choosing),
        list_rows::close_q(FeedbackKey::Close, "close").when("not choosing", settled),
    ],
    Rest::SWALLOW,
)
.rest_by(|k| {
    if k.pending {
        // Any other key keeps and sends nothing.
        Rest {
            chars: Fate::Take("does nothing"),
            modified: Fate::Pass,
            other: Fate::Take("does nothing"),
        }
    } else if k.choosing {
        Rest::typing("types the reason")
    } else {
        Rest::SWALLOW
    }
});

impl FeedbackView {
    fn facts(&self, session: &Session) -> FeedbackKeys {
        FeedbackKeys {
            choosing: session.feedback.stage == FeedbackStage::Choosing,
            shown: matches!(session.feedback.stage, FeedbackStage::Shown { .. }),
            pending: self.pending.is_some(),
        }
    }

    fn choose(&mut self, cx: &mut Ctx<'_>) -> Outcome {
        let index = self.selected.index(CLASSIFICATIONS.len()).unwrap_or(0);
        let classification = CLASSIFICATIONS[index].0;
        let effects = feedback::choose(cx.session_mut(), classification, self.reason.as_str());
        self.selected = PickList::default();
        Outcome::Consumed(effects)
    }
}

impl LayerView for FeedbackView {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let facts = self.facts(cx);
        let key = match input {
            Input::Key(key) => key,
            Input::Paste(text) if facts.choosing => {
                self.reason.paste(text);
                return Outcome::Consumed(vec![]);
            }
            _ => return Outcome::Ignored,
        };
        Outcome::of_key_or_typed(KEYS.resolve(key, &facts, &cx.config.keymap), |row| {
            match row {
                None => {
                    self.pending = None;
                    if facts.choosing {
                        if let Some(c) = Chord::typed_char(key) {
                            self.reason.type_char(c);
                        }
                    }
                }
                Some(FeedbackKey::Close) => {
                    return Outcome::Close(feedback::close(cx.session_mut()))
                }
                Some(FeedbackKey::Move(to)) if facts.choosing => {
                    self.selected.go(to, CLASSIFICATIONS.len());
                }
                Some(FeedbackKey::Move(Move::PageUp)) => {
                    self.scroll = self.scroll.saturating_sub(10)
                }
                Some(FeedbackKey::Move(Move::PageDown)) => self.scroll += 10,
                Some(FeedbackKey::Move(to)) => {
                    if self.selected.go(to, entries(cx)) {
                        self.scroll = 0;
                    }
                }
                Some(FeedbackKey::Choose) => return self.choose(cx),
                Some(FeedbackKey::Backspace) => {
                    self.reason.backspace();
                }
                Some(FeedbackKey::Save) => self.pending = Some(Pending::Save),
                Some(FeedbackKey::Upload) => self.pending = Some(Pending::Upload),
                Some(FeedbackKey::Confirm) => {
                    return Outcome::Consumed(match self.pending.take() {
                        Some(Pending::Save) => feedback::write(cx.session_mut()),
                        Some(Pending::Upload) => feedback::upload(cx.session_mut()),
                        None => vec![],
                    });
                }
            }
            Outcome::Consumed(vec![])
        })
    }

    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        if *event != LayerEvent::AccountToolsChanged {
            return Outcome::Ignored;
        }
        if cx.feedback.stage != FeedbackStage::Choosing {
            self.selected.clamp(entries(cx));
        }
        Outcome::Consumed(vec![])
    }

    fn placement(&self) -> Placement {
        Placement::Popup
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Feedback"
    }

    fn rows(&self, _width: u16, session: &Session) -> usize {
        entries(session).max(CLASSIFICATIONS.len()) + 24
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(&self.facts(cx.session), &cx.config.keymap)
    }
}
