//! One block of the transcript. Each cell keeps its source; lines are laid out on demand.

use super::markdown_text::MarkdownText;
use crate::protocol::{CommandAction, FileUpdateChange, PlanStep};
pub use crate::theme::Theme;
use ratatui::text::{Line, Span};
use std::cell::{Ref, RefCell};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoticeLevel {
    Info,
    Warning,
    Error,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CommandCell {
    pub command: String,
    /// Shown only when it differs from the session's working directory.
    pub cwd: Option<String>,
    pub actions: Vec<CommandAction>,
    pub output: String,
    pub exit_code: Option<i64>,
    pub duration_ms: Option<i64>,
    pub running: bool,
    /// The server's final status word when it is not plain success ("declined", "failed" …).
    pub status: Option<String>,
    /// What the person answered when asked whether to run it.
    pub decision: Option<super::question::Record>,
    /// Run by the person with `!` (`thread/shellCommand`): unsandboxed, with full access.
    pub shell: bool,
    /// Its output was sent to the agent as tool output (`e`, `thread/inject_items`): how, as
    /// the cell says it.
    pub evidence: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum CellKind {
    User {
        text: String,
    },
    /// Boxed, as `Command` is: the two largest variants made every cell 208 bytes, and a
    /// day-long transcript is mostly small cells (issue 38).
    Agent {
        markdown: Box<MarkdownText>,
        streaming: bool,
    },
    Reasoning {
        text: String,
    },
    Command(Box<CommandCell>),
    FileChange {
        changes: Vec<FileUpdateChange>,
        status: Option<String>,
        /// The session's cwd when the change arrived: paths are shown relative to it.
        cwd: Option<String>,
        /// What the person answered when asked whether to apply it.
        decision: Option<super::question::Record>,
    },
    Plan {
        explanation: Option<String>,
        steps: Vec<PlanStep>,
    },
    /// A plan proposed in Plan mode (a `plan` item): markdown, streamed by `item/plan/delta`
    /// and replaced by the completed item's text.
    ProposedPlan {
        markdown: String,
        streaming: bool,
    },
    Tool {
        title: String,
        status: Option<String>,
    },
    /// A sub-agent call of the model (spawn, wait, send input, close …).
    AgentCall(super::agent_call::AgentCall),
    Notice {
        level: NoticeLevel,
        text: String,
    },
    /// Reviews, images, client tools, hooks, sleeps, the goal, unknown items (`item_cell`).
    Item(super::item_cell::ItemCell),
    TurnEnd {
        status: String,
        duration_ms: Option<i64>,
        /// Tokens the turn used: input (of which cached) and output.
        tokens: Option<TurnTokens>,
    },
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TurnTokens {
    pub input: i64,
    pub cached_input: i64,
    pub output: i64,
}

impl TurnTokens {
    /// Adds one model call's use. Counts come from the server: the sums saturate, and a
    /// negative count makes the sum unknown (negative) for the rest of the turn.
    pub(crate) fn add_call(&mut self, input: i64, cached_input: i64, output: i64) {
        let add = |sum: i64, n: i64| {
            if sum < 0 || n < 0 {
                -1
            } else {
                sum.saturating_add(n)
            }
        };
        self.input = add(self.input, input);
        self.cached_input = add(self.cached_input, cached_input);
        self.output = add(self.output, output);
    }
}

/// What a layout depends on besides the cell itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LayoutKey {
    pub width: u16,
    /// Command output, reasoning and diffs shown in full rather than collapsed.
    pub expanded: bool,
    /// The palette: a layout holds its colours.
    pub theme: Theme,
    /// The terminal shows images inline this way: image cells keep rows for a preview.
    pub images: Option<super::ImageProtocol>,
}

/// The most text one streamed message or reasoning keeps. An endless answer would otherwise
/// grow the transcript (and its layout, several times the text) without bound; what comes
/// after is dropped, and the cell ends with [`CAP_NOTE`]. The thread on the server keeps all.
pub(crate) const MAX_CELL_TEXT: usize = 8 << 20;

/// What a capped message says where its kept text ends.
pub(crate) const CAP_NOTE: &str =
    "\n\n*[tern stopped keeping this text at 8 MB: what came after is not \
                            shown here, and the thread keeps all of it]*\n";

/// `text` as a cell keeps it: whole, or its first [`MAX_CELL_TEXT`] bytes and the note.
pub(crate) fn capped(text: &str) -> std::borrow::Cow<'_, str> {
    if text.len() <= MAX_CELL_TEXT {
        return text.into();
    }
    let mut cut = MAX_CELL_TEXT;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("{}{CAP_NOTE}", &text[..cut]).into()
}

/// What of `delta` a text of `len` bytes keeps: all of it, its head and the note when it
/// reaches the cap, or nothing once the cap was reached.
fn within_cap(len: usize, delta: &str) -> Option<std::borrow::Cow<'_, str>> {
    if len >= MAX_CELL_TEXT {
        return None;
    }
    if len + delta.len() <= MAX_CELL_TEXT {
        return Some(delta.into());
    }
    let mut cut = MAX_CELL_TEXT - len;
    while !delta.is_char_boundary(cut) {
        cut -= 1;
    }
    Some(format!("{}{CAP_NOTE}", &delta[..cut]).into())
}

impl CellKind {
    /// Bytes of source the cell keeps (its text, output, diffs), for the transcript's budget.
    pub(crate) fn source_bytes(&self) -> usize {
        match self {
            CellKind::User { text } | CellKind::Reasoning { text } => text.len(),
            CellKind::ProposedPlan { markdown, .. } => markdown.len(),
            CellKind::Agent { markdown, .. } => markdown.as_str().len(),
            CellKind::Command(c) => c.command.len() + c.output.len(),
            CellKind::FileChange { changes, .. } => {
                changes.iter().map(|c| c.path.len() + c.diff.len()).sum()
            }
            CellKind::Plan { steps, .. } => steps.iter().map(|s| s.step.len()).sum(),
            CellKind::Tool { title, .. } => title.len(),
            CellKind::AgentCall(call) => call.source_bytes(),
            CellKind::Notice { text, .. } => text.len(),
            CellKind::Item(item) => item.source_bytes(),
            CellKind::TurnEnd { .. } => 0,
        }
    }
}

/// A cell's lines at one [`LayoutKey`]: `head` then `tail`.
#[derive(Debug, Default)]
pub struct Laid {
    /// Lines that stay valid while the cell only grows (the complete blocks of a message).
    pub head: Vec<Line<'static>>,
    /// Lines laid out again on every change (the open block of a streaming message).
    pub tail: Vec<Line<'static>>,
    /// How many complete markdown blocks `head` holds.
    pub blocks_done: usize,
    /// Where each complete block ends in `head` (its row count after it): inline mode writes a
    /// streaming message's finished blocks into the scrollback by these.
    pub block_rows: Vec<usize>,
    /// Lines of `head` that belong to complete blocks; after them come the laid-out chunks of
    /// a code block that is still open, dropped when it closes and is laid out whole.
    pub head_blocks_len: usize,
    /// Bytes of the open code block's body laid out in those chunks.
    pub code_done: usize,
    /// Bytes of a huge open block (not code) laid out in chunks kept in `head`, the same way.
    pub text_done: usize,
    /// The open table at the end, laid out a row at a time in `tail`.
    pub table: Option<LaidTable>,
    /// Code blocks among these lines still without colours, coloured when first drawn.
    pub plain_code: Vec<super::PlainCode>,
}

/// A table still streaming at the end of a message, kept between layouts so that a new row
/// costs its own layout (see `render::table_stream`).
#[derive(Debug, Default)]
pub struct LaidTable {
    /// Complete blocks before the table: which tail it belongs to.
    pub block: usize,
    /// Bytes of its finished rows parsed into `rows`.
    pub rows_len: usize,
    /// The header row and the finished rows, styled, not laid out.
    pub rows: Vec<Vec<Vec<Span<'static>>>>,
    /// Each column's widest cell among `rows`.
    pub natural: Vec<usize>,
    /// Each column's alignment, from the delimiter row.
    pub alignments: Vec<pulldown_cmark::Alignment>,
    /// The column widths `tail` is laid out at.
    pub widths: Vec<usize>,
    /// Lines at the start of `tail` laid out from `rows`; the row still arriving follows.
    pub kept: usize,
}

impl Laid {
    pub fn len(&self) -> usize {
        self.head.len() + self.tail.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn get(&self, index: usize) -> Option<&Line<'static>> {
        self.head
            .get(index)
            .or_else(|| self.tail.get(index.checked_sub(self.head.len())?))
    }

    pub fn iter(&self) -> impl Iterator<Item = &Line<'static>> {
        self.head.iter().chain(self.tail.iter())
    }
}

/// Inline mode: how much of a cell is in the terminal's scrollback.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) enum Written {
    /// Not yet: it shows in the live area (or waits behind a cell still changing).
    #[default]
    Not,
    /// Written as it stood while still changing (it held later cells past the bound); it is
    /// written again, whole, once final.
    AsItStood,
    /// Written final: it never goes there again.
    Final,
    /// Kept out: an older turn of a resumed thread, paged in above what the scrollback holds
    /// (written in place it would land after newer turns). `/history` writes these as a block.
    Withheld,
}

#[derive(Debug)]
struct Cache {
    key: LayoutKey,
    laid: Laid,
    /// False after the cell grew: `laid` is a valid start to bring up to date, not the answer.
    current: bool,
}

#[derive(Debug)]
pub struct Cell {
    kind: CellKind,
    /// Boxed: most cells of a long session are never laid out (or forgot their lines), and
    /// an empty slot costs a pointer instead of a [`Laid`] (issue 24's day-long session).
    cache: RefCell<Option<Box<Cache>>>,
    /// How far it went into the terminal's scrollback (inline mode; see `scrollback`).
    written: std::cell::Cell<Written>,
    /// Complete blocks of a message still streaming already in the scrollback (inline mode):
    /// the rest of it goes there from the block after them.
    streamed_blocks: std::cell::Cell<u32>,
}

impl Cell {
    pub fn new(kind: CellKind) -> Self {
        Cell {
            kind,
            cache: RefCell::new(None),
            written: Default::default(),
            streamed_blocks: Default::default(),
        }
    }

    /// How far the cell went into the terminal's scrollback.
    pub(crate) fn written(&self) -> Written {
        self.written.get()
    }

    /// Inline mode wrote the cell to scrollback (a mark, not content: drawing never changes
    /// what a cell says).
    pub(crate) fn mark_written(&self, written: Written) {
        self.written.set(written);
    }

    /// Complete blocks of the streaming message already in the scrollback.
    pub(crate) fn streamed_blocks(&self) -> usize {
        self.streamed_blocks.get() as usize
    }

    /// Inline mode wrote the message's first `blocks` complete blocks to scrollback.
    pub(crate) fn mark_streamed(&self, blocks: usize) {
        // A u32 shares the word of the `Written` mark (the cell's size test).
        self.streamed_blocks
            .set(u32::try_from(blocks).unwrap_or(u32::MAX));
    }

    pub fn kind(&self) -> &CellKind {
        &self.kind
    }

    /// Mutable access drops the layout cache, so a change can never show stale lines.
    pub(crate) fn kind_mut(&mut self) -> &mut CellKind {
        self.cache.get_mut().take();
        &mut self.kind
    }

    /// Appends streamed text. A message keeps the layout of its complete blocks. Past
    /// [`MAX_CELL_TEXT`] nothing more is kept: a note says so once (see [`capped`]).
    pub fn append_text(&mut self, delta: &str) {
        match &mut self.kind {
            CellKind::Agent { markdown, .. } => {
                let Some(kept) = within_cap(markdown.as_str().len(), delta) else {
                    return;
                };
                markdown.append(&kept);
                if let Some(cache) = self.cache.get_mut() {
                    cache.current = false;
                }
            }
            CellKind::Reasoning { text } | CellKind::ProposedPlan { markdown: text, .. } => {
                let Some(kept) = within_cap(text.len(), delta) else {
                    return;
                };
                text.push_str(&kept);
                self.cache.get_mut().take();
            }
            _ => {}
        }
    }

    /// Sets a message's whole text (the completed item); unchanged text keeps its layout.
    pub(crate) fn set_agent_text(&mut self, text: &str, streaming_now: bool) {
        let text = &*capped(text);
        if let CellKind::Agent {
            markdown,
            streaming,
        } = &mut self.kind
        {
            let grew = text.starts_with(markdown.as_str());
            if markdown.set(text) {
                match self.cache.get_mut() {
                    Some(cache) if grew => cache.current = false,
                    cache => *cache = None,
                }
            }
            *streaming = streaming_now;
        }
    }

    /// The turn ended: nothing of this cell is streaming or running any more.
    pub(crate) fn settle(&mut self) {
        match &mut self.kind {
            // The text is unchanged, so its layout stays valid.
            CellKind::Agent { streaming, .. } => *streaming = false,
            CellKind::ProposedPlan { streaming, .. } if *streaming => {
                *streaming = false;
                self.cache.get_mut().take();
            }
            CellKind::Command(c) if c.running => {
                c.running = false;
                self.cache.get_mut().take();
            }
            CellKind::Item(super::item_cell::ItemCell::Sleep { running, .. }) if *running => {
                *running = false;
                self.cache.get_mut().take();
            }
            // A call the turn left in progress (a spawn the server refused never completes).
            CellKind::AgentCall(call)
                if call.progress == super::agent_call::CallProgress::Running =>
            {
                call.progress = super::agent_call::CallProgress::Interrupted;
                self.cache.get_mut().take();
            }
            _ => {}
        }
    }

    /// Whether the cell has laid-out lines at all (a thread not on screen never has).
    pub fn was_laid_out(&self) -> bool {
        self.cache.try_borrow().is_ok_and(|c| c.is_some())
    }

    /// Whether lines at `key` are kept (current or not).
    pub(crate) fn has_layout(&self, key: LayoutKey) -> bool {
        self.cache
            .try_borrow()
            .is_ok_and(|c| c.as_ref().is_some_and(|c| c.key == key))
    }

    /// Forgets the laid-out lines (the source stays): a cell far from the view costs its
    /// source only. Skipped while the lines are being read.
    pub(crate) fn drop_layout(&self) {
        if let Ok(mut cache) = self.cache.try_borrow_mut() {
            cache.take();
        }
    }

    /// Changes the lines kept at `key` without laying them out again (code blocks coloured
    /// when they are drawn: only styles change, never a row). Nothing happens if no lines are
    /// kept at `key`, or while they are being read.
    pub(crate) fn restyle_layout(&self, key: LayoutKey, restyle: impl FnOnce(&mut Laid)) {
        if let Ok(mut cache) = self.cache.try_borrow_mut() {
            if let Some(c) = cache.as_mut().filter(|c| c.key == key) {
                restyle(&mut c.laid);
            }
        }
    }

    /// The cell's lines at `key`. `layout` brings a [`Laid`] up to date: it gets an empty one,
    /// or the one from before the cell grew, whose `head` it may keep.
    pub fn layout(
        &self,
        key: LayoutKey,
        layout: impl FnOnce(&CellKind, LayoutKey, &mut Laid),
    ) -> Ref<'_, Laid> {
        {
            let mut cache = self.cache.borrow_mut();
            match cache.as_mut() {
                Some(c) if c.key == key && c.current => {}
                Some(c) if c.key == key => {
                    layout(&self.kind, key, &mut c.laid);
                    c.current = true;
                }
                _ => {
                    let mut laid = Laid::default();
                    layout(&self.kind, key, &mut laid);
                    *cache = Some(Box::new(Cache {
                        key,
                        laid,
                        current: true,
                    }));
                }
            }
        }
        Ref::map(self.cache.borrow(), |c| {
            &c.as_ref().expect("laid out just above").laid
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: LayoutKey = LayoutKey {
        width: 80,
        expanded: false,
        theme: Theme::Dark,
        images: None,
    };

    /// A layout that records the head it was handed and adds one line per call.
    fn counting(
        seen: &std::cell::Cell<usize>,
    ) -> impl FnOnce(&CellKind, LayoutKey, &mut Laid) + '_ {
        move |_, _, laid| {
            seen.set(laid.head.len());
            laid.head.push(Line::from("x"));
        }
    }

    #[test]
    fn appending_to_a_message_keeps_its_laid_out_head_and_other_changes_drop_it() {
        let seen = std::cell::Cell::new(usize::MAX);
        let mut cell = Cell::new(CellKind::Agent {
            markdown: Box::new(MarkdownText::new("a\n\n")),
            streaming: true,
        });
        cell.layout(KEY, counting(&seen));
        assert_eq!(seen.get(), 0, "first layout starts empty");
        cell.layout(KEY, |_, _, _| {
            panic!("an unchanged cell is not laid out again")
        });
        cell.append_text("more");
        cell.layout(KEY, counting(&seen));
        assert_eq!(seen.get(), 1, "the head laid out before is handed back");
        cell.kind_mut();
        cell.layout(KEY, counting(&seen));
        assert_eq!(seen.get(), 0, "any other change starts over");
        let wider = LayoutKey { width: 100, ..KEY };
        cell.layout(wider, counting(&seen));
        assert_eq!(seen.get(), 0, "so does another width");
    }

    #[test]
    fn a_cell_kind_is_no_larger_than_its_largest_unboxed_variant_needs() {
        // The command and the answer are boxed: unboxed they made every cell 208 bytes.
        assert!(
            std::mem::size_of::<CellKind>() <= 136,
            "{}",
            std::mem::size_of::<CellKind>()
        );
    }

    #[test]
    fn a_cell_never_laid_out_costs_its_kind_and_a_pointer() {
        // A day-long session keeps 100,000 cells, nearly all of them never laid out (issue
        // 24): an unboxed layout slot was 200 bytes more each.
        let slot = std::mem::size_of::<RefCell<Option<Box<Cache>>>>();
        assert_eq!(slot, 2 * std::mem::size_of::<usize>());
        // And one word for inline mode's scrollback marks (`Written` and the streamed blocks).
        let mark = std::mem::size_of::<usize>();
        assert!(std::mem::size_of::<Cell>() <= std::mem::size_of::<CellKind>() + slot + mark);
    }

    #[test]
    fn an_endless_answer_keeps_its_first_part_and_says_the_rest_was_dropped() {
        let mut cell = Cell::new(CellKind::Agent {
            markdown: Box::new(MarkdownText::default()),
            streaming: true,
        });
        let delta = "éternel ".repeat(1000);
        let mut sent = String::new();
        while sent.len() < MAX_CELL_TEXT + (2 << 20) {
            cell.append_text(&delta);
            sent.push_str(&delta);
        }
        let CellKind::Agent { markdown, .. } = cell.kind() else {
            unreachable!()
        };
        let kept = markdown.as_str().to_string();
        assert!(kept.len() <= MAX_CELL_TEXT + CAP_NOTE.len());
        assert!(
            kept.ends_with("the thread keeps all of it]*\n"),
            "{}",
            &kept[kept.len() - 80..]
        );
        // The completed item carries the whole text: kept the same way, nothing laid out anew.
        cell.set_agent_text(&sent, false);
        let CellKind::Agent { markdown, .. } = cell.kind() else {
            unreachable!()
        };
        assert_eq!(markdown.as_str(), kept);
    }
}
