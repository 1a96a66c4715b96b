//! Lines for the notifications that change what the person sees without being items: the model
//! answering was another one (`model/rerouted`), moderation metadata on the turn, a verification
//! the server recommends, output held back for a safety check, a compaction said the old way
//! (`thread/compacted`). And the image files items show, handed to the runtime to measure.

use crate::model::item_cell::{bounded, compact_json};
use crate::model::{NoticeLevel, Transcript};
use crate::protocol::{
    ModelReroutedNotification, ModelVerificationNotification, ModerationMetadataNotification,
    SafetyBufferingNotification, ThreadItem,
};
use crate::session::effect::Effect;
use crate::session::state::Session;
use serde_json::Value;

/// Keys of moderation metadata shown, and the width each value is cut to.
const METADATA_KEYS: usize = 8;
const METADATA_VALUE_CHARS: usize = 80;

pub(crate) fn rerouted(transcript: &mut Transcript, r: &ModelReroutedNotification) {
    let reason = match r.reason.as_str() {
        "highRiskCyberActivity" => "high-risk cyber activity".to_string(),
        other => bounded(other),
    };
    transcript.notice(
        NoticeLevel::Warning,
        format!(
            "This turn is answered by {} instead of {} ({reason}).",
            bounded(&r.to_model),
            bounded(&r.from_model)
        ),
    );
}

/// Opaque JSON from the server: its top-level keys and values, few and short.
pub(crate) fn moderation(transcript: &mut Transcript, m: &ModerationMetadataNotification) {
    let shown = match &m.metadata {
        Value::Object(map) => {
            let mut parts: Vec<String> = map
                .iter()
                .take(METADATA_KEYS)
                .map(|(key, value)| format!("{}: {}", short(key), short(&compact_json(value))))
                .collect();
            if map.len() > METADATA_KEYS {
                parts.push(format!("… {} more", map.len() - METADATA_KEYS));
            }
            parts.join(", ")
        }
        other => short(&compact_json(other)),
    };
    transcript.notice(
        NoticeLevel::Info,
        format!("Moderation metadata for this turn: {shown}"),
    );
}

pub(crate) fn verification(transcript: &mut Transcript, v: &ModelVerificationNotification) {
    let names: Vec<String> = v
        .verifications
        .iter()
        .take(METADATA_KEYS)
        .map(|n| short(n))
        .collect();
    transcript.notice(
        NoticeLevel::Info,
        format!("codex recommends a verification: {}", names.join(", ")),
    );
}

/// Said only when the server says a client should show it; a later update rewrites the
/// recent line instead of adding one.
pub(crate) fn safety_buffering(transcript: &mut Transcript, b: &SafetyBufferingNotification) {
    if !b.show_buffering_ui {
        return;
    }
    let reasons: Vec<String> = b
        .reasons
        .iter()
        .take(METADATA_KEYS)
        .map(|r| short(r))
        .collect();
    let prefix = format!(
        "{}'s answer is held back for a safety check",
        short(&b.model)
    );
    let mut text = prefix.clone();
    if !reasons.is_empty() {
        text.push_str(&format!(" ({})", reasons.join(", ")));
    }
    text.push('.');
    if let Some(faster) = b.faster_model.as_deref().filter(|m| !m.is_empty()) {
        text.push_str(&format!(" {} may answer sooner.", short(faster)));
    }
    if !transcript.rewrite_notice(&prefix, NoticeLevel::Info, text.clone()) {
        transcript.notice(NoticeLevel::Info, text);
    }
}

/// `thread/compacted`: the `contextCompaction` item of the same turn says it already; a server
/// that sends only the old signal still gets its line.
pub(crate) fn compacted(transcript: &mut Transcript, compaction_turn: Option<&str>, turn_id: &str) {
    if compaction_turn != Some(turn_id) {
        transcript.notice(NoticeLevel::Info, "Context compacted.");
    }
}

/// An item that shows an image file: the runtime reads its size for the cell.
pub(crate) fn probe_image(state: &Session, item: &ThreadItem) -> Vec<Effect> {
    let path = match item {
        ThreadItem::ImageView { path, .. } => Some(path.as_str()),
        ThreadItem::ImageGeneration(g) => g.saved_path.as_deref(),
        _ => None,
    };
    match path {
        // Paths of a server elsewhere are its own; this machine cannot read them.
        Some(path) if !path.is_empty() && state.config.connected_to.is_none() => {
            vec![Effect::ProbeImage {
                path: path.to_string(),
            }]
        }
        _ => vec![],
    }
}

fn short(text: &str) -> String {
    let mut out: String = text.chars().take(METADATA_VALUE_CHARS).collect();
    if text.chars().count() > METADATA_VALUE_CHARS {
        out.push('…');
    }
    out
}
