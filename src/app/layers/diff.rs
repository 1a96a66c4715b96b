//! `/diff`: the latest turn's whole diff (from `turn/diff/updated`) — or, before any turn
//! changed a file, `git diff HEAD` of the session's cwd, read by the runtime — full screen, with
//! a list of its files, hunk and file jumps, and a side-by-side switch.

use super::diff_copy::DiffCopy;
use super::{Ctx, Help, Layer, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, KeyList, KeyRow, KeyTable, Rest};
use crate::render::diff::{files_of_patch, DiffDocument, DiffMode, DocAnchor};
use crate::render::Theme;
use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::state::Session;
use crossterm::event::MouseEventKind;
use ratatui::layout::Rect;

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
    /// A file to show first once the diff is there (a review's `path:line` clicked).
    pub wanted_file: Option<String>,
    /// Opened from a selected cell (its turn's), not as the last turn's.
    of_cell: bool,
    /// Copy mode (`v`), while on.
    pub(crate) copy: Option<DiffCopy>,
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
        wanted_file: None,
        of_cell: false,
        copy: None,
    };
    Outcome::Open(Layer::Diff(pager), effects)
}

/// Opens the pager at the file `path` (absolute, or relative to the session's directory): the
/// link of a review's `path:line`.
pub(crate) fn open_at(state: &mut Session, path: &str) -> Outcome {
    let outcome = open(state);
    let Outcome::Open(Layer::Diff(mut pager), effects) = outcome else {
        return outcome;
    };
    let cwd = state
        .shown
        .transcript
        .session_cwd()
        .unwrap_or("")
        .trim_end_matches('/');
    let relative = path
        .strip_prefix(cwd)
        .and_then(|p| p.strip_prefix('/'))
        .unwrap_or(path);
    pager.wanted_file = Some(relative.to_string());
    let main = crate::app::geometry::main_area(state.screen);
    pager.show_wanted(pager_areas(main).body, state.screen.width);
    Outcome::Open(Layer::Diff(pager), effects)
}

/// One turn's diff (the selected cell's, `layers::selected`), its top at file `file` of the
/// diff when given; `Err` says why there is none to show.
pub(crate) fn open_turn(state: &Session, turn: &str, file: Option<usize>) -> Result<Layer, String> {
    let Some(diff) = state
        .shown
        .transcript
        .turn_diffs()
        .get(turn)
        .filter(|d| !d.trim().is_empty())
    else {
        return Err(
            "That turn changed no file tern still keeps a diff of (it keeps the last 16 turns')."
                .into(),
        );
    };
    let content = ready(diff, state.config.theme);
    let files = match &content {
        DiffContent::Ready(doc) => doc.files().len(),
        _ => 0,
    };
    let file = file.filter(|&f| f < files);
    Ok(Layer::Diff(DiffPager {
        source: DiffSource::Turn(turn.to_string()),
        content,
        anchor: file.map(DocAnchor::file_start).unwrap_or_default(),
        side_by_side: None,
        truncated: false,
        focus_file: file,
        wanted_file: None,
        of_cell: true,
        copy: None,
    }))
}

/// The paths of one turn's diff, in its order (what a selected cell's mentions are matched
/// against).
pub(crate) fn turn_files(state: &Session, turn: &str) -> Vec<String> {
    state
        .shown
        .transcript
        .turn_diffs()
        .get(turn)
        .map(|diff| files_of_patch(diff).into_iter().map(|f| f.path).collect())
        .unwrap_or_default()
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
    pub(crate) fn current_file(&self, body: Rect, screen_width: u16) -> usize {
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
            DiffSource::Turn(_) if self.of_cell => "Changes of the selected cell's turn".into(),
            DiffSource::Turn(_) => "Changes of the last turn that edited files".into(),
            DiffSource::Git { cwd } => format!("git diff HEAD in {cwd}"),
        }
    }

    /// Scrolls to the wanted file once the diff is ready (kept wanted until then).
    pub(crate) fn show_wanted(&mut self, body: Rect, screen_width: u16) {
        let Some(wanted) = self.wanted_file.clone() else {
            return;
        };
        let mode = self.mode(screen_width);
        let Some(doc) = self.document() else { return };
        let index = doc
            .files()
            .iter()
            .position(|f| f.path == wanted || f.path.ends_with(&format!("/{wanted}")));
        let row = index.and_then(|i| doc.file_rows(body.width, mode).get(i).copied());
        self.wanted_file = None;
        if let (Some(index), Some(row)) = (index, row) {
            self.scroll_to(row, body, screen_width);
            self.focus_file = Some(index);
        }
    }

    fn scroll_by(&mut self, rows: isize, body: Rect, screen_width: u16) {
        let top = self.top(body, screen_width);
        self.scroll_to(top.saturating_add_signed(rows), body, screen_width);
    }

    pub(super) fn scroll_to(&mut self, row: usize, body: Rect, screen_width: u16) {
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

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DiffKey {
    Close,
    Help,
    Up,
    Down,
    PageUp,
    PageDown,
    Top,
    Bottom,
    NextHunk,
    PrevHunk,
    NextFile,
    PrevFile,
    SideBySide,
    Below,
    /// `r` on a turn's diff: review its hunks (keep/revert, comments) and send the review.
    Review,
    CopyMode,
    CursorUp,
    CursorDown,
    Mark,
    Copy,
    LeaveCopy,
}

pub(crate) static KEYS: KeyTable<DiffPager, DiffKey> = KeyTable::new(
    "diff",
    "Diff",
    &[
        KeyRow::new(
            "leave_copy",
            &[Chord::ESC, Chord::ch('q')],
            DiffKey::LeaveCopy,
            "back",
        )
        .explained("leave copy mode, back to reading")
        .when("in copy mode", DiffPager::copying)
        .bar_keys(1),
        list_rows::close_q(DiffKey::Close, "close").when("outside copy mode", DiffPager::reading),
        KeyRow::new(
            "select_lines",
            &[Chord::ch('v'), Chord::ch('V')],
            DiffKey::Mark,
            "select",
        )
        .explained("start (or drop) a line selection at the cursor")
        .when("in copy mode", DiffPager::copying)
        .bar_keys(1),
        KeyRow::new("copy", &[Chord::ch('y')], DiffKey::Copy, "copy")
            .explained("copy the selected lines as diff text (the cursor's line when none)")
            .when("in copy mode", DiffPager::copying),
        KeyRow::new(
            "cursor_up",
            &[Chord::UP, Chord::ch('k')],
            DiffKey::CursorUp,
            "move",
        )
        .explained("the cursor a row up")
        .when("in copy mode", DiffPager::copying)
        .bar_keys(1),
        KeyRow::new(
            "cursor_down",
            &[Chord::DOWN, Chord::ch('j')],
            DiffKey::CursorDown,
            "move",
        )
        .explained("the cursor a row down")
        .when("in copy mode", DiffPager::copying)
        .bar_keys(1),
        KeyRow::new(
            "next_hunk",
            &[Chord::ch('n')],
            DiffKey::NextHunk,
            "next/prev hunk",
        ),
        KeyRow::new(
            "prev_hunk",
            &[Chord::ch('p')],
            DiffKey::PrevHunk,
            "next/prev hunk",
        ),
        KeyRow::new(
            "next_file",
            &[Chord::TAB, Chord::ch(']')],
            DiffKey::NextFile,
            "next/prev file",
        )
        .bar_keys(1),
        KeyRow::new(
            "prev_file",
            &[Chord::BACKTAB, Chord::ch('[')],
            DiffKey::PrevFile,
            "next/prev file",
        )
        .bar_keys(1),
        KeyRow::new(
            "side_by_side",
            &[Chord::ch('s')],
            DiffKey::SideBySide,
            "side by side",
        )
        .explained("side by side or unified"),
        KeyRow::new("review", &[Chord::ch('r')], DiffKey::Review, "review")
            .explained("review the hunks: keep or revert each (git diff: asks first), comment")
            .when("a diff on screen", |p: &DiffPager| {
                matches!(p.source, DiffSource::Turn(_)) || p.document().is_some()
            }),
        list_rows::up_k(DiffKey::Up, "scroll").when("outside copy mode", DiffPager::reading),
        list_rows::down_j(DiffKey::Down, "scroll").when("outside copy mode", DiffPager::reading),
        KeyRow::new(
            "page_up",
            &[Chord::PGUP, Chord::ch('b')],
            DiffKey::PageUp,
            "scroll",
        )
        .bar_keys(1),
        KeyRow::new(
            "page_down",
            &[Chord::PGDN, Chord::ch(' ')],
            DiffKey::PageDown,
            "scroll",
        )
        .bar_keys(1),
        KeyRow::new(
            "top",
            &[Chord::HOME, Chord::ch('g')],
            DiffKey::Top,
            "scroll",
        )
        .bar_keys(1),
        KeyRow::new(
            "bottom",
            &[Chord::END, Chord::ch('G')],
            DiffKey::Bottom,
            "scroll",
        )
        .bar_keys(1),
        KeyRow::new(
            "copy_mode",
            &[Chord::ch('v')],
            DiffKey::CopyMode,
            "copy mode",
        )
        .explained("copy mode: a cursor row; v selects lines, y copies them")
        .when("outside copy mode", DiffPager::reading)
        .help(),
        KeyRow::new("help", &[Chord::ch('?')], DiffKey::Help, "keys").help(),
        KeyRow::new("expand", &[Chord::ctrl('o')], DiffKey::Below, "expand")
            .explained("Ctrl+O reaches the transcript below")
            .passes()
            .reference()
            .fixed(),
    ],
    // The transcript is hidden: nothing else reaches it.
    Rest::SWALLOW,
);

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
                self.keep_cursor_in(body, main.width);
                return Outcome::Consumed(vec![]);
            }
        };
        Outcome::of_key(KEYS.resolve(key, self, &cx.config.keymap), |action| {
            let width = main.width;
            match action {
                DiffKey::Close => return Outcome::Close(vec![]),
                DiffKey::CopyMode => {
                    self.copy = self.document().map(|_| DiffCopy::at(self.top(body, width)));
                }
                DiffKey::LeaveCopy => self.copy = None,
                DiffKey::Mark => self.copy.iter_mut().for_each(DiffCopy::toggle_mark),
                DiffKey::Copy => return self.copy_rows(cx, body, width),
                DiffKey::CursorUp => self.step_cursor(-1, body, width),
                DiffKey::CursorDown => self.step_cursor(1, body, width),
                DiffKey::Help => return Outcome::Open(Layer::Help(Help::default()), vec![]),
                DiffKey::Below => return Outcome::Ignored,
                DiffKey::Review => return self.review(cx),
                DiffKey::Up => self.scroll_by(-1, body, width),
                DiffKey::Down => self.scroll_by(1, body, width),
                DiffKey::PageUp => self.scroll_by(-page, body, width),
                DiffKey::PageDown => self.scroll_by(page, body, width),
                DiffKey::Top => self.scroll_to(0, body, width),
                DiffKey::Bottom => self.scroll_to(usize::MAX, body, width),
                DiffKey::NextHunk => self.jump(Jump::Hunk, 1, body, width),
                DiffKey::PrevHunk => self.jump(Jump::Hunk, -1, body, width),
                DiffKey::NextFile => self.jump(Jump::File, 1, body, width),
                DiffKey::PrevFile => self.jump(Jump::File, -1, body, width),
                DiffKey::SideBySide => {
                    let now = self.mode(width);
                    self.side_by_side = Some(now == DiffMode::Unified);
                    // Rows mean other lines now: the selection goes.
                    self.copy.iter_mut().for_each(|c| c.mark = None);
                }
            }
            self.keep_cursor_in(body, width);
            Outcome::Consumed(vec![])
        })
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
                self.show_wanted(pager_areas(cx.areas.main).body, cx.screen.width);
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

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(self, &cx.config.keymap)
    }
}

#[derive(Debug, Clone, Copy)]
enum Jump {
    Hunk,
    File,
}
