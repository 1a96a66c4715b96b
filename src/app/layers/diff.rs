//! `/diff`: the latest turn's whole diff (from `turn/diff/updated`) — or, before any turn
//! changed a file, `git diff HEAD` of the session's cwd, read by the runtime — full screen, with
//! a list of its files, hunk and file jumps, and a side-by-side switch.

use super::{Ctx, Help, Layer, LayerView, Outcome};
use crate::app::effect::Effect;
use crate::app::event::LayerEvent;
use crate::app::layer_types::{Hint, Input, Placement};
use crate::app::state::Session;
use crate::render::diff::{files_of_patch, DiffDocument, DiffMode, DocAnchor};
use crate::render::Theme;
use crossterm::event::{KeyCode, KeyModifiers, MouseEventKind};
use ratatui::layout::Rect;
use std::time::Instant;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiffSource {
    /// A turn's aggregate diff, kept up to date while it is shown.
    Turn(String),
    /// `git diff HEAD` in this directory.
    Git { cwd: String },
}

#[derive(Debug)]
pub enum DiffContent {
    Loading,
    /// Nothing to show, and why (not an error).
    Empty(String),
    Failed(String),
    /// Boxed: a document with its caches is large, and layers move around the stack.
    Ready(Box<DiffDocument>),
}

#[derive(Debug)]
pub struct DiffPager {
    pub source: DiffSource,
    pub content: DiffContent,
    /// The top of the view as a place in the diff, so a resize or a mode switch keeps it.
    pub anchor: DocAnchor,
    /// The person's choice; `None` follows the width.
    pub side_by_side: Option<bool>,
    /// The git output was cut at the runtime's size limit.
    pub truncated: bool,
    /// The file last jumped to: it stays the current one while its header is in view, even
    /// when the end of the diff keeps it from reaching the top.
    focus_file: Option<usize>,
}

/// Where the pager's parts go inside the area it covers. Shared by `update` (page sizes,
/// widths) and `ui` (drawing).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PagerAreas {
    pub title: Rect,
    /// The file list, with its rule on the right; empty on narrow screens.
    pub list: Rect,
    pub body: Rect,
}

/// Below this width the file list gives its room to the diff.
const LIST_MIN_SCREEN: u16 = 100;

pub fn pager_areas(area: Rect) -> PagerAreas {
    let title = Rect::new(area.x, area.y, area.width, area.height.min(1));
    let rest_height = area.height.saturating_sub(1);
    let list_width = if area.width >= LIST_MIN_SCREEN {
        (area.width / 4).clamp(24, 40)
    } else {
        0
    };
    let list = Rect::new(area.x, area.y + title.height, list_width, rest_height);
    // A column of air after the list's rule.
    let gap = u16::from(list_width > 0);
    let body = Rect::new(
        area.x + list_width + gap,
        area.y + title.height,
        area.width - list_width - gap,
        rest_height,
    );
    PagerAreas { title, list, body }
}

/// Opens the pager over the transcript: the latest turn's diff, or `git diff` when no turn
/// changed a file yet.
pub fn open(state: &mut Session) -> Outcome {
    let theme = state.config.theme;
    let mut effects = Vec::new();
    let (source, content) = match state.shown.transcript.turn_diffs().latest() {
        Some((turn, diff)) => (DiffSource::Turn(turn.to_string()), ready(diff, theme)),
        None => {
            let cwd = state
                .shown
                .thread
                .as_ref()
                .map(|t| t.cwd.clone())
                .filter(|c| !c.is_empty())
                .or_else(|| state.config.settings.cwd.clone());
            match cwd {
                Some(cwd) => {
                    effects.push(Effect::ReadGitDiff { cwd: cwd.clone() });
                    (DiffSource::Git { cwd }, DiffContent::Loading)
                }
                None => (
                    DiffSource::Git { cwd: String::new() },
                    DiffContent::Failed(
                        "No turn has changed a file yet, and the working directory is not \
                         known yet to read `git diff`."
                            .into(),
                    ),
                ),
            }
        }
    };
    let pager = DiffPager {
        source,
        content,
        anchor: DocAnchor::default(),
        side_by_side: None,
        truncated: false,
        focus_file: None,
    };
    Outcome::Open(Layer::Diff(pager), effects)
}

fn ready(diff: &str, theme: Theme) -> DiffContent {
    let files = files_of_patch(diff);
    if files.is_empty() {
        DiffContent::Empty("The diff is empty.".into())
    } else {
        DiffContent::Ready(Box::new(DiffDocument::new(files, theme, true)))
    }
}

impl DiffPager {
    /// The layout in use for a body `width` columns wide on a screen `screen_width` wide.
    pub fn mode(&self, screen_width: u16) -> DiffMode {
        match self.side_by_side {
            Some(true) => DiffMode::SideBySide,
            Some(false) => DiffMode::Unified,
            None => DiffMode::auto(screen_width),
        }
    }

    pub fn document(&self) -> Option<&DiffDocument> {
        match &self.content {
            DiffContent::Ready(doc) => Some(doc),
            _ => None,
        }
    }

    /// The first row shown, for a body of `body` size on a screen `screen_width` wide.
    pub fn top(&self, body: Rect, screen_width: u16) -> usize {
        let Some(doc) = self.document() else { return 0 };
        let mode = self.mode(screen_width);
        let last = doc
            .total_rows(body.width, mode)
            .saturating_sub(body.height as usize);
        doc.row_of(body.width, mode, self.anchor).min(last)
    }

    /// The file the top row belongs to, or the one jumped to while its header is in view.
    pub fn current_file(&self, body: Rect, screen_width: u16) -> usize {
        let Some(doc) = self.document() else { return 0 };
        let top = self.top(body, screen_width);
        let rows = doc.file_rows(body.width, self.mode(screen_width));
        if let Some(&row) = self.focus_file.and_then(|f| rows.get(f)) {
            if (top..top + body.height as usize).contains(&row) {
                return self.focus_file.unwrap_or(0);
            }
        }
        rows.partition_point(|&r| r <= top).saturating_sub(1)
    }

    pub fn title(&self) -> String {
        match &self.source {
            DiffSource::Turn(_) => "Changes of the last turn that edited files".into(),
            DiffSource::Git { cwd } => format!("git diff HEAD in {cwd}"),
        }
    }

    fn scroll_by(&mut self, rows: isize, body: Rect, screen_width: u16) {
        let top = self.top(body, screen_width);
        self.scroll_to(top.saturating_add_signed(rows), body, screen_width);
    }

    fn scroll_to(&mut self, row: usize, body: Rect, screen_width: u16) {
        self.focus_file = None;
        let Some(doc) = self.document() else { return };
        let mode = self.mode(screen_width);
        let last = doc
            .total_rows(body.width, mode)
            .saturating_sub(body.height as usize);
        self.anchor = doc.anchor_at(body.width, mode, row.min(last));
    }

    /// To the next (`1`) or previous (`-1`) hunk or file start. Previous from inside a file
    /// goes to its start first.
    fn jump(&mut self, what: Jump, direction: isize, body: Rect, screen_width: u16) {
        let Some(doc) = self.document() else { return };
        let mode = self.mode(screen_width);
        let top = self.top(body, screen_width);
        let target = match what {
            Jump::Hunk => {
                let rows = doc.hunk_rows(body.width, mode);
                let found = if direction > 0 {
                    rows.iter().position(|&r| r > top)
                } else {
                    rows.iter().rposition(|&r| r < top)
                };
                found.map(|i| (rows[i], None))
            }
            Jump::File => {
                let rows = doc.file_rows(body.width, mode);
                let current = self.current_file(body, screen_width);
                let inside =
                    rows.get(current).is_some_and(|&r| r < top) && self.focus_file != Some(current);
                let index = if direction > 0 {
                    Some(current + 1).filter(|&i| i < rows.len())
                } else if inside {
                    Some(current)
                } else {
                    current.checked_sub(1)
                };
                index.map(|i| (rows[i], Some(i)))
            }
        };
        if let Some((row, file)) = target {
            self.scroll_to(row, body, screen_width);
            self.focus_file = file;
        }
    }
}

impl LayerView for DiffPager {
    /// Keys scroll and jump; everything else stops here (the transcript is hidden). Pastes
    /// fall to the composer below, so nothing typed is lost.
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let main = cx.areas.main;
        let body = pager_areas(main).body;
        let page = (body.height as isize - 2).max(1);
        let key = match input {
            Input::Key(key) => key,
            Input::Paste(_) => return Outcome::Ignored,
            Input::Mouse(mouse) => {
                match mouse.kind {
                    MouseEventKind::ScrollUp => self.scroll_by(-3, body, main.width),
                    MouseEventKind::ScrollDown => self.scroll_by(3, body, main.width),
                    _ => {}
                }
                return Outcome::Consumed(vec![]);
            }
        };
        if key.modifiers.contains(KeyModifiers::CONTROL) {
            return match key.code {
                KeyCode::Char('o') => Outcome::Ignored,
                _ => Outcome::Consumed(vec![]),
            };
        }
        match key.code {
            KeyCode::Esc | KeyCode::Char('q') => return Outcome::Close(vec![]),
            KeyCode::Char('?') => return Outcome::Open(Layer::Help(Help::default()), vec![]),
            KeyCode::Up | KeyCode::Char('k') => self.scroll_by(-1, body, main.width),
            KeyCode::Down | KeyCode::Char('j') => self.scroll_by(1, body, main.width),
            KeyCode::PageUp | KeyCode::Char('b') => self.scroll_by(-page, body, main.width),
            KeyCode::PageDown | KeyCode::Char(' ') => self.scroll_by(page, body, main.width),
            KeyCode::Home | KeyCode::Char('g') => self.scroll_to(0, body, main.width),
            KeyCode::End | KeyCode::Char('G') => self.scroll_to(usize::MAX, body, main.width),
            KeyCode::Char('n') => self.jump(Jump::Hunk, 1, body, main.width),
            KeyCode::Char('p') => self.jump(Jump::Hunk, -1, body, main.width),
            KeyCode::Tab | KeyCode::Char(']') => self.jump(Jump::File, 1, body, main.width),
            KeyCode::BackTab | KeyCode::Char('[') => self.jump(Jump::File, -1, body, main.width),
            KeyCode::Char('s') => {
                let now = self.mode(main.width);
                self.side_by_side = Some(now == DiffMode::Unified);
            }
            _ => {}
        }
        Outcome::Consumed(vec![])
    }

    /// `git diff` came for a pager waiting on it; a turn it shows sent a newer diff, shown at the
    /// same place.
    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        let theme = cx.config.theme;
        match event {
            LayerEvent::GitDiff { cwd, result }
                if matches!(&self.source, DiffSource::Git { cwd: c } if c == cwd)
                    && matches!(self.content, DiffContent::Loading) =>
            {
                self.content = match result {
                    Ok(out) if out.text.trim().is_empty() => DiffContent::Empty(format!(
                        "No changes: `git diff HEAD` is empty in {cwd}, and no turn has changed a \
                         file yet."
                    )),
                    Ok(out) => {
                        self.truncated = out.truncated;
                        ready(&out.text, theme)
                    }
                    Err(message) => DiffContent::Failed(message.clone()),
                };
                Outcome::Consumed(vec![])
            }
            LayerEvent::TurnDiff { turn_id }
                if self.source == DiffSource::Turn(turn_id.clone()) =>
            {
                if let Some(diff) = cx.shown.transcript.turn_diffs().get(turn_id) {
                    self.content = ready(diff, theme);
                }
                Outcome::Consumed(vec![])
            }
            _ => Outcome::Ignored,
        }
    }

    fn placement(&self) -> Placement {
        Placement::FullScreen
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Diff"
    }

    fn hints(&self, _session: &Session, _now: Instant) -> Vec<Hint> {
        vec![
            Hint::new("Esc", "close"),
            Hint::new("n/p", "next/prev hunk"),
            Hint::new("Tab/Shift+Tab", "next/prev file"),
            Hint::new("s", "side by side"),
            Hint::new("↑↓ PgUp/PgDn Home/End", "scroll"),
        ]
    }
}

#[derive(Debug, Clone, Copy)]
enum Jump {
    Hunk,
    File,
}
