//! The layers: everything the person (or a server question) opens over the transcript and
//! composer, each kind one arm of [`Layer`] and one file here.
//!
//! A layer is given an event and a [`Ctx`] — the session, the time and where things are on
//! screen, but never the stacks it sits in — and says by what it returns what becomes of
//! itself: consumed (with effects), ignored (the event falls to the layer below), closed,
//! closed with the event falling through, replaced, or another layer opened on top (see
//! `layer_types::Outcome`). Only the router (`router`) changes a stack.
//!
//! Every kind implements [`LayerView`] (its keys, placement, title, hints and rows), and
//! [`Layer::view`] is the one match that yields it; the server's front question and the
//! server-down box implement it too. Adding a view: one arm in [`Layer`] and in
//! [`Layer::view`]'s list, one file here for its state, keys and hints, one file in `ui` for its
//! drawing; a view that opens on the session's news, one arm in [`opened_by`].

pub mod agents;
pub mod choice;
pub mod confirm;
pub mod copy_pick;
pub mod diff;
pub mod doctor_settings;
pub mod doctor_view;
pub mod help;
pub mod history_search;
pub mod locked_thread;
pub mod mcp;
pub mod prefix;
pub mod question;
pub mod question_view;
pub mod queue;
pub mod review;
pub mod rewind;
pub mod rules;
pub mod search;
pub mod selected;
pub mod server_down;
pub mod shell_confirm;
pub mod sign_in;
pub mod skills;
pub mod status_view;
pub mod terminals;
pub mod theme_picker;
pub mod thread_picker;

pub use agents::AgentsList;
pub use choice::Choice;
pub use confirm::Confirm;
pub use copy_pick::CopyPick;
pub use diff::DiffPager;
pub use doctor_view::DoctorView;
pub use help::Help;
pub use history_search::HistorySearch;
pub use locked_thread::LockedThread;
pub use prefix::PrefixChooser;
pub use question_view::QuestionView;
pub use queue::QueueFocus;
pub use review::ReviewChooser;
pub use rewind::RewindView;
pub use rules::RulesList;
pub use search::Search;
pub use selected::SelectedCell;
pub use shell_confirm::ShellConfirm;
pub use sign_in::SignIn;
pub use status_view::StatusView;
pub use terminals::Terminals;
pub use theme_picker::ThemePicker;
pub use thread_picker::ThreadPicker;

use super::geometry::Areas;
use super::layer_types::{Hint, Input, Placement};
use crate::controls::keys::KeyList;
use crate::session::effect::Effect;
use crate::session::event::LayerEvent;
use crate::session::state::choice_gate::ChoiceGate;
use crate::session::state::Session;
use std::ops::{Deref, DerefMut};
use std::time::Instant;

/// What a layer answers (see `layer_types::Outcome`), naming the layer kinds it may open.
pub type Outcome = super::layer_types::Outcome<Layer>;

#[derive(Debug)]
pub enum Layer {
    Search(Search),
    Help(Help),
    /// Opened from a command question: the exact exec-policy rule to write.
    Prefix(PrefixChooser),
    /// Opened from a question: its whole body, full screen.
    QuestionView(QuestionView),
    Rules(RulesList),
    Diff(DiffPager),
    /// `tern resume`, `/resume`: past threads to reopen.
    ThreadPicker(Box<ThreadPicker>),
    /// `/model`, `/approvals`.
    Choice(Choice),
    /// `/status`.
    Status(StatusView),
    /// ↑ from the composer into the messages queued for the next turn.
    Queue(QueueFocus),
    /// Ctrl+R: earlier prompts, filtered as you type.
    HistorySearch(HistorySearch),
    /// `/review`: what to review.
    Review(ReviewChooser),
    /// Yes or no before replacing a file (`/init`, `/export`).
    Confirm(Confirm),
    /// `/copy pick`: an earlier answer or a code block.
    CopyPick(CopyPick),
    /// `/agents`: this thread's sub-agents.
    Agents(AgentsList),
    /// `/ps`, `/stop`: the background terminals.
    Terminals(Box<Terminals>),
    /// The first `!` command of a session: run it unsandboxed?
    ShellConfirm(ShellConfirm),
    /// Signing in (at startup, a prompt sent signed out, `/login`), and `/logout`'s box.
    SignIn(Box<SignIn>),
    /// A thread another codex is writing to: retry, fork, or a new thread.
    LockedThread(LockedThread),
    /// `/doctor`: what a bug report needs.
    Doctor(DoctorView),
    /// Esc Esc, `/rewind`: back to before an earlier message, files included.
    Rewind(RewindView),
    /// Alt+↑: a cell of the transcript selected, to copy, or to open its diff or a file.
    Selected(SelectedCell),
    /// `/theme`: the themes, previewed as the selection moves.
    ThemePicker(ThemePicker),
    /// `/skills`: the skills of this directory.
    Skills(skills::SkillsView),
    /// `/mcp`: the MCP servers, their tools and sign-in.
    Mcp(mcp::McpView),
}

/// The one list of layer kinds: `$view` bound to the layer's own type in every arm.
macro_rules! each_layer {
    ($layer:expr, $view:ident => $body:expr) => {
        match $layer {
            Layer::Search($view) => $body,
            Layer::Help($view) => $body,
            Layer::Prefix($view) => $body,
            Layer::QuestionView($view) => $body,
            Layer::Rules($view) => $body,
            Layer::Diff($view) => $body,
            Layer::ThreadPicker($view) => $body,
            Layer::Choice($view) => $body,
            Layer::Status($view) => $body,
            Layer::Queue($view) => $body,
            Layer::HistorySearch($view) => $body,
            Layer::Review($view) => $body,
            Layer::Confirm($view) => $body,
            Layer::CopyPick($view) => $body,
            Layer::Agents($view) => $body,
            Layer::Terminals($view) => $body,
            Layer::ShellConfirm($view) => $body,
            Layer::SignIn($view) => $body,
            Layer::LockedThread($view) => $body,
            Layer::Doctor($view) => $body,
            Layer::Rewind($view) => $body,
            Layer::Selected($view) => $body,
            Layer::ThemePicker($view) => $body,
            Layer::Skills($view) => $body,
            Layer::Mcp($view) => $body,
        }
    };
}

impl Layer {
    /// The layer as what every layer is.
    pub fn view(&self) -> &dyn LayerView {
        each_layer!(self, view => view)
    }

    pub fn view_mut(&mut self) -> &mut dyn LayerView {
        each_layer!(self, view => view)
    }

    /// Both are layers of one kind (two pickers, whatever each shows).
    pub fn same_kind(&self, other: &Layer) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }
}

/// The layer a piece of news opens, with what it asks for as it opens: the router asks this
/// of every `LayerEvent` (`router::deliver`), and opens the layer unless one of its kind is
/// open, which then takes the news itself. The layers open hear the news first either way. A
/// view that opens on news adds its arm here; the router names no view.
pub fn opened_by(
    event: &LayerEvent,
    session: &Session,
    now: Instant,
) -> Option<(Layer, Vec<Effect>)> {
    match event {
        LayerEvent::PickerWanted => Some(thread_picker::startup(session)),
        LayerEvent::ConfirmWanted(ask) => {
            Some((Layer::Confirm(Confirm { ask: ask.clone() }), vec![]))
        }
        // Sign-in is needed (at startup, or a prompt sent signed out).
        LayerEvent::SignInWanted => {
            Some((Layer::SignIn(Box::new(SignIn::new(session, now))), vec![]))
        }
        // Another codex writes to the thread: retry, fork or a new thread (over a picker,
        // which hears it first and stops waiting).
        LayerEvent::ThreadLocked { thread_id, error } => Some((
            Layer::LockedThread(LockedThread::new(thread_id.clone(), error.clone())),
            vec![],
        )),
        _ => None,
    }
}

/// What a layer is to the router, the geometry, the hint bar and `?` help.
pub trait LayerView {
    /// Answers an input; what becomes of the layer is in what it returns.
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome;

    /// News from the session (see `LayerEvent`): `Ignored` when it is not this layer's.
    fn on_event(&mut self, _event: &LayerEvent, _cx: &mut Ctx<'_>) -> Outcome {
        Outcome::Ignored
    }

    fn placement(&self) -> Placement;

    fn title(&self, session: &Session) -> &'static str;

    /// Its key table as it stands now (`controls::keys`): what the hint bar, help, the router and
    /// the reference read. The same table its `handle` resolves keys through.
    fn keys(&self, cx: &ViewCx<'_>) -> KeyList;

    /// The keys the hint bar shows now, most useful first.
    fn hints(&self, cx: &ViewCx<'_>) -> Vec<Hint> {
        self.keys(cx).bar()
    }

    /// Rows wanted inside the box, `width` columns wide with borders. Full-screen layers and
    /// popups that size themselves when drawn want none.
    fn rows(&self, _width: u16, _session: &Session) -> usize {
        0
    }

    /// A view that takes no text (a screen of choices) has a type-ahead gate: the router
    /// refuses typing and pastes there whole and holds a key until it is clear that no other
    /// followed (`choice_gate`); the view takes the held key when its moment comes
    /// (`LayerEvent::LayerTimer`). `None`: keys come straight to `handle`.
    fn type_ahead(&mut self) -> Option<&mut ChoiceGate> {
        None
    }
}

impl<T: LayerView + ?Sized> LayerView for Box<T> {
    fn handle(&mut self, input: &Input<'_>, cx: &mut Ctx<'_>) -> Outcome {
        (**self).handle(input, cx)
    }
    fn on_event(&mut self, event: &LayerEvent, cx: &mut Ctx<'_>) -> Outcome {
        (**self).on_event(event, cx)
    }
    fn placement(&self) -> Placement {
        (**self).placement()
    }
    fn title(&self, session: &Session) -> &'static str {
        (**self).title(session)
    }
    fn keys(&self, cx: &ViewCx<'_>) -> KeyList {
        (**self).keys(cx)
    }
    fn rows(&self, width: u16, session: &Session) -> usize {
        (**self).rows(width, session)
    }
    fn type_ahead(&mut self) -> Option<&mut ChoiceGate> {
        (**self).type_ahead()
    }
}

/// What a handler is given: everything but the layer stacks.
pub struct Ctx<'a> {
    pub session: &'a mut Session,
    /// The time of the event (the app reads no clock).
    pub now: Instant,
    /// Where everything is on screen as the event arrives.
    pub areas: Areas,
    /// Some layer (or the server's question) is open over the conversation.
    pub layer_open: bool,
}

impl Ctx<'_> {
    /// The same context, read-only.
    pub fn view(&self) -> ViewCx<'_> {
        ViewCx {
            session: self.session,
            now: self.now,
            areas: self.areas,
            layer_open: self.layer_open,
        }
    }
}

/// What a view reads its keys in: the session, the time and the areas, read-only.
#[derive(Clone, Copy)]
pub struct ViewCx<'a> {
    pub session: &'a Session,
    pub now: Instant,
    pub areas: Areas,
    pub layer_open: bool,
}

impl Deref for ViewCx<'_> {
    type Target = Session;

    fn deref(&self) -> &Session {
        self.session
    }
}

impl Deref for Ctx<'_> {
    type Target = Session;

    fn deref(&self) -> &Session {
        self.session
    }
}

impl DerefMut for Ctx<'_> {
    fn deref_mut(&mut self) -> &mut Session {
        self.session
    }
}
