//! Keys on the front question, after the type-ahead gate let them through.

use crate::app::layer_types::{Hint, Input};
use crate::app::layers::{Ctx, Help, Layer, Outcome, PrefixChooser, QuestionView};
use crate::app::session::answer::answer_front;
use crate::app::state::Session;
use crate::model::{OptionKind, Question, QuestionSubject};
use crossterm::event::{KeyCode, KeyModifiers};
use ratatui::layout::Rect;
use std::time::Instant;

/// The front question's answer to an event. The wheel, Ctrl+O and pastes go on to the layers
/// below (a paste never answers a question); a plain key that means nothing here is typing and
/// goes to the draft.
pub fn handle(cx: &mut Ctx<'_>, input: &Input<'_>) -> Outcome {
    if cx.questions.front().is_some_and(|q| q.form.is_some()) {
        return super::form::handle(cx, input);
    }
    let now = cx.now;
    let bottom = cx.areas.bottom;
    let state = &mut **cx;
    let key = match input {
        Input::Key(key) => key,
        Input::Paste(_) | Input::Mouse(_) => return Outcome::Ignored,
    };
    if key
        .modifiers
        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT | KeyModifiers::SUPER)
    {
        // Modified keys never answer: Ctrl+O and friends belong to the layers below.
        return Outcome::Ignored;
    }
    let Some(front) = state.questions.front() else {
        return Outcome::Ignored;
    };
    let question = &front.question;
    match key.code {
        KeyCode::Esc => match question.escape_option().map(|o| o.kind.clone()) {
            Some(OptionKind::Answer { result, record }) => {
                Outcome::Consumed(answer_front(state, result, record, now))
            }
            Some(OptionKind::Local(answer)) => {
                Outcome::Consumed(crate::app::session::plans::chosen(state, answer, now))
            }
            _ => Outcome::Consumed(vec![]),
        },
        KeyCode::Enter => match front.selected.and_then(|i| question.options.get(i)) {
            Some(option) => choose(state, option.key, now),
            None => Outcome::Consumed(vec![]),
        },
        KeyCode::Char('?') => Outcome::Open(Layer::Help(Help::default()), vec![]),
        KeyCode::Char('d') | KeyCode::Tab if question.option('d').is_none() => {
            Outcome::Open(Layer::QuestionView(QuestionView::default()), vec![])
        }
        KeyCode::Char(c) if question.option(c).is_some() => choose(state, c, now),
        KeyCode::Up | KeyCode::Down if question.is_local() => select_local(state, key.code),
        KeyCode::Up | KeyCode::Down | KeyCode::PageUp | KeyCode::PageDown => {
            scroll_body(state, key.code, bottom)
        }
        KeyCode::Char(_) => {
            // Not an answer: the person is typing. It goes to the draft, and the question waits
            // for the next pause.
            state.questions.typed(now);
            Outcome::Ignored
        }
        _ => Outcome::Consumed(vec![]),
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
            Outcome::Consumed(crate::app::session::plans::chosen(state, answer, now))
        }
    }
}

/// ↑/↓ on tern's own question (a short list of choices): move the selection Enter takes.
fn select_local(state: &mut Session, code: KeyCode) -> Outcome {
    if let Some(front) = state.questions.front_mut() {
        let n = front.question.options.len().max(1);
        let at = front.selected.unwrap_or(0);
        front.selected = Some(match code {
            KeyCode::Up => (at + n - 1) % n,
            _ => (at + 1) % n,
        });
    }
    Outcome::Consumed(vec![])
}

/// Scrolls the question's body when it does not fit; otherwise the keys read the transcript.
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

/// The front question's keys: the answers it offers, what Esc does, and the rest.
pub fn hints(question: &Question, selected: Option<usize>, live: bool) -> Vec<Hint> {
    if !live {
        return vec![Hint::new("…", "keys go to your draft until you pause")];
    }
    if matches!(question.subject, QuestionSubject::Form(_)) {
        return super::form::hints();
    }
    if question.is_local() {
        let keys: Vec<String> = question.options.iter().map(|o| o.key.to_string()).collect();
        return vec![
            Hint::new(keys.join("/"), "choose"),
            Hint::new("↑/↓ Enter", "select, choose"),
            Hint::new("Esc", "no, stay in Plan mode"),
        ];
    }
    let keys: Vec<String> = question.options.iter().map(|o| o.key.to_string()).collect();
    let mut hints = vec![Hint::new(keys.join("/"), "answer")];
    if let Some(option) = selected.and_then(|i| question.options.get(i)) {
        hints.insert(0, Hint::new(format!("Enter or {}", option.key), "confirm"));
    }
    if let Some(esc) = question.escape_option() {
        hints.push(Hint::new("Esc", esc.label.to_lowercase()));
    }
    hints.push(Hint::new("d", "full view"));
    hints.push(Hint::new("↑/↓", "scroll"));
    hints.push(Hint::new("?", "keys"));
    hints
}
