//! Keys on a form: one question at a time, choices by arrow or number, a typed answer
//! where the question allows one. Enter moves on; after the last question the reply is sent.

use crate::app::layer_types::{Hint, Input};
use crate::app::layers::{Ctx, Help, Layer, Outcome};
use crate::app::session::answer::answer_front;
use crate::app::state::Session;
use crate::model::question_form::{FormAnswer, FormSpec};
use crate::model::{QuestionSubject, Record};
use crossterm::event::{KeyCode, KeyModifiers};
use std::time::Instant;

pub use crate::model::question_form::FormState;

pub fn handle(cx: &mut Ctx<'_>, input: &Input<'_>) -> Outcome {
    let now = cx.now;
    let state = &mut **cx;
    let Some(front) = state.questions.front_mut() else {
        return Outcome::Ignored;
    };
    let QuestionSubject::Form(spec) = &front.question.subject else {
        return Outcome::Ignored;
    };
    // Shared, not copied: a form of many questions costs nothing per key to hold.
    let spec = spec.clone();
    let Some(form) = front.form.as_mut() else {
        return Outcome::Ignored;
    };
    let typing = form.typing(&spec);
    let key = match input {
        Input::Paste(text) if typing => {
            let line = text.lines().next().unwrap_or("");
            form.text.extend(line.chars().filter(|c| !c.is_control()));
            return Outcome::Consumed(vec![]);
        }
        Input::Key(key) => *key,
        Input::Paste(_) | Input::Mouse(_) => return Outcome::Ignored,
    };
    if key
        .modifiers
        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT | KeyModifiers::SUPER)
    {
        return Outcome::Ignored;
    }
    let entries = form.entries(&spec);
    match key.code {
        KeyCode::Esc => {
            return Outcome::Consumed(answer_front(
                state,
                spec.refusal(false),
                Record::Declined,
                now,
            ))
        }
        KeyCode::Up => form.cursor = form.cursor.saturating_sub(1),
        KeyCode::Down => form.cursor = (form.cursor + 1).min(entries.saturating_sub(1)),
        KeyCode::Backspace if typing => {
            form.text.pop();
        }
        KeyCode::Char(c) if typing => form.text.push(c),
        KeyCode::Char('?') => return Outcome::Open(Layer::Help(Help::default()), vec![]),
        KeyCode::Char(c @ '1'..='9') => {
            let index = c as usize - '1' as usize;
            if index < entries {
                form.cursor = index;
                return submit(state, &spec, now);
            }
        }
        KeyCode::Enter => return submit(state, &spec, now),
        _ => {}
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

pub fn hints() -> Vec<Hint> {
    vec![
        Hint::new("↑/↓ or 1-9", "choose"),
        Hint::new("Enter", "next / send"),
        Hint::new("Esc", "decline to answer"),
    ]
}
