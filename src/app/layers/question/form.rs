//! What a form's keys do (`keys` resolves them): one question at a time, choices by arrow or
//! number, a typed answer where the question allows one. Enter moves on; after the last
//! question the reply is sent.

use crate::app::layers::Outcome;
use crate::controls::line_input::{backspace_in, pasted_line, type_into};
use crate::controls::pick_list::PickList;
use crate::model::question_form::{FormAnswer, FormSpec};
use crate::model::{QuestionSubject, Record};
use crate::session::answer::answer_front;
use crate::session::state::Session;
use crossterm::event::KeyCode;
use std::sync::Arc;
use std::time::Instant;

pub(crate) use crate::model::question_form::FormState;

/// The front form and its spec, when the front question is one.
fn front_form(state: &mut Session) -> Option<(Arc<FormSpec>, &mut FormState)> {
    let front = state.questions.front_mut()?;
    let QuestionSubject::Form(spec) = &front.question.subject else {
        return None;
    };
    // Shared, not copied: a form of many questions costs nothing per key to hold.
    let spec = spec.clone();
    Some((spec, front.form.as_mut()?))
}

/// A paste into the typed answer: the one rule for a line (`line_input::pasted_line`).
pub(crate) fn paste(state: &mut Session, text: &str) -> Outcome {
    if let Some((_, form)) = front_form(state) {
        form.text.push_str(&pasted_line(text));
    }
    Outcome::Consumed(vec![])
}

/// A character typed into the answer (the one line-input's rules, `line_input`).
pub(crate) fn typed(state: &mut Session, c: Option<char>) -> Outcome {
    if let (Some((_, form)), Some(c)) = (front_form(state), c) {
        type_into(&mut form.text, c);
    }
    Outcome::Consumed(vec![])
}

/// What a form's keys do (the rows of `keys::KEYS` that apply to forms).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FormStep {
    Up,
    Down,
    /// A digit: that choice, and on.
    Number,
    Next,
    Decline,
    Backspace,
}

/// A row of the form's keys.
pub(crate) fn act(state: &mut Session, action: FormStep, code: KeyCode, now: Instant) -> Outcome {
    let Some((spec, form)) = front_form(state) else {
        return Outcome::Ignored;
    };
    let entries = form.entries(&spec);
    // The one edge rule of pick lists: the cursor stops at the ends.
    let mut cursor = PickList::at(form.cursor);
    match action {
        FormStep::Decline => {
            return Outcome::Consumed(answer_front(
                state,
                spec.refusal(false),
                Record::Declined,
                now,
            ))
        }
        FormStep::Up => {
            cursor.step(-1, entries);
            form.cursor = cursor.index(entries).unwrap_or(0);
        }
        FormStep::Down => {
            cursor.step(1, entries);
            form.cursor = cursor.index(entries).unwrap_or(0);
        }
        FormStep::Backspace => {
            backspace_in(&mut form.text);
        }
        FormStep::Number => {
            if let KeyCode::Char(c @ '1'..='9') = code {
                let index = c as usize - '1' as usize;
                if index < entries {
                    form.cursor = index;
                    return submit(state, &spec, now);
                }
            }
        }
        FormStep::Next => return submit(state, &spec, now),
    }
    Outcome::Consumed(vec![])
}

/// Takes the current question's answer and moves on, or sends the reply after the last one.
fn submit(state: &mut Session, spec: &FormSpec, now: Instant) -> Outcome {
    let Some(form) = state.questions.front_mut().and_then(|f| f.form.as_mut()) else {
        return Outcome::Ignored;
    };
    let Some(question) = spec.questions.get(form.question) else {
        return Outcome::Ignored;
    };
    let answer = if form.cursor < question.choices.len() {
        FormAnswer::Choice(form.cursor)
    } else if form.text.trim().is_empty() {
        FormAnswer::Skipped
    } else {
        FormAnswer::Text(form.text.clone())
    };
    if let Err(why) = question.value(&answer) {
        form.error = Some(why);
        return Outcome::Consumed(vec![]);
    }
    form.answers[form.question] = answer;
    form.question += 1;
    form.cursor = 0;
    form.text.clear();
    form.error = None;
    if form.question < spec.questions.len() {
        return Outcome::Consumed(vec![]);
    }
    let reply = spec.result(&form.answers);
    Outcome::Consumed(answer_front(state, reply, Record::Answered, now))
}
