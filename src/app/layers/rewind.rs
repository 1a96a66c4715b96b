//! Rewind (Esc Esc, `/rewind`): the person's earlier messages in this thread, newest first.
//! Enter on one shows what rewinding to before it does: the turns it drops, and the files
//! those turns changed through `apply_patch` with the change putting each back (previewed
//! from the turns kept on disk, refused file by file with the reason), plus the commands that
//! may have changed files tern cannot put back. Enter then rewinds the conversation and leaves
//! the files; `f` rewinds and puts the files back; Esc goes back to the list.

use super::{Ctx, Layer, LayerView, Outcome, ViewCx};
use crate::app::layer_types::{Input, Placement};
use crate::controls::keys::{list_rows, Chord, KeyList, KeyRow, KeyTable, Rest};
use crate::model::rewind::RestorePlan;
use crate::model::NoticeLevel;
use crate::session::event::LayerEvent;
use crate::session::rewind;
use crate::session::state::Session;

#[derive(Debug, Clone, PartialEq)]
pub struct RewindView {
    /// (turn id, text), newest first.
    pub messages: Vec<(String, String)>,
    pub selected: usize,
    /// What rewinding to the selected message does, once Enter asked.
    pub preview: Option<Preview>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Preview {
    /// The turns dropped, oldest first.
    pub turns: Vec<String>,
    /// Commands of those turns that may have written files.
    pub commands: Vec<String>,
    pub files: Files,
    /// Rows of the preview scrolled past; clamped when drawn.
    pub offset: usize,
}

/// Where the files' side of the preview stands.
#[derive(Debug, Clone, PartialEq)]
pub enum Files {
    Loading,
    /// Files cannot be put back here at all, and why.
    Unavailable(String),
    Ready(RestorePlan),
}

/// What the rewind screen's keys do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RewindKey {
    Up,
    Down,
    First,
    Last,
    /// Enter on a message: what rewinding to before it does.
    Preview,
    Close,
    /// From the preview back to the messages.
    Back,
    /// Rewind, the files as they are.
    Rewind,
    /// Rewind and put the files back.
    RewindFiles,
    /// The preview by this many rows.
    Scroll(isize),
}

fn listing(view: &RewindView) -> bool {
    view.preview.is_none()
}

fn previewing(view: &RewindView) -> bool {
    view.preview.is_some()
}

type Row = KeyRow<RewindView, RewindKey>;

pub(crate) static KEYS: KeyTable<RewindView, RewindKey> = KeyTable::new(
    "rewind",
    "Rewind",
    &[
        // The list of messages.
        list_rows::up_k(RewindKey::Up, "choose a message").when("the list", listing),
        list_rows::down_j(RewindKey::Down, "choose a message").when("the list", listing),
        list_rows::first(RewindKey::First, "newest message").when("the list", listing),
        list_rows::last(RewindKey::Last, "oldest message").when("the list", listing),
        Row::new(
            "preview",
            &[Chord::ENTER],
            RewindKey::Preview,
            "see what rewinding does",
        )
        .explained("see what rewinding to before it does, files included")
        .when("the list", listing),
        Row::new("close", &[Chord::ESC], RewindKey::Close, "close").when("the list", listing),
        // What rewinding does.
        Row::new(
            "rewind",
            &[Chord::ENTER],
            RewindKey::Rewind,
            "rewind, files as they are",
        )
        .explained("rewind the conversation and leave the files as they are")
        .when("the preview", previewing),
        Row::new(
            "rewind_files",
            &[Chord::ch('f')],
            RewindKey::RewindFiles,
            "rewind and put the files back",
        )
        .explained("rewind, and put back the files the preview lists with ✔")
        .when(
            "the preview lists files to put back",
            RewindView::can_restore,
        ),
        list_rows::up_k(RewindKey::Scroll(-1), "scroll")
            .named("scroll_up")
            .when("the preview", previewing),
        list_rows::down_j(RewindKey::Scroll(1), "scroll")
            .named("scroll_down")
            .when("the preview", previewing),
        list_rows::page_up(RewindKey::Scroll(-10), "scroll").when("the preview", previewing),
        list_rows::page_down(RewindKey::Scroll(10), "scroll").when("the preview", previewing),
        Row::new(
            "back",
            &[Chord::ESC],
            RewindKey::Back,
            "back to the messages",
        )
        .when("the preview", previewing),
    ],
    Rest::SWALLOW,
);

/// Opens the list, or says why there is nothing to rewind.
pub fn open(state: &mut Session) -> Outcome {
    match rewind::messages(state) {
        Ok(messages) => Outcome::Open(
            Layer::Rewind(RewindView {
                messages,
                selected: 0,
                preview: None,
            }),
            vec![],
        ),
        Err(why) => {
            state.shown.transcript.notice(NoticeLevel::Warning, why);
            Outcome::Consumed(vec![])
        }
    }
}

impl RewindView {
    fn show_preview(&mut self, state: &Session) -> Outcome {
        let Some((turn, _)) = self.messages.get(self.selected) else {
            return Outcome::Consumed(vec![]);
        };
        let turns = rewind::dropped_turns(state, turn);
        let commands = rewind::commands_of(state, &turns);
        let (files, effects) = match rewind::preview(state, turns.clone()) {
            Ok(effects) => (Files::Loading, effects),
            Err(why) => (Files::Unavailable(why), vec![]),
        };
        self.preview = Some(Preview {
            turns,
            commands,
            files,
            offset: 0,
        });
        Outcome::Consumed(effects)
    }

    /// Rewinds, putting the files back when `files` (and there are some to put back).
    fn confirm(&mut self, state: &mut Session, files: bool) -> Outcome {
        let (Some((turn, text)), Some(preview)) = (self.messages.get(self.selected), &self.preview)
        else {
            return Outcome::Consumed(vec![]);
        };
        let (restores, left) = match (&preview.files, files) {
            (Files::Ready(plan), true) => (plan.files.clone(), plan.refused.clone()),
            _ => (Vec::new(), Vec::new()),
        };
        let effects = rewind::start(
            state,
            turn.clone(),
            text.clone(),
            preview.turns.len(),
            (restores, left),
        );
        Outcome::Close(effects)
    }

    /// Whether `f` has files to put back.
    pub(crate) fn can_restore(&self) -> bool {
        matches!(
            self.preview.as_ref().map(|p| &p.files),
            Some(Files::Ready(plan)) if !plan.files.is_empty()
        )
    }
}

impl LayerView for RewindView {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        let Input::Key(key) = input else {
            return Outcome::Consumed(vec![]);
        };
        Outcome::of_key(KEYS.resolve(key, self, &cx.config.keymap), |action| {
            let n = self.messages.len().max(1);
            match action {
                RewindKey::Close => return Outcome::Close(vec![]),
                RewindKey::Up => self.selected = (self.selected + n - 1) % n,
                RewindKey::Down => self.selected = (self.selected + 1) % n,
                RewindKey::First => self.selected = 0,
                RewindKey::Last => self.selected = n - 1,
                RewindKey::Preview => return self.show_preview(cx),
                RewindKey::Back => self.preview = None,
                RewindKey::Rewind => return self.confirm(cx.session_mut(), false),
                RewindKey::RewindFiles => return self.confirm(cx.session_mut(), true),
                RewindKey::Scroll(rows) => {
                    if let Some(preview) = &mut self.preview {
                        preview.offset = preview.offset.saturating_add_signed(rows);
                    }
                }
            }
            Outcome::Consumed(vec![])
        })
    }

    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        let LayerEvent::RestorePreview { thread_id, result } = event else {
            return Outcome::Ignored;
        };
        let Some(preview) = &mut self.preview else {
            return Outcome::Ignored;
        };
        if cx.thread_id() != Some(thread_id.as_str()) || preview.files != Files::Loading {
            return Outcome::Ignored;
        }
        preview.files = match result {
            Ok(plan) => Files::Ready(plan.clone()),
            Err(why) => Files::Unavailable(why.clone()),
        };
        Outcome::Consumed(vec![])
    }

    fn placement(&self) -> Placement {
        Placement::FullScreen
    }

    fn title(&self, _session: &Session) -> &'static str {
        "Rewind"
    }

    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        KEYS.list(self, &cx.config.keymap)
    }
}
