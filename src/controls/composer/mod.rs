//! The prompt editor. tui-textarea keeps the text, the cursor and undo; tern lays the text out
//! itself (`render::editor_layout`: soft-wrapped, control characters visible), because
//! tui-textarea 0.7 does not wrap and scrolls sideways. Moving up and down goes by screen row,
//! and Up on the first row / Down on the last walk the prompt history. The state of the lists
//! opened over it while a `/command`, an `@mention` or a `$skill` is typed is `popups`; the
//! lists themselves are layers (`app::layers::slash`, `file_finder`, `skill_finder`).

pub(crate) mod popups;
pub mod vim;

pub use popups::{Asked, FileFinder, SkillFinder, SlashPopup};

use super::paste::{self, FoldedPaste};
use super::prompt_history::PromptHistory;
use crate::render::editor_layout::{layout, row_count, visible_top, EditorLayout};
use crossterm::event::KeyEvent;
use ratatui_textarea::{CursorMove, DataCursor, TextArea};

/// What the composer's keys do (`base::keys` says which key does which).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edit {
    /// Enter: the prompt goes.
    Submit,
    Newline,
    /// Up a screen row; from the first, an earlier prompt.
    Up,
    /// Down a screen row; from the last, a later prompt (the draft after the newest).
    Down,
    DeleteLineStart,
    DeleteLineEnd,
    DeleteWordBack,
    DeleteWordForward,
    DeleteBack,
    DeleteForward,
    Undo,
    Redo,
    WordLeft,
    WordRight,
    LineStart,
    LineEnd,
    CharLeft,
    CharRight,
}

/// Moves the cursor: nothing changed in the text.
fn moved(t: &mut TextArea<'static>, how: CursorMove) -> bool {
    t.move_cursor(how);
    false
}

pub enum ComposerOutcome {
    /// The prompt to send, folded pastes expanded.
    Submitted(String),
    Edited,
    Ignored,
}

pub(crate) const PLACEHOLDER: &str = "Ask the agent anything · Enter sends · Shift+Enter newline";
/// While a turn runs Enter does not send a new prompt: it steers the running turn.
pub(crate) const PLACEHOLDER_RUNNING: &str =
    "Enter steers this turn · Tab queues for the next · Shift+Enter newline";

/// The empty composer's hint: what Enter does now, cut to whole parts that fit in `width`
/// columns (a part cut mid-word reads as a different key).
pub(crate) fn placeholder(turn_active: bool, width: usize) -> String {
    let full = if turn_active {
        PLACEHOLDER_RUNNING
    } else {
        PLACEHOLDER
    };
    whole_parts(full, width)
}

/// The parts of `full` (split at " · ") that fit in `width` columns, whole: a part cut
/// mid-word reads as a different key. Every placeholder of the composer is cut this way.
pub(crate) fn whole_parts(full: &str, width: usize) -> String {
    let mut shown = String::new();
    for part in full.split(" · ") {
        let next = if shown.is_empty() {
            part.to_string()
        } else {
            format!("{shown} · {part}")
        };
        if unicode_width::UnicodeWidthStr::width(next.as_str()) > width {
            break;
        }
        shown = next;
    }
    shown
}

pub struct Composer {
    textarea: TextArea<'static>,
    /// The first screen row shown when the text is taller than the box.
    top: usize,
    pastes: Vec<FoldedPaste>,
    pub prompt_history: PromptHistory,
    /// File searches sent by the @-mention finder so far: each answer carries its number, and
    /// only the latest is shown.
    pub file_searches: u64,
    /// Image files attached to the draft (`--image`, `@` on an image, Ctrl+V), sent with it as
    /// `localImage` inputs; shown as chips above the text.
    pub images: Vec<String>,
    /// What the runtime read of each attached image (pixel size, length), for its chip.
    pub image_info: std::collections::HashMap<String, crate::model::ImageInfo>,
    /// Vim keys (`/vim`, the config's `vim`): `None` when off.
    pub vim: Option<vim::Vim>,
}

impl std::fmt::Debug for Composer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Composer")
            .field("text", &self.text())
            .finish()
    }
}

impl Default for Composer {
    fn default() -> Self {
        Self::new()
    }
}

fn textarea(lines: Vec<String>) -> TextArea<'static> {
    let mut t = TextArea::new(lines);
    t.set_max_histories(200);
    t
}

impl Composer {
    pub fn new() -> Self {
        Composer {
            textarea: textarea(vec![String::new()]),
            top: 0,
            pastes: Vec::new(),
            prompt_history: PromptHistory::default(),
            file_searches: 0,
            images: Vec::new(),
            image_info: Default::default(),
            vim: None,
        }
    }

    pub(crate) fn with_prompt_history(entries: Vec<String>) -> Self {
        Composer {
            prompt_history: PromptHistory::new(entries),
            ..Self::new()
        }
    }

    pub fn lines(&self) -> &[String] {
        self.textarea.lines()
    }

    /// The line (not screen row) the cursor is on.
    pub(crate) fn cursor_line(&self) -> usize {
        self.textarea.cursor().0
    }

    /// The character just before the cursor on its line, if any.
    pub(crate) fn char_before_cursor(&self) -> Option<char> {
        let DataCursor(row, col) = self.textarea.cursor();
        let line = self.textarea.lines().get(row)?;
        line.chars().take(col).last()
    }

    /// The text as shown, folded pastes as their tokens.
    pub fn text(&self) -> String {
        self.textarea.lines().join("\n")
    }

    /// The text as it will be sent: folded pastes expanded.
    pub(crate) fn expanded_text(&self) -> String {
        paste::expand(&self.text(), &self.pastes)
    }

    pub fn is_empty(&self) -> bool {
        self.textarea.lines().iter().all(|l| l.is_empty())
    }

    pub fn line_count(&self) -> usize {
        self.textarea.lines().len()
    }

    /// Screen rows the text takes in a box `width` columns wide (inside its borders), and the
    /// row of image chips above it when images are attached.
    pub fn rows(&self, width: u16) -> usize {
        row_count(self.textarea.lines(), width) + self.chip_rows()
    }

    /// The row the image chips take (none without images).
    pub(crate) fn chip_rows(&self) -> usize {
        usize::from(!self.images.is_empty())
    }

    /// Attaches an image file (once: the same path twice is one image).
    pub(crate) fn attach_image(&mut self, path: String) {
        if !self.images.contains(&path) {
            self.images.push(path);
        }
    }

    /// The chips' text: `[image 1: name.png 1280×720]`, one per image.
    pub fn chips(&self) -> Vec<String> {
        self.images
            .iter()
            .enumerate()
            .map(|(i, path)| {
                let name = crate::model::transcript::file_name(path);
                match self.image_info.get(path) {
                    Some(info) => {
                        format!("[image {}: {name} {}×{}]", i + 1, info.width, info.height)
                    }
                    None => format!("[image {}: {name}]", i + 1),
                }
            })
            .collect()
    }

    pub fn layout(&self, width: u16) -> EditorLayout {
        let DataCursor(row, col) = self.textarea.cursor();
        layout(self.textarea.lines(), (row, col), width)
    }

    /// The first row to draw in a box `width`×`height`: the cursor's row always shows.
    pub fn top(&self, layout: &EditorLayout, height: usize) -> usize {
        visible_top(self.top, layout.cursor.0, layout.rows.len(), height)
    }

    /// Remembers where the view is after an edit, so it scrolls only as far as the cursor needs.
    pub(crate) fn keep_cursor_in_view(&mut self, width: u16, height: usize) {
        let height = height.saturating_sub(self.chip_rows()).max(1);
        let layout = self.layout(width);
        self.top = self.top(&layout, height);
    }

    /// Replaces the text; a very large text is folded like a paste. The cursor goes to the end.
    pub(crate) fn set_text(&mut self, text: &str) {
        self.pastes.clear();
        if paste::should_fold_draft(text) {
            self.replace_lines(vec![String::new()]);
            self.insert_paste(text);
        } else {
            self.replace_lines(text.split('\n').map(str::to_string).collect());
        }
    }

    fn replace_lines(&mut self, lines: Vec<String>) {
        self.textarea = textarea(lines);
        self.textarea.move_cursor(CursorMove::Bottom);
        self.textarea.move_cursor(CursorMove::End);
        self.top = 0;
    }

    pub(crate) fn clear(&mut self) {
        self.set_text("");
    }

    /// Ctrl+C on a draft: it goes, and Up brings it back (kept for this session only). A list
    /// drawn from it (a command name, an `@` mention) goes with it (the router closes it).
    pub(crate) fn clear_into_history(&mut self) {
        let draft = self.expanded_text();
        self.prompt_history.record(&draft);
        self.clear();
    }

    /// Pasted text is inserted, never sent: a pasted newline is a newline. A large paste is
    /// folded into a token. Control characters are kept (the prompt is sent as pasted) and shown
    /// as visible markers.
    pub(crate) fn paste(&mut self, text: &str) {
        if self.vim.is_some() {
            let buffer = self.vim_buffer();
            if let Some(vim) = &mut self.vim {
                vim.paste(text, &buffer);
            }
        }
        let normalized = text.replace("\r\n", "\n").replace('\r', "\n");
        if paste::should_fold(&normalized) {
            self.insert_paste(&normalized);
        } else {
            self.textarea.insert_str(normalized);
        }
    }

    fn insert_paste(&mut self, text: &str) {
        let token = paste::token_for(text, &self.pastes);
        self.textarea.insert_str(&token);
        self.pastes.push(FoldedPaste {
            token,
            text: text.to_string(),
        });
    }

    /// One editing action (from the conversation's key table, `base::keys`); `width` is the
    /// box's inner width (screen rows depend on it).
    pub(crate) fn edit(&mut self, edit: Edit, width: u16) -> ComposerOutcome {
        // At the very start of the draft, Backspace takes off the last image.
        if matches!(edit, Edit::DeleteBack)
            && !self.images.is_empty()
            && matches!(self.textarea.cursor(), DataCursor(0, 0))
        {
            let path = self.images.pop().unwrap_or_default();
            self.image_info.remove(&path);
            return ComposerOutcome::Edited;
        }
        let t = &mut self.textarea;
        let changed = match edit {
            Edit::Submit => return self.submit(),
            Edit::Up => return self.vertical(-1, width),
            Edit::Down => return self.vertical(1, width),
            Edit::Newline => {
                t.insert_newline();
                true
            }
            Edit::DeleteLineStart => t.delete_line_by_head(),
            Edit::DeleteLineEnd => t.delete_line_by_end(),
            Edit::DeleteWordBack => t.delete_word(),
            Edit::DeleteWordForward => t.delete_next_word(),
            Edit::DeleteBack | Edit::DeleteForward | Edit::CharLeft | Edit::CharRight => {
                self.grapheme_step(edit)
            }
            Edit::Undo => t.undo(),
            Edit::Redo => t.redo(),
            Edit::WordLeft => moved(t, CursorMove::WordBack),
            Edit::WordRight => moved(t, CursorMove::WordForward),
            Edit::LineStart => moved(t, CursorMove::Head),
            Edit::LineEnd => moved(t, CursorMove::End),
        };
        if changed {
            self.history_edited();
        }
        ComposerOutcome::Edited
    }

    /// A character typed into the draft.
    pub(crate) fn type_char(&mut self, c: char) {
        self.textarea.insert_char(c);
        self.history_edited();
    }

    /// Moves and deletions by one character go by grapheme cluster: an emoji family or a
    /// letter with its accents is one step, and deleting it is one undo step. The text widget
    /// counts characters, so the cluster's characters are stepped over or deleted together.
    /// Whether the text changed.
    fn grapheme_step(&mut self, step: Edit) -> bool {
        use crate::text::graphemes::{boundary_after, boundary_before};
        let t = &mut self.textarea;
        let DataCursor(row, col) = t.cursor();
        let line = t.lines().get(row).map(String::as_str).unwrap_or_default();
        let len = line.chars().count();
        let (back, forward) = (
            col - boundary_before(line, col),
            boundary_after(line, col) - col,
        );
        let moved = |t: &mut TextArea<'static>, how: CursorMove, n: usize| {
            (0..n.max(1)).for_each(|_| t.move_cursor(how));
        };
        match step {
            Edit::CharLeft => {
                moved(t, CursorMove::Back, back);
                false
            }
            Edit::CharRight => {
                moved(t, CursorMove::Forward, forward);
                false
            }
            Edit::DeleteBack if col == 0 => t.delete_char(),
            Edit::DeleteBack => {
                moved(t, CursorMove::Back, back);
                t.delete_str(back)
            }
            Edit::DeleteForward if col >= len => t.delete_next_char(),
            Edit::DeleteForward => t.delete_str(forward),
            _ => false,
        }
    }

    /// Any edit of a recalled prompt makes it the draft: the walk starts over from the newest.
    fn history_edited(&mut self) {
        if self.prompt_history.is_walking() {
            self.prompt_history.reset();
        }
    }

    fn submit(&mut self) -> ComposerOutcome {
        let text = self.expanded_text();
        // Images alone are a message too; the caller takes them with the text.
        if text.trim().is_empty() && self.images.is_empty() {
            return ComposerOutcome::Ignored;
        }
        self.clear();
        self.prompt_history.reset();
        if let Some(vim) = &mut self.vim {
            vim.sent();
        }
        ComposerOutcome::Submitted(text)
    }

    /// The text and cursor as vim sees them.
    fn vim_buffer(&self) -> vim::Buffer {
        let DataCursor(row, col) = self.textarea.cursor();
        vim::Buffer {
            lines: self.textarea.lines().to_vec(),
            cursor: vim::Pos::new(row, col),
        }
    }

    /// Takes vim's text and cursor back.
    fn load_vim_buffer(&mut self, buffer: vim::Buffer) {
        if buffer.lines.as_slice() != self.textarea.lines() {
            self.textarea = textarea(buffer.lines);
            self.history_edited();
        }
        self.textarea.move_cursor(CursorMove::Jump(
            u16::try_from(buffer.cursor.row).unwrap_or(u16::MAX),
            u16::try_from(buffer.cursor.col).unwrap_or(u16::MAX),
        ));
    }

    /// Vim's say on a key, when vim is on and the key is vim's (`None`: the composer and the
    /// keys around it handle it as without vim).
    pub(crate) fn vim_key(&mut self, key: KeyEvent) -> Option<ComposerOutcome> {
        let mut buffer = self.vim_buffer();
        let outcome = self.vim.as_mut()?.key(key, &mut buffer);
        match outcome {
            vim::VimOutcome::PassThrough => None,
            vim::VimOutcome::Done => {
                self.load_vim_buffer(buffer);
                Some(ComposerOutcome::Edited)
            }
            vim::VimOutcome::Submit => Some(self.submit()),
            vim::VimOutcome::History(direction) => Some(self.history(direction)),
        }
    }

    /// Whether vim is on and in normal mode.
    pub fn vim_normal(&self) -> bool {
        self.vim
            .as_ref()
            .is_some_and(|v| v.mode == vim::Mode::Normal)
    }

    /// An earlier (`-1`) or later prompt from the history, as ↑ on the first row and ↓ on the
    /// last do.
    fn history(&mut self, direction: isize) -> ComposerOutcome {
        let entry = if direction < 0 {
            let current = self.expanded_text();
            self.prompt_history.older(&current).map(str::to_string)
        } else {
            self.prompt_history.newer()
        };
        match entry {
            Some(entry) => {
                self.recall(&entry);
                // A recalled prompt is read in normal mode from its start, as vim opens a file.
                if self.vim_normal() {
                    self.textarea.move_cursor(CursorMove::Top);
                    self.textarea.move_cursor(CursorMove::Head);
                }
                ComposerOutcome::Edited
            }
            None => ComposerOutcome::Ignored,
        }
    }

    /// Up or Down one screen row, or through the history from the first or last row.
    fn vertical(&mut self, direction: isize, width: u16) -> ComposerOutcome {
        let layout = self.layout(width);
        let (row, column) = layout.cursor;
        let target = row as isize + direction;
        if target < 0 {
            let current = self.expanded_text();
            return match self.prompt_history.older(&current).map(str::to_string) {
                Some(entry) => self.recall(&entry),
                None => ComposerOutcome::Ignored,
            };
        }
        if target as usize >= layout.rows.len() {
            return match self.prompt_history.newer() {
                Some(entry) => self.recall(&entry),
                None => ComposerOutcome::Ignored,
            };
        }
        let visual = &layout.rows[target as usize];
        // The char of the target row under the cursor's column (or its end).
        let mut width_so_far = 0;
        let mut offset = 0;
        let line = &self.textarea.lines()[visual.line];
        let row_text: String = line
            .chars()
            .skip(visual.start)
            .take(visual.end - visual.start)
            .collect();
        for cluster in unicode_segmentation::UnicodeSegmentation::graphemes(row_text.as_str(), true)
        {
            let w = crate::render::editor_layout::shown_width(cluster);
            if width_so_far + w > column {
                break;
            }
            width_so_far += w;
            offset += cluster.chars().count();
        }
        let mut col = visual.start + offset;
        // The end of a row that wraps is the start of the next one: stay on this row.
        if col == visual.end && visual.end < line.chars().count() && offset > 0 {
            col = crate::text::graphemes::boundary_before(line, col);
        }
        self.textarea.move_cursor(CursorMove::Jump(
            u16::try_from(visual.line).unwrap_or(u16::MAX),
            u16::try_from(col).unwrap_or(u16::MAX),
        ));
        ComposerOutcome::Edited
    }

    fn recall(&mut self, entry: &str) -> ComposerOutcome {
        self.set_text(entry);
        ComposerOutcome::Edited
    }
}
