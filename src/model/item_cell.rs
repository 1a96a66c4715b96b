//! Cells for the thread items and notifications that are neither messages, commands nor file
//! changes: reviews, images, client (dynamic) tools, function outputs, hooks, sleeps, the goal,
//! and any item kind tern does not know (named, never silent). Built from the protocol's types
//! with every server string bounded here, once; sanitised where drawn (`render::item_cells`).

use crate::protocol::{
    DynamicToolCall, DynamicToolContent, FunctionCallOutput, HookRun, ImageGeneration,
};
use serde_json::Value;

/// The longest text kept from one field the server sends (arguments, outputs, messages).
pub(crate) const FIELD_BYTES: usize = 4_000;
/// The most entries kept from a list the server sends (hook entries, content items).
pub(crate) const LIST_ITEMS: usize = 20;

#[derive(Debug, Clone, PartialEq)]
pub enum ItemCell {
    /// `enteredReviewMode`: what is reviewed ("current changes", "commit abc: subject").
    ReviewStarted {
        label: String,
    },
    /// `exitedReviewMode`: the review, as markdown; `cwd` shortens the paths it names.
    ReviewResult {
        review: String,
        cwd: Option<String>,
    },
    /// `imageView`: the model looked at an image file; `info` once the runtime read it.
    ImageView {
        path: String,
        info: Option<ImageInfo>,
    },
    ImageGeneration {
        status: String,
        revised_prompt: Option<String>,
        saved_path: Option<String>,
        failure: Option<String>,
        info: Option<ImageInfo>,
    },
    /// A call of a client-registered tool: `namespace.tool(arguments)` and what it answered.
    DynamicTool {
        name: String,
        arguments: String,
        status: Option<String>,
        success: Option<bool>,
        output: Vec<String>,
        duration_ms: Option<i64>,
    },
    FunctionOutput {
        name: String,
        output: String,
    },
    /// A hook's feedback the model was given (`hookPrompt`).
    HookPrompt {
        texts: Vec<String>,
    },
    /// One hook run (`hook/started`, then `hook/completed` in its place).
    Hook {
        event: String,
        status: String,
        message: Option<String>,
        duration_ms: Option<i64>,
        entries: Vec<(String, String)>,
    },
    /// One auto-review of an approval (`item/autoApprovalReview/*`, see `model::auto_review`).
    AutoReview {
        action: String,
        status: String,
        risk: Option<String>,
        authorization: Option<String>,
        rationale: Option<String>,
    },
    /// The model waits: `duration_ms` asked, `slept_ms` once it ended (a steer cuts it short).
    Sleep {
        duration_ms: i64,
        running: bool,
        slept_ms: Option<i64>,
    },
    /// The thread's goal was set, changed or (`objective: None`) cleared.
    Goal {
        objective: Option<String>,
        status: String,
        tokens_used: i64,
        token_budget: Option<i64>,
    },
    /// An item kind tern does not know.
    Unknown {
        item_type: String,
    },
}

/// What the runtime read of an image file: its pixel size (when the format is known) and bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImageInfo {
    pub width: u32,
    pub height: u32,
    pub bytes: u64,
    /// A PNG: the one compressed format the kitty graphics protocol takes as it is.
    pub png: bool,
}

/// The image protocol the terminal said it speaks, in its answer to tern's query at startup
/// (`runtime::graphics_query`): never assumed from a name in the environment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageProtocol {
    /// The kitty graphics protocol (kitty, WezTerm, Ghostty, Konsole…): PNG data.
    Kitty,
    /// iTerm2's inline images (OSC 1337 `File=`): any format the terminal decodes.
    Iterm2,
}

impl ImageProtocol {
    /// Whether an image with `info` can be shown inline this way.
    pub(crate) fn shows(self, info: &ImageInfo) -> bool {
        match self {
            ImageProtocol::Kitty => info.png,
            ImageProtocol::Iterm2 => true,
        }
    }
}

/// `text` cut to at most [`FIELD_BYTES`] bytes on a char boundary, with a mark when cut.
pub(crate) fn bounded(text: &str) -> String {
    if text.len() <= FIELD_BYTES {
        return text.to_string();
    }
    let mut end = FIELD_BYTES;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… ({} more bytes)", &text[..end], text.len() - end)
}

/// JSON on one line, bounded (tool arguments, moderation metadata).
pub(crate) fn compact_json(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(s) => bounded(s),
        other => bounded(&other.to_string()),
    }
}

impl ItemCell {
    pub(crate) fn dynamic_tool(call: &DynamicToolCall) -> Self {
        let name = match &call.namespace {
            Some(ns) if !ns.is_empty() => format!("{ns}.{}", call.tool),
            _ => call.tool.clone(),
        };
        let output = call
            .content_items
            .iter()
            .flatten()
            .take(LIST_ITEMS)
            .map(|item| match item {
                DynamicToolContent::InputText { text } => bounded(text),
                DynamicToolContent::InputImage {} => "[image]".to_string(),
                DynamicToolContent::InputAudio {} => "[audio]".to_string(),
                DynamicToolContent::Other => "[content]".to_string(),
            })
            .collect();
        ItemCell::DynamicTool {
            name: bounded(&name),
            arguments: compact_json(&call.arguments),
            status: call.status.as_deref().map(bounded),
            success: call.success,
            output,
            duration_ms: call.duration_ms,
        }
    }

    pub(crate) fn function_output(item: &FunctionCallOutput) -> Self {
        let name = match &item.namespace {
            Some(ns) if !ns.is_empty() => format!("{ns}.{}", item.name),
            _ => item.name.clone(),
        };
        let output = match &item.output {
            Value::Array(parts) => parts
                .iter()
                .take(LIST_ITEMS)
                .map(|part| match part.get("type").and_then(Value::as_str) {
                    Some("input_text") => part
                        .get("text")
                        .and_then(Value::as_str)
                        .unwrap_or_default()
                        .to_string(),
                    Some(other) => format!("[{other}]"),
                    None => "[content]".to_string(),
                })
                .collect::<Vec<_>>()
                .join("\n"),
            other => compact_json(other),
        };
        ItemCell::FunctionOutput {
            name: bounded(&name),
            output: bounded(&output),
        }
    }

    pub(crate) fn image_generation(item: &ImageGeneration) -> Self {
        let failure = item.failure.as_ref().map(|f| {
            f.get("type")
                .and_then(Value::as_str)
                .map_or_else(|| compact_json(f), bounded)
        });
        ItemCell::ImageGeneration {
            status: bounded(&item.status),
            revised_prompt: item.revised_prompt.as_deref().map(bounded),
            saved_path: item.saved_path.as_deref().map(bounded),
            failure,
            info: None,
        }
    }

    pub(crate) fn hook(run: &HookRun) -> Self {
        ItemCell::Hook {
            event: bounded(&run.event_name),
            status: bounded(&run.status),
            message: run.status_message.as_deref().map(bounded),
            duration_ms: run.duration_ms,
            entries: run
                .entries
                .iter()
                .take(LIST_ITEMS)
                .map(|e| (bounded(&e.kind), bounded(&e.text)))
                .collect(),
        }
    }

    /// The image file this cell shows, if any: the runtime reads its size.
    pub(crate) fn image_path(&self) -> Option<&str> {
        match self {
            ItemCell::ImageView { path, .. } => Some(path),
            ItemCell::ImageGeneration { saved_path, .. } => saved_path.as_deref(),
            _ => None,
        }
    }

    /// What copying the cell takes (a selected cell's `c`): its text as kept, not yet made
    /// printable.
    pub fn text(&self) -> String {
        match self {
            ItemCell::ReviewStarted { label } => label.clone(),
            ItemCell::ReviewResult { review, .. } => review.clone(),
            ItemCell::ImageView { path, .. } => path.clone(),
            ItemCell::ImageGeneration {
                saved_path,
                revised_prompt,
                ..
            } => saved_path
                .iter()
                .chain(revised_prompt)
                .cloned()
                .collect::<Vec<_>>()
                .join("\n"),
            ItemCell::DynamicTool {
                name,
                arguments,
                output,
                ..
            } => {
                let mut text = format!("{name}({arguments})");
                for line in output {
                    text.push('\n');
                    text.push_str(line);
                }
                text
            }
            ItemCell::FunctionOutput { output, .. } => output.clone(),
            ItemCell::HookPrompt { texts } => texts.join("\n"),
            ItemCell::Hook {
                event,
                message,
                entries,
                ..
            } => std::iter::once(event.clone())
                .chain(message.clone())
                .chain(entries.iter().map(|(kind, text)| format!("{kind}: {text}")))
                .collect::<Vec<_>>()
                .join("\n"),
            ItemCell::Goal { objective, .. } => objective.clone().unwrap_or_default(),
            ItemCell::AutoReview {
                action,
                status,
                rationale,
                ..
            } => format!(
                "auto-review {status}: {action}\n{}",
                rationale.as_deref().unwrap_or("")
            ),
            ItemCell::Sleep { .. } => String::new(),
            ItemCell::Unknown { item_type } => item_type.clone(),
        }
    }

    /// What the cell is, in a word or two (the selected cell's box).
    pub(crate) fn kind_name(&self) -> &'static str {
        match self {
            ItemCell::ReviewStarted { .. } => "review started",
            ItemCell::ReviewResult { .. } => "review",
            ItemCell::ImageView { .. } => "image",
            ItemCell::ImageGeneration { .. } => "generated image",
            ItemCell::DynamicTool { .. } => "tool call",
            ItemCell::FunctionOutput { .. } => "tool output",
            ItemCell::HookPrompt { .. } => "hook feedback",
            ItemCell::Hook { .. } => "hook",
            ItemCell::Sleep { .. } => "wait",
            ItemCell::Goal { .. } => "goal",
            ItemCell::AutoReview { .. } => "auto-review",
            ItemCell::Unknown { .. } => "item",
        }
    }

    /// The bytes of text the cell keeps (for the transcript's memory budget).
    pub(crate) fn source_bytes(&self) -> usize {
        match self {
            ItemCell::ReviewStarted { label } => label.len(),
            ItemCell::ReviewResult { review, .. } => review.len(),
            ItemCell::ImageView { path, .. } => path.len(),
            ItemCell::ImageGeneration {
                revised_prompt,
                saved_path,
                ..
            } => {
                revised_prompt.as_ref().map_or(0, String::len)
                    + saved_path.as_ref().map_or(0, String::len)
            }
            ItemCell::DynamicTool {
                arguments, output, ..
            } => arguments.len() + output.iter().map(String::len).sum::<usize>(),
            ItemCell::FunctionOutput { output, .. } => output.len(),
            ItemCell::HookPrompt { texts } => texts.iter().map(String::len).sum(),
            ItemCell::Hook { entries, .. } => entries.iter().map(|(k, t)| k.len() + t.len()).sum(),
            ItemCell::Goal { objective, .. } => objective.as_ref().map_or(0, String::len),
            ItemCell::AutoReview {
                action, rationale, ..
            } => action.len() + rationale.as_ref().map_or(0, String::len),
            ItemCell::Sleep { .. } | ItemCell::Unknown { .. } => 0,
        }
    }

    /// Whether a hook run or a sleep is still going (settled when its turn ends).
    pub(crate) fn running(&self) -> bool {
        match self {
            ItemCell::Sleep { running, .. } => *running,
            ItemCell::Hook { status, .. } => status == "running",
            ItemCell::AutoReview { status, .. } => status == "inProgress",
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_fields_are_cut_on_a_char_boundary() {
        let long = "é".repeat(FIELD_BYTES);
        let cut = bounded(&long);
        assert!(cut.len() < FIELD_BYTES + 40, "{}", cut.len());
        assert!(cut.ends_with(&format!("({} more bytes)", FIELD_BYTES)));
        assert_eq!(bounded("short"), "short");
    }
}
