//! `/feedback`: a report for OpenAI's feedback service. First the kind of report (the
//! official TUI's "How was this?" list) and, typed, an optional reason; Enter asks codex to
//! write the report into a private temp folder, which tern redacts (`session::feedback`).
//! Then every entry of the redacted ZIP is listed — name, size, redactions — with a preview of
//! the selected one, before anything is kept: `s` (or Enter) writes the ZIP and `u` uploads it,
//! each after `y` in the one confirm box. Esc closes and deletes the temp folder.

use super::{Confirm, Ctx, Layer, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, KeyList, KeyRow, KeyTable, Move, Rest};
use crate::controls::line_input::LineInput;
use crate::controls::pick_list::PickList;
use crate::session::event::{Confirmable, LayerEvent};
use crate::session::feedback;
use crate::session::state::feedback::{FeedbackStage, CLASSIFICATIONS};
use crate::session::state::Session;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct FeedbackView {
    /// The classification (while choosing), then the entry whose preview is shown.
    pub selected: PickList,
    /// The reason typed (optional).
    pub reason: LineInput,
    /// How far the preview is scrolled, in lines.
    pub scroll: usize,
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

/// The most preview lines the box shows at once.
pub(crate) const PREVIEW_LINES: usize = 12;

/// How far the preview of the entry at `selected` scrolls: to where its last line is the
/// box's last (nothing past the end).
pub(crate) fn preview_end(session: &Session, selected: &PickList) -> usize {
    let Some(zip) = session.feedback.zip() else {
        return 0;
    };
    let preview = selected
        .index(zip.entries.len())
        .and_then(|i| zip.entries[i].preview.as_deref());
    preview.map_or(0, |text| {
        crate::text::sanitize::visible_text(text)
            .len()
            .saturating_sub(PREVIEW_LINES)
    })
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
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FeedbackKey {
    Move(Move),
    Choose,
    Backspace,
    Save,
    Upload,
    Close,
}

fn choosing(k: &FeedbackKeys) -> bool {
    k.choosing
}

fn shown(k: &FeedbackKeys) -> bool {
    k.shown
}

fn settled(k: &FeedbackKeys) -> bool {
    !k.choosing
}

pub(crate) static KEYS: KeyTable<FeedbackKeys, FeedbackKey> = KeyTable::new(
    "feedback",
    "Feedback",
    &[
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
    if k.choosing {
        Rest::typing("types the reason")
    } else {
        Rest::SWALLOW
    }
});

/// The confirm box, asking before the report is kept or sent.
fn ask(ask: Confirmable) -> Outcome {
    Outcome::Open(Layer::Confirm(Confirm { ask }), vec![])
}

impl FeedbackView {
    fn facts(&self, session: &Session) -> FeedbackKeys {
        FeedbackKeys {
            choosing: session.feedback.stage == FeedbackStage::Choosing,
            shown: matches!(session.feedback.stage, FeedbackStage::Shown { .. }),
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
                Some(FeedbackKey::Move(Move::PageDown)) => {
                    self.scroll = (self.scroll + 10).min(preview_end(cx, &self.selected));
                }
                Some(FeedbackKey::Move(to)) => {
                    if self.selected.go(to, entries(cx)) {
                        self.scroll = 0;
                    }
                }
                Some(FeedbackKey::Choose) => return self.choose(cx),
                Some(FeedbackKey::Backspace) => {
                    self.reason.backspace();
                }
                Some(FeedbackKey::Save) => return ask(Confirmable::SaveFeedback),
                Some(FeedbackKey::Upload) => return ask(Confirmable::UploadFeedback),
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
            self.scroll = self.scroll.min(preview_end(cx, &self.selected));
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
