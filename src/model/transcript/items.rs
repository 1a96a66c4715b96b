//! Thread items as cells: `item/started` and `item/completed` carry the whole item, made into
//! a cell (`kind_for`) or merged into the one shown so far (`merge`), command output kept
//! within its bound.

use super::super::cell::{CellKind, CommandCell, NoticeLevel};
use super::super::item_cell::ItemCell;
use super::super::markdown_text::MarkdownText;
use super::super::output_cap::cap;
use super::super::plan_tags::strip_plan_tags;
use super::plans_and_rewind::{preamble_key, raw_cell, raw_key, raw_reasoning_text};
use super::{held_key, user_text, Transcript};
use crate::protocol::ThreadItem;

impl Transcript {
    /// `item/started` and `item/completed` both carry the whole item: insert or replace it.
    pub(crate) fn upsert_item(&mut self, turn_id: &str, item: &ThreadItem, completed: bool) {
        let Some(item_id) = item.id() else {
            if let ThreadItem::Unknown { item_type, .. } = item {
                // No id to find it again by: one line, once.
                self.push(CellKind::Item(ItemCell::Unknown {
                    item_type: super::super::item_cell::bounded(item_type),
                }));
            }
            return;
        };
        if matches!(item, ThreadItem::EnteredReviewMode { .. }) {
            self.review_turns.insert(turn_id.to_string());
        }
        if self.review_turns.contains(turn_id)
            && matches!(
                item,
                ThreadItem::UserMessage { .. } | ThreadItem::AgentMessage { .. }
            )
        {
            return;
        }
        if let ThreadItem::UserMessage { content, .. } = item {
            let text = user_text(content);
            if self.index_of(turn_id, item_id).is_some()
                || self.bind_echoed_user_message(turn_id, item_id, &text)
            {
                return;
            }
        }
        if completed {
            self.held_tags.remove(&held_key(turn_id, item_id));
        }
        if let ThreadItem::Reasoning { content, .. } = item {
            if self.show_raw_reasoning && !content.is_empty() && completed {
                let raw = raw_reasoning_text(&content.join("\n\n"));
                let index = self.streaming_cell(turn_id, &raw_key(item_id), raw_cell);
                self.revision += 1;
                *self.cells[index].kind_mut() = CellKind::Reasoning { text: raw };
            }
        }
        if let ThreadItem::AgentMessage {
            text, moderation, ..
        } = item
        {
            let shown = || strip_plan_tags(&crate::protocol::shown_text(text, moderation.as_ref()));
            if self.answer_takes_text(turn_id, item_id, shown, completed) {
                return;
            }
        }
        let Some(kind) = self
            .kind_for(item, completed)
            .and_then(|kind| self.without_preamble(turn_id, item_id, kind))
        else {
            return;
        };
        match self.index_of(turn_id, item_id) {
            Some(index) => {
                self.revision += 1;
                if matches!(&kind, CellKind::Command(c) if !c.output.is_empty()) {
                    // A whole output from the server replaces the one built from deltas.
                    self.capped_outputs.remove(&index);
                }
                let cell = &mut self.cells[index];
                match (cell.kind(), kind) {
                    // The completed text is authoritative; a snapshot shorter than what the
                    // deltas built while streaming is not.
                    (CellKind::Agent { markdown, .. }, CellKind::Agent { markdown: text, .. }) => {
                        if completed || markdown.as_str().len() < text.as_str().len() {
                            cell.set_agent_text(text.as_str(), !completed);
                        }
                    }
                    (_, kind) => merge(cell.kind_mut(), kind, completed),
                }
                self.cap_output(index);
                let bytes = self.cells[index].kind().source_bytes();
                self.grew(bytes);
            }
            None if matches!(kind, CellKind::ProposedPlan { .. }) => {
                self.push_plan(turn_id, item_id, kind);
            }
            None => {
                let index = self.push(kind);
                self.bind(turn_id, item_id, index);
                self.cap_output(index);
            }
        }
    }

    /// The answer built from deltas takes the server's text for it: the completed text is
    /// authoritative; a snapshot shorter than what the deltas built while streaming is not.
    /// The text is never split into blocks first (for an answer of 68 KB that was a parse of
    /// all of it, thrown away). False when there is no such cell, or a preamble cut it: the
    /// general way then.
    fn answer_takes_text(
        &mut self,
        turn_id: &str,
        item_id: &str,
        shown: impl FnOnce() -> String,
        completed: bool,
    ) -> bool {
        if self.index_of(turn_id, &preamble_key(item_id)).is_some() {
            return false;
        }
        let Some(index) = self.index_of(turn_id, item_id) else {
            return false;
        };
        let CellKind::Agent { markdown, .. } = self.cells[index].kind() else {
            return false;
        };
        let built = markdown.as_str().len();
        let text = shown();
        // Line ends count as markdown keeps them: `\r\n` as one.
        if completed || built < text.len() - text.matches("\r\n").count() {
            self.cells[index].set_agent_text(&text, !completed);
        }
        self.revision += 1;
        let bytes = self.cells[index].kind().source_bytes();
        self.grew(bytes);
        true
    }

    /// Keeps a command's output within its bound (head and tail, the rest counted).
    pub(super) fn cap_output(&mut self, index: usize) {
        if let CellKind::Command(command) = self.cells[index].kind() {
            if command.output.len() <= super::super::output_cap::HEAD_BYTES {
                return;
            }
        } else {
            return;
        }
        let mut capped = self.capped_outputs.get(&index).copied();
        if let CellKind::Command(command) = self.cells[index].kind_mut() {
            cap(&mut command.output, &mut capped);
        }
        if let Some(capped) = capped {
            self.capped_outputs.insert(index, capped);
        }
    }

    fn kind_for(&self, item: &ThreadItem, completed: bool) -> Option<CellKind> {
        Some(match item {
            ThreadItem::UserMessage { content, .. } => CellKind::User {
                text: user_text(content),
            },
            ThreadItem::AgentMessage {
                text, moderation, ..
            } => CellKind::Agent {
                // A hidden or blocked answer shows only what stands in for it.
                markdown: Box::new(MarkdownText::new(&strip_plan_tags(
                    &crate::protocol::shown_text(text, moderation.as_ref()),
                ))),
                streaming: !completed,
            },
            ThreadItem::Reasoning { summary, .. } => CellKind::Reasoning {
                text: summary.join("\n\n"),
            },
            ThreadItem::Plan { text, .. } => CellKind::ProposedPlan {
                markdown: text.clone(),
                streaming: !completed,
            },
            ThreadItem::CommandExecution {
                command,
                cwd,
                status,
                command_actions,
                aggregated_output,
                exit_code,
                duration_ms,
                source,
                ..
            } => CellKind::Command(Box::new(CommandCell {
                command: command.clone(),
                cwd: cwd
                    .clone()
                    .filter(|c| !c.is_empty() && Some(c) != self.session_cwd.as_ref()),
                actions: command_actions.clone(),
                output: aggregated_output.clone().unwrap_or_default(),
                exit_code: *exit_code,
                duration_ms: *duration_ms,
                running: !completed,
                status: status
                    .clone()
                    .filter(|s| s != "completed" && s != "inProgress"),
                decision: None,
                shell: source.as_deref() == Some("userShell"),
                evidence: None,
            })),
            ThreadItem::FileChange {
                changes, status, ..
            } => CellKind::FileChange {
                changes: changes.clone(),
                status: status.clone(),
                cwd: self.session_cwd.clone(),
                decision: None,
            },
            ThreadItem::McpToolCall {
                server,
                tool,
                status,
                ..
            } => CellKind::Tool {
                title: format!("{server}.{tool}"),
                status: status.clone(),
            },
            ThreadItem::WebSearch { query, .. } => CellKind::Tool {
                title: format!("Web search: {query}"),
                status: None,
            },
            ThreadItem::ContextCompaction { .. } => CellKind::Notice {
                level: NoticeLevel::Info,
                text: "Context compacted".into(),
            },
            ThreadItem::EnteredReviewMode { review, .. } => {
                CellKind::Item(ItemCell::ReviewStarted {
                    label: super::super::item_cell::bounded(review),
                })
            }
            // The whole review is kept (it is the result the person asked for); long reviews
            // are still only laid out where seen.
            ThreadItem::ExitedReviewMode { review, .. } => CellKind::Item(ItemCell::ReviewResult {
                review: review.clone(),
                cwd: self.session_cwd.clone(),
            }),
            ThreadItem::ImageView { path, .. } => CellKind::Item(ItemCell::ImageView {
                path: super::super::item_cell::bounded(path),
                info: None,
            }),
            ThreadItem::ImageGeneration(item) => CellKind::Item(ItemCell::image_generation(item)),
            ThreadItem::DynamicToolCall(call) => CellKind::Item(ItemCell::dynamic_tool(call)),
            ThreadItem::FunctionCallOutput(item) => CellKind::Item(ItemCell::function_output(item)),
            ThreadItem::HookPrompt { fragments, .. } => CellKind::Item(ItemCell::HookPrompt {
                texts: fragments
                    .iter()
                    .take(super::super::item_cell::LIST_ITEMS)
                    .map(|f| super::super::item_cell::bounded(&f.text))
                    .collect(),
            }),
            ThreadItem::Sleep {
                duration_ms,
                started_at_ms,
                completed_at_ms,
                ..
            } => CellKind::Item(ItemCell::Sleep {
                duration_ms: *duration_ms,
                running: !completed,
                slept_ms: match (started_at_ms, completed_at_ms) {
                    (Some(start), Some(end)) if end >= start => Some(end - start),
                    _ => None,
                },
            }),
            ThreadItem::Unknown { item_type, .. } => CellKind::Item(ItemCell::Unknown {
                item_type: super::super::item_cell::bounded(item_type),
            }),
            ThreadItem::CollabAgentToolCall { .. } | ThreadItem::SubAgentActivity { .. } => {
                CellKind::AgentCall(super::super::agent_call::AgentCall::from_item(
                    item, completed,
                )?)
            }
        })
    }
}

/// Applies a later snapshot of an item to the cell shown so far. Command output streamed by
/// deltas is kept when the completed item carries none.
fn merge(cell: &mut CellKind, new: CellKind, completed: bool) {
    match (cell, new) {
        (CellKind::Command(old), CellKind::Command(mut new)) => {
            if new.output.is_empty() {
                new.output = std::mem::take(&mut old.output);
            }
            new.decision = new.decision.or(old.decision.take());
            new.evidence = new.evidence.or(old.evidence.take());
            *old = new;
        }
        // The decision recorded on the cell outlives the item's updates.
        (
            CellKind::FileChange {
                changes,
                status,
                cwd,
                ..
            },
            CellKind::FileChange {
                changes: new_changes,
                status: new_status,
                cwd: new_cwd,
                ..
            },
        ) => {
            *changes = new_changes;
            *status = new_status;
            *cwd = new_cwd;
        }
        (CellKind::Reasoning { text }, CellKind::Reasoning { text: new }) => {
            if completed && !new.is_empty() {
                *text = new;
            }
        }
        // The completed plan is authoritative; a snapshot shorter than the deltas is not.
        (
            CellKind::ProposedPlan {
                markdown,
                streaming,
            },
            CellKind::ProposedPlan {
                markdown: new,
                streaming: new_streaming,
            },
        ) => {
            if completed || new.len() > markdown.len() {
                *markdown = new;
            }
            *streaming = new_streaming;
        }
        (cell, new) => *cell = new,
    }
}
