//! `agentMessage.moderation` (0.171): how an answer must be presented. `show` shows it (maybe
//! with a helpline annotation), `hide` replaces it with a notice, `block` withholds it and says
//! why. Spelled as `v2/AgentMessageModeration.ts` and `v2/AgentMessageDisplay.ts` print it.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AgentMessageModeration {
    #[serde(default)]
    pub moderated: bool,
    #[serde(default)]
    pub display: Option<AgentMessageDisplay>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "camelCase")]
pub enum AgentMessageDisplay {
    Show {
        #[serde(default)]
        annotation: Option<Kinded>,
    },
    Hide {
        #[serde(default)]
        replacement: Option<Kinded>,
    },
    Block {
        #[serde(default)]
        reason: Option<BlockReason>,
    },
    /// A mode this tern does not know: nothing is shown (the safe reading).
    #[serde(other)]
    Unknown,
}

/// `{kind: …}` objects whose only field tern reads is the kind.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Kinded {
    pub kind: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum BlockReason {
    #[serde(rename_all = "camelCase")]
    Protection {
        #[serde(default)]
        protection_type: String,
    },
    Cyber,
    #[serde(other)]
    Other,
}

/// What is shown instead of a hidden answer.
pub(crate) const HIDDEN_NOTICE: &str =
    "*This answer is hidden.* If you are going through something \
difficult, you do not have to face it alone: reaching out to someone you trust or a local \
helpline can help.";

/// A helpline note shown under an answer marked with one.
pub(crate) const HELPLINE_NOTE: &str =
    "*If you are going through something difficult, reaching out \
to someone you trust or a local helpline can help.*";

impl AgentMessageModeration {
    /// The markdown to show in place of the answer, when the answer must not be shown.
    pub(crate) fn replacement(&self) -> Option<String> {
        match self.display.as_ref()? {
            AgentMessageDisplay::Show { .. } => None,
            AgentMessageDisplay::Hide { .. } => Some(HIDDEN_NOTICE.to_string()),
            AgentMessageDisplay::Block { reason } => Some(block_text(reason.as_ref())),
            AgentMessageDisplay::Unknown => {
                Some("*This answer is withheld (a moderation mode tern does not know).*".into())
            }
        }
    }

    /// A note to show under an answer that is shown.
    pub(crate) fn annotation(&self) -> Option<&'static str> {
        match self.display.as_ref()? {
            AgentMessageDisplay::Show {
                annotation: Some(_),
            } => Some(HELPLINE_NOTE),
            _ => None,
        }
    }
}

/// An agent message's text as it may be shown: the replacement when its moderation withholds
/// it, the text with a helpline note when it asks for one, else the text.
pub(crate) fn shown_text<'a>(
    text: &'a str,
    moderation: Option<&AgentMessageModeration>,
) -> std::borrow::Cow<'a, str> {
    let Some(moderation) = moderation else {
        return std::borrow::Cow::Borrowed(text);
    };
    if let Some(replacement) = moderation.replacement() {
        return std::borrow::Cow::Owned(replacement);
    }
    match moderation.annotation() {
        Some(note) => std::borrow::Cow::Owned(format!("{text}\n\n{note}")),
        None => std::borrow::Cow::Borrowed(text),
    }
}

fn block_text(reason: Option<&BlockReason>) -> String {
    let why = match reason {
        Some(BlockReason::Protection { protection_type }) if !protection_type.is_empty() => {
            // The type is the server's word: shown as code, so nothing in it is markup.
            format!(
                "OpenAI's safety protections ({})",
                crate::text::sanitize::sanitize_line(protection_type).replace('`', "'")
            )
        }
        Some(BlockReason::Protection { .. }) => "OpenAI's safety protections".to_string(),
        Some(BlockReason::Cyber) => "OpenAI's cybersecurity policy".to_string(),
        Some(BlockReason::Other) | None => "OpenAI's usage policies".to_string(),
    };
    format!("*This answer was blocked by {why}.*")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn parse(display: serde_json::Value) -> AgentMessageModeration {
        serde_json::from_value(json!({"moderated": true, "display": display})).unwrap()
    }

    #[test]
    fn hide_and_block_replace_the_answer_and_show_does_not() {
        let hidden = parse(
            json!({"mode": "hide", "version": 1, "replacement": {"kind": "wellbeingPromptHelpline"}}),
        );
        assert_eq!(hidden.replacement().as_deref(), Some(HIDDEN_NOTICE));
        let blocked = parse(
            json!({"mode": "block", "version": 1, "reason": {"kind": "protection", "protectionType": "bio\u{1b}[2J"}}),
        );
        let text = blocked.replacement().unwrap();
        assert!(text.contains("safety protections (bio"), "{text}");
        assert!(!text.contains('\u{1b}'), "{text:?}");
        let cyber = parse(json!({"mode": "block", "version": 1, "reason": {"kind": "cyber"}}));
        assert!(cyber.replacement().unwrap().contains("cybersecurity"));
        let shown = parse(
            json!({"mode": "show", "version": 1, "trustedContacts": "skip",
                   "annotation": {"kind": "wellbeingHelpline", "subject": "answer"}}),
        );
        assert_eq!(shown.replacement(), None);
        assert_eq!(shown.annotation(), Some(HELPLINE_NOTE));
        let future = parse(json!({"mode": "blur", "version": 2}));
        assert!(future.replacement().is_some(), "unknown modes withhold");
        let none: AgentMessageModeration =
            serde_json::from_value(json!({"moderated": false, "display": null})).unwrap();
        assert_eq!(none.replacement(), None);
    }
}
