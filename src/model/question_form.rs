//! Questions the server asks the person: `item/tool/requestUserInput` and MCP elicitation
//! forms. One shape for both; each knows how to turn the answers into its own reply.

use crate::protocol::{ElicitationParams, UserInputParams};
use serde_json::{json, Map, Value};

#[derive(Debug, Clone, PartialEq)]
pub enum FormSource {
    UserInput,
    Elicitation { server: String },
}

#[derive(Debug, Clone, PartialEq)]
pub enum FieldKind {
    Text,
    Integer {
        min: Option<f64>,
        max: Option<f64>,
    },
    Number {
        min: Option<f64>,
        max: Option<f64>,
    },
    Boolean,
    /// One of the choices; `values` are what is sent (the labels are what is shown).
    Choice {
        values: Vec<Value>,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    pub label: String,
    pub description: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Question {
    pub id: String,
    pub header: String,
    pub text: String,
    pub choices: Vec<Choice>,
    /// The person may type an answer (an "other" answer when there are choices).
    pub free_text: bool,
    /// Typed text is masked on screen.
    pub secret: bool,
    pub required: bool,
    pub kind: FieldKind,
}

#[derive(Debug, PartialEq)]
pub struct FormSpec {
    pub thread_id: String,
    pub source: FormSource,
    pub message: String,
    pub questions: Vec<Question>,
}

/// A copy costs one step per question (`model::work`): a form of many questions is shared, not
/// copied, on each key, and the tests count it.
impl Clone for FormSpec {
    fn clone(&self) -> Self {
        super::work::step(self.questions.len());
        FormSpec {
            thread_id: self.thread_id.clone(),
            source: self.source.clone(),
            message: self.message.clone(),
            questions: self.questions.clone(),
        }
    }
}

/// One question's answer.
#[derive(Debug, Clone, PartialEq)]
pub enum FormAnswer {
    Choice(usize),
    Text(String),
    Skipped,
}

impl FormSpec {
    pub(crate) fn from_user_input(params: &UserInputParams) -> FormSpec {
        let questions = params
            .questions
            .iter()
            .map(|q| {
                let choices: Vec<Choice> = q
                    .options
                    .iter()
                    .flatten()
                    .map(|o| Choice {
                        label: o.label.clone(),
                        description: o.description.clone(),
                    })
                    .collect();
                Question {
                    id: q.id.clone(),
                    header: q.header.clone(),
                    text: q.question.clone(),
                    free_text: q.is_other || choices.is_empty(),
                    choices,
                    secret: q.is_secret,
                    required: false,
                    kind: FieldKind::Text,
                }
            })
            .collect();
        FormSpec {
            thread_id: params.thread_id.clone(),
            source: FormSource::UserInput,
            message: String::new(),
            questions,
        }
    }

    /// A form from an MCP `requestedSchema`: strings, numbers, booleans and enums.
    pub(crate) fn from_elicitation(params: &ElicitationParams) -> FormSpec {
        let schema = params.requested_schema.clone().unwrap_or(Value::Null);
        // A set: a form of many properties is checked in time linear in its size.
        let required: std::collections::HashSet<&str> = schema
            .get("required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let questions = schema
            .get("properties")
            .and_then(Value::as_object)
            .map(|props| {
                props
                    .iter()
                    .map(|(id, field)| field_question(id, field, required.contains(&id.as_str())))
                    .collect()
            })
            .unwrap_or_default();
        FormSpec {
            thread_id: params.thread_id.clone(),
            source: FormSource::Elicitation {
                server: params.server_name.clone(),
            },
            message: params.message.clone(),
            questions,
        }
    }

    /// The reply carrying `answers` (one per question, in order).
    pub(crate) fn result(&self, answers: &[FormAnswer]) -> Value {
        match &self.source {
            FormSource::UserInput => {
                let mut map = Map::new();
                for (q, answer) in self.questions.iter().zip(answers) {
                    let text = match answer {
                        FormAnswer::Choice(i) => q.choices.get(*i).map(|c| c.label.clone()),
                        FormAnswer::Text(t) => Some(t.clone()),
                        FormAnswer::Skipped => None,
                    };
                    if let Some(text) = text {
                        map.insert(q.id.clone(), json!({ "answers": [text] }));
                    }
                }
                json!({ "answers": map })
            }
            FormSource::Elicitation { .. } => {
                let mut content = Map::new();
                for (q, answer) in self.questions.iter().zip(answers) {
                    if let Ok(Some(value)) = q.value(answer) {
                        content.insert(q.id.clone(), value);
                    }
                }
                json!({"action": "accept", "content": content, "_meta": null})
            }
        }
    }

    /// The reply when the person will not answer: `cancel` stops the request outright.
    pub fn refusal(&self, cancel: bool) -> Value {
        match &self.source {
            FormSource::UserInput => json!({ "answers": {} }),
            FormSource::Elicitation { .. } => {
                let action = if cancel { "cancel" } else { "decline" };
                json!({"action": action, "content": null, "_meta": null})
            }
        }
    }
}

impl Question {
    /// The answer as the reply carries it, or why it is not acceptable.
    pub(crate) fn value(&self, answer: &FormAnswer) -> Result<Option<Value>, String> {
        let value = match (answer, &self.kind) {
            (FormAnswer::Skipped, _) if self.required => {
                return Err("this one needs an answer".into())
            }
            (FormAnswer::Skipped, _) => return Ok(None),
            (FormAnswer::Choice(i), FieldKind::Choice { values }) => values.get(*i).cloned(),
            (FormAnswer::Choice(i), FieldKind::Boolean) => Some(json!(*i == 0)),
            (FormAnswer::Choice(i), _) => self.choices.get(*i).map(|c| json!(c.label)),
            (FormAnswer::Text(t), FieldKind::Integer { min, max }) => {
                let n: i64 = t
                    .trim()
                    .parse()
                    .map_err(|_| "enter a whole number".to_string())?;
                check_range(n as f64, *min, *max)?;
                Some(json!(n))
            }
            (FormAnswer::Text(t), FieldKind::Number { min, max }) => {
                let n: f64 = t.trim().parse().map_err(|_| "enter a number".to_string())?;
                check_range(n, *min, *max)?;
                Some(json!(n))
            }
            (FormAnswer::Text(t), _) => Some(json!(t)),
        };
        Ok(value)
    }
}

fn check_range(n: f64, min: Option<f64>, max: Option<f64>) -> Result<(), String> {
    match (min, max) {
        (Some(lo), _) if n < lo => Err(format!("at least {lo}")),
        (_, Some(hi)) if n > hi => Err(format!("at most {hi}")),
        _ => Ok(()),
    }
}

/// A choice whose title differs from the value its answer sends says what it sends: the title
/// is the server's wording, the value is what is granted.
fn sends(label: &str, value: &Value) -> String {
    match value {
        Value::String(s) if s == label => String::new(),
        other => format!("sends {}", serde_json::to_string(other).unwrap_or_default()),
    }
}

fn field_question(id: &str, field: &Value, required: bool) -> Question {
    let text = |key: &str| {
        field
            .get(key)
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string()
    };
    let number = |key: &str| field.get(key).and_then(Value::as_f64);
    let mut choices = Vec::new();
    let kind = if let Some(one_of) = field.get("oneOf").and_then(Value::as_array) {
        let mut values = Vec::new();
        for option in one_of {
            let value = option.get("const").cloned().unwrap_or(Value::Null);
            let label = option
                .get("title")
                .and_then(Value::as_str)
                .map(str::to_string)
                .unwrap_or_else(|| value.as_str().unwrap_or_default().to_string());
            choices.push(Choice {
                description: sends(&label, &value),
                label,
            });
            values.push(value);
        }
        FieldKind::Choice { values }
    } else if let Some(list) = field.get("enum").and_then(Value::as_array) {
        let names = field.get("enumNames").and_then(Value::as_array);
        for (i, value) in list.iter().enumerate() {
            let label = names
                .and_then(|n| n.get(i))
                .and_then(Value::as_str)
                .or_else(|| value.as_str())
                .unwrap_or_default()
                .to_string();
            choices.push(Choice {
                description: sends(&label, value),
                label,
            });
        }
        FieldKind::Choice {
            values: list.clone(),
        }
    } else {
        match field.get("type").and_then(Value::as_str) {
            Some("integer") => FieldKind::Integer {
                min: number("minimum"),
                max: number("maximum"),
            },
            Some("number") => FieldKind::Number {
                min: number("minimum"),
                max: number("maximum"),
            },
            Some("boolean") => {
                for label in ["Yes", "No"] {
                    choices.push(Choice {
                        label: label.into(),
                        description: String::new(),
                    });
                }
                FieldKind::Boolean
            }
            _ => FieldKind::Text,
        }
    };
    let title = text("title");
    Question {
        id: id.to_string(),
        header: if title.is_empty() {
            id.to_string()
        } else {
            title
        },
        text: text("description"),
        free_text: choices.is_empty(),
        choices,
        secret: false,
        required,
        kind,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elicitation_forms_type_their_answers() {
        let params: ElicitationParams = serde_json::from_value(json!({
            "threadId": "t", "turnId": "u", "serverName": "elic", "mode": "form", "_meta": null,
            "message": "What is your name?",
            "requestedSchema": {"type": "object", "properties": {
                "color": {"type": "string", "title": "Color", "enum": ["red", "blue"]},
                "lucky": {"type": "integer", "title": "Lucky number", "minimum": 1, "maximum": 99},
                "name": {"type": "string", "title": "Name", "description": "Your name"}},
                "required": ["name"]}
        }))
        .unwrap();
        let form = FormSpec::from_elicitation(&params);
        let ids: Vec<&str> = form.questions.iter().map(|q| q.id.as_str()).collect();
        assert_eq!(ids, ["color", "lucky", "name"]);
        assert_eq!(
            form.questions[1].value(&FormAnswer::Text("100".into())),
            Err("at most 99".into())
        );
        assert!(form.questions[2].value(&FormAnswer::Skipped).is_err());
        let reply = form.result(&[
            FormAnswer::Choice(0),
            FormAnswer::Text("7".into()),
            FormAnswer::Text("Ann".into()),
        ]);
        assert_eq!(
            reply,
            json!({"action": "accept", "content": {"name": "Ann", "lucky": 7, "color": "red"}, "_meta": null})
        );
    }

    #[test]
    fn user_input_answers_are_labels_or_typed_text() {
        let params: UserInputParams = serde_json::from_value(json!({
            "threadId": "t", "turnId": "u", "itemId": "i", "isBlocking": true,
            "questions": [
                {"id": "color", "header": "Color", "question": "Which?", "isOther": true, "isSecret": false,
                 "options": [{"label": "Red", "description": "Warm."}, {"label": "Blue", "description": "Calm."}]},
                {"id": "size", "header": "Size", "question": "How big?", "isOther": true, "isSecret": false, "options": null}
            ]
        }))
        .unwrap();
        let form = FormSpec::from_user_input(&params);
        assert!(form.questions[1].free_text);
        assert_eq!(
            form.result(&[FormAnswer::Choice(1), FormAnswer::Text("huge".into())]),
            json!({"answers": {"color": {"answers": ["Blue"]}, "size": {"answers": ["huge"]}}})
        );
        assert_eq!(form.refusal(false), json!({"answers": {}}));
    }
}

/// Where the person is in a form: the question on screen, its highlighted choice or typed text,
/// and the answers given so far.
#[derive(Debug, PartialEq, Default)]
pub struct FormState {
    pub question: usize,
    pub answers: Vec<FormAnswer>,
    /// The highlighted choice; one past the last choice is the "type an answer" entry.
    pub cursor: usize,
    pub text: String,
    /// Why the last answer was not taken.
    pub error: Option<String>,
}

/// A copy costs one step per answer (`model::work`), as a copy of the form does: nothing on a
/// key's path copies either.
impl Clone for FormState {
    fn clone(&self) -> Self {
        super::work::step(self.answers.len());
        FormState {
            question: self.question,
            answers: self.answers.clone(),
            cursor: self.cursor,
            text: self.text.clone(),
            error: self.error.clone(),
        }
    }
}

impl FormState {
    pub fn new(spec: &FormSpec) -> Self {
        FormState {
            answers: vec![FormAnswer::Skipped; spec.questions.len()],
            ..FormState::default()
        }
    }

    /// Whether keys now type text (the typed-answer entry is highlighted).
    pub(crate) fn typing(&self, spec: &FormSpec) -> bool {
        spec.questions
            .get(self.question)
            .is_some_and(|q| q.free_text && self.cursor >= q.choices.len())
    }

    /// Entries on the current question: its choices, plus one for a typed answer.
    pub fn entries(&self, spec: &FormSpec) -> usize {
        spec.questions
            .get(self.question)
            .map_or(0, |q| q.choices.len() + usize::from(q.free_text))
    }
}
