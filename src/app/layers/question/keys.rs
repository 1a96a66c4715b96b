//! Keys on the front question, after the type-ahead gate let them through: one table for an
//! approval's answers and a form's fields, read in the question's state ([`QuestionState`]).

use super::form::FormStep;
use crate::app::layer_types::Input;
use crate::app::layers::{Ctx, Help, Layer, Outcome, PrefixChooser, QuestionView, ViewCx};
use crate::controls::keys::{list_rows, Chord, Fate, KeyList, KeyRow, KeyTable, Resolved, Rest};
use crate::model::{OptionKind, QuestionSubject};
use crate::session::answer::answer_front;
use crate::session::state::Session;
use crossterm::event::KeyCode;
use ratatui::layout::Rect;
use std::time::Instant;

/// What the question's keys read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct QuestionState {
    /// Keys may answer it (typing has paused long enough).
    pub live: bool,
    /// A form (questions with choices or typed answers) rather than an approval.
    pub form: bool,
    /// The form's current question takes a typed answer here.
    pub typing: bool,
    /// Entries of the form's current question (its choices, and a typed answer).
    pub entries: usize,
    /// The answers offered, by their keys.
    pub options: Vec<char>,
    /// The answer chosen that waits for its confirmation (its key confirms it, as Enter does).
    pub selected: Option<char>,
    /// What Esc answers, in the question's words.
    pub escape: Option<String>,
    /// `d` is not an answer of this question.
    pub d_free: bool,
    /// A file change: `r` reviews it hunk by hunk.
    pub reviewable: bool,
    /// The body does not fit: the arrows scroll it.
    pub overflow: bool,
    /// tern's own question (`Question::is_local`, "Implement this plan?"): the arrows move
    /// the selection Enter takes.
    pub local: bool,
    /// `l` is not an answer of this question: it parks it.
    pub l_free: bool,
}

impl QuestionState {
    pub(crate) fn of(session: &Session, bottom: Rect, now: Instant) -> QuestionState {
        let Some(front) = session.questions.front() else {
            return QuestionState::default();
        };
        let question = &front.question;
        let form = match (&question.subject, front.form.as_ref()) {
            (QuestionSubject::Form(spec), Some(form)) => Some((spec, form)),
            _ => None,
        };
        QuestionState {
            // A reviewed change's reverts on their way hold further questions.
            live: front.activation.as_ref().is_some_and(|a| a.live(now))
                && !session.hunk_review.holds_questions(),
            form: form.is_some(),
            typing: form.is_some_and(|(spec, form)| form.typing(spec)),
            entries: form.map_or(0, |(spec, form)| form.entries(spec)),
            options: question.options.iter().map(|o| o.key).collect(),
            selected: front
                .selected
                .and_then(|at| question.options.get(at))
                .map(|o| o.key),
            // tern's own question says its Esc in a few words (its label is a sentence).
            escape: if question.is_local() {
                Some("stay in Plan mode".to_string())
            } else {
                question.escape_option().map(|o| o.label.to_lowercase())
            },
            d_free: question.option('d').is_none(),
            reviewable: matches!(
                question.subject,
                QuestionSubject::FileChange { .. } | QuestionSubject::ReviewRequest(_)
            ) && question.option('r').is_none(),
            overflow: crate::app::geometry::question_fit(session, bottom)
                .is_some_and(|fit| fit.max_offset > 0),
            local: question.is_local(),
            l_free: question.option('l').is_none(),
        }
    }

    fn approval(&self) -> bool {
        self.live && !self.form
    }

    fn form_open(&self) -> bool {
        self.live && self.form
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum QuestionKey {
    Answer,
    Confirm,
    Escape,
    FullView,
    /// `r` on a file change: review it hunk by hunk.
    Review,
    Scroll,
    Help,
    /// ↑ (`true`) / ↓ on tern's own question: the selection.
    Select(bool),
    Form(FormStep),
    /// Later: the question waits in the inbox, unanswered.
    Park,
    Nothing,
}

/// Ctrl+T on a question, forms included: later (it waits in the inbox). The router takes it
/// before the type-ahead gate — parking answers nothing, so it needs no pause.
pub(crate) const PARK_ANYWHERE: Chord = Chord::ctrl('t');

/// The chords that park a question whatever it is (the `park_anywhere` row, with the keymap).
pub(crate) fn park_anywhere(keymap: &crate::controls::keys::Keymap) -> Vec<Chord> {
    keymap.chords("question", "park_anywhere", &[PARK_ANYWHERE])
}

type Row = KeyRow<QuestionState, QuestionKey>;

const DIGITS: &[Chord] = &[
    Chord::ch('1'),
    Chord::ch('2'),
    Chord::ch('3'),
    Chord::ch('4'),
    Chord::ch('5'),
    Chord::ch('6'),
    Chord::ch('7'),
    Chord::ch('8'),
    Chord::ch('9'),
];

const BODY_KEYS: &[Chord] = list_rows::ARROWS_AND_PAGES;

pub(crate) static KEYS: KeyTable<QuestionState, QuestionKey> = KeyTable::new(
    "question",
    "Approval",
    &[
        Row::new(
            "wait",
            &[],
            QuestionKey::Nothing,
            "keys go to your draft until you pause",
        )
        .shown_as("…")
        .when("typing has not paused yet", |s| !s.live)
        .fixed(),
        // An approval.
        Row::new("confirm", &[Chord::ENTER], QuestionKey::Confirm, "confirm")
            .explained("confirm the chosen answer (its key again does too)")
            .keys_by("Enter, or the chosen answer's key", |s| {
                std::iter::once(Chord::ENTER)
                    .chain(s.selected.map(Chord::ch))
                    .collect()
            })
            .when("an answer waits for its confirmation", |s| {
                s.approval() && s.selected.is_some()
            }),
        Row::new("answer", &[], QuestionKey::Answer, "answer")
            .keys_by("an offered letter", |s| {
                s.options
                    .iter()
                    .filter(|&&c| Some(c) != s.selected)
                    .map(|&c| Chord::ch(c))
                    .collect()
            })
            .when("", QuestionState::approval)
            .fixed(),
        // tern's own question ("Implement this plan?"): a short list Enter takes from.
        list_rows::up(QuestionKey::Select(true), "select")
            .named("select_up")
            .explained("select the answer above (Enter takes it)")
            .when("tern's own question", |s: &QuestionState| s.live && s.local),
        list_rows::down(QuestionKey::Select(false), "select")
            .named("select_down")
            .explained("select the answer below (Enter takes it)")
            .when("tern's own question", |s: &QuestionState| s.live && s.local),
        Row::new("escape", &[Chord::ESC], QuestionKey::Escape, "refuse")
            .text_by(|s| s.escape.clone().unwrap_or_default())
            .when("the question has an answer for Esc", |s| {
                s.approval() && s.escape.is_some()
            }),
        Row::new("review", &[Chord::ch('r')], QuestionKey::Review, "review")
            .explained("keep or revert each hunk, comment on lines, then answer")
            .when("a file change", |s| s.approval() && s.reviewable),
        Row::new("park", &[Chord::ch('l')], QuestionKey::Park, "later")
            .explained("later: it waits in the inbox (Ctrl+T), the turn with it")
            .when("`l` is not an answer", |s| {
                s.approval() && s.l_free && !s.local
            }),
        Row::new(
            "full_view",
            &[Chord::ch('d'), Chord::TAB],
            QuestionKey::FullView,
            "full view",
        )
        .explained("its whole body, full screen")
        .bar_keys(1)
        .when("`d` is not an answer", |s| {
            s.approval() && s.d_free && !s.local
        }),
        Row::new("scroll", BODY_KEYS, QuestionKey::Scroll, "scroll")
            .explained("scroll its body")
            .bar_keys(2)
            .when("its body does not fit", |s| {
                !s.form && !s.local && s.overflow
            })
            .bar_if(|s| s.live),
        Row::new(
            "read_back",
            BODY_KEYS,
            QuestionKey::Nothing,
            "reach the transcript",
        )
        .when("its body fits", |s| !s.form && !s.local && !s.overflow)
        .passes()
        .reference()
        .fixed(),
        Row::new(
            "local_pages",
            &[Chord::PGUP, Chord::PGDN],
            QuestionKey::Nothing,
            "reach the transcript",
        )
        .when("tern's own question", |s| !s.form && s.local)
        .passes()
        .reference()
        .fixed(),
        // A form.
        list_rows::up(QuestionKey::Form(FormStep::Up), "choose")
            .named("form_up")
            .when("", |s: &QuestionState| s.form)
            .bar_if(|s| s.live),
        list_rows::down(QuestionKey::Form(FormStep::Down), "choose")
            .named("form_down")
            .when("", |s: &QuestionState| s.form)
            .bar_if(|s| s.live),
        Row::new(
            "form_number",
            DIGITS,
            QuestionKey::Form(FormStep::Number),
            "choose",
        )
        .shown_as("1-9")
        .when("not typing an answer", |s| s.form_open() && !s.typing)
        .fixed(),
        Row::new(
            "form_next",
            &[Chord::ENTER],
            QuestionKey::Form(FormStep::Next),
            "next / send",
        )
        .when("", QuestionState::form_open),
        Row::new(
            "form_decline",
            &[Chord::ESC],
            QuestionKey::Form(FormStep::Decline),
            "decline to answer",
        )
        .when("", QuestionState::form_open),
        Row::new(
            "form_backspace",
            &[Chord::BACKSPACE],
            QuestionKey::Form(FormStep::Backspace),
            "delete back",
        )
        .when("typing an answer", |s| s.form && s.typing)
        .reference(),
        Row::new(
            "park_anywhere",
            &[PARK_ANYWHERE],
            QuestionKey::Park,
            "later",
        )
        .explained("later, from any question (forms too): it waits in the inbox")
        .when("not tern's own question", |s| !s.local)
        .bar_if(|s| s.form || !s.l_free || !s.live),
        Row::new("help", &[Chord::ch('?')], QuestionKey::Help, "keys")
            .explained("this help")
            .when("not typing an answer", |s| s.live && !s.typing),
    ],
    // A plain key that means nothing here is typing and goes to the draft; Ctrl and Alt keys
    // belong to the layers below; the rest stops here.
    Rest {
        chars: Fate::Pass,
        modified: Fate::Pass,
        other: Fate::Swallow,
    },
)
.rest_by(|s| Rest {
    chars: match (s.form, s.typing) {
        (true, true) => Fate::Take("type the answer"),
        (true, false) => Fate::Swallow,
        (false, _) => Fate::Pass,
    },
    modified: Fate::Pass,
    other: Fate::Swallow,
});

/// The question's keys as they stand now.
pub(crate) fn key_list(cx: &ViewCx<'_>) -> KeyList {
    let facts = QuestionState::of(cx.session, cx.areas.bottom, cx.now);
    KEYS.list(&facts, &cx.config.keymap)
}

/// The front question's answer to an event. The wheel, Ctrl+O and pastes go on to the layers
/// below (a paste never answers a question, though it fills a form's typed answer); a plain
/// key that means nothing here is typing and goes to the draft.
pub(crate) fn handle(cx: &mut Ctx<'_>, input: &Input<'_>) -> Outcome {
    let now = cx.now;
    let bottom = cx.areas.bottom;
    let facts = QuestionState::of(cx.session, bottom, now);
    let key = match input {
        Input::Key(key) => *key,
        Input::Paste(text) if facts.form && facts.typing => {
            return super::form::paste(cx.session_mut(), text);
        }
        Input::Paste(_) | Input::Mouse(_) => return Outcome::Ignored,
    };
    let action = match KEYS.resolve(&key, &facts, &cx.config.keymap) {
        Resolved::Row(action) => action,
        Resolved::Take => return super::form::typed(cx.session_mut(), Chord::typed_char(&key)),
        Resolved::Pass => {
            if Chord::typed_char(&key).is_some() && !facts.form {
                // Not an answer: the person is typing. It goes to the draft, and the question
                // waits for the next pause.
                cx.questions_mut().typed(now);
            }
            return Outcome::Ignored;
        }
        Resolved::Swallow => return Outcome::Consumed(vec![]),
    };
    match action {
        QuestionKey::Answer => match Chord::typed_char(&key) {
            Some(c) => choose(cx.session_mut(), c, now),
            None => Outcome::Consumed(vec![]),
        },
        QuestionKey::Confirm => match facts.selected {
            Some(c) => choose(cx.session_mut(), c, now),
            None => Outcome::Consumed(vec![]),
        },
        QuestionKey::Escape => {
            let kind = cx
                .questions
                .front()
                .and_then(|front| front.question.escape_option())
                .map(|option| option.kind.clone());
            match kind {
                Some(OptionKind::Answer { result, record }) => {
                    Outcome::Consumed(answer_front(cx.session_mut(), result, record, now))
                }
                Some(OptionKind::Local(answer)) => {
                    Outcome::Consumed(crate::session::plans::chosen(cx.session_mut(), answer, now))
                }
                _ => Outcome::Consumed(vec![]),
            }
        }
        QuestionKey::Help => Outcome::Open(Layer::Help(Help::default()), vec![]),
        QuestionKey::FullView => {
            Outcome::Open(Layer::QuestionView(QuestionView::default()), vec![])
        }
        QuestionKey::Review if super::super::review_asked::asked_by_agent(cx.session) => {
            let now = cx.now;
            super::super::review_asked::open(cx.session_mut(), now)
        }
        QuestionKey::Review => match crate::session::hunk_review::open(cx.session_mut()) {
            Some((item_id, files, effects)) => Outcome::Open(
                Layer::HunkReview(crate::app::layers::HunkReview::new(item_id, files)),
                effects,
            ),
            None => Outcome::Consumed(vec![]),
        },
        QuestionKey::Scroll => scroll_body(cx.session_mut(), key.code, bottom),
        QuestionKey::Select(up) => select_local(cx.session_mut(), up),
        QuestionKey::Form(step) => super::form::act(cx.session_mut(), step, key.code, now),
        QuestionKey::Park => Outcome::Consumed(crate::session::inbox::park(cx.session_mut(), now)),
        QuestionKey::Nothing => Outcome::Consumed(vec![]),
    }
}

/// The option under key `c`: answered at once, selected for confirmation, or (the prefix rule)
/// opened in the chooser.
fn choose(state: &mut Session, c: char, now: Instant) -> Outcome {
    let Some(front) = state.questions.front_mut() else {
        return Outcome::Ignored;
    };
    let Some(index) = front.question.options.iter().position(|o| o.key == c) else {
        return Outcome::Ignored;
    };
    let confirmed = front.selected == Some(index);
    match front.question.options[index].kind.clone() {
        OptionKind::Answer { result, record } => {
            Outcome::Consumed(answer_front(state, result, record, now))
        }
        OptionKind::Confirm { result, record } if confirmed => {
            Outcome::Consumed(answer_front(state, result, record, now))
        }
        OptionKind::Confirm { .. } => {
            front.selected = Some(index);
            Outcome::Consumed(vec![])
        }
        OptionKind::Prefix(offer) => {
            front.selected = Some(index);
            Outcome::Open(Layer::Prefix(PrefixChooser::new(offer)), vec![])
        }
        OptionKind::Local(answer) => {
            Outcome::Consumed(crate::session::plans::chosen(state, answer, now))
        }
    }
}

/// ↑/↓ on tern's own question (a short list of choices): move the selection Enter takes.
fn select_local(state: &mut Session, up: bool) -> Outcome {
    if let Some(front) = state.questions.front_mut() {
        let n = front.question.options.len().max(1);
        let at = front.selected.unwrap_or(0);
        front.selected = Some(if up { (at + n - 1) % n } else { (at + 1) % n });
    }
    Outcome::Consumed(vec![])
}

/// Scrolls the question's body (its row applies only when the body does not fit).
fn scroll_body(state: &mut Session, code: KeyCode, bottom: Rect) -> Outcome {
    let Some(fit) = crate::app::geometry::question_fit(state, bottom).filter(|f| f.max_offset > 0)
    else {
        return Outcome::Ignored;
    };
    let Some(front) = state.questions.front_mut() else {
        return Outcome::Ignored;
    };
    let page = fit.body_rows.max(1);
    front.offset = match code {
        KeyCode::Up => front.offset.saturating_sub(1),
        KeyCode::Down => front.offset + 1,
        KeyCode::PageUp => front.offset.saturating_sub(page),
        _ => front.offset + page,
    }
    .min(fit.max_offset);
    Outcome::Consumed(vec![])
}
