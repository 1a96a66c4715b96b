//! The app's whole state: the layer stacks and the session. Only the router and `update` see
//! the stacks; every handler is given the session alone (`layers::Ctx`), so it changes a stack
//! only by what it returns.
//!
//! What is on screen, bottom first (the order `ui` draws in, and the router walks from the
//! end): the list open over the composer (the popup slot: `/`, `@`, `$`), the server-down box
//! (`health`'s, when it shows), the layers the person opened, the front server question, and
//! the layers opened from that question.

use super::geometry::{self, Areas, BottomBox};
use super::layer_types::{Hint, Placement};
use super::layers::question::FrontQuestion;
use super::layers::server_down::ServerDownBox;
use super::layers::{Layer, LayerView, Search, ViewCx};
use crate::controls::keys::{Chord, KeyList};
use crate::controls::view::View;
use crate::protocol::RequestId;
use crate::session::state::health::ServerDown;
use crate::session::state::questions::QueuedQuestion;
use crate::session::state::{Session, SessionConfig};
use ratatui::layout::Rect;
use std::time::Instant;

#[derive(Debug)]
pub struct AppState {
    pub layers: LayerStacks,
    pub session: Session,
}

/// The stacks of layers, bottom first.
#[derive(Debug, Default)]
pub struct LayerStacks {
    /// The popup slot: the list the composer opened over itself (`Placement::OverComposer`),
    /// at most one; another opening replaces it.
    pub composer: Vec<Layer>,
    /// Layers the person opened over the transcript.
    pub person: Vec<Layer>,
    /// Layers opened from the front question (prefix chooser, full view, help): above it, and
    /// closed with it.
    pub question: Vec<Layer>,
    /// The question `question` was opened from.
    question_of: Option<RequestId>,
}

impl LayerStacks {
    /// The layers opened from a question go when it does (answered, withdrawn, or the server
    /// lost): called after every event.
    pub(crate) fn follow_question(&mut self, front: Option<&RequestId>) {
        if self.question_of.as_ref() != front {
            self.question.clear();
            self.question_of = front.cloned();
        }
    }

    /// A layer of `layer`'s kind is open, in either stack.
    pub(crate) fn holds_kind_of(&self, layer: &Layer) -> bool {
        self.person
            .iter()
            .chain(&self.question)
            .any(|open| open.same_kind(layer))
    }
}

/// One thing on screen over the base.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Shown<'a> {
    /// The server died, never answered or went silent (`Health::down`).
    ServerDown(&'a ServerDown),
    Layer(&'a Layer),
    /// The front server question, with how many are waiting in all.
    Question(&'a QueuedQuestion, usize),
}

impl<'a> Shown<'a> {
    /// What every layer is; the question and the server-down box are views of the session.
    pub(crate) fn view(&self) -> &'a dyn LayerView {
        match *self {
            Shown::ServerDown(_) => &ServerDownBox,
            Shown::Layer(layer) => layer.view(),
            Shown::Question(..) => &FrontQuestion,
        }
    }
}

impl AppState {
    pub fn new(config: SessionConfig) -> Self {
        AppState {
            layers: LayerStacks::default(),
            session: Session::new(config),
        }
    }

    /// Everything over the base, bottom first.
    pub(crate) fn on_screen(&self) -> Vec<Shown<'_>> {
        let session = &self.session;
        let mut shown: Vec<Shown<'_>> = self.layers.composer.iter().map(Shown::Layer).collect();
        shown.extend(session.health.down.iter().map(Shown::ServerDown));
        shown.extend(self.layers.person.iter().map(Shown::Layer));
        if let Some(front) = session.questions.front() {
            shown.push(Shown::Question(front, session.questions.len()));
            shown.extend(self.layers.question.iter().map(Shown::Layer));
        }
        shown
    }

    /// Where everything goes on the current screen.
    pub fn areas(&self) -> Areas {
        self.areas_in(self.session.screen)
    }

    /// Where everything goes on a screen of this size.
    pub(crate) fn areas_in(&self, screen: Rect) -> Areas {
        let session = &self.session;
        let bottom = self
            .on_screen()
            .iter()
            .rev()
            .find(|shown| shown.view().placement() == Placement::Bottom)
            .map(|shown| BottomBox {
                rows: shown.view().rows(screen.width, session),
                keeps_draft: matches!(shown, Shown::ServerDown(_)),
            });
        geometry::areas(screen, session, bottom)
    }

    /// The transcript as laid out on the current screen.
    pub fn view(&self) -> View<'_> {
        self.session.view_in(self.areas().transcript)
    }

    /// The open search, wherever it sits in the stack (its matches are highlighted).
    /// The transcript cell selected (`layers::selected`), for the transcript to mark.
    pub fn selected_cell(&self) -> Option<usize> {
        self.layers
            .person
            .iter()
            .rev()
            .find_map(|layer| match layer {
                Layer::Selected(selected) => {
                    selected.selection.index(&self.session.shown.transcript)
                }
                _ => None,
            })
    }

    /// The copy mode open (`layers::selected`), if any.
    fn copy_mode(&self) -> Option<&crate::app::layers::SelectedCell> {
        self.layers
            .person
            .iter()
            .rev()
            .find_map(|layer| match layer {
                Layer::Selected(selected) => Some(selected),
                _ => None,
            })
    }

    /// The transcript's text selected, for the transcript to draw: copy mode's (`v`/`V`),
    /// else the mouse's.
    pub(crate) fn text_selection(&self) -> Option<crate::controls::text_selection::TextSelection> {
        let transcript = &self.session.shown.transcript;
        match self.copy_mode() {
            Some(mode) => mode.text_selection(transcript),
            None => self.session.pointer.selection().copied(),
        }
    }

    /// Where copy mode's cursor is, for the transcript to draw.
    pub(crate) fn copy_cursor(&self) -> Option<crate::controls::text_selection::TextPoint> {
        self.copy_mode()?
            .cursor_point(&self.session.shown.transcript)
    }

    pub fn search(&self) -> Option<&Search> {
        self.layers
            .person
            .iter()
            .rev()
            .find_map(|layer| match layer {
                Layer::Search(search) => Some(search),
                _ => None,
            })
    }

    /// Some layer, or the server's question, is open over the conversation (a list open over
    /// the composer is the composer's, not over it).
    pub fn layer_open(&self) -> bool {
        !self.layers.person.is_empty() || !self.session.questions.is_empty()
    }

    /// What views read their keys in, now.
    pub fn view_cx(&self, now: Instant) -> ViewCx<'_> {
        ViewCx {
            session: &self.session,
            now,
            areas: self.areas(),
            layer_open: self.layer_open(),
        }
    }

    /// The keys of whatever is on top, for the hint bar: the topmost layer (the list open over
    /// the composer included, which sits below the server-down box but whose keys come first),
    /// else the server-down box, else the base.
    pub fn top_hints(&self, now: Instant) -> Vec<Hint> {
        let cx = self.view_cx(now);
        let shown = self.on_screen();
        let top = shown
            .iter()
            .rev()
            .find(|shown| !matches!(shown, Shown::ServerDown(_)))
            .or(shown.last());
        match top {
            Some(top) => top.view().hints(&cx),
            None => super::base::key_list(&cx).bar(),
        }
    }

    /// Every view's keys, the one on top first, the conversation's last: the layers (the list
    /// open over the composer the last of them), the server-down box, the conversation.
    pub(crate) fn key_lists(&self, now: Instant) -> Vec<KeyList> {
        let cx = self.view_cx(now);
        let session = &self.session;
        let shown = self.on_screen();
        let titled = |shown: &Shown<'_>| {
            let view = shown.view();
            KeyList {
                title: view.title(session).to_string(),
                ..view.keys(&cx)
            }
        };
        let mut lists: Vec<KeyList> = shown
            .iter()
            .rev()
            .filter(|shown| !matches!(shown, Shown::ServerDown(_)))
            .map(titled)
            .collect();
        lists.extend(
            shown
                .iter()
                .filter(|shown| matches!(shown, Shown::ServerDown(_)))
                .map(titled),
        );
        lists.push(super::base::key_list(&cx));
        lists
    }

    /// What `?` help lists: the keys of everything on screen, the one on top first, the
    /// conversation's last — each key where it does something: a key a view above takes is
    /// not listed under it. The commands follow the conversation's keys, unless a question
    /// is up (Enter answers it; no command can run).
    pub(crate) fn help_sections(&self, now: Instant) -> Vec<(String, Vec<Hint>)> {
        let lists = self.key_lists(now);
        let mut sections = Vec::new();
        for (i, list) in lists.iter().enumerate() {
            let above = &lists[..i];
            let claimed = |chord: &Chord| above.iter().any(|list| list.claims(chord));
            let mut hints = list.help(&claimed);
            if i + 1 == lists.len() && self.session.questions.is_empty() && !claimed(&Chord::ENTER)
            {
                hints.extend(
                    super::commands::available().map(|c| Hint::new(c.usage(), c.description)),
                );
            }
            if !hints.is_empty() {
                sections.push((list.title.clone(), hints));
            }
        }
        sections
    }

    /// When the app must be told that time passed (`AppEvent::Tick`), if ever: the earliest
    /// moment a part of the session waits for (`session::timers`).
    pub fn next_tick(&self, now: Instant) -> Option<Instant> {
        crate::session::timers::next_deadline(&self.session, now)
    }

    /// When the screen must be redrawn next without any event (the turn timer), if ever.
    pub fn next_animation(&self, now: Instant) -> Option<Instant> {
        self.session.next_animation(now)
    }
}
